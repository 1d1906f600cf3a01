/* SPDX-License-Identifier: BSD-3-Clause */
/* Singular and non-finite inputs over every configuration of the table:
   exact info for zero columns and rank deficiencies, no division by zero
   or invalid operation on finite singular input, tiny but regular systems
   solved, and NaN/Inf never hidden behind info == 0 and a finite answer. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <fenv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tdls_test.h"
#include "tdls_test_criterion.h"

#define NMAX  64
#define TRAPS (FE_DIVBYZERO | FE_INVALID)

static const int small_orders[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 17};
#define SMALL_COUNT ((int)(sizeof small_orders / sizeof small_orders[0]))

ParameterizedTestParameters(singular, zero_column) {
    return tdls_test_solver_params();
}

/* Factorizes the stored array s (n x n, stride 1) and solves with b, with
   the floating-point flags cleared first; returns info, the raised flags
   among TRAPS in *flags and whether the factors and x are all finite. */
static int factor_and_solve(const tdls_test_solver *c, int n, void *s, int *piv, const void *b,
                            void *x, int *flags, int *finite) {
    feclearexcept(FE_ALL_EXCEPT);
    const int info = c->factorize(n, s, 1, piv, 1, NULL);
    c->substitute(n, s, 1, piv, 1, b, x, 1);
    *flags = fetestexcept(TRAPS);
    *finite = tdls_test_all_finite(c->type, n * n, s, 1) && tdls_test_all_finite(c->type, n, x, 1);
    return info;
}

/* A zero column k of the factored array S gives info == k exactly, and the
   factorization completes without 1/0 or 0/0 and with finite outputs:
   the rejected pivot stores 0, not its reciprocal. */
ParameterizedTest(const int *index, singular, zero_column) {
    const tdls_test_solver *c = tdls_test_solvers[*index];
    long double a[NMAX * NMAX], bv[NMAX];
    void *s = tdls_test_alloc(c->type, NMAX * NMAX, 1);
    void *b = tdls_test_alloc(c->type, NMAX, 1);
    void *x = tdls_test_alloc(c->type, NMAX, 1);
    int piv[NMAX];
    for (int m = 0; m < SMALL_COUNT; ++m) {
        const int n = small_orders[m];
        for (int k = 1; k <= n; ++k) {
            tdls_test_generate(TDLS_TEST_RANDOM, c->type, n, (uint64_t)(n * 100 + k), a);
            tdls_test_pack(c->type, c->layout, n, a, s, 1);
            for (int i = 0; i < n; ++i)
                tdls_test_set(c->type, s, (ptrdiff_t)i * n + (k - 1), 0);
            tdls_test_random_vec(n, (uint64_t)k, bv);
            tdls_test_pack_vec(c->type, n, bv, b, 1);
            int flags, finite;
            const int info = factor_and_solve(c, n, s, piv, b, x, &flags, &finite);
            cr_expect_eq(info, k, "%s n=%d: zero column %d gave info %d", c->name, n, k, info);
            cr_expect_eq(flags, 0, "%s n=%d zero column %d: division by zero or invalid raised",
                         c->name, n, k);
            cr_expect(finite, "%s n=%d zero column %d: non-finite factors or solution", c->name, n,
                      k);
        }
    }
    free(s);
    free(b);
    free(x);
}

ParameterizedTestParameters(singular, rank_deficient) {
    return tdls_test_solver_params();
}

/* S = L U with |L| <= 1/2 dyadic, U with power-of-two diagonal except a zero
   at k, small integers above: every operation of the elimination is exact
   in float, no interchange happens, so the k-th pivot is exactly zero
   although no row or column of S is: info == k, nothing trapped. */
ParameterizedTest(const int *index, singular, rank_deficient) {
    const tdls_test_solver *c = tdls_test_solvers[*index];
    long double l[NMAX * NMAX], u[NMAX * NMAX], sv[NMAX * NMAX], bv[NMAX];
    void *s = tdls_test_alloc(c->type, NMAX * NMAX, 1);
    void *b = tdls_test_alloc(c->type, NMAX, 1);
    void *x = tdls_test_alloc(c->type, NMAX, 1);
    int piv[NMAX];
    tdls_test_rng rng;
    for (int m = 0; m < SMALL_COUNT; ++m) {
        const int n = small_orders[m];
        for (int k = 1; k <= n; ++k) {
            tdls_test_rng_seed(&rng, (uint64_t)(n * 1000 + k));
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    const uint64_t r = tdls_test_rng_next(&rng);
                    l[i * n + j] = i == j ? 1 : i < j ? 0 : (long double)((int)(r % 5) - 2) / 4;
                    u[i * n + j] = i > j ? 0 : (long double)((int)((r >> 8) % 7) - 3);
                    if (i == j)
                        u[i * n + j] = i == k - 1 ? 0 : ldexpl(r & 256 ? 1 : -1, (int)(r % 4) - 1);
                }
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    long double t = 0;
                    for (int p = 0; p < n; ++p)
                        t += l[i * n + p] * u[p * n + j];
                    sv[i * n + j] = t;
                }
            /* sv is the stored array: the row-major pack keeps it as is. */
            tdls_test_pack(c->type, TDLS_ROW_MAJOR, n, sv, s, 1);
            tdls_test_random_vec(n, (uint64_t)k, bv);
            tdls_test_pack_vec(c->type, n, bv, b, 1);
            int flags, finite;
            const int info = factor_and_solve(c, n, s, piv, b, x, &flags, &finite);
            cr_expect_eq(info, k, "%s n=%d: rank deficiency at %d gave info %d", c->name, n, k,
                         info);
            cr_expect_eq(flags, 0, "%s n=%d deficiency at %d: division by zero or invalid raised",
                         c->name, n, k);
            cr_expect(finite, "%s n=%d deficiency at %d: non-finite factors or solution", c->name,
                      n, k);
        }
    }
    free(s);
    free(b);
    free(x);
}

/* Two equal rows of A: exactly singular. The pivot that should vanish is a
   rounding residue of l = s * (1/p) instead of s / p, so only a zero or
   tiny pivot can be promised: info != 0, or the smallest pivot is within
   4 n eps of the largest entry of U (the factorization reveals it). */
Test(singular, equal_rows) {
    long double a[NMAX * NMAX];
    int piv[NMAX];
    for (int ci = 0; ci < tdls_test_solver_count; ++ci) {
        const tdls_test_solver *c = tdls_test_solvers[ci];
        void *s = tdls_test_alloc(c->type, NMAX * NMAX, 1);
        for (int m = 1; m < SMALL_COUNT; ++m) {
            const int n = small_orders[m];
            tdls_test_generate(TDLS_TEST_RANDOM, c->type, n, (uint64_t)n, a);
            memcpy(a + (n - 1) * n, a, sizeof(long double) * (size_t)n);
            tdls_test_pack(c->type, c->layout, n, a, s, 1);
            const int info = c->factorize(n, s, 1, piv, 1, NULL);
            long double pmin = INFINITY, umax = 0;
            for (int i = 0; i < n; ++i) {
                const int row = c->interchange == TDLS_LOGICAL ? piv[i] : i;
                for (int j = i; j < n; ++j) {
                    const long double e = fabsl(tdls_test_get(c->type, s, (ptrdiff_t)row * n + j));
                    const long double u = j > i ? e : e == 0 ? 0 : 1 / e;
                    umax = fmaxl(umax, u);
                    if (j == i)
                        pmin = fminl(pmin, u);
                }
            }
            cr_expect(info != 0 || pmin <= 4 * n * tdls_test_eps(c->type) * umax,
                      "%s n=%d: equal rows, info 0 and smallest pivot %g vs largest |U| %g",
                      c->name, n, (double)pmin, (double)umax);
        }
        free(s);
    }
}

ParameterizedTestParameters(singular, tiny_regular) {
    return tdls_test_solver_params();
}

/* A well-conditioned system scaled far below 1 (1e-30 float, 1e-200
   otherwise; still normal numbers) is regular: info == 0 and both ratios
   hold. The absolute thresholds must not mistake small for singular. */
ParameterizedTest(const int *index, singular, tiny_regular) {
    const tdls_test_solver *c = tdls_test_solvers[*index];
    static const int orders[] = {1, 2, 3, 5, 8, 9, 16, 17, 33, 64};
    const long double scale = c->type == TDLS_TEST_FLOAT ? 1e-30L : 1e-200L;
    const long double eps = tdls_test_eps(c->type);
    long double *a = tdls_test_xmalloc(sizeof *a * NMAX * NMAX),
                *s0 = tdls_test_xmalloc(sizeof *s0 * NMAX * NMAX);
    long double bv[NMAX], xv[NMAX];
    void *s = tdls_test_alloc(c->type, NMAX * NMAX, 1);
    void *b = tdls_test_alloc(c->type, NMAX, 1);
    void *x = tdls_test_alloc(c->type, NMAX, 1);
    int piv[NMAX];
    for (size_t m = 0; m < sizeof orders / sizeof orders[0]; ++m) {
        const int n = orders[m];
        tdls_test_generate(TDLS_TEST_DIAG_DOMINANT, c->type, n, (uint64_t)n, a);
        for (int k = 0; k < n * n; ++k)
            a[k] *= scale;
        tdls_test_pack(c->type, c->layout, n, a, s, 1);
        tdls_test_load_stored(c->type, n, s, 1, s0);
        tdls_test_random_vec(n, (uint64_t)n, bv);
        for (int i = 0; i < n; ++i)
            bv[i] *= scale;
        tdls_test_pack_vec(c->type, n, bv, b, 1);
        const int info = c->solve(n, s, 1, piv, 1, b, x, 1);
        cr_expect_eq(info, 0, "%s n=%d: info %d on a tiny regular system", c->name, n, info);
        const long double fr = tdls_test_solver_factor_ratio(c, n, s0, s, piv);
        tdls_test_load_vec(c->type, n, x, 1, xv);
        const long double sr = tdls_oracle_solve_ratio(n, a, xv, bv, eps);
        cr_expect(fr < 30 && sr < 30, "%s n=%d tiny system: factor ratio %g, solve ratio %g",
                  c->name, n, (double)fr, (double)sr);
    }
    free(a);
    free(s0);
    free(s);
    free(b);
    free(x);
}

ParameterizedTestParameters(singular, non_finite) {
    return tdls_test_solver_params();
}

/* NaN, +Inf or -Inf at any one position of A or of b never yields info == 0
   together with an all-finite x: the answer would be silently wrong. */
ParameterizedTest(const int *index, singular, non_finite) {
    const tdls_test_solver *c = tdls_test_solvers[*index];
    const long double bad[] = {NAN, INFINITY, -INFINITY};
    long double a[9 * 9], bv[9];
    void *s = tdls_test_alloc(c->type, 9 * 9, 1);
    void *b = tdls_test_alloc(c->type, 9, 1);
    void *x = tdls_test_alloc(c->type, 9, 1);
    int piv[9];
    for (int n = 1; n <= 9; n += n < 5 ? 1 : 4)
        for (int v = 0; v < 3; ++v)
            for (int pos = 0; pos < n * n + n; ++pos) {
                const int in_a = pos < n * n;
                tdls_test_generate(TDLS_TEST_RANDOM, c->type, n, (uint64_t)n, a);
                tdls_test_random_vec(n, (uint64_t)n, bv);
                if (in_a)
                    a[pos] = bad[v];
                else
                    bv[pos - n * n] = bad[v];
                tdls_test_pack(c->type, c->layout, n, a, s, 1);
                tdls_test_pack_vec(c->type, n, bv, b, 1);
                const int info = c->solve(n, s, 1, piv, 1, b, x, 1);
                cr_expect(info != 0 || !tdls_test_all_finite(c->type, n, x, 1),
                          "%s n=%d: %g in %s at %d gave info 0 and a finite x", c->name, n,
                          (double)bad[v], in_a ? "A" : "b", in_a ? pos : pos - n * n);
            }
    free(s);
    free(b);
    free(x);
}
