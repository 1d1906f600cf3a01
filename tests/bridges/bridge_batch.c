/* SPDX-License-Identifier: BSD-3-Clause */
/* Bitwise bridges of a batch of systems over n = 1..33, 48, 64: AoS vs SoA
   vs AoSoA storage, host loop vs target region, 1 vs 4 threads (see
   batch_body.h); float right-looking tile 4, double left-looking tile 3. */
#if defined(_OPENMP)
#include <omp.h>
#endif

#include "bridge_common.h"

#ifndef TDLS_TEST_OFFLOAD
#error "bridge_batch.c: the build defines TDLS_TEST_OFFLOAD (1 in offload builds)."
#endif

/* Not a multiple of the AoSoA block: the last block is partly empty. */
#define BR_BATCH 37

#define BR_T                 float
#define BR_SFX               f
#define TDLS_TILED_NAME      bf
#define TDLS_TILED_REAL      float
#define TDLS_TILED_TILE_SIZE 4
#include <tdls/tiled_lupp.h>
#include "bridge_typed.h"
#define BR_CFG bf
#include "batch_body.h"
#undef BR_T
#undef BR_SFX

#define BR_T                 double
#define BR_SFX               d
#define TDLS_TILED_NAME      bd
#define TDLS_TILED_REAL      double
#define TDLS_TILED_TILE_SIZE 3
#define TDLS_TILED_SCHEDULE  TDLS_LEFT_LOOKING
#include <tdls/tiled_lupp.h>
#include "bridge_typed.h"
#define BR_CFG bd
#include "batch_body.h"
