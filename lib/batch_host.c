/* SPDX-License-Identifier: BSD-3-Clause */
/* The host drivers of the batched API, tdls_batch_host_{s,d}_<isa>: an
   OpenMP loop over blocks of W systems (16 floats or 8 doubles, one
   512-bit vector per element), each solved by the lanes kernel. CMake
   compiles this file once per instruction set, TDLS_HOST_ISA naming it;
   batch_host_isa.c picks one at run time. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <tdls.h>
#include <tdls/core/portability.h>

#include "batch.h"

#ifndef TDLS_HOST_ISA
#error "batch_host.c: define TDLS_HOST_ISA (baseline, avx2 or avx512), as lib/CMakeLists.txt does."
#endif

/* Determinism: a block is always systems [qW, qW + W) whatever thread
   runs it, the padded lanes of the last block are never written back, and
   every ISA variant performs the same IEEE operations in the same order
   (the file is compiled with -ffp-contract=off, so wider vectors and FMA
   hardware change the speed, never a bit). */

static size_t tdls_bh_round64(size_t bytes) {
    return (bytes + 63) / 64 * 64;
}

/* No more threads than blocks: each one allocates a whole scratch. */
static int tdls_bh_threads(int64_t blocks) {
#ifdef _OPENMP
    const int most = omp_get_max_threads();
    return blocks < most ? (int)blocks : most;
#else
    (void)blocks;
    return 1;
#endif
}

static int tdls_bh_thread(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

#define TDLS_BH_P    s
#define TDLS_BH_REAL float
#define TDLS_BH_W    16
#include "batch_host_body.h"

#define TDLS_BH_P    d
#define TDLS_BH_REAL double
#define TDLS_BH_W    8
#include "batch_host_body.h"
