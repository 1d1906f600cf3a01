/* SPDX-License-Identifier: BSD-3-Clause */
/* Accuracy grid: every configuration of the generated table, orders 1..33,
   48 and 64, four matrix kinds, LAPACK's factor and solve ratios below 30
   against the long double oracle; plus self-tests proving the ratios can
   fail and that the oracle meets them itself. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <criterion/parameterized.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tdls_test.h"
#include "tdls_test_criterion.h"

#define RATIO_BOUND 30.0L

static const int orders[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18,
                             19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 48, 64};
#define ORDER_COUNT ((int)(sizeof orders / sizeof orders[0]))
#define NMAX        64

/* Everything one (configuration, kind, order) check needs, on the heap:
   64 x 64 long double matrices do not belong on a test's stack. */
struct work {
    long double a[NMAX * NMAX], at[NMAX * NMAX], s0[NMAX * NMAX];
    long double b[NMAX], x[NMAX], xo[NMAX];
    int piv[NMAX], piv2[NMAX];
};

/* Worst forward error of a configuration in units of cond * eps over the
   ill-conditioned matrices: informational, the contract is backward. */
static long double check_one(const tdls_test_solver *c, tdls_test_kind kind, int n,
                             struct work *w) {
    const size_t es = tdls_test_size(c->type);
    const long double eps = tdls_test_eps(c->type);
    const long double cond = tdls_test_generate(kind, c->type, n, (uint64_t)n, w->a);
    void *f = tdls_test_alloc(c->type, (ptrdiff_t)n * n, 1);
    void *f2 = tdls_test_alloc(c->type, (ptrdiff_t)n * n, 1);
    void *b = tdls_test_alloc(c->type, n, 1);
    void *x = tdls_test_alloc(c->type, n, 1);
    void *x2 = tdls_test_alloc(c->type, n, 1);
    tdls_test_pack(c->type, c->layout, n, w->a, f, 1);
    memcpy(f2, f, es * (size_t)n * (size_t)n);
    tdls_test_load_stored(c->type, n, f, 1, w->s0);
    tdls_test_transpose(n, w->a, w->at);
    tdls_test_random_vec(n, (uint64_t)n * 31u + kind, w->b);
    tdls_test_pack_vec(c->type, n, w->b, b, 1);

    int oot = 0;
    const int info = c->factorize(n, f, 1, w->piv, 1, &oot);
    cr_expect_eq(info, 0, "%s %s n=%d: info %d on a nonsingular matrix", c->name,
                 tdls_test_kind_name(kind), n, info);
    /* Pivots of a diagonally dominant matrix stay above 1, far above any
       out-of-tile threshold: the search below the tile never runs. */
    if (kind == TDLS_TEST_DIAG_DOMINANT)
        cr_expect_eq(oot, 0, "%s diag-dominant n=%d: oot_count %d", c->name, n, oot);
    const long double fr = tdls_test_solver_factor_ratio(c, n, w->s0, f, w->piv);
    cr_expect(fr < RATIO_BOUND, "%s %s n=%d: factor ratio %g >= 30", c->name,
              tdls_test_kind_name(kind), n, (double)fr);

    c->substitute(n, f, 1, w->piv, 1, b, x, 1);
    tdls_test_load_vec(c->type, n, x, 1, w->x);
    const long double sr = tdls_oracle_solve_ratio(n, w->a, w->x, w->b, eps);
    cr_expect(sr < RATIO_BOUND, "%s %s n=%d: solve ratio %g >= 30", c->name,
              tdls_test_kind_name(kind), n, (double)sr);

    /* solve is factorize + substitute: the same bits, pivots included. */
    const int info2 = c->solve(n, f2, 1, w->piv2, 1, b, x2, 1);
    cr_expect(info2 == info && memcmp(f, f2, es * (size_t)n * (size_t)n) == 0
                  && memcmp(w->piv, w->piv2, sizeof(int) * (size_t)n) == 0
                  && memcmp(x, x2, es * (size_t)n) == 0,
              "%s %s n=%d: solve differs from factorize + substitute", c->name,
              tdls_test_kind_name(kind), n);

    c->substitute_trans(n, f, 1, w->piv, 1, b, x2, 1);
    tdls_test_load_vec(c->type, n, x2, 1, w->xo);
    const long double tr = tdls_oracle_solve_ratio(n, w->at, w->xo, w->b, eps);
    cr_expect(tr < RATIO_BOUND, "%s %s n=%d: transposed solve ratio %g >= 30", c->name,
              tdls_test_kind_name(kind), n, (double)tr);

    long double fe = 0;
    if (cond > 0 && tdls_oracle_solve(n, w->a, w->b, w->xo) == 0)
        fe = tdls_oracle_forward_error(n, w->x, w->xo) / (cond * eps);
    free(f);
    free(f2);
    free(b);
    free(x);
    free(x2);
    return fe;
}

/* Every configuration of the grid uses the default column search: the
   pivot of each column is chosen among all the rows under the diagonal,
   so multipliers stay below 1 / 0.1 and LAPACK's ratios hold for every
   tile size. (The tile-local search has unbounded multipliers and is
   checked by the knob suite, not here.) */
ParameterizedTestParameters(accuracy, grid) {
    return tdls_test_solver_params();
}

ParameterizedTest(const int *index, accuracy, grid) {
    const tdls_test_solver *c = tdls_test_solvers[*index];
    struct work *w = tdls_test_xmalloc(sizeof *w);
    long double worst = 0;
    for (int kind = 0; kind < TDLS_TEST_KIND_COUNT; ++kind)
        for (int k = 0; k < ORDER_COUNT; ++k)
            worst = fmaxl(worst, check_one(c, (tdls_test_kind)kind, orders[k], w));
    cr_log_info("%s: worst forward error vs the oracle, ill-conditioned: %.3g cond*eps", c->name,
                (double)worst);
    free(w);
}

/* The table covers what the grid promises: both types, both layouts, both
   schedules, tile sizes 1..8 and one above 64, physical interchanges. */
Test(accuracy, table_covers_grid) {
    for (int type = TDLS_TEST_FLOAT; type <= TDLS_TEST_DOUBLE; ++type)
        for (int layout = TDLS_ROW_MAJOR; layout <= TDLS_COL_MAJOR; ++layout) {
            int phys = 0, logical[2][66] = {{0}};
            for (int i = 0; i < tdls_test_solver_count; ++i) {
                const tdls_test_solver *c = tdls_test_solvers[i];
                if ((int)c->type != type || c->layout != layout)
                    continue;
                if (c->interchange == TDLS_PHYSICAL)
                    ++phys;
                else if (c->tile_size <= 65)
                    logical[c->schedule == TDLS_LEFT_LOOKING][c->tile_size] = 1;
            }
            cr_expect(phys >= 1, "%s layout %d: no physical configuration",
                      tdls_test_type_name((tdls_test_type)type), layout);
            for (int s = 0; s < 2; ++s)
                for (int ts = 1; ts <= 65; ts = ts == 8 ? 65 : ts + 1)
                    cr_expect(logical[s][ts], "%s layout %d schedule %d: tile size %d missing",
                              tdls_test_type_name((tdls_test_type)type), layout, s, ts);
        }
}

/* The oracle meets its own ratios in long double, on the hardest kind:
   the anchor is sound. */
Test(oracle, meets_own_ratios) {
    static long double a[NMAX * NMAX], f[NMAX * NMAX], b[NMAX], x[NMAX];
    int ipiv[NMAX];
    for (int n = 1; n <= NMAX; n += 7) {
        tdls_test_generate(TDLS_TEST_ILL_CONDITIONED, TDLS_TEST_LDOUBLE, n, 7, a);
        memcpy(f, a, sizeof a);
        cr_assert_eq(tdls_oracle_getrf(n, f, ipiv), 0, "n=%d", n);
        /* The tdls format wants reciprocal pivots; the oracle keeps U. */
        for (int i = 0; i < n; ++i)
            f[i * n + i] = 1 / f[i * n + i];
        const long double fr = tdls_oracle_factor_ratio(n, a, f, ipiv, 0, LDBL_EPSILON);
        cr_expect(fr < RATIO_BOUND, "oracle n=%d: factor ratio %g", n, (double)fr);
        tdls_test_random_vec(n, 3, b);
        cr_assert_eq(tdls_oracle_solve(n, a, b, x), 0);
        const long double sr = tdls_oracle_solve_ratio(n, a, x, b, LDBL_EPSILON);
        cr_expect(sr < RATIO_BOUND, "oracle n=%d: solve ratio %g", n, (double)sr);
    }
}

/* The ratios catch a wrong factor entry, a wrong permutation and a wrong
   solution: a test that uses them can fail. */
Test(oracle, ratios_detect_errors) {
    enum { n = 6 };
    long double a[n * n], f[n * n], b[n], x[n];
    int ipiv[n], logical[n];
    tdls_test_generate(TDLS_TEST_RANDOM, TDLS_TEST_DOUBLE, n, 11, a);
    memcpy(f, a, sizeof a);
    cr_assert_eq(tdls_oracle_getrf(n, f, ipiv), 0);
    for (int i = 0; i < n; ++i)
        f[i * n + i] = 1 / f[i * n + i];
    cr_assert(tdls_oracle_factor_ratio(n, a, f, ipiv, 0, DBL_EPSILON) < RATIO_BOUND);
    /* The same factors in logical form: rows where the exchanges put them. */
    long double g[n * n];
    int rows[n];
    for (int i = 0; i < n; ++i)
        rows[i] = i;
    for (int j = 0; j < n; ++j) {
        const int t = rows[j];
        rows[j] = rows[ipiv[j]];
        rows[ipiv[j]] = t;
    }
    for (int i = 0; i < n; ++i) {
        logical[i] = rows[i];
        memcpy(g + rows[i] * n, f + i * n, sizeof(long double) * n);
    }
    cr_assert(tdls_oracle_factor_ratio(n, a, g, logical, 1, DBL_EPSILON) < RATIO_BOUND);
    g[rows[n - 1] * n + 1] += 1e-9L;
    cr_expect(tdls_oracle_factor_ratio(n, a, g, logical, 1, DBL_EPSILON) > 1e3L);
    g[rows[n - 1] * n + 1] -= 1e-9L;
    logical[1] = logical[0];
    cr_expect(__builtin_isinf(tdls_oracle_factor_ratio(n, a, g, logical, 1, DBL_EPSILON)),
              "a repeated row index is not a permutation");
    /* A different (valid) first exchange permutes S but not the factors. */
    ipiv[0] = ipiv[0] == 0 ? 1 : 0;
    cr_expect(tdls_oracle_factor_ratio(n, a, f, ipiv, 0, DBL_EPSILON) > 1e3L);
    tdls_test_random_vec(n, 5, b);
    cr_assert_eq(tdls_oracle_solve(n, a, b, x), 0);
    cr_assert(tdls_oracle_solve_ratio(n, a, x, b, DBL_EPSILON) < RATIO_BOUND);
    x[2] *= 1 + 1e-12L;
    cr_expect(tdls_oracle_solve_ratio(n, a, x, b, DBL_EPSILON) > 1e2L);
}
