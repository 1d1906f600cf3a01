/* SPDX-License-Identifier: BSD-3-Clause */
/* The diagonal format of CooperativeLUpp: with TDLS_DIAG_PIVOT the factors
   carry the pivots where the native format stores their reciprocals, and
   nothing else changes: every other factor entry, the pivots, info and the
   result of every entry point are the same bits, with real groups of host
   threads, on both layouts and interchanges, rows_per_thread 1 and 3,
   singular and NaN input. The column-major physical pivot-format factors
   are LAPACK's: dgetrs solves with them. */
#include <criterion/criterion.h>
#include <lapacke.h>
#include <math.h> /* NAN */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tdls/core/math.h>

#include "coop_test.h"

/* Each configuration twice: _r with the native diagonal, _p with pivots. */
#define COOP_TEST_NAME            dg_d_rl_r1_r
#define TDLS_COOP_LAYOUT          TDLS_ROW_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_LOGICAL
#include "coop_instance.h"
#define COOP_TEST_NAME            dg_d_rl_r1_p
#define TDLS_COOP_LAYOUT          TDLS_ROW_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_LOGICAL
#define TDLS_COOP_DIAGONAL        TDLS_DIAG_PIVOT
#include "coop_instance.h"
#define COOP_TEST_NAME            dg_d_cp_r3_r
#define TDLS_COOP_LAYOUT          TDLS_COL_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_PHYSICAL
#define TDLS_COOP_ROWS_PER_THREAD 3
#include "coop_instance.h"
#define COOP_TEST_NAME            dg_d_cp_r3_p
#define TDLS_COOP_LAYOUT          TDLS_COL_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_PHYSICAL
#define TDLS_COOP_ROWS_PER_THREAD 3
#define TDLS_COOP_DIAGONAL        TDLS_DIAG_PIVOT
#include "coop_instance.h"
#define COOP_TEST_NAME            dg_f_cl_r3_r
#define TDLS_COOP_REAL            float
#define TDLS_COOP_LAYOUT          TDLS_COL_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_LOGICAL
#define TDLS_COOP_ROWS_PER_THREAD 3
#include "coop_instance.h"
#define COOP_TEST_NAME            dg_f_cl_r3_p
#define TDLS_COOP_REAL            float
#define TDLS_COOP_LAYOUT          TDLS_COL_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_LOGICAL
#define TDLS_COOP_ROWS_PER_THREAD 3
#define TDLS_COOP_DIAGONAL        TDLS_DIAG_PIVOT
#include "coop_instance.h"
#define COOP_TEST_NAME            dg_f_rp_r1_r
#define TDLS_COOP_REAL            float
#define TDLS_COOP_LAYOUT          TDLS_ROW_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_PHYSICAL
#include "coop_instance.h"
#define COOP_TEST_NAME            dg_f_rp_r1_p
#define TDLS_COOP_REAL            float
#define TDLS_COOP_LAYOUT          TDLS_ROW_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_PHYSICAL
#define TDLS_COOP_DIAGONAL        TDLS_DIAG_PIVOT
#include "coop_instance.h"

static const coop_solver *const pairs[][2] = {
    {&coop_solver_dg_d_rl_r1_r, &coop_solver_dg_d_rl_r1_p},
    {&coop_solver_dg_d_cp_r3_r, &coop_solver_dg_d_cp_r3_p},
    {&coop_solver_dg_f_cl_r3_r, &coop_solver_dg_f_cl_r3_p},
    {&coop_solver_dg_f_rp_r1_r, &coop_solver_dg_f_rp_r1_p},
};
#define NPAIRS ((int)(sizeof pairs / sizeof pairs[0]))
enum { NRHS = 3 };

/* The orders where the thread mapping changes shape for rows_per_thread 1
   and 3 (one thread, a partial last thread, full threads); a quick run
   (sanitizers, see CMakeLists.txt) takes the first three. */
static const int orders[] = {1, 4, 7, 2, 9};
static int norders(void) {
    return coop_quick() ? 3 : (int)(sizeof orders / sizeof orders[0]);
}

/* Matrix kinds: two generators, then a zero column of M (info n/2 + 1)
   and a NaN entry. */
enum { KIND_RANDOM, KIND_GRADED, KIND_SINGULAR, KIND_NAN, NKINDS };

static coop_sys *make(const coop_solver *s, int kind, int n) {
    long double A[COOP_NMAX * COOP_NMAX];
    tdls_test_generate(kind == KIND_GRADED ? TDLS_TEST_GRADED : TDLS_TEST_RANDOM, s->type, n,
                       (uint64_t)kind + 1, A);
    const int col_major = s->layout == TDLS_COL_MAJOR;
    for (int i = 0; kind == KIND_SINGULAR && i < n; ++i)
        A[col_major ? i * n + n / 2 : n / 2 * n + i] = 0; /* M is A^T in row-major layout */
    if (kind == KIND_NAN)
        A[(n - 1) / 2 * n + n / 3] = NAN;
    return coop_sys_from(s, A, n, NRHS, 5, 1);
}

/* Runs op on y by one group into x (n * nrhs entries, preloaded with b for
   the in-place forms; the single-RHS forms read the first n entries of b). */
static int run(coop_sys *y, coop_op op, int col, void *x) {
    const int multi = op == COOP_SOLVE_MULTI || op == COOP_SUBSTITUTE_MULTI
                      || op == COOP_SUBSTITUTE_MULTI_INPLACE || op == COOP_SUBSTITUTE_TRANS_MULTI
                      || op == COOP_SUBSTITUTE_TRANS_MULTI_INPLACE;
    const int t = y->s->threads_per_system(y->n);
    coop_args args = coop_sys_args(y, x);
    memcpy(x, y->b, tdls_test_size(y->s->type) * (size_t)y->n * NRHS);
    int ret;
    coop_run(y->s, op, y->n, multi ? NRHS : 1, col, t, t, 1, &args, &ret);
    return ret;
}

/* Stored pivot p of the pivot format maps to the native stored reciprocal
   r: the test and the expression of the library, in the type. */
static int maps_to(tdls_test_type type, const void *p, const void *r) {
    if (type == TDLS_TEST_FLOAT) {
        const float v = *(const float *)p;
        const float inv = TDLS_RECIPROCAL_OR_ZERO(v, TDLS_PIVOT_OK(TDLS_FABS(v), FLT_MIN));
        return memcmp(&inv, r, sizeof inv) == 0;
    }
    const double v = *(const double *)p;
    const double inv = TDLS_RECIPROCAL_OR_ZERO(v, TDLS_PIVOT_OK(TDLS_FABS(v), DBL_MIN));
    return memcmp(&inv, r, sizeof inv) == 0;
}

/* The factors of r (native) and p (pivots): M(row, c) at (c n + row). */
static void expect_factors(const coop_sys *r, const coop_sys *p, const char *what) {
    const int n = r->n;
    const size_t es = tdls_test_size(r->s->type);
    cr_expect(memcmp(r->piv, p->piv, sizeof(int) * (size_t)n) == 0, "%s: pivots differ", what);
    for (int k = 0; k < n; ++k) {
        const int row = r->s->interchange == TDLS_LOGICAL ? r->piv[k] : k;
        for (int c = 0; c < n; ++c) {
            const char *const vr = (const char *)r->a + ((size_t)c * n + row) * es;
            const char *const vp = (const char *)p->a + ((size_t)c * n + row) * es;
            if (c == k)
                cr_expect(maps_to(r->s->type, vp, vr),
                          "%s: the stored pivot %d is not the native reciprocal", what, k);
            else
                cr_expect(memcmp(vr, vp, es) == 0, "%s: factor M(%d, %d) differs", what, row, c);
        }
    }
}

Test(coop_diagonal, pivot_vs_reciprocal) {
    void *xr = tdls_test_alloc(TDLS_TEST_DOUBLE, COOP_NMAX * NRHS, 1);
    void *xp = tdls_test_alloc(TDLS_TEST_DOUBLE, COOP_NMAX * NRHS, 1);
    for (int i = 0; i < NPAIRS; ++i)
        for (int o = 0; o < norders(); ++o)
            for (int kind = 0; kind < NKINDS; ++kind) {
                const int n = orders[o];
                const coop_solver *const sr = pairs[i][0], *const sp = pairs[i][1];
                char what[96];
                snprintf(what, sizeof what, "%s n=%d kind=%d", sp->name, n, kind);
                coop_sys *r = make(sr, kind, n), *p = make(sp, kind, n);
                const size_t bytes = tdls_test_size(sr->type) * (size_t)n * NRHS;
                /* The factorizing entry points first, each on a fresh A;
                   factorize last, whose factors the substitutions use. */
                static const coop_op factoring[] = {COOP_SOLVE, COOP_SOLVE_INPLACE,
                                                    COOP_SOLVE_MULTI, COOP_FACTORIZE};
                for (size_t f = 0; f < sizeof factoring / sizeof factoring[0]; ++f) {
                    const coop_op op = factoring[f];
                    tdls_test_pack(sr->type, sr->layout, n, r->A, r->a, 1);
                    tdls_test_pack(sp->type, sp->layout, n, p->A, p->a, 1);
                    r->info = run(r, op, -1, xr);
                    p->info = run(p, op, -1, xp);
                    cr_expect_eq(r->info, p->info, "%s %s: info %d vs %d", what, coop_op_name(op),
                                 r->info, p->info);
                    if (kind == KIND_SINGULAR)
                        cr_expect_eq(p->info, n / 2 + 1, "%s: info %d for the zero column", what,
                                     p->info);
                    expect_factors(r, p, what);
                    cr_expect(op == COOP_FACTORIZE || memcmp(xr, xp, bytes) == 0,
                              "%s: %s solutions differ", what, coop_op_name(op));
                }
                for (int op = COOP_SUBSTITUTE; op < COOP_OP_COUNT; ++op)
                    for (int col = 0; col < (op == COOP_SUBSTITUTE_CANONICAL ? n : 1); ++col) {
                        run(r, (coop_op)op, col, xr);
                        run(p, (coop_op)op, col, xp);
                        cr_expect(memcmp(xr, xp, bytes) == 0, "%s: %s (column %d) differs", what,
                                  coop_op_name((coop_op)op), col);
                    }
                coop_sys_free(r);
                coop_sys_free(p);
            }
    free(xr);
    free(xp);
}

/* Column-major physical factors of the pivot format and ipiv = piv + 1
   are LAPACK's: dgetrs solves A x = b and A^T x = b with the residuals of
   a backward-stable solve (with reciprocals on the diagonal they would be
   of order one). */
Test(coop_diagonal, lapack_getrs) {
    const coop_solver *const s = &coop_solver_dg_d_cp_r3_p;
    for (int o = 0; o < norders(); ++o) {
        const int n = orders[o];
        coop_sys *y = make(s, KIND_RANDOM, n);
        double x[COOP_NMAX * NRHS];
        cr_assert_eq(run(y, COOP_FACTORIZE, -1, x), 0, "n=%d: singular", n);
        lapack_int ipiv[COOP_NMAX];
        for (int k = 0; k < n; ++k)
            ipiv[k] = y->piv[k] + 1;
        for (int trans = 0; trans < 2; ++trans) {
            memcpy(x, y->b, sizeof x[0] * (size_t)n);
            const lapack_int st =
                LAPACKE_dgetrs(LAPACK_COL_MAJOR, trans ? 'T' : 'N', n, 1, y->a, n, ipiv, x, n);
            cr_assert_eq(st, 0, "n=%d: dgetrs returned %d", n, (int)st);
            const long double ratio = coop_solve_ratio(y, x, trans, 0);
            cr_expect(ratio < COOP_BOUND, "n=%d: dgetrs%s residual ratio %Lg", n,
                      trans ? " (transposed)" : "", ratio);
        }
        coop_sys_free(y);
    }
}
