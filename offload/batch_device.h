/* SPDX-License-Identifier: BSD-3-Clause */
/* What the GPU kernels of the batched API share: where system k's operands
   start. The kernels take the job by value (firstprivate): its pointers are
   device addresses already. */
#ifndef TDLS_OFFLOAD_BATCH_DEVICE_H
#define TDLS_OFFLOAD_BATCH_DEVICE_H

#include <tdls/core/portability.h>

#include "../lib/batch.h"

/* The first element of system k of operand o, of type T. */
#define TDLS_BD_BASE(T, o, k) ((o).array ? (T *)(o).array[k] : (T *)(o).p + (k) * (o).stride)

/* The helpers of batch_offload_body.h for precision P (s or d). */
#define TDLS_BD_UNUSABLE(P) TDLS_CAT(TDLS_CAT(tdls_bo_, P), _unusable)
#define TDLS_BD_NAN(P)      TDLS_CAT(TDLS_CAT(tdls_bo_, P), _nan)()

#endif
