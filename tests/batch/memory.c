/* SPDX-License-Identifier: BSD-3-Clause */
/* The host driver of the batched API when its scratch cannot be
   allocated: this program wraps aligned_alloc (-Wl,--wrap over the static
   library) so that the calls of one chosen thread fail. Whichever thread
   fails, on one thread or two, the call returns TDLS_BATCH_MEMORY_ERROR
   and leaves every array as it was; the next call solves. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stddef.h>

#include "batch_test.h"

#ifdef _OPENMP
#include <omp.h>
#endif

void *__real_aligned_alloc(size_t alignment, size_t size);
void *__wrap_aligned_alloc(size_t alignment, size_t size);

/* The thread whose allocations fail (-1: none), set between calls, and
   the allocations threads 0 and 1 asked for: the proof that the driver
   reached them. */
static int failing = -1;
static int calls[2];

void *__wrap_aligned_alloc(size_t alignment, size_t size) {
#ifdef _OPENMP
    const int t = omp_get_thread_num();
#else
    const int t = 0;
#endif
    if (t < 2) {
#pragma omp atomic update
        ++calls[t];
    }
    return t == failing ? NULL : __real_aligned_alloc(alignment, size);
}

/* 200 systems: at least 7 blocks at every block width of the driver, so
   at least 2 passes, one per thread. */
enum { BATCH = 200, NRHS = 2 };

/* A call's thread count and the thread whose allocation fails. */
typedef struct {
    int threads, fail;
} failure;

/* One failed call of op on threads threads, thread fail failing, then the
   same call with allocations restored. getrs first gets getrf's factors. */
static void fail_then_solve(const bt_param *p, int n, bt_op op, int threads, int fail) {
    const bt_layout layout = (bt_layout)p->layout;
    const char *const names[] = {"gesv", "getrf", "getrs"};
    const uint64_t seed = 30u + (uint64_t)n;
    bt_batch bt;
    bt_init(&bt, bt_apis[p->type], layout, n, NRHS, BATCH, 1);
    bt_fill(&bt, seed, -1);
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
    if (op == BT_GETRS)
        cr_assert_eq(bt_run(&bt, BT_GETRF, 'N', TDLS_HOST), 0);
    bt_snapshot before = bt_snapshot_take(&bt);
    calls[0] = calls[1] = 0;
    failing = fail;
    const int ret = bt_run(&bt, op, 'N', TDLS_HOST);
    failing = -1;
    cr_assert_eq(calls[fail], 1, "%s %s n=%d, %d thread(s): thread %d asked for %d allocations",
                 bt_layout_names[layout], names[op], n, threads, fail, calls[fail]);
    cr_assert_eq(calls[0] + calls[1], threads, "%s %s n=%d: %d allocations on %d thread(s)",
                 bt_layout_names[layout], names[op], n, calls[0] + calls[1], threads);
    cr_assert_eq(ret, TDLS_BATCH_MEMORY_ERROR, "%s %s n=%d, thread %d of %d failing: returned %d",
                 bt_layout_names[layout], names[op], n, fail, threads, ret);
    cr_assert(bt_snapshot_same(&bt, &before), "%s %s n=%d, thread %d of %d failing: data written",
              bt_layout_names[layout], names[op], n, fail, threads);
    bt_snapshot_free(&before);
    cr_assert_eq(bt_run(&bt, op, 'N', TDLS_HOST), 0);
    bt_check_ratios(&bt, op, 0, seed, -1, "after a failed allocation");
    bt_free(&bt);
}

ParameterizedTestParameters(batch_memory, scratch) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* Every operation of the layout, one order per instance of the driver,
   on one thread (no parallel region) and on two, each thread failing. */
ParameterizedTest(const bt_param *p, batch_memory, scratch) {
#ifdef _OPENMP
    static const int orders[] = {8, 20};
    static const failure cases[] = {{1, 0}, {2, 0}, {2, 1}};
    const int ops = bt_has_getrf((bt_layout)p->layout) ? 3 : 1;
    for (int o = 0; o < (int)(sizeof orders / sizeof *orders); ++o)
        for (int op = 0; op < ops; ++op)
            for (int c = 0; c < (int)(sizeof cases / sizeof *cases); ++c)
                fail_then_solve(p, orders[o], (bt_op)op, cases[c].threads, cases[c].fail);
#else
    cr_assert(0, "no OpenMP: there is no second thread to fail (build with TDLS_OPENMP=ON)");
    (void)p;
#endif
}
