/* SPDX-License-Identifier: BSD-3-Clause */
/* Argument checks of every batched entry point: each invalid argument
   gives -i (i its 1-based position, LAPACK's numbering), the first invalid
   one wins, and nothing is read or written: every array keeps its bits.
   Also the valid corner cases (n = 0, nrhs = 0, batch = 0) and the device
   numbers a build accepts. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "batch_test.h"

#ifndef TDLS_TEST_OFFLOAD
#error "args.c: the build defines TDLS_TEST_OFFLOAD (1 in offload builds)."
#endif

/* The entry points, and the arguments they take, in order. */
typedef enum { GESV, GETRF, GETRS, GESV_IL, GETRF_IL, GETRS_IL, GESV_PTR, FN_COUNT } fn;
typedef enum {
    F_END,
    F_LAYOUT,
    F_TRANS,
    F_N,
    F_NRHS,
    F_A,
    F_LDA,
    F_SA,
    F_IPIV,
    F_SI,
    F_B,
    F_LDB,
    F_SB,
    F_INFO,
    F_BATCH,
    F_DEVICE
} field;

static const char *const fn_names[FN_COUNT] = {"gesv_batch",
                                               "getrf_batch",
                                               "getrs_batch",
                                               "gesv_batch_interleaved",
                                               "getrf_batch_interleaved",
                                               "getrs_batch_interleaved",
                                               "gesv_batch_ptr"};

static const field signatures[FN_COUNT][16] = {
    [GESV] = {F_LAYOUT, F_N, F_NRHS, F_A, F_LDA, F_SA, F_IPIV, F_SI, F_B, F_LDB, F_SB, F_INFO,
              F_BATCH, F_DEVICE},
    [GETRF] = {F_LAYOUT, F_N, F_A, F_LDA, F_SA, F_IPIV, F_SI, F_INFO, F_BATCH, F_DEVICE},
    [GETRS] = {F_LAYOUT, F_TRANS, F_N, F_NRHS, F_A, F_LDA, F_SA, F_IPIV, F_SI, F_B, F_LDB, F_SB,
               F_BATCH, F_DEVICE},
    [GESV_IL] = {F_N, F_NRHS, F_A, F_IPIV, F_B, F_INFO, F_BATCH, F_DEVICE},
    [GETRF_IL] = {F_N, F_A, F_IPIV, F_INFO, F_BATCH, F_DEVICE},
    [GETRS_IL] = {F_TRANS, F_N, F_NRHS, F_A, F_IPIV, F_B, F_BATCH, F_DEVICE},
    [GESV_PTR] = {F_LAYOUT, F_N, F_NRHS, F_A, F_LDA, F_IPIV, F_SI, F_B, F_LDB, F_INFO, F_BATCH,
                  F_DEVICE},
};

/* One call's arguments; a and b are the pointer arrays for GESV_PTR. */
typedef struct {
    int layout;
    char trans;
    int n, nrhs;
    void *a;
    int lda;
    int64_t sa;
    int *ipiv;
    int64_t si;
    void *b;
    int ldb;
    int64_t sb;
    int *info;
    int64_t batch;
    int device;
} args;

static int invoke(const bt_api *f, fn which, const args *c) {
    switch (which) {
        case GESV:
            return f->gesv(c->layout, c->n, c->nrhs, c->a, c->lda, c->sa, c->ipiv, c->si, c->b,
                           c->ldb, c->sb, c->info, c->batch, c->device);
        case GETRF:
            return f->getrf(c->layout, c->n, c->a, c->lda, c->sa, c->ipiv, c->si, c->info, c->batch,
                            c->device);
        case GETRS:
            return f->getrs(c->layout, c->trans, c->n, c->nrhs, c->a, c->lda, c->sa, c->ipiv, c->si,
                            c->b, c->ldb, c->sb, c->batch, c->device);
        case GESV_IL:
            return f->gesv_il(c->n, c->nrhs, c->a, c->ipiv, c->b, c->info, c->batch, c->device);
        case GETRF_IL:
            return f->getrf_il(c->n, c->a, c->ipiv, c->info, c->batch, c->device);
        case GETRS_IL:
            return f->getrs_il(c->trans, c->n, c->nrhs, c->a, c->ipiv, c->b, c->batch, c->device);
        default:
            return f->gesv_ptr(c->layout, c->n, c->nrhs, c->a, c->lda, c->ipiv, c->si, c->b, c->ldb,
                               c->info, c->batch, c->device);
    }
}

static bt_layout layout_of(fn which, int order) {
    if (which == GESV_IL || which == GETRF_IL || which == GETRS_IL)
        return BT_IL;
    if (which == GESV_PTR)
        return order == TDLS_ROW_MAJOR ? BT_PTR_ROW : BT_PTR_COL;
    return order == TDLS_ROW_MAJOR ? BT_ROW : BT_COL;
}

/* A valid call on bt (pointer arrays into *arrays, freed by the caller). */
static args valid_args(bt_batch *bt, fn which, void **arrays) {
    args c = {.layout = bt_order(bt),
              .trans = 'N',
              .n = bt->n,
              .nrhs = bt->nrhs,
              .a = bt->a,
              .lda = bt->lda,
              .sa = bt->stride_a,
              .ipiv = bt->ipiv,
              .si = bt->stride_ipiv,
              .b = bt->b,
              .ldb = bt->ldb,
              .sb = bt->stride_b,
              .info = bt->info,
              .batch = bt->batch,
              .device = TDLS_HOST};
    if (which == GESV_PTR) {
        arrays[0] = tdls_test_xmalloc(sizeof(void *) * (size_t)bt->batch);
        arrays[1] = tdls_test_xmalloc(sizeof(void *) * (size_t)bt->batch);
        for (int64_t k = 0; k < bt->batch; ++k) {
            bt->api->set_ptr(arrays[0], k, (char *)bt->a + (size_t)bt_a_at(bt, k, 0, 0) * bt->es);
            bt->api->set_ptr(arrays[1], k, (char *)bt->b + (size_t)bt_b_at(bt, k, 0, 0) * bt->es);
        }
        c.a = arrays[0];
        c.b = arrays[1];
    }
    return c;
}

/* The bad values of one field, given the valid call c. */
static int bad_values(field f, const args *c, int64_t *v) {
    const int row = c->layout == TDLS_ROW_MAJOR;
    int count = 0;
    switch (f) {
        case F_LAYOUT:
            v[count++] = 0;
            v[count++] = TDLS_COL_MAJOR + 1;
            break;
        case F_TRANS:
            v[count++] = 'X';
            v[count++] = 0;
            break;
        case F_N:
            v[count++] = -1;
            v[count++] = BT_NMAX + 1;
            v[count++] = INT_MIN;
            break;
        case F_NRHS:
            v[count++] = -1;
            v[count++] = INT_MIN;
            break;
        case F_LDA:
            v[count++] = c->n - 1;
            v[count++] = 0;
            break;
        case F_SA:
            v[count++] = (int64_t)c->n * c->lda - 1;
            v[count++] = -1;
            break;
        case F_SI:
            v[count++] = c->n - 1;
            break;
        case F_LDB:
            v[count++] = (row ? c->nrhs : c->n) - 1;
            break;
        case F_SB:
            v[count++] = (int64_t)(row ? c->n : c->nrhs) * c->ldb - 1;
            break;
        case F_BATCH:
            v[count++] = -1;
            v[count++] = INT64_MIN;
            break;
        case F_DEVICE:
            /* -1 is TDLS_HOST; omp_get_num_devices() is the initial device. */
            v[count++] = bt_num_devices() + 1;
            v[count++] = -2;
            v[count++] = INT_MIN;
            break;
        default: /* the pointers: NULL */
            v[count++] = 0;
    }
    return count;
}

static void set_field(args *c, field f, int64_t v) {
    switch (f) {
        case F_LAYOUT:
            c->layout = (int)v;
            break;
        case F_TRANS:
            c->trans = (char)v;
            break;
        case F_N:
            c->n = (int)v;
            break;
        case F_NRHS:
            c->nrhs = (int)v;
            break;
        case F_A:
            c->a = NULL;
            break;
        case F_LDA:
            c->lda = (int)v;
            break;
        case F_SA:
            c->sa = v;
            break;
        case F_IPIV:
            c->ipiv = NULL;
            break;
        case F_SI:
            c->si = v;
            break;
        case F_B:
            c->b = NULL;
            break;
        case F_LDB:
            c->ldb = (int)v;
            break;
        case F_SB:
            c->sb = v;
            break;
        case F_INFO:
            c->info = NULL;
            break;
        case F_BATCH:
            c->batch = v;
            break;
        case F_DEVICE:
            c->device = (int)v;
            break;
        default:
            break;
    }
}

/* A batch of 3 systems of order 5 with 2 right-hand sides, padded: every
   bad value below is then the only thing wrong with the call. getrs gets
   valid factors (the identity's, ipiv i -> i) so that it may run. */
static void make_batch(bt_batch *bt, const bt_api *api, fn which, int order) {
    bt_init(bt, api, layout_of(which, order), 5, 2, 3, 1);
    bt_fill(bt, 5, -1);
    if (which == GETRS || which == GETRS_IL) {
        const int ipiv[5] = {1, 2, 3, 4, 5};
        for (int64_t k = 0; k < bt->batch; ++k)
            bt_set_ipiv(bt, k, ipiv);
    }
}

static void check_function(const bt_api *api, fn which, int order) {
    bt_batch bt;
    make_batch(&bt, api, which, order);
    void *arrays[2] = {NULL, NULL};
    const args valid = valid_args(&bt, which, arrays);
    int cases = 0;
    for (int pos = 0; signatures[which][pos] != F_END; ++pos) {
        int64_t v[4];
        const int count = bad_values(signatures[which][pos], &valid, v);
        for (int i = 0; i < count; ++i) {
            args c = valid;
            set_field(&c, signatures[which][pos], v[i]);
            bt_snapshot s = bt_snapshot_take(&bt);
            const int ret = invoke(api, which, &c);
            cr_expect_eq(ret, -(pos + 1),
                         "%s%s (layout %d): bad value %lld of argument %d: "
                         "returned %d",
                         api->prefix, fn_names[which], order, (long long)v[i], pos + 1, ret);
            cr_expect(bt_snapshot_same(&bt, &s), "%s%s: argument %d = %lld: data was written",
                      api->prefix, fn_names[which], pos + 1, (long long)v[i]);
            bt_snapshot_free(&s);
            ++cases;
        }
    }
    cr_assert_geq(cases, 10, "the table has arguments for %s", fn_names[which]);
    /* The first invalid argument wins: the last and the first both bad. */
    args c = valid;
    int64_t v[4];
    bad_values(signatures[which][0], &valid, v);
    set_field(&c, signatures[which][0], v[0]);
    set_field(&c, F_DEVICE, bt_num_devices() + 1);
    cr_expect_eq(invoke(api, which, &c), -1, "%s%s: the first bad argument is reported",
                 api->prefix, fn_names[which]);
    /* The positive control: the valid call succeeds and writes. */
    bt_snapshot s = bt_snapshot_take(&bt);
    cr_expect_eq(invoke(api, which, &valid), 0, "%s%s: valid call", api->prefix, fn_names[which]);
    cr_expect(!bt_snapshot_same(&bt, &s), "%s%s: the valid call wrote nothing", api->prefix,
              fn_names[which]);
    bt_snapshot_free(&s);
    free(arrays[0]);
    free(arrays[1]);
    bt_free(&bt);
}

typedef struct {
    int type, fn, order;
} arg_param;

static void free_params(struct criterion_test_params *crp) {
    cr_free(crp->params);
}

ParameterizedTestParameters(batch_args, each_argument) {
    const size_t count = 2 * FN_COUNT * 2;
    arg_param *p = cr_malloc(sizeof *p * count);
    size_t i = 0;
    for (int t = 0; t < 2; ++t)
        for (int f = 0; f < FN_COUNT; ++f)
            for (int o = TDLS_ROW_MAJOR; o <= TDLS_COL_MAJOR; ++o)
                p[i++] = (arg_param){t, f, o};
    return cr_make_param_array(arg_param, p, count, free_params);
}

/* Every argument of every entry point, s and d, both storage orders (the
   interleaved forms have none: they run twice). */
ParameterizedTest(const arg_param *p, batch_args, each_argument) {
    check_function(bt_apis[p->type], (fn)p->fn, p->order);
}

/* Valid corner cases: batch 0 touches nothing; n = 0 sets every info to 0
   and touches nothing else; nrhs = 0 factors and leaves b alone. */
Test(batch_args, empty_problems) {
    for (int t = 0; t < 2; ++t) {
        const bt_api *api = bt_apis[t];
        bt_batch bt;
        bt_init(&bt, api, BT_ROW, 4, 2, 3, 1);
        bt_fill(&bt, 1, -1);
        bt_snapshot s = bt_snapshot_take(&bt);
        cr_expect_eq(api->gesv(TDLS_ROW_MAJOR, 4, 2, bt.a, bt.lda, bt.stride_a, bt.ipiv,
                               bt.stride_ipiv, bt.b, bt.ldb, bt.stride_b, bt.info, 0, TDLS_HOST),
                     0);
        cr_expect_eq(api->gesv_il(4, 2, bt.a, bt.ipiv, bt.b, bt.info, 0, TDLS_HOST), 0);
        cr_expect(bt_snapshot_same(&bt, &s), "%s: batch 0 wrote", api->prefix);
        cr_expect_eq(api->getrf(TDLS_COL_MAJOR, 0, bt.a, 1, 0, bt.ipiv, 0, bt.info, 3, TDLS_HOST),
                     0);
        cr_expect_eq(api->gesv_il(0, 2, bt.a, bt.ipiv, bt.b, bt.info, 3, TDLS_HOST), 0);
        for (int k = 0; k < 3; ++k)
            cr_expect_eq(bt.info[k], 0, "%s n = 0: info[%d] = %d", api->prefix, k, bt.info[k]);
        for (int k = 0; k < 3; ++k)
            bt.info[k] = s.info[k];
        cr_expect(bt_snapshot_same(&bt, &s), "%s: n = 0 wrote more than info", api->prefix);
        cr_expect_eq(api->gesv(TDLS_ROW_MAJOR, 4, 0, bt.a, bt.lda, bt.stride_a, bt.ipiv,
                               bt.stride_ipiv, bt.b, bt.ldb, bt.stride_b, bt.info, 3, TDLS_HOST),
                     0);
        cr_expect(memcmp(bt.b, s.b, bt.es * (size_t)bt.b_count) == 0, "%s nrhs = 0 wrote b",
                  api->prefix);
        cr_expect(memcmp(bt.a, s.a, bt.es * (size_t)bt.a_count) != 0, "%s nrhs = 0: no factors",
                  api->prefix);
        for (int k = 0; k < 3; ++k)
            cr_expect_eq(bt.info[k], 0);
        bt_snapshot_free(&s);
        bt_free(&bt);
    }
}

/* The host: TDLS_HOST and omp_get_initial_device() both run the batch. */
Test(batch_args, host_device_numbers) {
    const int hosts[2] = {TDLS_HOST, bt_initial_device()};
    for (int h = 0; h < 2; ++h) {
        bt_batch x, y;
        bt_init(&x, &bt_api_d, BT_COL, 6, 1, 5, 0);
        bt_init(&y, &bt_api_d, BT_COL, 6, 1, 5, 0);
        bt_fill(&x, 2, -1);
        bt_fill(&y, 2, -1);
        cr_assert_eq(bt_run(&x, BT_GESV, 'N', TDLS_HOST), 0);
        cr_assert_eq(bt_run(&y, BT_GESV, 'N', hosts[h]), 0, "device %d", hosts[h]);
        const char *what;
        cr_expect_eq(bt_first_difference(&x, &y, &what), -1, "device %d: %s differ", hosts[h],
                     what);
        bt_free(&x);
        bt_free(&y);
    }
}

#if !TDLS_TEST_OFFLOAD
/* A CPU-only build has no device but the host: device 0 is accepted only
   when it is the initial device (as libgomp and libomp number the host
   when there is no other device), and 1 is never. */
Test(batch_args, cpu_only_devices) {
    cr_assert_eq(bt_num_devices(), 0, "a CPU-only build sees %d devices", bt_num_devices());
    bt_batch bt;
    bt_init(&bt, &bt_api_d, BT_ROW, 3, 1, 2, 0);
    bt_fill(&bt, 3, -1);
    bt_snapshot s = bt_snapshot_take(&bt);
    const int ret = bt_api_d.gesv(TDLS_ROW_MAJOR, 3, 1, bt.a, bt.lda, bt.stride_a, bt.ipiv,
                                  bt.stride_ipiv, bt.b, bt.ldb, bt.stride_b, bt.info, 2, 1);
    cr_expect_eq(ret, -14, "device 1: %d", ret);
    cr_expect(bt_snapshot_same(&bt, &s));
    bt_snapshot_free(&s);
    bt_free(&bt);
}
#endif
