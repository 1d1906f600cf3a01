/* SPDX-License-Identifier: BSD-3-Clause */
/* Template of batch_test.c: the untyped bt_api table of one precision.
   Define BT_T (float or double) and BT_P (s or d), then include; the
   wrappers only cast, so that one test body can call either precision. */

#define BT_CAT_(a, b) a##b
#define BT_CAT(a, b)  BT_CAT_(a, b)
#define BT_W(x)       BT_CAT(BT_CAT(bt_, BT_P), BT_CAT(_, x))
#define BT_TDLS(x)    BT_CAT(BT_CAT(tdls_, BT_P), x)
#define BT_LAPACKE(x) BT_CAT(BT_CAT(LAPACKE_, BT_P), x)

static int BT_W(gesv)(int layout, int n, int nrhs, void *a, int lda, int64_t sa, int *ipiv,
                      int64_t si, void *b, int ldb, int64_t sb, int *info, int64_t batch,
                      int device) {
    return BT_TDLS(gesv_batch)(layout, n, nrhs, (BT_T *)a, lda, sa, ipiv, si, (BT_T *)b, ldb, sb,
                               info, batch, device);
}

static int BT_W(getrf)(int layout, int n, void *a, int lda, int64_t sa, int *ipiv, int64_t si,
                       int *info, int64_t batch, int device) {
    return BT_TDLS(getrf_batch)(layout, n, (BT_T *)a, lda, sa, ipiv, si, info, batch, device);
}

static int BT_W(getrs)(int layout, char trans, int n, int nrhs, const void *a, int lda, int64_t sa,
                       const int *ipiv, int64_t si, void *b, int ldb, int64_t sb, int64_t batch,
                       int device) {
    return BT_TDLS(getrs_batch)(layout, trans, n, nrhs, (const BT_T *)a, lda, sa, ipiv, si,
                                (BT_T *)b, ldb, sb, batch, device);
}

static int BT_W(gesv_il)(int n, int nrhs, void *a, int *ipiv, void *b, int *info, int64_t batch,
                         int device) {
    return BT_TDLS(gesv_batch_interleaved)(n, nrhs, (BT_T *)a, ipiv, (BT_T *)b, info, batch,
                                           device);
}

static int BT_W(getrf_il)(int n, void *a, int *ipiv, int *info, int64_t batch, int device) {
    return BT_TDLS(getrf_batch_interleaved)(n, (BT_T *)a, ipiv, info, batch, device);
}

static int BT_W(getrs_il)(char trans, int n, int nrhs, const void *a, const int *ipiv, void *b,
                          int64_t batch, int device) {
    return BT_TDLS(getrs_batch_interleaved)(trans, n, nrhs, (const BT_T *)a, ipiv, (BT_T *)b, batch,
                                            device);
}

static int BT_W(gesv_ptr)(int layout, int n, int nrhs, void *a_array, int lda, int *ipiv,
                          int64_t si, void *b_array, int ldb, int *info, int64_t batch,
                          int device) {
    return BT_TDLS(gesv_batch_ptr)(layout, n, nrhs, (BT_T *const *)a_array, lda, ipiv, si,
                                   (BT_T *const *)b_array, ldb, info, batch, device);
}

static void BT_W(set_ptr)(void *array, int64_t k, void *p) {
    ((BT_T **)array)[k] = (BT_T *)p;
}

static int BT_W(lapacke_getrf)(int layout, int n, void *a, int lda, int *ipiv) {
    return BT_LAPACKE(getrf)(layout, n, n, (BT_T *)a, lda, ipiv);
}

static int BT_W(lapacke_getrs)(int layout, char trans, int n, int nrhs, const void *a, int lda,
                               const int *ipiv, void *b, int ldb) {
    return BT_LAPACKE(getrs)(layout, trans, n, nrhs, (const BT_T *)a, lda, ipiv, (BT_T *)b, ldb);
}

const bt_api BT_CAT(bt_api_, BT_P) = {
    .type = sizeof(BT_T) == sizeof(float) ? TDLS_TEST_FLOAT : TDLS_TEST_DOUBLE,
    .prefix = BT_CAT(BT_STR_, BT_P),
    .gesv = BT_W(gesv),
    .getrf = BT_W(getrf),
    .getrs = BT_W(getrs),
    .gesv_il = BT_W(gesv_il),
    .getrf_il = BT_W(getrf_il),
    .getrs_il = BT_W(getrs_il),
    .gesv_ptr = BT_W(gesv_ptr),
    .set_ptr = BT_W(set_ptr),
    .lapacke_getrf = BT_W(lapacke_getrf),
    .lapacke_getrs = BT_W(lapacke_getrs),
};

#undef BT_CAT_
#undef BT_CAT
#undef BT_W
#undef BT_TDLS
#undef BT_LAPACKE
#undef BT_T
#undef BT_P
