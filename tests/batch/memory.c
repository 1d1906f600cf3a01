/* SPDX-License-Identifier: BSD-3-Clause */
/* The host driver's scratch: what a call allocates, what it keeps, and
   what it does when it cannot allocate. This program wraps aligned_alloc
   and free (-Wl,--wrap over the static library) to count the allocations
   of each thread, make those of one chosen thread fail, and see the kept
   scratch freed when its thread exits. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stddef.h>
#include <stdlib.h>
#include <threads.h>

#include "batch_test.h"

#ifdef _OPENMP
#include <omp.h>
#endif

void *__real_aligned_alloc(size_t alignment, size_t size);
void *__wrap_aligned_alloc(size_t alignment, size_t size);
void __real_free(void *p);
void __wrap_free(void *p);

/* The thread whose allocations fail (-1: none), set between calls, and
   the allocations threads 0 and 1 asked for: the proof that the driver
   reached them. */
static int failing = -1;
static int calls[2];
/* The last allocation of the running thread, and one allocation watched
   for its free. */
static _Thread_local void *last_allocation;
static void *watched;
static int watched_freed;

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
    void *const p = t == failing ? NULL : __real_aligned_alloc(alignment, size);
    last_allocation = p;
    return p;
}

void __wrap_free(void *p) {
    if (p && p == watched) {
#pragma omp atomic write
        watched_freed = 1;
    }
    __real_free(p);
}

/* Frees the scratch kept by the calling thread and by the threads of a
   region of two: the next call of either allocates. */
static void free_kept(void) {
#pragma omp parallel num_threads(2)
    tdls_free_host_scratch();
}

/* 2000 systems: at least 2 passes at every block width of the driver,
   and enough work for two threads (lib/batch_host.c, the floor of work
   per thread) in every call below. */
enum { BATCH = 2000, NRHS = 2 };

/* Random matrices, which pivot at nearly every step: what is tested here
   is the scratch, and the ill-conditioned generator (Householder products)
   would take most of the suite's time on these batches. */
enum { KIND = TDLS_TEST_RANDOM };

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
    bt_fill(&bt, seed, KIND);
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
    if (op == BT_GETRS)
        cr_assert_eq(bt_run(&bt, BT_GETRF, 'N', TDLS_HOST), 0);
    bt_snapshot before = bt_snapshot_take(&bt);
    free_kept();
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
    bt_check_ratios(&bt, op, 0, seed, KIND, "after a failed allocation");
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

/* One gesv call on bt: the allocations its threads made. */
static int gesv_allocations(bt_batch *bt) {
    calls[0] = calls[1] = 0;
    cr_assert_eq(bt_run(bt, BT_GESV, 'N', TDLS_HOST), 0);
    return calls[0] + calls[1];
}

ParameterizedTestParameters(batch_memory, kept) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* On one thread and on two: a call allocates one scratch per thread; the
   same call on another batch allocates nothing and gives the bits of a
   fresh scratch over the stale one; a call that needs more (more
   right-hand sides at a time) allocates again, one that needs less does
   not; after tdls_free_host_scratch every thread allocates again. */
ParameterizedTest(const bt_param *p, batch_memory, kept) {
#ifdef _OPENMP
    const bt_layout layout = (bt_layout)p->layout;
    for (int threads = 1; threads <= 2; ++threads) {
        omp_set_num_threads(threads);
        bt_batch first, other, again, wide;
        bt_init(&first, bt_apis[p->type], layout, 20, 1, BATCH, 1);
        bt_init(&other, bt_apis[p->type], layout, 20, 1, BATCH, 1);
        bt_init(&again, bt_apis[p->type], layout, 20, 1, BATCH, 1);
        bt_init(&wide, bt_apis[p->type], layout, 20, 8, BATCH, 1);
        bt_fill(&first, 41, KIND);
        bt_fill(&other, 42, KIND);
        bt_fill(&again, 41, KIND);
        bt_fill(&wide, 43, KIND);
        free_kept();
        cr_assert_eq(gesv_allocations(&first), threads, "%s, %d thread(s): first call",
                     bt_layout_names[layout], threads);
        cr_assert_eq(gesv_allocations(&other), 0, "%s, %d thread(s): same size",
                     bt_layout_names[layout], threads);
        cr_assert_eq(gesv_allocations(&again), 0, "%s, %d thread(s): same call",
                     bt_layout_names[layout], threads);
        const char *what = NULL;
        cr_assert_eq(bt_first_difference(&first, &again, &what), -1,
                     "%s, %d thread(s): over a kept scratch, the %s differ",
                     bt_layout_names[layout], threads, what);
        cr_assert_eq(gesv_allocations(&wide), threads, "%s, %d thread(s): more right-hand sides",
                     bt_layout_names[layout], threads);
        bt_fill(&first, 41, KIND);
        cr_assert_eq(gesv_allocations(&first), 0, "%s, %d thread(s): fewer right-hand sides",
                     bt_layout_names[layout], threads);
        cr_assert_eq(bt_first_difference(&first, &again, &what), -1,
                     "%s, %d thread(s): after a wider call, the %s differ", bt_layout_names[layout],
                     threads, what);
        free_kept();
        bt_fill(&first, 41, KIND);
        cr_assert_eq(gesv_allocations(&first), threads, "%s, %d thread(s): after the free",
                     bt_layout_names[layout], threads);
        bt_free(&first);
        bt_free(&other);
        bt_free(&again);
        bt_free(&wide);
    }
#else
    cr_assert(0, "no OpenMP: no threads to keep a scratch (build with TDLS_OPENMP=ON)");
    (void)p;
#endif
}

/* A thread that solves a batch on one thread of its own and exits:
   returns 0 when the call succeeded and allocated. */
static int solve_and_exit(void *arg) {
    bt_batch *const bt = arg;
#ifdef _OPENMP
    omp_set_num_threads(1);
#endif
    last_allocation = NULL;
    if (bt_run(bt, BT_GESV, 'N', TDLS_HOST) != 0 || !last_allocation)
        return 1;
    watched = last_allocation;
    return 0;
}

/* The scratch a thread keeps is freed when the thread exits. */
Test(batch_memory, thread_exit) {
    bt_batch bt;
    bt_init(&bt, bt_apis[0], (bt_layout)0, 12, 1, BATCH, 1);
    bt_fill(&bt, 44, KIND);
    thrd_t thread;
    int status = -1;
    cr_assert_eq(thrd_create(&thread, solve_and_exit, &bt), thrd_success);
    cr_assert_eq(thrd_join(thread, &status), thrd_success);
    cr_assert_eq(status, 0, "the thread's call failed or allocated nothing");
    int freed;
#pragma omp atomic read
    freed = watched_freed;
    cr_assert(freed, "the scratch kept by a thread that exited was not freed");
    bt_check_ratios(&bt, BT_GESV, 0, 44, KIND, "on a thread of its own");
    bt_free(&bt);
}

/* The driver's floor of work per thread: 64 systems of order 4 run on
   one thread of the two asked for, 2000 of order 20 on both; with the
   floor lifted (TDLS_HOST_THREAD_WORK=0, read at the first call), the 64
   systems on both too. Each thread that runs allocates one scratch. */
static void threads_used(int small_expected) {
    bt_batch small, large;
    bt_init(&small, bt_apis[1], BT_IL, 4, 1, 64, 1);
    bt_init(&large, bt_apis[1], BT_IL, 20, 1, BATCH, 1);
    bt_fill(&small, 45, KIND);
    bt_fill(&large, 46, KIND);
    omp_set_num_threads(2);
    free_kept();
    cr_assert_eq(gesv_allocations(&small), small_expected, "64 systems of order 4 on 2 threads");
    free_kept();
    cr_assert_eq(gesv_allocations(&large), 2, "2000 systems of order 20 on 2 threads");
    bt_check_ratios(&small, BT_GESV, 0, 45, KIND, "64 systems of order 4");
    bt_free(&small);
    bt_free(&large);
}

Test(batch_memory, work_floor) {
#ifdef _OPENMP
    threads_used(1);
#else
    cr_assert(0, "no OpenMP: no threads to count (build with TDLS_OPENMP=ON)");
#endif
}

Test(batch_memory, work_floor_lifted) {
#ifdef _OPENMP
    cr_assert_eq(setenv("TDLS_HOST_THREAD_WORK", "0", 1), 0);
    threads_used(2);
#else
    cr_assert(0, "no OpenMP: no threads to count (build with TDLS_OPENMP=ON)");
#endif
}
