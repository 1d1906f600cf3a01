/* SPDX-License-Identifier: BSD-3-Clause */
/* The batched API against the independent oracle and against LAPACKE:
   LAPACK's factor and solve ratios below 30 for gesv, getrf and getrs
   (N and T) in every layout, orders 1..64, nrhs 1, 2, 7, batches of 1, 2,
   63, 64, 65 and 10^5; LAPACKE_?getrs with tdls's factors, and tdls's
   getrs with LAPACKE_?getrf's. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "batch_test.h"

#define RATIO_BOUND BT_RATIO_BOUND

static const int batches[] = {1, 2, 63, 64, 65};
static const int rhs_counts[] = {1, 2, 7};

static void expect_padding_intact(const bt_batch *bt, const char *what) {
    const int64_t damage = bt_padding_damage(bt);
    cr_assert_eq(damage, 0, "%s %s %s n=%d: %lld padding elements written", bt->api->prefix,
                 bt_layout_names[bt->layout], what, bt->n, (long long)damage);
}

/* One case of the grid: gesv, and (where the layout has them) getrf, then
   getrs N on the factors, which must give gesv's bits, then getrs T. */
static void grid_case(const bt_api *api, bt_layout layout, int n, int nrhs, int64_t batch, int pad,
                      uint64_t seed, int kind) {
    const char *name = bt_layout_names[layout];
    bt_batch g;
    bt_init(&g, api, layout, n, nrhs, batch, pad);
    bt_fill(&g, seed, kind);
    cr_assert_eq(bt_run(&g, BT_GESV, 'N', TDLS_HOST), 0, "gesv %s n=%d", name, n);
    bt_check_ratios(&g, BT_GESV, 0, seed, kind, name);
    expect_padding_intact(&g, "gesv");
    if (!bt_has_getrf(layout)) {
        bt_free(&g);
        return;
    }
    bt_batch f;
    bt_init(&f, api, layout, n, nrhs, batch, pad);
    bt_fill(&f, seed, kind);
    cr_assert_eq(bt_run(&f, BT_GETRF, 'N', TDLS_HOST), 0, "getrf %s n=%d", name, n);
    bt_check_ratios(&f, BT_GETRF, 0, seed, kind, name);
    cr_assert_eq(bt_run(&f, BT_GETRS, 'N', TDLS_HOST), 0, "getrs N %s n=%d", name, n);
    const char *what;
    const int64_t k = bt_first_difference(&g, &f, &what);
    cr_assert_eq(k, -1, "%s %s n=%d nrhs=%d: gesv and getrf+getrs differ in the %s of system %lld",
                 api->prefix, name, n, nrhs, what, (long long)k);
    bt_fill_b(&f, seed, kind);
    cr_assert_eq(bt_run(&f, BT_GETRS, 'T', TDLS_HOST), 0, "getrs T %s n=%d", name, n);
    bt_check_ratios(&f, BT_GETRS, 1, seed, kind, name);
    expect_padding_intact(&f, "getrf+getrs");
    bt_free(&f);
    bt_free(&g);
}

ParameterizedTestParameters(batch_accuracy, orders) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* The batch size of order n in the grid of a layout: every size at orders
   1..12, 63..65 at one larger order per layout (16, 24, ..., 48) and at 64
   (interleaved), else 1 or 2 systems: each system of order 64 costs the
   oracle a few milliseconds. */
static int grid_batch(int n, int layout) {
    if (n <= 12)
        return batches[(n + layout) % 5];
    if (n == 16 + 8 * layout || (n == 64 && layout == BT_IL))
        return batches[2 + (n + layout) % 3];
    return batches[(n + layout) % 2];
}

/* Orders 1..64 in every layout, nrhs rotating with the order; odd orders
   get lda, ldb and strides larger than needed. */
ParameterizedTest(const bt_param *p, batch_accuracy, orders) {
    const bt_api *api = bt_apis[p->type];
    for (int n = 1; n <= BT_NMAX; ++n)
        grid_case(api, (bt_layout)p->layout, n, rhs_counts[n % 3], grid_batch(n, p->layout),
                  n % 2 ? 1 + n % 3 : 0, (uint64_t)(n * 16 + p->layout), -1);
}

ParameterizedTestParameters(batch_accuracy, large_batch) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* 10^5 systems of a small order per layout: many full blocks of the host
   driver and its tail. Random matrices: the other kinds are the grid's,
   and their generators would dominate the run time here. */
ParameterizedTest(const bt_param *p, batch_accuracy, large_batch) {
    static const int orders[BT_LAYOUT_COUNT] = {3, 8, 5, 2, 1};
    grid_case(bt_apis[p->type], (bt_layout)p->layout, orders[p->layout], 1 + p->layout % 2, 100000,
              p->layout % 2, 99u + (uint64_t)p->layout, TDLS_TEST_RANDOM);
}

/* ---- LAPACKE ------------------------------------------------------------- */

/* m (rows x cols, row-major long double) into a compact typed array of
   LAPACK's layout: leading dimension cols (row-major) or rows. */
static void pack_compact(tdls_test_type type, int order, int rows, int cols, const long double *m,
                         void *out) {
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            tdls_test_set(type, out,
                          order == TDLS_ROW_MAJOR ? (ptrdiff_t)i * cols + j
                                                  : i + (ptrdiff_t)j * rows,
                          m[i * cols + j]);
}

static void unpack_compact(tdls_test_type type, int order, int rows, int cols, const void *in,
                           long double *m) {
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            m[i * cols + j] = tdls_test_get(type, in,
                                            order == TDLS_ROW_MAJOR ? (ptrdiff_t)i * cols + j
                                                                    : i + (ptrdiff_t)j * rows);
}

static long double norm1_vec(int n, int nrhs, int r, const long double *x) {
    long double s = 0;
    for (int i = 0; i < n; ++i)
        s += fabsl(x[i * nrhs + r]);
    return s;
}

/* x and y, two solutions of the same system with the same factors:
   LAPACK's and tdls's triangular solves round differently, so they agree
   to the forward error. For the diagonally dominant kind (|a_ii| >= 1 +
   the sum of the others of its row and of its column, entries below 1)
   ||A^-1||_1 <= 1 and ||A||_1 <= 2n: a solve ratio below 30 bounds each
   relative forward error by cond_1 * 30 eps <= 60 n eps, their difference
   by 120 n eps. Other kinds are held to the solve ratio alone. */
static void expect_close(int kind, int n, int nrhs, const long double *x, const long double *y,
                         long double eps, const char *what) {
    if (kind != TDLS_TEST_DIAG_DOMINANT)
        return;
    for (int r = 0; r < nrhs; ++r) {
        long double d[BT_NMAX];
        for (int i = 0; i < n; ++i)
            d[i] = x[i * nrhs + r] - y[i * nrhs + r];
        const long double rel = norm1_vec(n, 1, 0, d) / norm1_vec(n, nrhs, r, y);
        cr_assert(rel <= 120 * n * eps, "%s n=%d column %d: tdls and LAPACKE differ by %g", what, n,
                  r, (double)rel);
    }
}

/* LAPACKE_?getrs with the factors lu (row-major long double) and ipiv, in
   LAPACK's storage order `order`, on b0: the solution into y. */
static void lapacke_solve(const bt_api *api, int order, char trans, int n, int nrhs,
                          const long double *lu, const int *ipiv, const long double *b0,
                          long double *y) {
    void *ca = tdls_test_alloc(api->type, BT_NMAX * BT_NMAX, 1);
    void *cb = tdls_test_alloc(api->type, BT_NMAX * BT_RHS_MAX, 1);
    pack_compact(api->type, order, n, n, lu, ca);
    pack_compact(api->type, order, n, nrhs, b0, cb);
    const int ldb = order == TDLS_ROW_MAJOR ? nrhs : n;
    cr_assert_eq(api->lapacke_getrs(order, trans, n, nrhs, ca, n, ipiv, cb, ldb), 0);
    unpack_compact(api->type, order, n, nrhs, cb, y);
    free(ca);
    free(cb);
}

/* Every system of bt solved by getrs (trans) against the solve ratio, and
   against LAPACKE_?getrs with the same factors (ys). */
static void check_getrs(const bt_batch *bt, int tr, uint64_t seed,
                        long double (*ys)[BT_NMAX * BT_RHS_MAX], const char *what) {
    const tdls_test_type type = bt->api->type;
    const long double eps = tdls_test_eps(type);
    long double *a0 = tdls_test_xmalloc(sizeof *a0 * BT_NMAX * BT_NMAX);
    long double b0[BT_NMAX * BT_RHS_MAX], x[BT_NMAX * BT_RHS_MAX];
    for (int64_t k = 0; k < bt->batch; ++k) {
        bt_make_system(type, bt->n, bt->nrhs, seed, k, -1, a0, b0);
        bt_get_b(bt, k, x);
        const long double sr = bt_solve_ratio(bt->n, bt->nrhs, a0, tr, x, b0, eps);
        cr_assert(sr < RATIO_BOUND, "%s %s %s n=%d %c system %lld: tdls getrs: solve ratio %g",
                  bt->api->prefix, bt_layout_names[bt->layout], what, bt->n, tr ? 'T' : 'N',
                  (long long)k, (double)sr);
        const long double sl = bt_solve_ratio(bt->n, bt->nrhs, a0, tr, ys[k], b0, eps);
        cr_assert(sl < RATIO_BOUND, "%s %s %s n=%d %c system %lld: LAPACKE_getrs: solve ratio %g",
                  bt->api->prefix, bt_layout_names[bt->layout], what, bt->n, tr ? 'T' : 'N',
                  (long long)k, (double)sl);
        expect_close(bt_kind(seed, k, -1), bt->n, bt->nrhs, x, ys[k], eps, what);
    }
    free(a0);
}

/* A library built with a relative pivot threshold of 1 takes LAPACK's
   rule, the first candidate of largest magnitude: its interchanges must
   be LAPACK's. In double only: the two factorizations round differently,
   and in float two candidates within that difference of each other are
   common enough over these batches to pick another row now and then. */
static void expect_lapack_pivots(tdls_test_type type, int n, int64_t k, const int *ours,
                                 const int *lapack) {
    if (TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD != 1 || type != TDLS_TEST_DOUBLE)
        return;
    for (int i = 0; i < n; ++i)
        cr_assert_eq(ours[i], lapack[i], "n=%d system %lld: ipiv[%d] is %d, LAPACK's %d", n,
                     (long long)k, i, ours[i], lapack[i]);
}

ParameterizedTestParameters(batch_lapacke, both_ways) {
    return bt_params(BT_ROW, BT_IL);
}

/* Per order 1..64 a batch of four systems, one of each matrix kind:
   (1) tdls getrf; LAPACKE_?getrs solves with its factors and ipiv (N and T)
       and must meet the solve ratio and agree with tdls getrs;
   (2) LAPACKE_?getrf factors the same systems; tdls getrs solves with those
       factors and LAPACK's ipiv (N and T), with the same checks.
   Interleaved systems go to LAPACKE as compact column-major copies. */
ParameterizedTest(const bt_param *p, batch_lapacke, both_ways) {
    const bt_api *api = bt_apis[p->type];
    const tdls_test_type type = api->type;
    const bt_layout layout = (bt_layout)p->layout;
    enum { batch = TDLS_TEST_KIND_COUNT };
    long double *a0 = tdls_test_xmalloc(sizeof *a0 * BT_NMAX * BT_NMAX);
    long double *lu = tdls_test_xmalloc(sizeof *lu * BT_NMAX * BT_NMAX);
    long double(*ys)[BT_NMAX * BT_RHS_MAX] = tdls_test_xmalloc(sizeof *ys * batch);
    void *ca = tdls_test_alloc(type, BT_NMAX * BT_NMAX, 1);
    long double b0[BT_NMAX * BT_RHS_MAX];
    int ipiv[BT_NMAX], ours[batch][BT_NMAX];
    for (int n = 1; n <= BT_NMAX; ++n) {
        const int nrhs = rhs_counts[n % 3];
        const uint64_t seed = 7000u + (uint64_t)n;
        for (int tr = 0; tr < 2; ++tr) {
            const char trans = tr ? 'T' : 'N';
            bt_batch t, l;
            bt_init(&t, api, layout, n, nrhs, batch, n % 2);
            bt_init(&l, api, layout, n, nrhs, batch, n % 2);
            const int order = bt_order(&t);
            /* (1) tdls's factors. */
            bt_fill(&t, seed, -1);
            cr_assert_eq(bt_run(&t, BT_GETRF, 'N', TDLS_HOST), 0);
            for (int64_t k = 0; k < batch; ++k) {
                cr_assert_eq(t.info[k], 0, "n=%d system %lld: info %d", n, (long long)k, t.info[k]);
                bt_make_system(type, n, nrhs, seed, k, -1, a0, b0);
                bt_get_a(&t, k, lu);
                bt_get_ipiv(&t, k, ours[k]);
                lapacke_solve(api, order, trans, n, nrhs, lu, ours[k], b0, ys[k]);
            }
            cr_assert_eq(bt_run(&t, BT_GETRS, trans, TDLS_HOST), 0);
            check_getrs(&t, tr, seed, ys, "tdls getrf");
            /* (2) LAPACK's factors and ipiv. */
            for (int64_t k = 0; k < batch; ++k) {
                bt_make_system(type, n, nrhs, seed, k, -1, a0, b0);
                pack_compact(type, order, n, n, a0, ca);
                cr_assert_eq(api->lapacke_getrf(order, n, ca, n, ipiv), 0);
                expect_lapack_pivots(type, n, k, ours[k], ipiv);
                unpack_compact(type, order, n, n, ca, lu);
                bt_set_system(&l, k, lu, b0);
                bt_set_ipiv(&l, k, ipiv);
                lapacke_solve(api, order, trans, n, nrhs, lu, ipiv, b0, ys[k]);
            }
            cr_assert_eq(bt_run(&l, BT_GETRS, trans, TDLS_HOST), 0);
            check_getrs(&l, tr, seed, ys, "LAPACKE getrf");
            expect_padding_intact(&t, "getrf+getrs");
            expect_padding_intact(&l, "getrs of LAPACK factors");
            bt_free(&t);
            bt_free(&l);
        }
    }
    free(a0);
    free(lu);
    free(ys);
    free(ca);
}

/* The ratio helpers catch wrong answers: a test built on them can fail. */
Test(batch_accuracy, ratios_detect_errors) {
    enum { n = 5, nrhs = 2 };
    long double a0[n * n], lu[n * n], b0[n * nrhs], x[n * nrhs];
    int piv[n], ipiv[n];
    bt_make_system(TDLS_TEST_DOUBLE, n, nrhs, 3, 0, TDLS_TEST_RANDOM, a0, b0);
    memcpy(lu, a0, sizeof lu);
    cr_assert_eq(tdls_oracle_getrf(n, lu, piv), 0);
    for (int i = 0; i < n; ++i)
        ipiv[i] = piv[i] + 1;
    cr_assert(bt_factor_ratio(n, a0, lu, ipiv, 1e-16L) < RATIO_BOUND);
    lu[3 * n + 1] *= 1 + 1e-9L;
    cr_expect(bt_factor_ratio(n, a0, lu, ipiv, 1e-16L) > 1e3L);
    lu[3 * n + 1] /= 1 + 1e-9L;
    ipiv[0] = ipiv[0] == 1 ? 2 : 1;
    cr_expect(bt_factor_ratio(n, a0, lu, ipiv, 1e-16L) > 1e3L, "a wrong interchange");
    ipiv[0] = 0;
    cr_expect(isinf((double)bt_factor_ratio(n, a0, lu, ipiv, 1e-16L)), "0 is no 1-based pivot");
    for (int r = 0; r < nrhs; ++r) {
        long double v[n], w[n];
        for (int i = 0; i < n; ++i)
            v[i] = b0[i * nrhs + r];
        cr_assert_eq(tdls_oracle_solve(n, a0, v, w), 0);
        for (int i = 0; i < n; ++i)
            x[i * nrhs + r] = w[i];
    }
    cr_assert(bt_solve_ratio(n, nrhs, a0, 0, x, b0, 1e-16L) < RATIO_BOUND);
    cr_expect(bt_solve_ratio(n, nrhs, a0, 1, x, b0, 1e-16L) > 1e3L, "A^T is not A");
    x[2 * nrhs + 1] *= 1 + 1e-9L;
    cr_expect(bt_solve_ratio(n, nrhs, a0, 0, x, b0, 1e-16L) > 1e3L, "only column 1 is wrong");
}
