/* SPDX-License-Identifier: BSD-3-Clause */
/* The entry points of the batched API for one precision, included by
   batch_api.c once per precision after defining TDLS_BATCH_API_P (s or d)
   and TDLS_BATCH_API_REAL. Each one records its call for tdls_batch_run. */

#define TDLS_BA_T       TDLS_BATCH_API_REAL
#define TDLS_BA_FN(op)  TDLS_CAT(TDLS_CAT(tdls_, TDLS_BATCH_API_P), op)
#define TDLS_BA_PREC    TDLS_BA_STR(TDLS_BATCH_API_P)[0]
#define TDLS_BA_STR(x)  TDLS_BA_STR_(x)
#define TDLS_BA_STR_(x) #x
/* The fields every entry point sets from its parameters of the same
   names, and those of the strided matrix and right-hand sides. */
#define TDLS_BA_CALL(operation, storage, entry)                                                    \
    .precision = TDLS_BA_PREC, .op = TDLS_OP_##operation, .form = TDLS_FORM_##storage,             \
    .pos = tdls_pos_##entry, .n = n, .ipiv = ipiv, .batch = batch, .device = device
#define TDLS_BA_STRIDED_A                                                                          \
    .layout = layout, .a = a, .lda = lda, .stride_a = stride_a, .stride_ipiv = stride_ipiv
#define TDLS_BA_STRIDED_B .nrhs = nrhs, .b = b, .ldb = ldb, .stride_b = stride_b

int TDLS_BA_FN(gesv_batch)(tdls_layout layout, int n, int nrhs, TDLS_BA_T *a, int lda,
                           int64_t stride_a, int *ipiv, int64_t stride_ipiv, TDLS_BA_T *b, int ldb,
                           int64_t stride_b, int *info, int64_t batch, int device) {
    const tdls_batch_call c = {TDLS_BA_CALL(GESV, STRIDED, gesv), TDLS_BA_STRIDED_A,
                               TDLS_BA_STRIDED_B, .info = info};
    return tdls_batch_run(&c);
}

int TDLS_BA_FN(getrf_batch)(tdls_layout layout, int n, TDLS_BA_T *a, int lda, int64_t stride_a,
                            int *ipiv, int64_t stride_ipiv, int *info, int64_t batch, int device) {
    const tdls_batch_call c = {TDLS_BA_CALL(GETRF, STRIDED, getrf), TDLS_BA_STRIDED_A,
                               .info = info};
    return tdls_batch_run(&c);
}

int TDLS_BA_FN(getrs_batch)(tdls_layout layout, char trans, int n, int nrhs, const TDLS_BA_T *a,
                            int lda, int64_t stride_a, const int *ipiv, int64_t stride_ipiv,
                            TDLS_BA_T *b, int ldb, int64_t stride_b, int64_t batch, int device) {
    const tdls_batch_call c = {TDLS_BA_CALL(GETRS, STRIDED, getrs), TDLS_BA_STRIDED_A,
                               TDLS_BA_STRIDED_B, .trans = trans};
    return tdls_batch_run(&c);
}

int TDLS_BA_FN(gesv_batch_interleaved)(int n, int nrhs, TDLS_BA_T *a, int *ipiv, TDLS_BA_T *b,
                                       int *info, int64_t batch, int device) {
    const tdls_batch_call c = {TDLS_BA_CALL(GESV, INTERLEAVED, gesv_interleaved), .a = a,
                               .nrhs = nrhs, .b = b, .info = info};
    return tdls_batch_run(&c);
}

int TDLS_BA_FN(getrf_batch_interleaved)(int n, TDLS_BA_T *a, int *ipiv, int *info, int64_t batch,
                                        int device) {
    const tdls_batch_call c = {TDLS_BA_CALL(GETRF, INTERLEAVED, getrf_interleaved), .a = a,
                               .info = info};
    return tdls_batch_run(&c);
}

int TDLS_BA_FN(getrs_batch_interleaved)(char trans, int n, int nrhs, const TDLS_BA_T *a,
                                        const int *ipiv, TDLS_BA_T *b, int64_t batch, int device) {
    const tdls_batch_call c = {TDLS_BA_CALL(GETRS, INTERLEAVED, getrs_interleaved), .a = a,
                               .nrhs = nrhs, .b = b, .trans = trans};
    return tdls_batch_run(&c);
}

int TDLS_BA_FN(gesv_batch_ptr)(tdls_layout layout, int n, int nrhs, TDLS_BA_T *const *a_array,
                               int lda, int *ipiv, int64_t stride_ipiv, TDLS_BA_T *const *b_array,
                               int ldb, int *info, int64_t batch, int device) {
    const tdls_batch_call c = {TDLS_BA_CALL(GESV, POINTERS, gesv_ptr),
                               .layout = layout,
                               .a_array = (const void *const *)a_array,
                               .lda = lda,
                               .stride_ipiv = stride_ipiv,
                               .nrhs = nrhs,
                               .b_array = (const void *const *)b_array,
                               .ldb = ldb,
                               .info = info};
    return tdls_batch_run(&c);
}

#undef TDLS_BA_T
#undef TDLS_BA_FN
#undef TDLS_BA_PREC
#undef TDLS_BA_STR
#undef TDLS_BA_STR_
#undef TDLS_BA_CALL
#undef TDLS_BA_STRIDED_A
#undef TDLS_BA_STRIDED_B
#undef TDLS_BATCH_API_P
#undef TDLS_BATCH_API_REAL
