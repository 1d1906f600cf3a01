/* SPDX-License-Identifier: BSD-3-Clause */
/* Memory of the host or of an OpenMP device, named as the batched API
   names them: TDLS_HOST, or an OpenMP device number. The demo and the
   benchmark hand such arrays to the API. CPU-only builds link no offload
   runtime (no omp_target_alloc): there only the host exists.
   TDLS_TEST_OFFLOAD: set by the build for every program. */
#ifndef TDLS_PERF_MEMORY_H
#define TDLS_PERF_MEMORY_H

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if TDLS_TEST_OFFLOAD
#include <omp.h>
#define TDLS_PERF_DEVICES 1
#else
#define TDLS_PERF_DEVICES 0
#endif

#include <tdls.h>

static inline void *tdls_perf_alloc(size_t bytes, int device) {
#if TDLS_PERF_DEVICES
    if (device != TDLS_HOST)
        return omp_target_alloc(bytes, device);
#endif
    (void)device;
    /* 2 MiB pages where the kernel grants them (transparent huge pages in
       "madvise" mode): a batch far larger than the caches is walked by
       every solver, and with 4 KiB pages the interleaved layout, whose
       systems spread each entry over its own page, pays a TLB miss per
       entry, which a virtual machine's nested page walk makes dear. */
    const size_t huge = (size_t)1 << 21;
    void *p = NULL;
    if (posix_memalign(&p, huge, (bytes + huge - 1) / huge * huge))
        return NULL;
    madvise(p, (bytes + huge - 1) / huge * huge, MADV_HUGEPAGE);
    return p;
}

static inline void tdls_perf_free(void *p, int device) {
#if TDLS_PERF_DEVICES
    if (device != TDLS_HOST) {
        omp_target_free(p, device);
        return;
    }
#endif
    (void)device;
    free(p);
}

/* bytes from src (in src_device's memory) to dst (in dst_device's). */
static inline void tdls_perf_memcpy(void *dst, int dst_device, const void *src, int src_device,
                                    size_t bytes) {
#if TDLS_PERF_DEVICES
    if (dst_device != TDLS_HOST || src_device != TDLS_HOST) {
        const int host = omp_get_initial_device();
        omp_target_memcpy(dst, src, bytes, 0, 0, dst_device == TDLS_HOST ? host : dst_device,
                          src_device == TDLS_HOST ? host : src_device);
        return;
    }
#endif
    (void)dst_device;
    (void)src_device;
    memcpy(dst, src, bytes);
}

#endif
