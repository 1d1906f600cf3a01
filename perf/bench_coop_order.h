/* SPDX-License-Identifier: BSD-3-Clause */
/* The CooperativeLUpp configurations of tdls-bench-coop at one order:
   define BENCH_COOP_ORDER, include, and get bc<order>_cfgs. A team of a GPU
   holds every row on its own thread; libomp's host teams hold one thread
   per core, so the benchmark picks at run time the configurations whose
   groups fit the teams it gets. */

#define BENCH_COOP_ORDER_FN(x) TDLS_CAT(TDLS_CAT(bc, BENCH_COOP_ORDER), TDLS_CAT(_, x))

/* One system per team, a thread per row: GPUs. */
#define BENCH_COOP_NAME BENCH_COOP_ORDER_FN(team)
#define BENCH_COOP_N    BENCH_COOP_ORDER
#define BENCH_COOP_R    1
#define BENCH_COOP_SYNC TDLS_SYNC_TEAM
#define BENCH_COOP_GMAX 1
#include "bench_coop_kernel.h"

/* One system per team of two threads: host teams on two cores or more. */
#define BENCH_COOP_NAME BENCH_COOP_ORDER_FN(pair)
#define BENCH_COOP_N    BENCH_COOP_ORDER
#define BENCH_COOP_R    (BENCH_COOP_ORDER / 2)
#define BENCH_COOP_SYNC TDLS_SYNC_TEAM
#define BENCH_COOP_GMAX 1
#include "bench_coop_kernel.h"

/* Sub-groups inside one warp (rows per thread so that a group fits in 32
   lanes), BENCH_COOP_TEAM threads per team: GPUs. */
#define BENCH_COOP_NAME BENCH_COOP_ORDER_FN(warp)
#define BENCH_COOP_N    BENCH_COOP_ORDER
#define BENCH_COOP_R    ((BENCH_COOP_ORDER + 31) / 32)
#define BENCH_COOP_SYNC TDLS_SYNC_WARP
#define BENCH_COOP_GMAX (BENCH_COOP_TEAM / BENCH_COOP_LANES((BENCH_COOP_ORDER + 31) / 32))
#include "bench_coop_kernel.h"

/* One thread per system, several per team: any host team, and the last
   resort of a team of one thread. */
#define BENCH_COOP_NAME BENCH_COOP_ORDER_FN(solo)
#define BENCH_COOP_N    BENCH_COOP_ORDER
#define BENCH_COOP_R    BENCH_COOP_ORDER
#define BENCH_COOP_SYNC TDLS_SYNC_WARP
#define BENCH_COOP_GMAX 8
#include "bench_coop_kernel.h"

static const struct bench_coop_order BENCH_COOP_ORDER_FN(cfgs) = {
    BENCH_COOP_ORDER, &BENCH_COOP_ORDER_FN(team_cfg), &BENCH_COOP_ORDER_FN(pair_cfg),
    &BENCH_COOP_ORDER_FN(warp_cfg), &BENCH_COOP_ORDER_FN(solo_cfg)};

#undef BENCH_COOP_ORDER_FN
#undef BENCH_COOP_ORDER
