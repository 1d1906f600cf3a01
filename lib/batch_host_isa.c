/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls_batch_host_{s,d}: the host driver variant for the instruction sets
   of the running CPU. x86-64 builds with gcc or clang carry baseline, AVX2
   and AVX-512 variants (TDLS_HOST_ISA_X86, lib/CMakeLists.txt); every
   variant gives the same bits, so the choice only changes the speed. */
#include <stdlib.h>
#include <string.h>

#include "batch.h"

typedef int tdls_host_driver(const tdls_batch *job);

/* 0 baseline, 1 AVX2 with FMA, 2 AVX-512 (F, VL, DQ, BW). The compiler
   runtime reads the CPU model once, at load time; this only tests bits.
   The environment variable TDLS_HOST_ISA (baseline, avx2) caps the choice,
   so that tests can compare the variants on one machine. */
static int tdls_host_isa(void) {
#if TDLS_HOST_ISA_X86
    const char *const cap = getenv("TDLS_HOST_ISA");
    const int most = !cap ? 2 : !strcmp(cap, "baseline") ? 0 : !strcmp(cap, "avx2") ? 1 : 2;
    if (most >= 2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw"))
        return 2;
    if (most >= 1 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return 1;
#endif
    return 0;
}

#if TDLS_HOST_ISA_X86
static tdls_host_driver *const tdls_host_s[] = {tdls_batch_host_s_baseline, tdls_batch_host_s_avx2,
                                                tdls_batch_host_s_avx512};
static tdls_host_driver *const tdls_host_d[] = {tdls_batch_host_d_baseline, tdls_batch_host_d_avx2,
                                                tdls_batch_host_d_avx512};
#else
static tdls_host_driver *const tdls_host_s[] = {tdls_batch_host_s_baseline};
static tdls_host_driver *const tdls_host_d[] = {tdls_batch_host_d_baseline};
#endif

int tdls_batch_host_s(const tdls_batch *job) {
    return tdls_host_s[tdls_host_isa()](job);
}

int tdls_batch_host_d(const tdls_batch *job) {
    return tdls_host_d[tdls_host_isa()](job);
}
