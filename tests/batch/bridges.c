/* SPDX-License-Identifier: BSD-3-Clause */
/* Bitwise bridges of the batched API (anchored to the oracle by
   batch_accuracy): the same systems give the same bits for 1, 2 and 3
   threads, in every layout, in a batch whose tail block is partial and in a
   larger one, for every instruction-set variant of the host driver, and on
   the host and the offload device 0 (host offload:
   bitwise; a GPU: held to the ratios). gesv against getrf + getrs is
   bridged in batch_accuracy's grid. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../offload/batch_tuning.h"
#include "batch_test.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#ifndef TDLS_TEST_OFFLOAD
#error "bridges.c: the build defines TDLS_TEST_OFFLOAD (1 in offload builds)."
#endif

/* Orders around the host driver's block boundaries and the extremes. */
static const int orders[] = {1, 2, 3, 7, 8, 9, 16, 17, 31, 33, 64};
#define ORDER_COUNT ((int)(sizeof orders / sizeof orders[0]))
/* Not a multiple of 8 or 16: every run has a partial tail block. */
enum { BATCH = 37, NRHS = 2 };

/* The bridges' results, every call asserted to return 0. */
static void run_all(bt_results *r, const bt_api *api, bt_layout layout, int n, int nrhs,
                    int64_t batch, int pad, uint64_t seed, int kind, int device) {
    bt_results_init(r, api, layout, n, nrhs, batch, pad, seed, kind);
    bt_results_solve(r, device);
}

#if TDLS_TEST_OFFLOAD_HOST
/* The first `count` systems of x and y have the same factors, pivots and
   infos (gesv and getrf; getrs T has no factors of its own). */
static void expect_same_factors(const bt_results *x, const bt_results *y, int64_t count,
                                const char *bridge) {
    const bt_batch *const xs[2] = {&x->gesv, &x->getrs_n};
    const bt_batch *const ys[2] = {&y->gesv, &y->getrs_n};
    for (int o = 0; o < (x->full && y->full ? 2 : 1); ++o) {
        const bt_batch *const u = xs[o], *const v = ys[o];
        for (int64_t k = 0; k < count; ++k) {
            cr_assert_eq(u->info[k], v->info[k], "%s bridge: info of system %lld", bridge,
                         (long long)k);
            for (int i = 0; i < u->n; ++i) {
                cr_assert_eq(u->ipiv[bt_ipiv_at(u, k, i)], v->ipiv[bt_ipiv_at(v, k, i)],
                             "%s bridge: ipiv of system %lld", bridge, (long long)k);
                for (int j = 0; j < u->n; ++j)
                    cr_assert(memcmp((const char *)u->a + bt_a_at(u, k, i, j) * u->es,
                                     (const char *)v->a + bt_a_at(v, k, i, j) * v->es, u->es)
                                  == 0,
                              "%s bridge, %s n=%d: factor (%d,%d) of system %lld differs", bridge,
                              bt_layout_names[u->layout], u->n, i, j, (long long)k);
            }
        }
    }
}

#endif

#if TDLS_TEST_OFFLOAD
/* Results of device 0 held to the oracle's ratios. */
static void check_device_ratios(const bt_results *dev, int n, int kind) {
    bt_check_ratios(&dev->gesv, BT_GESV, 0, 90u + n, kind, "device 0 gesv");
    if (dev->full) {
        bt_check_ratios(&dev->getrs_n, BT_GETRS, 0, 90u + n, kind, "device 0 getrs N");
        bt_check_ratios(&dev->getrs_t, BT_GETRS, 1, 90u + n, kind, "device 0 getrs T");
    }
}
#endif

ParameterizedTestParameters(batch_bridges, threads) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* 1, 2 and 3 threads: the systems a thread takes change, their bits may not. */
ParameterizedTest(const bt_param *p, batch_bridges, threads) {
#ifdef _OPENMP
    for (int o = 0; o < ORDER_COUNT; ++o) {
        const int n = orders[o];
        bt_results ref, other;
        omp_set_num_threads(1);
        run_all(&ref, bt_apis[p->type], (bt_layout)p->layout, n, NRHS, BATCH, 0, 40u + n, -1,
                TDLS_HOST);
        for (int threads = 2; threads <= 3; ++threads) {
            omp_set_num_threads(threads);
            cr_assert_eq(omp_get_max_threads(), threads);
            run_all(&other, bt_apis[p->type], (bt_layout)p->layout, n, NRHS, BATCH, 0, 40u + n, -1,
                    TDLS_HOST);
            bt_results_expect_same(&ref, &other, BATCH, "thread count");
            bt_results_free(&other);
        }
        bt_results_free(&ref);
    }
#else
    cr_assert(0, "no OpenMP: there are no thread counts to compare (build with TDLS_OPENMP=ON)");
    (void)p;
#endif
}

ParameterizedTestParameters(batch_bridges, layouts) {
    return bt_params(BT_ROW, BT_LAYOUT_COUNT - 1);
}

/* Each layout against the interleaved one (the GPU layout): the same
   systems, stored otherwise (with padding for odd orders), the same bits.
   Interleaved against itself is the determinism of two runs. */
ParameterizedTest(const bt_param *p, batch_bridges, layouts) {
    const bt_api *api = bt_apis[p->type];
    for (int o = 0; o < ORDER_COUNT; ++o) {
        const int n = orders[o];
        for (int nrhs = 1; nrhs <= 7; nrhs += 6) {
            bt_results ref, other;
            run_all(&ref, api, BT_IL, n, nrhs, BATCH, 0, 60u + n, -1, TDLS_HOST);
            run_all(&other, api, (bt_layout)p->layout, n, nrhs, BATCH, n % 2 ? 2 : 0, 60u + n, -1,
                    TDLS_HOST);
            bt_results_expect_same(&ref, &other, BATCH, "layout");
            bt_results_free(&ref);
            bt_results_free(&other);
        }
    }
}

ParameterizedTestParameters(batch_bridges, tail_block) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* Batches of 1, 2, 8, 9, 15, 17, 63 and 65 systems (tails of every length
   in the host driver's blocks; up to 8 systems, one system per block)
   against the same systems at the head of a batch of 160, where they all
   sit in full blocks. */
ParameterizedTest(const bt_param *p, batch_bridges, tail_block) {
    static const int sizes[] = {1, 2, 8, 9, 15, 17, 63, 65};
    static const int tail_orders[] = {1, 4, 9, 16, 24};
    for (int o = 0; o < (int)(sizeof tail_orders / sizeof *tail_orders); ++o) {
        const int n = tail_orders[o];
        bt_results big;
        run_all(&big, bt_apis[p->type], (bt_layout)p->layout, n, NRHS, 160, 0, 80u + n, -1,
                TDLS_HOST);
        for (int s = 0; s < (int)(sizeof sizes / sizeof *sizes); ++s) {
            bt_results small;
            run_all(&small, bt_apis[p->type], (bt_layout)p->layout, n, NRHS, sizes[s], 1, 80u + n,
                    -1, TDLS_HOST);
            bt_results_expect_same(&small, &big, sizes[s], "tail block");
            bt_results_free(&small);
        }
        bt_results_free(&big);
    }
}

ParameterizedTestParameters(batch_bridges, isa) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* The host driver's instruction-set variants (TDLS_HOST_ISA caps the one
   picked at each call): baseline x86-64 and AVX2 against the widest this
   CPU runs. Where the CPU or the compiler has no such variant, the cap
   picks the same one and the bridge holds trivially. */
ParameterizedTest(const bt_param *p, batch_bridges, isa) {
    static const char *const caps[] = {"baseline", "avx2"};
    /* Each side of the variants' splits between blocks (16, and 32 for
       interleaved double batches with AVX-512). */
    static const int isa_orders[] = {1, 3, 8, 12, 16, 17, 24, 32, 33};
    for (int o = 0; o < (int)(sizeof isa_orders / sizeof *isa_orders); ++o) {
        const int n = isa_orders[o];
        bt_results ref;
        cr_assert_eq(unsetenv("TDLS_HOST_ISA"), 0);
        run_all(&ref, bt_apis[p->type], (bt_layout)p->layout, n, NRHS, BATCH, 0, 100u + n, -1,
                TDLS_HOST);
        for (int c = 0; c < 2; ++c) {
            bt_results other;
            cr_assert_eq(setenv("TDLS_HOST_ISA", caps[c], 1), 0);
            run_all(&other, bt_apis[p->type], (bt_layout)p->layout, n, NRHS, BATCH, 0, 100u + n, -1,
                    TDLS_HOST);
            bt_results_expect_same(&ref, &other, BATCH, caps[c]);
            bt_results_free(&other);
        }
        cr_assert_eq(unsetenv("TDLS_HOST_ISA"), 0);
        bt_results_free(&ref);
    }
}

#if TDLS_TEST_OFFLOAD
ParameterizedTestParameters(batch_bridges, device) {
    return bt_params(0, BT_LAYOUT_COUNT - 1);
}

/* Device 0 with memory from omp_target_alloc (pointer arrays included)
   against the host: bitwise under host offload (the promise of tdls.h);
   a GPU rounds differently (FMA, division), so there each result is held
   to the oracle's ratios instead. Also a batch of 10^5, many teams. */
ParameterizedTest(const bt_param *p, batch_bridges, device) {
    /* The precondition: device 0 runs target regions as an offload
       device, not through a fallback to the host. */
    cr_assert_geq(bt_num_devices(), 1, "an offload build sees no device");
    cr_assert_eq(tdls_offload_probe(0), 0, "device 0 does not run target regions");
    static const int device_orders[] = {1, 8, 9, 13, 17, 33, 64};
#if TDLS_TEST_OFFLOAD_HOST
    /* TDLS_BATCH_DEVICE_KERNELS=gpu (the batch_bridges_gpu_kernels run)
       sends device 0 the GPU kernels: TiledLUpp per thread gives the
       host's bits; CooperativeLUpp gives its factors, and solutions
       with its own order of operations, held to the ratios. */
    const char *const force = getenv("TDLS_BATCH_DEVICE_KERNELS");
    const int gpu_kernels = force && strcmp(force, "gpu") == 0;
    const int gpu_tiled_max =
        p->type == 0 ? TDLS_BATCH_GPU_TILED_MAX_N_FLOAT : TDLS_BATCH_GPU_TILED_MAX_N_DOUBLE;
#endif
    const int count = (int)(sizeof device_orders / sizeof device_orders[0]);
    const bt_api *api = bt_apis[p->type];
    const bt_layout layout = (bt_layout)p->layout;
    /* The 10^5 batch (many teams) in two layouts only: the copies to and
       from the device double its cost. */
    const int large = layout == BT_ROW || layout == BT_IL;
    for (int o = 0; o < count + large; ++o) {
        const int n = o < count ? device_orders[o] : 4;
        const int64_t batch = o < count ? BATCH : 100000;
        const int pad = n % 2;
        bt_results host, dev;
        /* Random matrices for the large batch: the generators of the other
           kinds would dominate its run time. */
        const int kind = o < count ? -1 : TDLS_TEST_RANDOM;
        run_all(&host, api, layout, n, NRHS, batch, pad, 90u + n, kind, TDLS_HOST);
        run_all(&dev, api, layout, n, NRHS, batch, pad, 90u + n, kind, 0);
#if TDLS_TEST_OFFLOAD_HOST
        if (!gpu_kernels || n <= gpu_tiled_max) {
            bt_results_expect_same(&host, &dev, batch, "host vs device 0");
        } else {
            expect_same_factors(&host, &dev, batch, "host vs device 0");
            check_device_ratios(&dev, n, kind);
        }
#else
        check_device_ratios(&dev, n, kind);
#endif
        cr_assert_eq(bt_padding_damage(&dev.gesv), 0, "device 0 wrote padding");
        bt_results_free(&host);
        bt_results_free(&dev);
    }
}
#endif

/* The comparison behind every bridge sees one flipped bit in any operand
   of any system, in any pair of layouts, and the padding check sees a
   write outside the systems: the bridges can fail. */
Test(batch_bridges, comparison_detects_differences) {
    for (int l = 0; l < BT_LAYOUT_COUNT; ++l) {
        bt_batch x, y;
        bt_init(&x, &bt_api_d, BT_IL, 3, 2, 5, 0);
        bt_init(&y, &bt_api_d, (bt_layout)l, 3, 2, 5, 1);
        bt_fill(&x, 1, -1);
        bt_fill(&y, 1, -1);
        for (int k = 0; k < 5; ++k) {
            x.info[k] = y.info[k] = 0;
            const int ipiv[3] = {1, 3, 3};
            bt_set_ipiv(&x, k, ipiv);
            bt_set_ipiv(&y, k, ipiv);
        }
        const char *what;
        cr_assert_eq(bt_first_difference(&x, &y, &what), -1, "%s: %s", bt_layout_names[l], what);
        double *a = y.a, *b = y.b;
        const int64_t ia = bt_a_at(&y, 2, 1, 2), ib = bt_b_at(&y, 4, 2, 1);
        a[ia] = nextafter(a[ia], 1e300);
        cr_expect(bt_system_differs(&x, &y, 2, &what) && bt_first_difference(&x, &y, &what) == 2);
        a[ia] = nextafter(a[ia], -1e300);
        b[ib] = -b[ib];
        cr_expect(bt_first_difference(&x, &y, &what) == 4 && !bt_same_b(&x, &y, 4));
        b[ib] = -b[ib];
        y.ipiv[bt_ipiv_at(&y, 0, 2)] = 2;
        cr_expect(bt_first_difference(&x, &y, &what) == 0);
        y.ipiv[bt_ipiv_at(&y, 0, 2)] = 3;
        y.info[3] = 1;
        cr_expect(bt_first_difference(&x, &y, &what) == 3);
        cr_expect_eq(bt_padding_damage(&y), 0);
        if (l != BT_IL) { /* the interleaved layout has no padding */
            a[bt_a_at(&y, 1, 2, 2) + 1] = 0;
            cr_expect_gt(bt_padding_damage(&y), 0, "%s: a write to padding", bt_layout_names[l]);
        }
        bt_free(&x);
        bt_free(&y);
    }
}
