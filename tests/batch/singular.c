/* SPDX-License-Identifier: BSD-3-Clause */
/* Singular and non-finite systems inside a batch: a zero column k gives
   info == k exactly and still valid factors, gesv leaves that system's b
   alone, and every other system gets the bits it gets in a batch without
   the bad one; NaN or Inf in A gives info > 0; NaN in b never gives info 0
   with an all-finite solution; factors getrs cannot use (an ipiv entry
   outside [i, n] at step i, a zero or subnormal pivot) make its solution
   of that system NaN and nothing else. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "batch_test.h"

#define RATIO_BOUND BT_RATIO_BOUND

static const int orders[] = {1, 2, 5, 13, 33, 64};
#define ORDER_COUNT ((int)(sizeof orders / sizeof orders[0]))
enum { BATCH = 11, NRHS = 2 };

/* The systems made bad, and the 1-based column zeroed in each: spread over
   the batch (first, middle, last: the host driver's blocks and tail) and
   over the columns (first, middle, last). */
static const int bad_systems[3] = {0, 5, BATCH - 1};
static int bad_column(int n, int which) {
    return which == 0 ? 1 : which == 1 ? (n + 1) / 2 : n;
}

static int bad_index(int64_t k) {
    for (int w = 0; w < 3; ++w)
        if (bad_systems[w] == k)
            return w;
    return -1;
}

/* bad := good, then the chosen systems of bad altered by spoil(). */
typedef void (*spoil_fn)(int n, int which, long double *a, long double *b);

static void make_pair(bt_batch *good, bt_batch *bad, const bt_api *api, bt_layout layout, int n,
                      uint64_t seed, spoil_fn spoil) {
    bt_init(good, api, layout, n, NRHS, BATCH, 1);
    bt_init(bad, api, layout, n, NRHS, BATCH, 1);
    bt_fill(good, seed, -1);
    bt_fill(bad, seed, -1);
    long double *a = tdls_test_xmalloc(sizeof *a * BT_NMAX * BT_NMAX);
    long double b[BT_NMAX * NRHS];
    for (int w = 0; w < 3; ++w) {
        bt_get_a(bad, bad_systems[w], a);
        bt_get_b(bad, bad_systems[w], b);
        spoil(n, w, a, b);
        bt_set_system(bad, bad_systems[w], a, b);
    }
    free(a);
}

/* Every good system of bad has the bits of the same system of good. */
static void expect_neighbours_intact(const bt_batch *good, const bt_batch *bad, const char *op) {
    for (int64_t k = 0; k < BATCH; ++k) {
        const char *what;
        if (bad_index(k) < 0)
            cr_assert(!bt_system_differs(good, bad, k, &what),
                      "%s %s %s n=%d: system %lld next to the bad ones: its %s differ",
                      good->api->prefix, bt_layout_names[good->layout], op, good->n, (long long)k,
                      what);
    }
}

static void zero_column(int n, int which, long double *a, long double *b) {
    (void)b;
    const int c = bad_column(n, which) - 1;
    for (int i = 0; i < n; ++i)
        a[i * n + c] = 0;
}

ParameterizedTestParameters(batch_singular, zero_column) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* Zero column k: info == k exactly (the columns before are independent, and
   eliminating with them leaves column k zero), for gesv and getrf; getrf's
   factors still satisfy P A = L U (LAPACK's dgetf2 too completes them). */
ParameterizedTest(const bt_param *p, batch_singular, zero_column) {
    const bt_api *api = bt_apis[p->type];
    const bt_layout layout = (bt_layout)p->layout;
    const int has_getrf = bt_has_getrf(layout);
    long double *a0 = tdls_test_xmalloc(sizeof *a0 * BT_NMAX * BT_NMAX);
    long double *lu = tdls_test_xmalloc(sizeof *lu * BT_NMAX * BT_NMAX);
    int ipiv[BT_NMAX];
    for (int o = 0; o < ORDER_COUNT; ++o) {
        const int n = orders[o];
        const uint64_t seed = 300u + (uint64_t)n;
        bt_batch good, bad, orig; /* orig: the spoiled batch, never solved */
        make_pair(&good, &orig, api, layout, n, seed, zero_column);
        bt_free(&good);
        make_pair(&good, &bad, api, layout, n, seed, zero_column);
        cr_assert_eq(bt_run(&good, BT_GESV, 'N', TDLS_HOST), 0);
        cr_assert_eq(bt_run(&bad, BT_GESV, 'N', TDLS_HOST), 0);
        for (int w = 0; w < 3; ++w) {
            const int k = bad_systems[w];
            cr_assert_eq(bad.info[k], bad_column(n, w),
                         "%s %s gesv n=%d system %d: info %d, not %d", api->prefix,
                         bt_layout_names[layout], n, k, bad.info[k], bad_column(n, w));
            cr_assert(bt_same_b(&bad, &orig, k), "%s %s gesv n=%d: b of singular system %d changed",
                      api->prefix, bt_layout_names[layout], n, k);
        }
        expect_neighbours_intact(&good, &bad, "gesv");
        cr_assert_eq(bt_padding_damage(&bad), 0);
        bt_free(&good);
        bt_free(&bad);
        if (has_getrf) {
            make_pair(&good, &bad, api, layout, n, seed, zero_column);
            cr_assert_eq(bt_run(&good, BT_GETRF, 'N', TDLS_HOST), 0);
            cr_assert_eq(bt_run(&bad, BT_GETRF, 'N', TDLS_HOST), 0);
            for (int w = 0; w < 3; ++w) {
                const int k = bad_systems[w];
                cr_assert_eq(bad.info[k], bad_column(n, w), "%s getrf n=%d system %d: info %d",
                             api->prefix, n, k, bad.info[k]);
                bt_get_a(&orig, k, a0);
                bt_get_a(&bad, k, lu);
                bt_get_ipiv(&bad, k, ipiv);
                const long double fr = bt_factor_ratio(n, a0, lu, ipiv, tdls_test_eps(api->type));
                cr_assert(fr < RATIO_BOUND, "%s getrf n=%d singular system %d: factor ratio %g",
                          api->prefix, n, k, (double)fr);
            }
            expect_neighbours_intact(&good, &bad, "getrf");
            /* getrs solves the neighbours as if the singular systems were
               not there (theirs may hold anything, even NaN). */
            cr_assert_eq(bt_run(&good, BT_GETRS, 'T', TDLS_HOST), 0);
            cr_assert_eq(bt_run(&bad, BT_GETRS, 'T', TDLS_HOST), 0);
            expect_neighbours_intact(&good, &bad, "getrf+getrs T");
            bt_free(&good);
            bt_free(&bad);
        }
        bt_free(&orig);
    }
    free(a0);
    free(lu);
}

/* NaN in A (system 0), +Inf (system 5), -Inf in the last row of the last
   column (system 10): the position moves with the order. */
static void non_finite_a(int n, int which, long double *a, long double *b) {
    (void)b;
    const long double v[3] = {NAN, INFINITY, -INFINITY};
    const int i = which == 2 ? n - 1 : (which * 7) % n, j = which == 2 ? n - 1 : (which * 3) % n;
    a[i * n + j] = v[which];
}

/* NaN in one entry of b, A untouched. */
static void nan_b(int n, int which, long double *a, long double *b) {
    (void)a;
    b[((which * 5) % n) * NRHS + which % NRHS] = NAN;
}

ParameterizedTestParameters(batch_singular, non_finite) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

ParameterizedTest(const bt_param *p, batch_singular, non_finite) {
    const bt_api *api = bt_apis[p->type];
    const bt_layout layout = (bt_layout)p->layout;
    for (int o = 0; o < ORDER_COUNT; ++o) {
        const int n = orders[o];
        const uint64_t seed = 500u + (uint64_t)n;
        bt_batch good, bad, orig;
        /* NaN/Inf in A: info > 0, b untouched (gesv's rule for info > 0). */
        make_pair(&good, &orig, api, layout, n, seed, non_finite_a);
        bt_free(&good);
        make_pair(&good, &bad, api, layout, n, seed, non_finite_a);
        cr_assert_eq(bt_run(&good, BT_GESV, 'N', TDLS_HOST), 0);
        cr_assert_eq(bt_run(&bad, BT_GESV, 'N', TDLS_HOST), 0);
        for (int w = 0; w < 3; ++w) {
            const int k = bad_systems[w];
            cr_assert_gt(bad.info[k], 0, "%s %s n=%d: non-finite A in system %d: info %d",
                         api->prefix, bt_layout_names[layout], n, k, bad.info[k]);
            cr_assert_leq(bad.info[k], n);
            cr_assert(bt_same_b(&bad, &orig, k), "%s n=%d: b of system %d (info %d) changed",
                      api->prefix, n, k, bad.info[k]);
        }
        expect_neighbours_intact(&good, &bad, "gesv, non-finite A");
        bt_free(&good);
        bt_free(&bad);
        bt_free(&orig);
        /* NaN in b: A is fine, so info is 0 and x cannot be all finite. */
        make_pair(&good, &bad, api, layout, n, seed, nan_b);
        cr_assert_eq(bt_run(&good, BT_GESV, 'N', TDLS_HOST), 0);
        cr_assert_eq(bt_run(&bad, BT_GESV, 'N', TDLS_HOST), 0);
        for (int w = 0; w < 3; ++w) {
            const int k = bad_systems[w];
            long double x[BT_NMAX * NRHS];
            bt_get_b(&bad, k, x);
            int finite = 1;
            for (int i = 0; i < n * NRHS; ++i)
                finite &= isfinite((double)x[i]) != 0;
            cr_assert(!(bad.info[k] == 0 && finite),
                      "%s %s n=%d: NaN in b of system %d, info 0 and a finite x", api->prefix,
                      bt_layout_names[layout], n, k);
        }
        expect_neighbours_intact(&good, &bad, "gesv, NaN in b");
        bt_free(&good);
        bt_free(&bad);
    }
}

ParameterizedTestParameters(batch_singular, bad_ipiv) {
    return bt_params(BT_ROW, BT_IL);
}

/* Spoils the factors of the three bad systems of f in one of two ways.
   0: ipiv entries outside [1, n] (0, n + 1, -3). 1: factors getrf cannot
   return: a zero pivot, a subnormal one, and (n >= 2) an interchange with
   a row above its step, which LAPACK's getrs would apply blindly. */
static void spoil_factors(bt_batch *f, int way) {
    const int n = f->n;
    if (way == 0) {
        f->ipiv[bt_ipiv_at(f, bad_systems[0], n - 1)] = 0;
        f->ipiv[bt_ipiv_at(f, bad_systems[1], 0)] = n + 1;
        f->ipiv[bt_ipiv_at(f, bad_systems[2], n / 2)] = -3;
        return;
    }
    long double *a = tdls_test_xmalloc(sizeof *a * BT_NMAX * BT_NMAX);
    long double b[BT_NMAX * NRHS];
    const long double subnormal = f->api->type == TDLS_TEST_FLOAT ? 1e-40L : 1e-310L;
    for (int w = 0; w < 2; ++w) {
        bt_get_a(f, bad_systems[w], a);
        bt_get_b(f, bad_systems[w], b);
        const int i = w == 0 ? 0 : n - 1;
        a[i * n + i] = w == 0 ? 0 : subnormal;
        bt_set_system(f, bad_systems[w], a, b);
    }
    free(a);
    if (n >= 2)
        f->ipiv[bt_ipiv_at(f, bad_systems[2], n - 1)] = n - 1;
    else
        f->ipiv[bt_ipiv_at(f, bad_systems[2], 0)] = 2;
}

/* getrs with factors it cannot use in three systems: their solutions are
   NaN (documented), the other systems' bits do not change. */
ParameterizedTest(const bt_param *p, batch_singular, bad_ipiv) {
    const bt_api *api = bt_apis[p->type];
    for (int o = 0; o < ORDER_COUNT; ++o)
        for (int way = 0; way < 2; ++way) {
            const int n = orders[o];
            bt_batch good, bad;
            bt_init(&good, api, (bt_layout)p->layout, n, NRHS, BATCH, 0);
            bt_init(&bad, api, (bt_layout)p->layout, n, NRHS, BATCH, 0);
            bt_fill(&good, 9, -1);
            bt_fill(&bad, 9, -1);
            cr_assert_eq(bt_run(&good, BT_GETRF, 'N', TDLS_HOST), 0);
            cr_assert_eq(bt_run(&bad, BT_GETRF, 'N', TDLS_HOST), 0);
            spoil_factors(&bad, way);
            for (int t = 0; t < 2; ++t) {
                const char trans = t ? 'T' : 'N';
                bt_fill_b(&good, 9, -1);
                bt_fill_b(&bad, 9, -1);
                cr_assert_eq(bt_run(&good, BT_GETRS, trans, TDLS_HOST), 0);
                cr_assert_eq(bt_run(&bad, BT_GETRS, trans, TDLS_HOST), 0);
                for (int w = 0; w < 3; ++w) {
                    long double x[BT_NMAX * NRHS];
                    bt_get_b(&bad, bad_systems[w], x);
                    for (int i = 0; i < n * NRHS; ++i)
                        cr_assert(isnan((double)x[i]),
                                  "%s getrs %c n=%d: unusable factors (way %d) in system %d: "
                                  "x[%d] = %g",
                                  api->prefix, trans, n, way, bad_systems[w], i, (double)x[i]);
                }
                for (int64_t k = 0; k < BATCH; ++k)
                    if (bad_index(k) < 0)
                        cr_assert(bt_same_b(&good, &bad, k),
                                  "%s getrs %c n=%d: system %lld changed", api->prefix, trans, n,
                                  (long long)k);
            }
            bt_free(&good);
            bt_free(&bad);
        }
}
