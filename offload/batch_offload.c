/* SPDX-License-Identifier: BSD-3-Clause */
/* The device drivers of the batched API, tdls_batch_device_{s,d}: a
   target teams loop over the systems, one per thread, in SPMD mode.
   Compiled in offload builds only; CPU-only builds never reach a device. */
#include <stdint.h>

#include <omp.h>

#include <tdls.h>
#include <tdls/core/portability.h>

#include "../lib/batch.h"

/* Whether target regions on `device` run there rather than falling back
   to the host, where the caller's device pointers would be dereferenced.
   Probed once per device (it cannot change while the program runs); up to
   64 devices are remembered, more are probed at every call. */
static int tdls_bo_device_runs(int device) {
    static _Atomic signed char known[64]; /* 0 unknown, 1 runs there, -1 not */
    if (device < 64 && known[device])
        return known[device] > 0;
    const int runs = tdls_offload_probe(device) == 0;
    if (device < 64)
        known[device] = runs ? 1 : -1;
    return runs;
}

#define TDLS_BO_P    s
#define TDLS_BO_REAL float
#include "batch_offload_body.h"

#define TDLS_BO_P    d
#define TDLS_BO_REAL double
#include "batch_offload_body.h"
