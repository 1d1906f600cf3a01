/* SPDX-License-Identifier: BSD-3-Clause */
/* Synchronization of the threads that cooperate on one system: the OpenMP
   barrier of the innermost parallel region (a GPU team, or the threads of a
   host parallel region), or, on GPUs, a barrier of the lanes of one warp
   (nvptx) or wavefront (amdgcn) when the group fits in it. */
#ifndef TDLS_CORE_GROUP_H
#define TDLS_CORE_GROUP_H

#include <tdls/config.h>
#include <tdls/core/portability.h>

/* Lanes per warp of the device pass being compiled; 0 on the host, which
   has no warps: there every group synchronizes through the OpenMP barrier. */
#if defined(__NVPTX__)
#define TDLS_WARP_SIZE 32
#elif defined(__AMDGCN__)
#define TDLS_WARP_SIZE __AMDGCN_WAVEFRONT_SIZE__
#else
#define TDLS_WARP_SIZE 0
#endif

/* How a group synchronizes, fixed when it starts. warp: 1 when the warp
   barrier serves it; mask: its lanes (nvptx only; the lanes of one group are
   consecutive, thread tx at lane (first lane + tx)). */
typedef struct {
    int warp;
    unsigned mask;
} tdls_group;

TDLS_DECLARE_TARGET_BEGIN

/* The group of `threads` threads in which the calling thread has index tx.
   The warp barrier needs the whole group inside one warp; otherwise, and
   for mode TDLS_SYNC_TEAM, the OpenMP barrier synchronizes it, and then
   every thread of the parallel region takes part. */
TDLS_INLINE tdls_group tdls_group_make(const int mode, const int tx, const int threads) {
    tdls_group g = {0, 0u};
#if defined(__NVPTX__)
    if (mode == TDLS_SYNC_WARP && threads <= TDLS_WARP_SIZE) {
        const unsigned first = __nvvm_read_ptx_sreg_laneid() - (unsigned)tx;
        const unsigned lanes = threads == 32 ? ~0u : (1u << threads) - 1u;
        g.warp = 1;
        g.mask = lanes << first;
    }
#elif defined(__AMDGCN__)
    g.warp = mode == TDLS_SYNC_WARP && threads <= TDLS_WARP_SIZE;
    (void)tx;
#else
    (void)mode;
    (void)tx;
    (void)threads;
#endif
    return g;
}

/* Every write of the group before the call is visible to every thread of
   the group after it. */
TDLS_INLINE void tdls_group_sync(const tdls_group g) {
#if defined(__NVPTX__)
    if (g.warp) {
        /* bar.warp.sync orders memory among the lanes it names. */
        __nvvm_bar_warp_sync(g.mask);
        return;
    }
#elif defined(__AMDGCN__)
    if (g.warp) {
        /* The lanes of a wavefront run in lockstep: the fences order the
           memory operations around the point where they meet. */
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
        __builtin_amdgcn_wave_barrier();
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
        return;
    }
#else
    (void)g;
#endif
#if defined(_OPENMP)
#pragma omp barrier
#endif
}

TDLS_DECLARE_TARGET_END

#endif
