/* SPDX-License-Identifier: BSD-3-Clause */
/* CooperativeLUpp against the oracle with real groups of host threads:
   LAPACK's ratios below 30 on orders 1..64 for every configuration of the
   grid, results independent of rows_per_thread, and groups that share
   their parallel region with extra threads or with other groups. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include "coop_test.h"
#include "tdls_test_criterion.h"

/* The table indices of the runtime-order, team-barrier configurations with
   rows_per_thread 1: one per (type, layout, interchange) family. */
static struct criterion_test_params family_params(void) {
    int *index = cr_malloc(sizeof *index * (size_t)coop_solver_count);
    size_t count = 0;
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (s->rows_per_thread == 1 && coop_find(s->type, s->layout, s->interchange, 1) == s)
            index[count++] = i;
    }
    return cr_make_param_array(int, index, count, tdls_test_free_params);
}

static void expect_ratios(const coop_sys *y, const char *kind) {
    const coop_solver *s = y->s;
    const int n = y->n;
    cr_expect_eq(y->info, 0, "%s %s n=%d: info %d on a nonsingular matrix", s->name, kind, n,
                 y->info);
    const long double fr = coop_factor_ratio(y);
    cr_expect(fr < COOP_BOUND, "%s %s n=%d: factor ratio %Lg >= 30", s->name, kind, n, fr);
    const long double sr = coop_solve_ratio(y, y->x, 0, 0);
    cr_expect(sr < COOP_BOUND, "%s %s n=%d: solve ratio %Lg >= 30", s->name, kind, n, sr);
    const long double tr = coop_solve_ratio(y, y->xt, 1, 0);
    cr_expect(tr < COOP_BOUND, "%s %s n=%d: transposed solve ratio %Lg >= 30", s->name, kind, n,
              tr);
}

/* Each order meets one matrix kind, rotating with the order and the
   family, so that every family sees every kind at every size class. Every
   rows_per_thread of the family solves the same system: the rows a thread
   owns change who computes an entry, never how, so the results must be the
   same bits. Every rows_per_thread visits every order 1..64; long double
   runs on the short order list. */
ParameterizedTestParameters(coop_accuracy, grid) {
    return family_params();
}

ParameterizedTest(const int *index, coop_accuracy, grid) {
    const coop_solver *head = coop_solvers[*index];
    const int *orders;
    const int norders = coop_orders(coop_quick() || head->type == TDLS_TEST_LDOUBLE, &orders);
    for (int o = 0; o < norders; ++o) {
        const int n = orders[o];
        const tdls_test_kind kind = (tdls_test_kind)((n + *index) % TDLS_TEST_KIND_COUNT);
        coop_sys *first = NULL;
        for (int rpt = 1; rpt <= 4; ++rpt) {
            const coop_solver *s = coop_find(head->type, head->layout, head->interchange, rpt);
            if (!s)
                continue;
            coop_sys *y = coop_sys_new(s, kind, n, 1, 1, 1);
            const int t = s->threads_per_system(n);
            cr_assert_eq(t, (n + rpt - 1) / rpt, "%s n=%d: threads_per_system %d", s->name, n, t);
            coop_pipeline(&y, 1, t, t);
            expect_ratios(y, tdls_test_kind_name(kind));
            if (first) {
                coop_expect_same_sys(first, y, s->name);
                coop_sys_free(y);
            } else {
                first = y;
            }
        }
        coop_sys_free(first);
    }
}

/* The table holds the whole grid: every rows_per_thread 1..4 of every
   float and double family, and long double where it is built. */
Test(coop_accuracy, table_covers_grid) {
    const int ld = COOP_TEST_LONG_DOUBLE;
    for (int type = TDLS_TEST_FLOAT; type <= (ld ? TDLS_TEST_LDOUBLE : TDLS_TEST_DOUBLE); ++type)
        for (int layout = TDLS_ROW_MAJOR; layout <= TDLS_COL_MAJOR; ++layout)
            for (int ichg = TDLS_LOGICAL; ichg <= TDLS_PHYSICAL; ++ichg)
                for (int rpt = 1; rpt <= 4; ++rpt) {
                    if (type == TDLS_TEST_LDOUBLE && rpt % 2 == 0)
                        continue;
                    cr_expect_not_null(coop_find((tdls_test_type)type, layout, ichg, rpt),
                                       "no %s configuration, layout %d, interchange %d, "
                                       "rows_per_thread %d",
                                       tdls_test_type_name((tdls_test_type)type), layout, ichg,
                                       rpt);
                }
}

/* The same systems in three parallel regions: one group per region of T
   threads (the reference), one group with three threads beyond T (they
   only join the barriers), and G = 3 groups in lockstep on the region's
   barrier, with and without a spare thread per group and one extra thread
   in the last group. Each group has its own workspace. */
static void shared_regions(const coop_solver *s, int n) {
    enum { G = 3 };
    const int t = s->threads_per_system(n);
    const struct {
        int threads, group, count;
        const char *what;
    } variants[] = {
        {t + 3, t + 3, 1, "one group and 3 extra threads"},
        {G * t, t, G, "3 groups in lockstep"},
        {G * (t + 1) + 1, t + 1, G, "3 groups of T+1 threads, one more in the last"},
    };
    coop_sys *ref[G];
    for (int k = 0; k < G; ++k) {
        ref[k] = coop_sys_new(s, (tdls_test_kind)k, n, 1, (uint64_t)k + 5, 1);
        coop_pipeline(&ref[k], 1, t, t);
        cr_expect_eq(ref[k]->info, 0, "%s n=%d system %d: info %d", s->name, n, k, ref[k]->info);
    }
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; ++v) {
        coop_sys *y[G];
        for (int k = 0; k < variants[v].count; ++k)
            y[k] = coop_sys_new(s, (tdls_test_kind)k, n, 1, (uint64_t)k + 5, 1);
        coop_pipeline(y, variants[v].count, variants[v].threads, variants[v].group);
        for (int k = 0; k < variants[v].count; ++k) {
            coop_expect_same_sys(ref[k], y[k], variants[v].what);
            coop_sys_free(y[k]);
        }
    }
    for (int k = 0; k < G; ++k)
        coop_sys_free(ref[k]);
}

/* Every configuration of the grid on every third order of the short list,
   shifted by the configuration, up to 64 threads per region. */
Test(coop_accuracy, shared_regions) {
    const int *orders;
    const int norders = coop_orders(1, &orders);
    for (int i = 0; i < coop_solver_count; ++i) {
        const coop_solver *s = coop_solvers[i];
        if (s->order != 0 || s->sync != TDLS_SYNC_TEAM || !coop_visit(i))
            continue;
        for (int o = i % 3; o < norders; o += 3)
            if (3 * (s->threads_per_system(orders[o]) + 1) + 1 <= 64)
                shared_regions(s, orders[o]);
    }
}

/* The ratios of this suite see a wrong factor entry, a wrong pivot and a
   wrong solution entry: the grid can fail. */
Test(coop_accuracy, ratios_detect_errors) {
    const coop_solver *s = coop_find(TDLS_TEST_DOUBLE, TDLS_ROW_MAJOR, TDLS_LOGICAL, 1);
    cr_assert_not_null(s);
    const int n = 9, t = s->threads_per_system(n);
    coop_sys *y = coop_sys_new(s, TDLS_TEST_RANDOM, n, 1, 3, 1);
    coop_pipeline(&y, 1, t, t);
    cr_assert(coop_factor_ratio(y) < COOP_BOUND && coop_solve_ratio(y, y->x, 0, 0) < COOP_BOUND
              && coop_solve_ratio(y, y->xt, 1, 0) < COOP_BOUND);
    /* The plain solution does not solve the transposed system. */
    cr_expect(coop_solve_ratio(y, y->x, 1, 0) > 1e3L);
    const ptrdiff_t e = 4 * n + 7; /* M(7, 4), under the diagonal */
    const long double v = tdls_test_get(s->type, y->a, e);
    tdls_test_set(s->type, y->a, e, v * (1 + 1e-9L));
    cr_expect(coop_factor_ratio(y) > 1e3L, "a perturbed multiplier passes");
    tdls_test_set(s->type, y->a, e, v);
    const int p = y->piv[0];
    y->piv[0] = y->piv[1];
    y->piv[1] = p;
    cr_expect(coop_factor_ratio(y) > 1e3L, "exchanged pivots pass");
    const long double x = tdls_test_get(s->type, y->x, 2);
    tdls_test_set(s->type, y->x, 2, x * (1 + 1e-9L));
    cr_expect(coop_solve_ratio(y, y->x, 0, 0) > 1e3L, "a perturbed solution passes");
    coop_sys_free(y);
}
