/* SPDX-License-Identifier: BSD-3-Clause */
/* The host driver of the batched API in a team smaller than the one it
   asks for: under a thread limit below the requested count (ctest runs
   this program with OMP_THREAD_LIMIT=2 and the tests ask for 4), and
   called from inside the application's own parallel region, where the
   driver's region runs on one thread. Every system is still solved, with
   the bits of a one-thread call. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "batch_test.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* 200 systems make at least 7 blocks at every block width of the host
   driver (at most 32 systems), so at least 4 passes when 4 threads are
   asked for: the driver then plans for all 4 threads. */
enum { BATCH = 200, NRHS = 2, ASKED = 4, LIMIT = 2 };
/* The runtime-order and the compiled-order instances of the driver. */
static const int orders[] = {3, 8, 20};
#define ORDER_COUNT ((int)(sizeof orders / sizeof orders[0]))

#ifdef _OPENMP
/* The systems of every test here, of order n. */
static void init(bt_results *r, const bt_param *p, int n) {
    bt_results_init(r, bt_apis[p->type], (bt_layout)p->layout, n, NRHS, BATCH, n % 2, 20u + n, -1);
}

/* Those systems solved on the host with the driver asking for `threads`. */
static void solve(bt_results *r, const bt_param *p, int n, int threads) {
    omp_set_num_threads(threads);
    cr_assert_eq(omp_get_max_threads(), threads);
    init(r, p, n);
    bt_results_solve(r, TDLS_HOST);
}
#endif

ParameterizedTestParameters(batch_teams, thread_limit) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* The driver asks for 4 threads and the runtime gives 2. */
ParameterizedTest(const bt_param *p, batch_teams, thread_limit) {
#ifdef _OPENMP
    cr_assert_eq(omp_get_thread_limit(), LIMIT, "ctest runs batch_teams with OMP_THREAD_LIMIT=%d",
                 LIMIT);
    int team = 0;
#pragma omp parallel num_threads(ASKED)
    if (omp_get_thread_num() == 0)
        team = omp_get_num_threads();
    cr_assert_eq(team, LIMIT, "a region asking for %d threads got %d", ASKED, team);
    for (int o = 0; o < ORDER_COUNT; ++o) {
        bt_results ref, narrow;
        solve(&ref, p, orders[o], 1);
        solve(&narrow, p, orders[o], ASKED);
        bt_results_expect_same(&ref, &narrow, BATCH, "thread limit");
        bt_results_free(&ref);
        bt_results_free(&narrow);
    }
#else
    cr_assert(0, "no OpenMP: there are no teams to narrow (build with TDLS_OPENMP=ON)");
    (void)p;
#endif
}

ParameterizedTestParameters(batch_teams, nested_region) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* Each thread of the application's region solves a batch of its own; with
   one active level, the driver's region inside runs on one thread while
   it asks for 4. */
ParameterizedTest(const bt_param *p, batch_teams, nested_region) {
#ifdef _OPENMP
    omp_set_max_active_levels(1);
    for (int o = 0; o < ORDER_COUNT; ++o) {
        const int n = orders[o];
        bt_results ref, mine[LIMIT];
        solve(&ref, p, n, 1);
        for (int t = 0; t < LIMIT; ++t)
            init(&mine[t], p, n);
        omp_set_num_threads(ASKED);
        int outer = 0, asked[LIMIT] = {0}, inner[LIMIT] = {0}, ret[LIMIT] = {0};
        const char *op[LIMIT] = {"none", "none"};
#pragma omp parallel num_threads(LIMIT)
        {
            const int t = omp_get_thread_num();
            if (t == 0)
                outer = omp_get_num_threads();
            asked[t] = omp_get_max_threads();
#pragma omp parallel num_threads(ASKED)
            if (omp_get_thread_num() == 0)
                inner[t] = omp_get_num_threads();
            ret[t] = bt_results_run(&mine[t], TDLS_HOST, &op[t]);
        }
        cr_assert_eq(outer, LIMIT, "the application's region got %d threads", outer);
        for (int t = 0; t < LIMIT; ++t) {
            cr_assert_eq(asked[t], ASKED, "thread %d: the driver would ask for %d threads", t,
                         asked[t]);
            cr_assert_eq(inner[t], 1, "thread %d: a nested region got %d threads", t, inner[t]);
            cr_assert_eq(ret[t], 0, "thread %d: %s returned %d", t, op[t], ret[t]);
            bt_results_expect_same(&ref, &mine[t], BATCH, "nested region");
            bt_results_free(&mine[t]);
        }
        bt_results_free(&ref);
    }
#else
    cr_assert(0, "no OpenMP: there is no region to nest in (build with TDLS_OPENMP=ON)");
    (void)p;
#endif
}
