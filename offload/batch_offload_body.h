/* SPDX-License-Identifier: BSD-3-Clause */
/* The device driver of the batched API for one precision: one system per
   GPU thread, solved in place in the caller's device arrays by the lanes
   kernel with one lane. Included by batch_offload.c after defining
   TDLS_BO_P (s or d) and TDLS_BO_REAL. */

#define TDLS_BO_T     TDLS_BO_REAL
#define TDLS_BO_FN(x) TDLS_CAT(TDLS_CAT(tdls_bo_, TDLS_BO_P), x)

#define TDLS_LANES_NAME TDLS_BO_FN(_lane)
#define TDLS_LANES_REAL TDLS_BO_REAL
#define TDLS_LANES_W    1
#include "../lib/lanes_lupp.h"

int TDLS_CAT(tdls_batch_device_, TDLS_BO_P)(const tdls_batch *job, int device) {
    if (!tdls_bo_device_runs(device))
        return -1;
    /* Device addresses, all of them: the pointer arrays hold device
       pointers and live in device memory themselves. */
    TDLS_BO_T *const a = job->a.p, *const b = job->b.p;
    void *const *const a_array = job->a.array, *const *const b_array = job->b.array;
    int *const ipiv = job->ipiv, *const info = job->info;
    const tdls_batch_op op = job->op;
    const int trans = job->trans, n = job->n, nrhs = job->nrhs;
    const int64_t batch = job->batch, sa = job->a.stride, ars = job->a.rs, acs = job->a.cs;
    const int64_t sb = job->b.stride, brs = job->b.rs, bcs = job->b.cs;
    const int64_t ps = job->ipiv_stride, pis = job->ipiv_is;
    /* The per-thread kernel serves every order; the dispatch to TiledLUpp
       (compile-time orders) and CooperativeLUpp (large n) goes here. */
#pragma omp target teams distribute parallel for device(device)                                    \
    is_device_ptr(a, b, a_array, b_array, ipiv, info)
    for (int64_t k = 0; k < batch; ++k) {
        TDLS_BO_T *const ak = a_array ? (TDLS_BO_T *)a_array[k] : a + k * sa;
        int *const pk = ipiv + k * ps;
        if (op != TDLS_OP_GETRS)
            TDLS_BO_FN(_lane_getrf)(n, ak, ars, acs, pk, pis, info + k);
        if (nrhs > 0 && (op == TDLS_OP_GETRS || info[k] == 0)) {
            TDLS_BO_T *const bk = b_array ? (TDLS_BO_T *)b_array[k] : b + k * sb;
            TDLS_BO_FN(_lane_getrs)(trans, n, nrhs, ak, ars, acs, pk, pis, bk, brs, bcs, NULL);
        }
    }
    return 0;
}

#undef TDLS_BO_T
#undef TDLS_BO_FN
#undef TDLS_BO_P
#undef TDLS_BO_REAL
