/* SPDX-License-Identifier: BSD-3-Clause */
/* 64-bit indexing: strided batches whose systems lie beyond element 2^31
   and 2^32 of their arrays (a, b and ipiv), in sparse anonymous mappings
   that cost memory only where they are touched, against the same systems
   stored compactly: the same bits. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "batch_test.h"

/* Why strided only: in the interleaved layout every system's entries are
   spread over the whole array (entry (i,j) of system k at
   (i + j*n) * batch + k), so an array beyond 2^31 elements needs a batch
   of more than 2^31 / n^2 systems, and a run touches all of them: at
   least 2^31 values, their pivots and infos, over 8 GB for one call. With
   strides, a batch of three systems reaches element 2^32 and touches a few
   pages. The host-offload device is left out for the same reason: its
   memory comes from omp_target_alloc (no sparse mapping), and the copies
   to and from it would touch every page. */

/* Strides above 2^31, odd, and different for each operand, so that an
   offset computed in 32 bits lands elsewhere for each. System 2 starts
   beyond element 2^32. */
#define STRIDE_A    (((int64_t)1 << 31) + 3)
#define STRIDE_B    (((int64_t)1 << 31) + 5)
#define STRIDE_IPIV (((int64_t)1 << 31) + 7)
enum { BATCH = 3, NRHS = 2 };

static void *map_sparse(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* bt with the huge strides; its arrays mapped, zero-filled by the kernel. */
static void init_huge(bt_batch *bt, const bt_api *api, bt_layout layout, int n) {
    bt_batch shape; /* the compact batch gives lda, ldb and the element size */
    bt_init(&shape, api, layout, n, NRHS, BATCH, 0);
    *bt = shape;
    bt->stride_a = STRIDE_A;
    bt->stride_b = STRIDE_B;
    bt->stride_ipiv = STRIDE_IPIV;
    bt->a_count = (BATCH - 1) * bt->stride_a + (int64_t)n * bt->lda;
    bt->b_count = (BATCH - 1) * bt->stride_b + shape.b_count / BATCH;
    bt->ipiv_count = (BATCH - 1) * bt->stride_ipiv + n;
    bt->a = map_sparse(bt->es * (size_t)bt->a_count);
    bt->b = map_sparse(bt->es * (size_t)bt->b_count);
    bt->ipiv = map_sparse(sizeof(int) * (size_t)bt->ipiv_count);
    bt->info = tdls_test_xmalloc(sizeof(int) * BATCH);
    cr_assert(bt->a && bt->b && bt->ipiv,
              "mmap of %lld + %lld elements with MAP_NORESERVE failed: the test needs about 80 GB "
              "of address space (vm.overcommit_memory 0 or 1), not memory",
              (long long)bt->a_count, (long long)bt->b_count);
    free(shape.a);
    free(shape.b);
    free(shape.ipiv);
    free(shape.info);
}

static void free_huge(bt_batch *bt) {
    munmap(bt->a, bt->es * (size_t)bt->a_count);
    munmap(bt->b, bt->es * (size_t)bt->b_count);
    munmap(bt->ipiv, sizeof(int) * (size_t)bt->ipiv_count);
    free(bt->info);
}

/* The elements just before and after each system are still zero. */
static void expect_borders_zero(const bt_batch *bt) {
    for (int64_t k = 0; k < BATCH; ++k) {
        const int64_t a0 = k * bt->stride_a, a1 = a0 + (int64_t)bt->n * bt->lda;
        const int64_t b0 = k * bt->stride_b,
                      b1 = b0
                           + (int64_t)(bt_order(bt) == TDLS_ROW_MAJOR ? bt->n : bt->nrhs) * bt->ldb;
        const int64_t i0 = k * bt->stride_ipiv, i1 = i0 + bt->n;
        if (k > 0) {
            cr_assert(tdls_test_get(bt->api->type, bt->a, a0 - 1) == 0, "a before system %lld",
                      (long long)k);
            cr_assert(tdls_test_get(bt->api->type, bt->b, b0 - 1) == 0, "b before system %lld",
                      (long long)k);
            cr_assert(bt->ipiv[i0 - 1] == 0, "ipiv before system %lld", (long long)k);
        }
        if (k + 1 < BATCH) {
            cr_assert(tdls_test_get(bt->api->type, bt->a, a1) == 0, "a after system %lld",
                      (long long)k);
            cr_assert(tdls_test_get(bt->api->type, bt->b, b1) == 0, "b after system %lld",
                      (long long)k);
            cr_assert(bt->ipiv[i1] == 0, "ipiv after system %lld", (long long)k);
        }
    }
}

static void expect_same(const bt_batch *x, const bt_batch *y, const char *op) {
    for (int64_t k = 0; k < BATCH; ++k) {
        const char *what;
        cr_assert(!bt_system_differs(x, y, k, &what),
                  "%s %s %s n=%d: system %lld at element %lld differs (%s) from the compact run",
                  x->api->prefix, bt_layout_names[x->layout], op, x->n, (long long)k,
                  (long long)(k * x->stride_a), what);
    }
}

ParameterizedTestParameters(batch_bigindex, strided) {
    return bt_params(BT_ROW, BT_COL);
}

ParameterizedTest(const bt_param *p, batch_bigindex, strided) {
    const bt_api *api = bt_apis[p->type];
    static const int orders[] = {1, 5, 17};
    for (int o = 0; o < 3; ++o) {
        const int n = orders[o];
        bt_batch huge, ref;
        /* gesv */
        init_huge(&huge, api, (bt_layout)p->layout, n);
        bt_init(&ref, api, (bt_layout)p->layout, n, NRHS, BATCH, 0);
        bt_fill(&huge, 11u + n, -1);
        bt_fill(&ref, 11u + n, -1);
        cr_assert_eq(bt_run(&huge, BT_GESV, 'N', TDLS_HOST), 0);
        cr_assert_eq(bt_run(&ref, BT_GESV, 'N', TDLS_HOST), 0);
        bt_check_ratios(&ref, BT_GESV, 0, 11u + n, -1, "compact reference");
        expect_same(&huge, &ref, "gesv");
        expect_borders_zero(&huge);
        free_huge(&huge);
        /* getrf, then getrs T (a second mapping: fresh zero pages) */
        init_huge(&huge, api, (bt_layout)p->layout, n);
        bt_fill(&huge, 11u + n, -1);
        bt_fill(&ref, 11u + n, -1);
        cr_assert_eq(bt_run(&huge, BT_GETRF, 'N', TDLS_HOST), 0);
        cr_assert_eq(bt_run(&ref, BT_GETRF, 'N', TDLS_HOST), 0);
        expect_same(&huge, &ref, "getrf");
        cr_assert_eq(bt_run(&huge, BT_GETRS, 'T', TDLS_HOST), 0);
        cr_assert_eq(bt_run(&ref, BT_GETRS, 'T', TDLS_HOST), 0);
        expect_same(&huge, &ref, "getrs T");
        expect_borders_zero(&huge);
        free_huge(&huge);
        bt_free(&ref);
    }
}
