/* SPDX-License-Identifier: BSD-3-Clause */
/* The runner, the systems and the oracle glue of coop_test.h. The runner is
   where every suite checks that all outputs are visible to the whole group
   when the entry point returns. */
#include "coop_test.h"

#include <criterion/criterion.h>
#include <float.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

static const char *const op_names[] = {
    "factorize",
    "solve",
    "solve_inplace",
    "solve_multi",
    "substitute",
    "substitute_inplace",
    "substitute_trans",
    "substitute_trans_inplace",
    "substitute_multi",
    "substitute_multi_inplace",
    "substitute_trans_multi",
    "substitute_trans_multi_inplace",
    "substitute_canonical",
};

const char *coop_op_name(coop_op op) {
    return op_names[op];
}

int coop_op_factors(coop_op op) {
    return op == COOP_FACTORIZE || op == COOP_SOLVE || op == COOP_SOLVE_INPLACE
           || op == COOP_SOLVE_MULTI;
}

const coop_solver *coop_find(tdls_test_type type, int layout, int interchange, int rpt) {
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (s->type == type && s->layout == layout && s->interchange == interchange
            && s->rows_per_thread == rpt && s->order == 0 && s->sync == TDLS_SYNC_TEAM)
            return s;
    }
    return NULL;
}

/* The quick list keeps the orders where the thread mapping changes shape:
   one thread, a partial last thread for every rows_per_thread 1..4, and
   the largest order. */
static const int quick_orders[] = {1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 33, 64};

int coop_quick(void) {
    const char *q = getenv("TDLS_COOP_TEST_QUICK");
    if (!q || !*q || strcmp(q, "0") == 0)
        return 0;
    cr_assert_str_eq(q, "1", "TDLS_COOP_TEST_QUICK must be 0 or 1, not \"%s\"", q);
    return 1;
}

int coop_visit(int i) {
    return !coop_quick() || i % 2 == 0;
}

int coop_orders(int quick, const int **orders) {
    static int all[COOP_NMAX];
    for (int i = 0; i < COOP_NMAX; ++i)
        all[i] = i + 1;
    if (quick) {
        *orders = quick_orders;
        return (int)(sizeof quick_orders / sizeof quick_orders[0]);
    }
    *orders = all;
    return COOP_NMAX;
}

/* ---- the runner -------------------------------------------------------------- */

int coop_same(tdls_test_type type, const void *p, ptrdiff_t ps, const void *q, ptrdiff_t qs,
              ptrdiff_t count) {
    const size_t es = tdls_test_size(type);
    /* x87 long double: 10 value bytes, the rest is padding that stores
       need not write. */
    const size_t vs = type == TDLS_TEST_LDOUBLE && LDBL_MANT_DIG == 64 ? 10 : es;
    for (ptrdiff_t k = 0; k < count; ++k)
        if (memcmp((const char *)p + (size_t)(k * ps) * es, (const char *)q + (size_t)(k * qs) * es,
                   vs)
            != 0)
            return 0;
    return 1;
}

/* What one thread read right after its call: the factors, the pivots and
   the solution of its group's system. */
typedef struct {
    void *a, *x;
    int *piv;
    int ret;
} coop_seen;

static ptrdiff_t x_count(coop_op op, int n, int nrhs) {
    const int multi = op == COOP_SOLVE_MULTI || op == COOP_SUBSTITUTE_MULTI
                      || op == COOP_SUBSTITUTE_MULTI_INPLACE || op == COOP_SUBSTITUTE_TRANS_MULTI
                      || op == COOP_SUBSTITUTE_TRANS_MULTI_INPLACE;
    return op == COOP_FACTORIZE ? 0 : (ptrdiff_t)n * (multi ? nrhs : 1);
}

static void copy_out(tdls_test_type type, const void *p, ptrdiff_t ps, void *q, ptrdiff_t count) {
    const size_t es = tdls_test_size(type);
    for (ptrdiff_t k = 0; k < count; ++k)
        memcpy((char *)q + (size_t)k * es, (const char *)p + (size_t)(k * ps) * es, es);
}

void coop_run(const coop_solver *s, coop_op op, int n, int nrhs, int col, int threads, int group,
              int count, const coop_args *args, int *ret) {
    const ptrdiff_t nn = (ptrdiff_t)n * n, nx = x_count(op, n, nrhs);
    coop_seen *seen = tdls_test_xcalloc((size_t)threads, sizeof *seen);
    for (int t = 0; t < threads; ++t) {
        seen[t].a = tdls_test_alloc(s->type, nn, 1);
        seen[t].x = tdls_test_alloc(s->type, nx, 1);
        seen[t].piv = tdls_test_xcalloc((size_t)n + 1, sizeof(int));
    }
    int got = 0;
#pragma omp parallel num_threads(threads)
    {
        const int t = omp_get_thread_num();
        const int g = t / group < count ? t / group : count - 1;
        const coop_args *x = &args[g];
        coop_seen *me = &seen[t];
        me->ret = s->call(op, n, nrhs, col, t - g * group, x);
        copy_out(s->type, x->a, x->as, me->a, nn);
        for (int i = 0; i < n; ++i)
            me->piv[i] = x->piv[i * x->ps];
        copy_out(s->type, x->x, x->rs, me->x, nx);
        if (t == 0)
            got = omp_get_num_threads();
    }
    cr_assert_eq(got, threads, "%s: a parallel region of %d threads got %d", s->name, threads, got);
    for (int t = 0; t < threads; ++t) {
        const int g = t / group < count ? t / group : count - 1;
        const coop_args *x = &args[g];
        if (t == g * group)
            ret[g] = seen[t].ret;
        cr_assert_eq(seen[t].ret, ret[g],
                     "%s %s n=%d: thread %d of group %d returned %d, its first thread %d", s->name,
                     coop_op_name(op), n, t - g * group, g, seen[t].ret, ret[g]);
        cr_assert(coop_same(s->type, seen[t].a, 1, x->a, x->as, nn),
                  "%s %s n=%d: thread %d read other factors on return than the caller after the "
                  "region",
                  s->name, coop_op_name(op), n, t);
        int piv_ok = 1;
        for (int i = 0; i < n; ++i)
            piv_ok &= seen[t].piv[i] == x->piv[i * x->ps];
        cr_assert(piv_ok, "%s %s n=%d: thread %d read other pivots on return", s->name,
                  coop_op_name(op), n, t);
        cr_assert(coop_same(s->type, seen[t].x, 1, x->x, x->rs, nx),
                  "%s %s n=%d: thread %d read another solution on return", s->name,
                  coop_op_name(op), n, t);
    }
    for (int t = 0; t < threads; ++t) {
        free(seen[t].a);
        free(seen[t].x);
        free(seen[t].piv);
    }
    free(seen);
}

/* ---- systems --------------------------------------------------------------------- */

ptrdiff_t coop_rhs_index(int layout, int n, int nrhs, int i, int r) {
    return layout == TDLS_ROW_MAJOR ? (ptrdiff_t)i * nrhs + r : (ptrdiff_t)r * n + i;
}

void coop_logical_from_m(const coop_solver *s, int n, const long double *m, long double *A) {
    if (s->layout == TDLS_ROW_MAJOR)
        tdls_test_transpose(n, m, A);
    else
        memcpy(A, m, sizeof *A * (size_t)n * (size_t)n);
}

/* Fills the operands of y with the logical matrix A and the right-hand
   side of the seed. */
static void load(coop_sys *y, const long double *A, uint64_t seed) {
    const coop_solver *s = y->s;
    const int n = y->n, nv = n * y->nrhs;
    memcpy(y->A, A, sizeof *A * (size_t)n * (size_t)n);
    tdls_test_pack(s->type, s->layout, n, y->A, y->a, y->stride);
    tdls_test_random_vec(nv, seed * 131u + (uint64_t)n, y->B);
    tdls_test_pack_vec(s->type, nv, y->B, y->b, y->stride);
    const int ws = s->workspace_size(n);
    cr_assert(ws <= TDLS_COOP_WORKSPACE(n) || n == 0,
              "%s n=%d: workspace_size %d > TDLS_COOP_WORKSPACE %d", s->name, n, ws,
              TDLS_COOP_WORKSPACE(n));
    y->work = tdls_test_alloc(s->type, ws, 1);
}

coop_sys *coop_sys_from(const coop_solver *s, const long double *A, int n, int nrhs, uint64_t seed,
                        ptrdiff_t stride) {
    coop_sys *y = tdls_test_xcalloc(1, sizeof *y);
    y->s = s;
    y->n = n;
    y->nrhs = nrhs;
    y->stride = stride;
    const ptrdiff_t nv = (ptrdiff_t)n * nrhs;
    y->a = tdls_test_alloc(s->type, (ptrdiff_t)n * n, stride);
    y->b = tdls_test_alloc(s->type, nv, stride);
    y->x = tdls_test_alloc(s->type, nv, stride);
    y->xt = tdls_test_alloc(s->type, nv, stride);
    y->piv = tdls_test_xcalloc((size_t)(n * stride + 1), sizeof(int));
    load(y, A, seed);
    return y;
}

static void generate(const coop_solver *s, tdls_test_kind kind, int n, uint64_t seed,
                     long double *A) {
    tdls_test_generate(kind, s->type, n, seed * 977u + (uint64_t)n, A);
}

coop_sys *coop_sys_new(const coop_solver *s, tdls_test_kind kind, int n, int nrhs, uint64_t seed,
                       ptrdiff_t stride) {
    long double *A = tdls_test_xmalloc(sizeof *A * COOP_NMAX * COOP_NMAX);
    generate(s, kind, n, seed, A);
    coop_sys *y = coop_sys_from(s, A, n, nrhs, seed, stride);
    free(A);
    return y;
}

void coop_sys_soa(const coop_solver *s, int n, int count, uint64_t seed, coop_sys **y) {
    const size_t es = tdls_test_size(s->type);
    long double *A = tdls_test_xmalloc(sizeof *A * COOP_NMAX * COOP_NMAX);
    y[0] = coop_sys_new(s, (tdls_test_kind)0, n, 1, seed, count);
    for (int k = 1; k < count; ++k) {
        y[k] = tdls_test_xmalloc(sizeof *y[k]);
        *y[k] = *y[0];
        y[k]->view = 1;
        y[k]->a = (char *)y[0]->a + k * es;
        y[k]->b = (char *)y[0]->b + k * es;
        y[k]->x = (char *)y[0]->x + k * es;
        y[k]->xt = (char *)y[0]->xt + k * es;
        y[k]->piv = y[0]->piv + k;
        generate(s, (tdls_test_kind)(k % TDLS_TEST_KIND_COUNT), n, seed + (uint64_t)k, A);
        load(y[k], A, seed + (uint64_t)k);
    }
    free(A);
}

void coop_sys_free(coop_sys *y) {
    free(y->work);
    if (y->view) {
        free(y);
        return;
    }
    free(y->a);
    free(y->b);
    free(y->x);
    free(y->xt);
    free(y->piv);
    free(y);
}

coop_args coop_sys_args(coop_sys *y, void *x_to) {
    return (coop_args){y->a, y->stride, y->piv, y->stride, y->b, x_to, y->stride, y->work};
}

void coop_pipeline(coop_sys *const *y, int count, int threads, int group) {
    const coop_solver *s = y[0]->s;
    const int n = y[0]->n;
    coop_args *args = tdls_test_xcalloc((size_t)count, sizeof *args);
    int *ret = tdls_test_xcalloc((size_t)count, sizeof *ret);
    for (int k = 0; k < count; ++k)
        args[k] = coop_sys_args(y[k], y[k]->x);
    coop_run(s, COOP_FACTORIZE, n, 1, -1, threads, group, count, args, ret);
    for (int k = 0; k < count; ++k)
        y[k]->info = ret[k];
    coop_run(s, COOP_SUBSTITUTE, n, 1, -1, threads, group, count, args, ret);
    for (int k = 0; k < count; ++k)
        args[k].x = y[k]->xt;
    coop_run(s, COOP_SUBSTITUTE_TRANS, n, 1, -1, threads, group, count, args, ret);
    free(args);
    free(ret);
}

/* ---- ratios ------------------------------------------------------------------ */

long double coop_factor_ratio(const coop_sys *y) {
    const int n = y->n;
    const size_t nn = (size_t)n * (size_t)n;
    long double *m = tdls_test_xmalloc(sizeof *m * nn), *f = tdls_test_xmalloc(sizeof *f * nn);
    int piv[COOP_NMAX];
    /* The oracle reads row-major matrices; the group factored the
       column-major view M of the stored array. */
    if (y->s->layout == TDLS_ROW_MAJOR)
        tdls_test_transpose(n, y->A, m);
    else
        memcpy(m, y->A, sizeof *m * nn);
    for (int r = 0; r < n; ++r) {
        piv[r] = y->piv[r * y->stride];
        for (int c = 0; c < n; ++c)
            f[(size_t)r * n + c] =
                tdls_test_get(y->s->type, y->a, ((ptrdiff_t)c * n + r) * y->stride);
    }
    const long double ratio = tdls_oracle_factor_ratio(
        n, m, f, piv, y->s->interchange == TDLS_LOGICAL, tdls_test_eps(y->s->type));
    free(m);
    free(f);
    return ratio;
}

long double coop_solve_ratio(const coop_sys *y, const void *x, int trans, int r) {
    const int n = y->n;
    long double *at = tdls_test_xmalloc(sizeof *at * (size_t)n * (size_t)n);
    long double xv[COOP_NMAX], bv[COOP_NMAX];
    if (trans)
        tdls_test_transpose(n, y->A, at);
    else
        memcpy(at, y->A, sizeof *at * (size_t)n * (size_t)n);
    for (int i = 0; i < n; ++i) {
        const ptrdiff_t e = coop_rhs_index(y->s->layout, n, y->nrhs, i, r);
        xv[i] = tdls_test_get(y->s->type, x, e * y->stride);
        bv[i] = y->B[e];
    }
    const long double ratio = tdls_oracle_solve_ratio(n, at, xv, bv, tdls_test_eps(y->s->type));
    free(at);
    return ratio;
}

void coop_expect_same_sys(const coop_sys *p, const coop_sys *q, const char *what) {
    const tdls_test_type t = p->s->type;
    const int n = p->n;
    const ptrdiff_t nv = (ptrdiff_t)n * p->nrhs;
    int piv_ok = 1;
    for (int i = 0; i < n; ++i)
        piv_ok &= p->piv[i * p->stride] == q->piv[i * q->stride];
    cr_expect(p->info == q->info, "%s n=%d: info %d vs %d", what, n, p->info, q->info);
    cr_expect(coop_same(t, p->a, p->stride, q->a, q->stride, (ptrdiff_t)n * n),
              "%s n=%d: factors differ", what, n);
    cr_expect(piv_ok, "%s n=%d: pivots differ", what, n);
    cr_expect(coop_same(t, p->x, p->stride, q->x, q->stride, nv), "%s n=%d: solutions differ", what,
              n);
    cr_expect(coop_same(t, p->xt, p->stride, q->xt, q->stride, nv),
              "%s n=%d: transposed solutions differ", what, n);
}
