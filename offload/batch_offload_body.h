/* SPDX-License-Identifier: BSD-3-Clause */
/* The device driver of the batched API for one precision. On GPUs, the
   dispatch table of batch_tuning.h: TiledLUpp per thread for small orders,
   CooperativeLUpp per group of threads above. On a CPU offload device,
   the lanes kernel with one lane, one system per thread, in place in the
   caller's device arrays. Included by batch_offload.c after defining
   TDLS_BO_P (s or d), TDLS_BO_REAL and TDLS_BO_TILED_MAX. */

#define TDLS_BO_T     TDLS_BO_REAL
#define TDLS_BO_FN(x) TDLS_CAT(TDLS_CAT(tdls_bo_, TDLS_BO_P), x)

#define TDLS_LANES_NAME TDLS_BO_FN(_lane)
#define TDLS_LANES_REAL TDLS_BO_REAL
#define TDLS_LANES_W    1
#include "../lib/lanes_lupp.h"

TDLS_DECLARE_TARGET_BEGIN

/* TDLS_BATCH_UNUSABLE and a NaN for the GPU kernels' bodies. In a device
   function, unlike in the body of a target region, clang accepts the
   long double branches of the type-generic helpers that are never taken
   on GPUs, which have no long double. */
TDLS_INLINE int TDLS_BO_FN(_unusable)(const int q, const int i, const int n,
                                      const TDLS_BO_T pivot) {
    return TDLS_BATCH_UNUSABLE(q, i, n, pivot);
}

TDLS_INLINE TDLS_BO_T TDLS_BO_FN(_nan)(void) {
    return TDLS_NAN((TDLS_BO_T)0);
}

TDLS_DECLARE_TARGET_END

#define TDLS_BG_P         TDLS_BO_P
#define TDLS_BG_REAL      TDLS_BO_REAL
#define TDLS_BG_TILED_MAX TDLS_BO_TILED_MAX
#include "batch_gpu_orders.h"

#define TDLS_BG_P      TDLS_BO_P
#define TDLS_BG_REAL   TDLS_BO_REAL
#define TDLS_BG_NMAX   16
#define TDLS_BG_ROWS   TDLS_BATCH_GPU_COOP16_ROWS_PER_THREAD
#define TDLS_BG_GROUPS TDLS_BATCH_GPU_COOP16_GROUPS
#include "batch_gpu_coop.h"

#define TDLS_BG_P      TDLS_BO_P
#define TDLS_BG_REAL   TDLS_BO_REAL
#define TDLS_BG_NMAX   32
#define TDLS_BG_ROWS   TDLS_BATCH_GPU_COOP32_ROWS_PER_THREAD
#define TDLS_BG_GROUPS TDLS_BATCH_GPU_COOP32_GROUPS
#include "batch_gpu_coop.h"

#define TDLS_BG_P      TDLS_BO_P
#define TDLS_BG_REAL   TDLS_BO_REAL
#define TDLS_BG_NMAX   64
#define TDLS_BG_ROWS   TDLS_BATCH_GPU_COOP64_ROWS_PER_THREAD
#define TDLS_BG_GROUPS TDLS_BATCH_GPU_COOP64_GROUPS
#include "batch_gpu_coop.h"

#define TDLS_BO_GPU(x) TDLS_CAT(TDLS_CAT(tdls_bc_, TDLS_BO_P), x)

int TDLS_CAT(tdls_batch_device_, TDLS_BO_P)(const tdls_batch *job, int device) {
    const tdls_bo_kind kind = tdls_bo_kind_of(device);
    if (kind == TDLS_BO_FALLBACK)
        return -1;
    if (job->n > 0 && tdls_bo_gpu_kernels(kind)) {
        if (job->n <= TDLS_BO_TILED_MAX)
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BO_P), _tiled)(job, device);
        else if (job->n <= 16)
            TDLS_BO_GPU(16_run)(job, device);
        else if (job->n <= 32)
            TDLS_BO_GPU(32_run)(job, device);
        else
            TDLS_BO_GPU(64_run)(job, device);
        return 0;
    }
    const tdls_batch j = *job;
#pragma omp target teams distribute parallel for device(device) firstprivate(j)
    for (int64_t k = 0; k < j.batch; ++k) {
        TDLS_BO_T *const ak = TDLS_BD_BASE(TDLS_BO_T, j.a, k);
        int *const pk = j.ipiv + k * j.ipiv_stride;
        if (j.op != TDLS_OP_GETRS)
            TDLS_BO_FN(_lane_getrf)(j.n, ak, j.a.rs, j.a.cs, pk, j.ipiv_is, j.info + k);
        if (j.nrhs > 0 && (j.op == TDLS_OP_GETRS || j.info[k] == 0))
            /* clang-format 14 parts a call through a macro-made name from its arguments. */
            /* clang-format off */
            TDLS_BO_FN(_lane_getrs)(j.trans, j.n, j.nrhs, ak, j.a.rs, j.a.cs, pk, j.ipiv_is,
                                    TDLS_BD_BASE(TDLS_BO_T, j.b, k), j.b.rs, j.b.cs, NULL, 0, 0);
        /* clang-format on */
    }
    return 0;
}

#undef TDLS_BO_T
#undef TDLS_BO_FN
#undef TDLS_BO_GPU
#undef TDLS_BO_TILED_MAX
#undef TDLS_BO_P
#undef TDLS_BO_REAL
