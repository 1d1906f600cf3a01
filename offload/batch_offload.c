/* SPDX-License-Identifier: BSD-3-Clause */
/* The device drivers of the batched API, tdls_batch_device_{s,d}: the
   dispatch of a batch to the GPU kernels or the lanes kernel, and the
   probe of what a device is. Compiled in offload builds only; CPU-only
   builds never reach a device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include <tdls.h>
#include <tdls/core/portability.h>

#include "batch_device.h"
#include "batch_tuning.h"

/* What `device` is, probed once per device (it cannot change while the
   program runs); up to 64 devices are remembered, more are probed at every
   call. The probe's region reports the kind its device image was compiled
   for: a GPU, or a CPU (host offload); a region that fell back to the host,
   where the caller's device pointers would be dereferenced, reports that. */
typedef enum { TDLS_BO_UNKNOWN = 0, TDLS_BO_FALLBACK, TDLS_BO_CPU, TDLS_BO_GPU } tdls_bo_kind;

static tdls_bo_kind tdls_bo_probe(int device) {
    int kind = TDLS_BO_FALLBACK;
#pragma omp target device(device) map(from : kind)
    {
#if defined(__NVPTX__) || defined(__AMDGCN__)
        kind = TDLS_BO_GPU;
#else
        kind = omp_is_initial_device() ? TDLS_BO_FALLBACK : TDLS_BO_CPU;
#endif
    }
    return (tdls_bo_kind)kind;
}

static tdls_bo_kind tdls_bo_kind_of(int device) {
    static _Atomic signed char known[64];
    if (device < 64 && known[device])
        return (tdls_bo_kind)known[device];
    const tdls_bo_kind kind = tdls_bo_probe(device);
    if (device < 64)
        known[device] = (signed char)kind;
    return kind;
}

/* The GPU kernels (TiledLUpp per thread, CooperativeLUpp per group) serve
   GPUs. A CPU offload device runs the lanes kernel, one system per thread,
   because its teams are host threads (few per team); the environment
   variable TDLS_BATCH_DEVICE_KERNELS=gpu sends it the GPU kernels anyway,
   which is how the test suite runs them without a GPU (with enough
   threads per team: see tests/batch/CMakeLists.txt). */
static int tdls_bo_gpu_kernels(tdls_bo_kind kind) {
    if (kind == TDLS_BO_GPU)
        return 1;
    const char *const force = getenv("TDLS_BATCH_DEVICE_KERNELS");
    return force && strcmp(force, "gpu") == 0;
}

#define TDLS_BO_P         s
#define TDLS_BO_REAL      float
#define TDLS_BO_TILED_MAX TDLS_BATCH_GPU_TILED_MAX_N_FLOAT
#include "batch_offload_body.h"

#define TDLS_BO_P         d
#define TDLS_BO_REAL      double
#define TDLS_BO_TILED_MAX TDLS_BATCH_GPU_TILED_MAX_N_DOUBLE
#include "batch_offload_body.h"
