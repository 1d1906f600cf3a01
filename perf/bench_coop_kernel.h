/* SPDX-License-Identifier: BSD-3-Clause */
/* One CooperativeLUpp configuration of tdls-bench-coop and its batch kernel,
   a template like the solver headers: define BENCH_COOP_NAME, _N, _R (rows
   per thread), _SYNC and _GMAX (most groups per team), then include. */

#define TDLS_COOP_NAME            BENCH_COOP_NAME
#define TDLS_COOP_N               BENCH_COOP_N
#define TDLS_COOP_ROWS_PER_THREAD BENCH_COOP_R
#define TDLS_COOP_SYNC            BENCH_COOP_SYNC
#include <tdls/coop_lupp.h>

#define BENCH_COOP_FN(x) TDLS_CAT(BENCH_COOP_NAME, TDLS_CAT(_, x))

/* The example kernel: `target teams distribute` over the batch, `groups`
   systems per team, each on `lanes` consecutive threads (at least
   threads_per_system; on a GPU with the warp barrier, a divisor of the warp
   size). The workspace is declared in the teams region, outside parallel,
   with a compile-time size: clang places it in shared memory. System k is
   contiguous: A at a + k*n*n (row-major), its right-hand side at y + k*n,
   overwritten by the solution. The arrays are already on the device. */
static void BENCH_COOP_FN(batch)(long batch, int groups, int lanes, double *a, int *piv, double *y,
                                 int *info) {
    enum { n = BENCH_COOP_N };
#pragma omp target teams distribute thread_limit(groups *lanes)
    for (long k0 = 0; k0 < batch; k0 += groups) {
        double work[BENCH_COOP_GMAX][TDLS_COOP_WORKSPACE(n)];
#pragma omp parallel num_threads(groups *lanes)
        {
            const int g = omp_get_thread_num() / lanes;
            const long k = k0 + g;
            /* A group past the end of the batch only joins the barriers. */
            const int tx = k < batch ? omp_get_thread_num() % lanes : lanes;
            const int t = BENCH_COOP_FN(solve_inplace)(tx, a + k * n * n, 1, piv + k * n, 1,
                                                       y + k * n, 1, work[g]);
            if (tx == 0)
                info[k] = t;
        }
    }
}

static const struct bench_coop_cfg BENCH_COOP_FN(cfg) = {
    BENCH_COOP_R, BENCH_COOP_SYNC, BENCH_COOP_GMAX,
    (BENCH_COOP_N + BENCH_COOP_R - 1) / BENCH_COOP_R, BENCH_COOP_FN(batch)};

#undef BENCH_COOP_FN
#undef BENCH_COOP_NAME
#undef BENCH_COOP_N
#undef BENCH_COOP_R
#undef BENCH_COOP_SYNC
#undef BENCH_COOP_GMAX
