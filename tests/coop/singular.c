/* SPDX-License-Identifier: BSD-3-Clause */
/* Singular, tiny and non-finite input, and a group too small for the
   order: the info every thread of the group returns, and what the group
   leaves in x. */
#include <criterion/criterion.h>
#include <math.h> /* INFINITY, NAN */
#include <stdlib.h>
#include <string.h>

#include "coop_test.h"

static const int singular_orders[] = {1, 2, 5, 17, 33, 64};
#define SINGULAR_ORDERS ((int)(sizeof singular_orders / sizeof singular_orders[0]))

/* The configurations of the grid (every other one in a quick run),
   rotated over the orders by the caller. */
static int grid_config(int i) {
    const coop_solver *s = coop_solvers[i];
    return s->order == 0 && s->sync == TDLS_SYNC_TEAM && coop_visit(i);
}

/* A system whose M (the column-major view of the stored array) is m. */
static coop_sys *with_m(const coop_solver *s, int n, const long double *m) {
    long double A[COOP_NMAX * COOP_NMAX];
    coop_logical_from_m(s, n, m, A);
    return coop_sys_from(s, A, n, 1, 3, 1);
}

/* Factorize and solve on fresh copies of the system; the runner checks
   that every thread of the group returns the same info. */
static void factor_and_solve(const coop_solver *s, int n, const long double *m, int info[2],
                             coop_sys **kept) {
    for (int k = 0; k < 2; ++k) {
        coop_sys *y = with_m(s, n, m);
        const int t = s->threads_per_system(n);
        coop_args args = coop_sys_args(y, y->x);
        coop_run(s, k ? COOP_SOLVE : COOP_FACTORIZE, n, 1, -1, t, t, 1, &args, &info[k]);
        if (k && kept)
            *kept = y;
        else
            coop_sys_free(y);
    }
}

/* A zero column k of M stays exactly zero through the elimination (every
   update subtracts a multiple of a zero), so step k finds no pivot: info
   is k, 1-based, from factorize and from solve. */
Test(coop_singular, zero_column) {
    long double m[COOP_NMAX * COOP_NMAX];
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (!grid_config(i))
            continue;
        for (int o = i % 2; o < SINGULAR_ORDERS; o += 2) {
            const int n = singular_orders[o];
            for (int k = 1; k <= n; k = k == n ? n + 1 : k < (n + 1) / 2 ? (n + 1) / 2 : n) {
                tdls_test_generate(TDLS_TEST_RANDOM, s->type, n, (uint64_t)k, m);
                for (int r = 0; r < n; ++r)
                    m[r * n + k - 1] = 0;
                int info[2];
                factor_and_solve(s, n, m, info, NULL);
                cr_expect(info[0] == k && info[1] == k,
                          "%s n=%d, zero column %d: info %d (factorize), %d (solve)", s->name, n, k,
                          info[0], info[1]);
            }
        }
    }
}

/* Rank-deficient matrices. A zero row of M is never a pivot while another
   candidate is nonzero, so the last step has none: info > 0. And M = L U
   with dyadic factors (multipliers 0 or +-1/2, pivots +-1 or +-2, a zero
   pivot at step k): no interchange, every operation exact, so step k sees
   an exact zero and info is k + 1. */
Test(coop_singular, rank_deficient) {
    long double m[COOP_NMAX * COOP_NMAX];
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (!grid_config(i))
            continue;
        for (int o = (i + 1) % 2; o < SINGULAR_ORDERS; o += 2) {
            const int n = singular_orders[o];
            tdls_test_generate(TDLS_TEST_RANDOM, s->type, n, 9, m);
            for (int c = 0; c < n; ++c)
                m[(n / 3) * n + c] = 0;
            int info[2];
            factor_and_solve(s, n, m, info, NULL);
            cr_expect(info[0] > 0 && info[1] > 0, "%s n=%d, zero row: info %d, %d", s->name, n,
                      info[0], info[1]);

            tdls_test_rng rng;
            tdls_test_rng_seed(&rng, (uint64_t)n);
            const int k = n / 2;
            long double l[COOP_NMAX * COOP_NMAX], u[COOP_NMAX * COOP_NMAX];
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c) {
                    const int v = (int)(tdls_test_rng_next(&rng) % 5) - 2; /* -2..2 */
                    l[r * n + c] = r == c ? 1 : r > c ? (v % 2) * 0.5L : 0;
                    u[r * n + c] = r == c ? (c == k ? 0 : v % 2 ? 2 : -1) : r < c ? v : 0;
                }
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c) {
                    long double sum = 0;
                    for (int j = 0; j < n; ++j)
                        sum += l[r * n + j] * u[j * n + c];
                    m[r * n + c] = sum;
                }
            factor_and_solve(s, n, m, info, NULL);
            cr_expect(info[0] == k + 1 && info[1] == k + 1,
                      "%s n=%d, L U with u_kk = 0 at k=%d: info %d, %d", s->name, n, k + 1, info[0],
                      info[1]);
        }
    }
}

/* Entries near the bottom of the normal range (1e-300 in double and long
   double, 1e-30 in float) are not singular: the floor is the smallest
   normal number and LAPACK's ratios are scale-free. */
Test(coop_singular, tiny_but_solvable) {
    long double m[COOP_NMAX * COOP_NMAX];
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (!grid_config(i))
            continue;
        const long double scale = s->type == TDLS_TEST_FLOAT ? 1e-30L : 1e-300L;
        for (int o = i % 2; o < SINGULAR_ORDERS; o += 2) {
            const int n = singular_orders[o];
            tdls_test_generate(TDLS_TEST_DIAG_DOMINANT, s->type, n, 5, m);
            for (int e = 0; e < n * n; ++e)
                m[e] *= scale;
            coop_sys *y = with_m(s, n, m);
            const int t = s->threads_per_system(n);
            coop_pipeline(&y, 1, t, t);
            cr_expect_eq(y->info, 0, "%s n=%d tiny: info %d", s->name, n, y->info);
            const long double fr = coop_factor_ratio(y), sr = coop_solve_ratio(y, y->x, 0, 0),
                              tr = coop_solve_ratio(y, y->xt, 1, 0);
            cr_expect(fr < COOP_BOUND && sr < COOP_BOUND && tr < COOP_BOUND,
                      "%s n=%d tiny: ratios %Lg %Lg %Lg", s->name, n, fr, sr, tr);
            coop_sys_free(y);
        }
    }
}

/* NaN or Inf in M (a pivot, an entry under it, the last entry) or in b: a
   solve never reports success with an all-finite solution. */
Test(coop_singular, non_finite) {
    static const int orders[] = {1, 3, 8, 17};
    long double m[COOP_NMAX * COOP_NMAX];
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (!grid_config(i))
            continue;
        const int n = orders[i % 4];
        const int where[] = {0, (n - 1) * n, n * n - 1, -1, -2};
        for (int w = 0; w < 5; ++w)
            for (int inf = 0; inf < 2; ++inf) {
                const long double bad = inf ? (long double)INFINITY : (long double)NAN;
                tdls_test_generate(TDLS_TEST_RANDOM, s->type, n, 4, m);
                if (where[w] >= 0)
                    m[where[w]] = bad;
                coop_sys *y = with_m(s, n, m);
                if (where[w] < 0)
                    tdls_test_set(s->type, y->b, where[w] == -1 ? 0 : n - 1, bad);
                const int t = s->threads_per_system(n);
                coop_args args = coop_sys_args(y, y->x);
                int info;
                coop_run(s, COOP_SOLVE, n, 1, -1, t, t, 1, &args, &info);
                cr_expect(info != 0 || !tdls_test_all_finite(s->type, n, y->x, 1),
                          "%s n=%d: %s at %d gives info 0 and a finite x", s->name, n,
                          inf ? "Inf" : "NaN", where[w]);
                coop_sys_free(y);
            }
    }
}

/* A parallel region with fewer threads than threads_per_system(n): every
   entry point leaves the factors alone, fills x with NaN, and those that
   return info return -1. */
Test(coop_singular, group_too_small) {
    static const coop_op ops[] = {
        COOP_FACTORIZE,
        COOP_SOLVE,
        COOP_SOLVE_INPLACE,
        COOP_SOLVE_MULTI,
        COOP_SUBSTITUTE,
        COOP_SUBSTITUTE_TRANS_MULTI_INPLACE,
        COOP_SUBSTITUTE_CANONICAL,
    };
    int checked = 0;
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        const int n = s->order ? s->order : 2 + 31 * (i % 3);
        const int t = s->threads_per_system(n);
        if (t < 2)
            continue;
        for (size_t k = 0; k < sizeof ops / sizeof ops[0]; ++k) {
            coop_sys *y = coop_sys_new(s, TDLS_TEST_RANDOM, n, 2, 1, 1);
            const size_t es = tdls_test_size(s->type);
            void *a0 = tdls_test_alloc(s->type, (ptrdiff_t)n * n, 1);
            memcpy(a0, y->a, es * (size_t)n * (size_t)n);
            coop_args args = coop_sys_args(y, y->x);
            int ret;
            const int threads = k % 2 ? 1 : t - 1;
            coop_run(s, ops[k], n, 2, 0, threads, threads, 1, &args, &ret);
            if (coop_op_factors(ops[k]))
                cr_expect_eq(ret, -1, "%s n=%d, %s by %d of %d threads: returned %d", s->name, n,
                             coop_op_name(ops[k]), threads, t, ret);
            cr_expect(coop_same(s->type, a0, 1, y->a, 1, (ptrdiff_t)n * n),
                      "%s n=%d, %s by %d of %d threads: the matrix changed", s->name, n,
                      coop_op_name(ops[k]), threads, t);
            const int nx =
                ops[k] == COOP_FACTORIZE ? 0
                : ops[k] == COOP_SOLVE_MULTI || ops[k] == COOP_SUBSTITUTE_TRANS_MULTI_INPLACE
                    ? 2 * n
                    : n;
            int nan = 1;
            for (int e = 0; e < nx; ++e)
                nan &= __builtin_isnan(tdls_test_get(s->type, y->x, e));
            cr_expect(nan, "%s n=%d, %s by %d of %d threads: x is not all NaN", s->name, n,
                      coop_op_name(ops[k]), threads, t);
            free(a0);
            coop_sys_free(y);
            ++checked;
        }
    }
    cr_expect_geq(checked, 100, "only %d too-small-group checks", checked);
}
