/* SPDX-License-Identifier: BSD-3-Clause */
/* Bitwise bridges of CooperativeLUpp: interchanges, entry points,
   multi-RHS, canonical columns, compile-time order, warp barrier, strided
   storage, and TiledLUpp with tiles of one column. The accuracy suite
   anchors the reference path of each configuration to the oracle. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "coop_test.h"

/* TiledLUpp with tiles of one column, right-looking, with the relative
   threshold CooperativeLUpp uses by default: the same pivots and the same
   arithmetic, on the transposed array. */
#define TDLS_TILED_NAME            tl_s_l
#define TDLS_TILED_REAL            float
#define TDLS_TILED_TILE_SIZE       1
#define TDLS_TILED_SCHEDULE        TDLS_RIGHT_LOOKING
#define TDLS_TILED_ROW_INTERCHANGE TDLS_LOGICAL
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME            tl_s_p
#define TDLS_TILED_REAL            float
#define TDLS_TILED_TILE_SIZE       1
#define TDLS_TILED_SCHEDULE        TDLS_RIGHT_LOOKING
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME            tl_d_l
#define TDLS_TILED_REAL            double
#define TDLS_TILED_TILE_SIZE       1
#define TDLS_TILED_SCHEDULE        TDLS_RIGHT_LOOKING
#define TDLS_TILED_ROW_INTERCHANGE TDLS_LOGICAL
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME            tl_d_p
#define TDLS_TILED_REAL            double
#define TDLS_TILED_TILE_SIZE       1
#define TDLS_TILED_SCHEDULE        TDLS_RIGHT_LOOKING
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#include <tdls/tiled_lupp.h>
#if COOP_TEST_LONG_DOUBLE
#define TDLS_TILED_NAME            tl_l_l
#define TDLS_TILED_REAL            long double
#define TDLS_TILED_TILE_SIZE       1
#define TDLS_TILED_SCHEDULE        TDLS_RIGHT_LOOKING
#define TDLS_TILED_ROW_INTERCHANGE TDLS_LOGICAL
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME            tl_l_p
#define TDLS_TILED_REAL            long double
#define TDLS_TILED_TILE_SIZE       1
#define TDLS_TILED_SCHEDULE        TDLS_RIGHT_LOOKING
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#include <tdls/tiled_lupp.h>
#endif

static int tiled_factorize(const coop_solver *s, int n, void *a, int *piv) {
    const int l = s->interchange == TDLS_LOGICAL;
    switch (s->type) {
        case TDLS_TEST_FLOAT:
            return (l ? tl_s_l_factorize : tl_s_p_factorize)(n, a, 1, piv, 1);
        case TDLS_TEST_DOUBLE:
            return (l ? tl_d_l_factorize : tl_d_p_factorize)(n, a, 1, piv, 1);
        default:
#if COOP_TEST_LONG_DOUBLE
            return (l ? tl_l_l_factorize : tl_l_p_factorize)(n, a, 1, piv, 1);
#else
            break;
#endif
    }
    cr_assert(0, "%s: long double is not built here", s->name);
    return -1; /* not reached: a failed assertion leaves the test */
}

/* count orders of the short list for configuration i: a stride prime to
   the list's length spreads the configurations over every order. */
static int some_orders(int i, int count, int *out) {
    const int *orders;
    const int norders = coop_orders(1, &orders);
    for (int j = 0; j < count; ++j)
        out[j] = orders[(i + 5 * j) % norders];
    return count;
}

static coop_sys *solved(const coop_solver *s, tdls_test_kind kind, int n, int nrhs, uint64_t seed) {
    coop_sys *y = coop_sys_new(s, kind, n, nrhs, seed, 1);
    const int t = s->threads_per_system(n);
    coop_pipeline(&y, 1, t, t);
    return y;
}

/* One entry point on one system by one group of threads_per_system(n). */
static int run1(coop_sys *y, coop_op op, int nrhs, int col, void *x, const void *b) {
    const int t = y->s->threads_per_system(y->n);
    coop_args args = coop_sys_args(y, x);
    args.b = b;
    int ret;
    coop_run(y->s, op, y->n, nrhs, col, t, t, 1, &args, &ret);
    return ret;
}

/* Physical factors are the logical ones with the rows of M moved to their
   positions, and the exchanges replayed give the logical permutation; the
   substitutions read the same entries in the same order, so the solutions
   are the same bits too. */
Test(coop_bridges, logical_vs_physical) {
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *sl = coop_solvers[i];
        if (sl->interchange != TDLS_LOGICAL
            || coop_find(sl->type, sl->layout, TDLS_LOGICAL, sl->rows_per_thread) != sl)
            continue;
        const coop_solver *sp = coop_find(sl->type, sl->layout, TDLS_PHYSICAL, sl->rows_per_thread);
        cr_assert_not_null(sp, "%s: no physical twin", sl->name);
        int orders[COOP_NMAX];
        const int norders = some_orders(i, 4, orders);
        for (int o = 0; o < norders; ++o) {
            const int n = orders[o];
            const tdls_test_kind kind = (tdls_test_kind)(o % TDLS_TEST_KIND_COUNT);
            coop_sys *l = solved(sl, kind, n, 1, 2), *p = solved(sp, kind, n, 1, 2);
            cr_expect(l->info == 0 && p->info == 0, "%s n=%d: info %d and %d", sl->name, n, l->info,
                      p->info);
            int perm[COOP_NMAX];
            for (int r = 0; r < n; ++r)
                perm[r] = r;
            for (int j = 0; j < n; ++j) {
                const int t = perm[j];
                perm[j] = perm[p->piv[j]];
                perm[p->piv[j]] = t;
            }
            const size_t es = tdls_test_size(sl->type);
            for (int r = 0; r < n; ++r) {
                cr_expect_eq(perm[r], l->piv[r], "%s n=%d: position %d holds row %d vs %d",
                             sp->name, n, r, perm[r], l->piv[r]);
                /* Row r of M: stride n from entry r. */
                cr_expect(coop_same(sl->type, (char *)p->a + (size_t)r * es, n,
                                    (char *)l->a + (size_t)l->piv[r] * es, n, n),
                          "%s n=%d: physical row %d differs from logical row %d", sp->name, n, r,
                          l->piv[r]);
            }
            cr_expect(coop_same(sl->type, p->x, 1, l->x, 1, n)
                          && coop_same(sl->type, p->xt, 1, l->xt, 1, n),
                      "%s n=%d: solutions differ from the logical ones", sp->name, n);
            coop_sys_free(l);
            coop_sys_free(p);
        }
    }
}

/* The fused and in-place entry points against factorize + substitute. */
static void entry_points(const coop_solver *s, int n, tdls_test_kind kind) {
    coop_sys *ref = solved(s, kind, n, 1, 4);
    const size_t es = tdls_test_size(s->type);

    coop_sys *y = coop_sys_new(s, kind, n, 1, 4, 1);
    y->info = run1(y, COOP_SOLVE, 1, -1, y->x, y->b);
    memcpy(y->xt, ref->xt, es * (size_t)n);
    coop_expect_same_sys(ref, y, "solve vs factorize + substitute");
    coop_sys_free(y);

    y = coop_sys_new(s, kind, n, 1, 4, 1);
    memcpy(y->x, y->b, es * (size_t)n);
    y->info = run1(y, COOP_SOLVE_INPLACE, 1, -1, y->x, NULL);
    memcpy(y->xt, ref->xt, es * (size_t)n);
    coop_expect_same_sys(ref, y, "solve_inplace vs factorize + substitute");

    /* y now holds the factors of ref: the in-place substitutions. */
    memcpy(y->x, y->b, es * (size_t)n);
    memcpy(y->xt, y->b, es * (size_t)n);
    run1(y, COOP_SUBSTITUTE_INPLACE, 1, -1, y->x, NULL);
    run1(y, COOP_SUBSTITUTE_TRANS_INPLACE, 1, -1, y->xt, NULL);
    coop_expect_same_sys(ref, y, "substitute(_trans)_inplace vs substitute(_trans)");

    /* Columns of the inverse: the first, a middle and the last. */
    void *e = tdls_test_alloc(s->type, n, 1);
    for (int col = 0; col < n; col = col < n / 2 ? n / 2 : col == n - 1 ? n : n - 1) {
        memset(e, 0, es * (size_t)n);
        tdls_test_set(s->type, e, col, 1);
        run1(y, COOP_SUBSTITUTE, 1, -1, y->x, e);
        run1(y, COOP_SUBSTITUTE_CANONICAL, 1, col, y->xt, NULL);
        cr_expect(coop_same(s->type, y->x, 1, y->xt, 1, n),
                  "%s n=%d: substitute_canonical(%d) differs from substitute(e_%d)", s->name, n,
                  col, col);
    }
    free(e);
    coop_sys_free(y);
    coop_sys_free(ref);
}

/* Every multi-RHS entry point against its single-RHS twin column by
   column, on the factors of a solve_multi, which must be those of
   factorize. */
static void multi(const coop_solver *s, int n, tdls_test_kind kind) {
    enum { NRHS = 3 };
    coop_sys *ref = solved(s, kind, n, NRHS, 6);
    coop_sys *y = coop_sys_new(s, kind, n, NRHS, 6, 1);
    const size_t es = tdls_test_size(s->type);
    const size_t nv = es * (size_t)n * NRHS;
    y->info = run1(y, COOP_SOLVE_MULTI, NRHS, -1, y->x, y->b);
    cr_expect(y->info == 0 && ref->info == 0, "%s n=%d: info %d, %d", s->name, n, y->info,
              ref->info);
    cr_expect(coop_same(s->type, y->a, 1, ref->a, 1, (ptrdiff_t)n * n)
                  && memcmp(y->piv, ref->piv, sizeof(int) * (size_t)n) == 0,
              "%s n=%d: solve_multi factors differ from factorize", s->name, n);
    const coop_op ops[] = {COOP_SOLVE_MULTI, COOP_SUBSTITUTE_MULTI, COOP_SUBSTITUTE_MULTI_INPLACE,
                           COOP_SUBSTITUTE_TRANS_MULTI, COOP_SUBSTITUTE_TRANS_MULTI_INPLACE};
    void *bc = tdls_test_alloc(s->type, n, 1), *xc = tdls_test_alloc(s->type, n, 1);
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; ++k) {
        const coop_op op = ops[k];
        const int trans =
            op == COOP_SUBSTITUTE_TRANS_MULTI || op == COOP_SUBSTITUTE_TRANS_MULTI_INPLACE;
        if (op == COOP_SUBSTITUTE_MULTI_INPLACE || op == COOP_SUBSTITUTE_TRANS_MULTI_INPLACE) {
            memcpy(y->x, y->b, nv);
            run1(y, op, NRHS, -1, y->x, NULL);
        } else if (op != COOP_SOLVE_MULTI) {
            run1(y, op, NRHS, -1, y->x, y->b);
        }
        for (int r = 0; r < NRHS; ++r) {
            for (int i = 0; i < n; ++i)
                tdls_test_set(
                    s->type, bc, i,
                    tdls_test_get(s->type, y->b, coop_rhs_index(s->layout, n, NRHS, i, r)));
            run1(ref, trans ? COOP_SUBSTITUTE_TRANS : COOP_SUBSTITUTE, 1, -1, xc, bc);
            int same = 1;
            for (int i = 0; i < n; ++i)
                same &= coop_same(
                    s->type, (char *)y->x + (size_t)coop_rhs_index(s->layout, n, NRHS, i, r) * es,
                    1, (char *)xc + (size_t)i * es, 1, 1);
            cr_expect(same, "%s n=%d: %s column %d differs from the single-RHS solve", s->name, n,
                      coop_op_name(op), r);
            if (r == 0)
                cr_expect(coop_solve_ratio(y, y->x, trans, r) < COOP_BOUND, "%s n=%d: %s ratio",
                          s->name, n, coop_op_name(op));
        }
    }
    free(bc);
    free(xc);
    coop_sys_free(y);
    coop_sys_free(ref);
}

Test(coop_bridges, entry_points) {
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (s->order != 0 || s->sync != TDLS_SYNC_TEAM || !coop_visit(i))
            continue;
        int orders[COOP_NMAX];
        const int norders = some_orders(i, 2, orders);
        for (int o = 0; o < norders; ++o) {
            entry_points(s, orders[o], (tdls_test_kind)((o + i) % TDLS_TEST_KIND_COUNT));
            multi(s, orders[o], (tdls_test_kind)((o + i + 1) % TDLS_TEST_KIND_COUNT));
        }
    }
}

/* Compile-time orders and warp barriers against their runtime-order,
   team-barrier twins: the order and the barrier never enter the
   arithmetic. */
Test(coop_bridges, compile_time_order_and_warp_sync) {
    int checked = 0;
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (s->order == 0 && s->sync == TDLS_SYNC_TEAM)
            continue;
        const coop_solver *twin = coop_find(s->type, s->layout, s->interchange, s->rows_per_thread);
        cr_assert_not_null(twin, "%s: no runtime-order, team-barrier twin", s->name);
        int orders[COOP_NMAX];
        const int norders = s->order ? 1 : some_orders(i, 3, orders);
        if (s->order)
            orders[0] = s->order;
        for (int o = 0; o < norders; ++o)
            for (int kind = 0; kind < TDLS_TEST_KIND_COUNT; ++kind) {
                coop_sys *p = solved(s, (tdls_test_kind)kind, orders[o], 1, 8);
                coop_sys *q = solved(twin, (tdls_test_kind)kind, orders[o], 1, 8);
                coop_expect_same_sys(q, p, s->name);
                coop_sys_free(p);
                coop_sys_free(q);
            }
        ++checked;
    }
    cr_expect_geq(checked, 8, "only %d compile-time order or warp configurations", checked);
}

/* Structure of arrays (system k at offset k, every stride the batch size)
   against contiguous systems: the stride only addresses. */
Test(coop_bridges, strided) {
    enum { BATCH = 3 };
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (s->order != 0 || s->sync != TDLS_SYNC_TEAM || !coop_visit(i))
            continue;
        int orders[COOP_NMAX];
        const int norders = some_orders(i + 1, 2, orders);
        for (int o = 0; o < norders; ++o) {
            const int n = orders[o], t = s->threads_per_system(n);
            coop_sys *soa[BATCH];
            coop_sys_soa(s, n, BATCH, 10, soa);
            for (int k = BATCH - 1; k >= 0; --k) {
                coop_sys *ref = solved(s, (tdls_test_kind)k, n, 1, 10 + (uint64_t)k);
                coop_pipeline(&soa[k], 1, t, t);
                coop_expect_same_sys(ref, soa[k], "SoA vs contiguous");
                coop_sys_free(ref);
                coop_sys_free(soa[k]);
            }
        }
    }
}

/* The factors and pivots of the stored array X are the transpose of those
   TiledLUpp (one-column tiles) leaves on the array X^T. */
Test(coop_bridges, tiled_transposed) {
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (s->order != 0 || s->sync != TDLS_SYNC_TEAM || !coop_visit(i))
            continue;
        int orders[COOP_NMAX];
        const int norders = some_orders(i, 6, orders);
        const size_t es = tdls_test_size(s->type);
        for (int o = 0; o < norders; ++o) {
            const int n = orders[o], t = s->threads_per_system(n);
            coop_sys *y = coop_sys_new(s, (tdls_test_kind)(o % TDLS_TEST_KIND_COUNT), n, 1, 12, 1);
            /* M, the column-major view of X, is X^T read row-major. */
            long double m[COOP_NMAX * COOP_NMAX];
            void *xt = tdls_test_alloc(s->type, (ptrdiff_t)n * n, 1);
            int piv[COOP_NMAX];
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c)
                    m[r * n + c] = tdls_test_get(s->type, y->a, (ptrdiff_t)c * n + r);
            tdls_test_pack(s->type, TDLS_ROW_MAJOR, n, m, xt, 1);
            const int tinfo = tiled_factorize(s, n, xt, piv);
            coop_args args = coop_sys_args(y, NULL);
            int info;
            coop_run(s, COOP_FACTORIZE, n, 1, -1, t, t, 1, &args, &info);
            cr_expect(info == tinfo, "%s n=%d: info %d, TiledLUpp %d", s->name, n, info, tinfo);
            cr_expect(memcmp(piv, y->piv, sizeof(int) * (size_t)n) == 0,
                      "%s n=%d: pivots differ from TiledLUpp's", s->name, n);
            for (int r = 0; r < n; ++r)
                cr_expect(coop_same(s->type, (char *)y->a + (size_t)r * es, n,
                                    (char *)xt + (size_t)r * n * es, 1, n),
                          "%s n=%d: row %d of the factors of M differs from TiledLUpp's", s->name,
                          n, r);
            free(xt);
            coop_sys_free(y);
        }
    }
}
