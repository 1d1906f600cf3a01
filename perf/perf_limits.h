/* SPDX-License-Identifier: BSD-3-Clause */
/* The CPU limits the benchmarks divide by, measured in the same run with
   the thread count in use (omp_set_num_threads / OMP_NUM_THREADS): a STREAM
   triad for memory bandwidth and a chain of vector FMAs for the arithmetic
   peak. */
#ifndef TDLS_PERF_LIMITS_H
#define TDLS_PERF_LIMITS_H

#include <stdio.h>
#include <stdlib.h>

#include <omp.h>

#include "perf_common.h"

/* STREAM triad a = b + s c over arrays far larger than the caches (3 x 256
   MiB), with STREAM's count of 24 bytes per element (no write-allocate).
   GB/s, median of reps (<= 64); 0 when the arrays cannot be allocated. */
static inline double tdls_perf_stream_triad(int reps) {
    const long len = 1L << 25;
    double *a = malloc(sizeof(double) * len), *b = malloc(sizeof(double) * len),
           *c = malloc(sizeof(double) * len), t[64];
    double gbs = 0;
    if (a && b && c) {
#pragma omp parallel for schedule(static)
        for (long i = 0; i < len; ++i) {
            a[i] = 0;
            b[i] = 1;
            c[i] = 2;
        }
        for (int r = 0; r < reps; ++r) {
            const double t0 = tdls_perf_now();
#pragma omp parallel for schedule(static)
            for (long i = 0; i < len; ++i)
                a[i] = b[i] + 3.0 * c[i];
            t[r] = tdls_perf_now() - t0;
        }
        gbs = 24.0 * (double)len / tdls_perf_median(t, reps) * 1e-9;
        if (a[len / 2] != 7.0)
            fprintf(stderr, "stream: wrong result\n");
    }
    free(a);
    free(b);
    free(c);
    return gbs;
}

/* Peak double FMA rate of the threads in use: independent chains of the
   widest vector FMA the compiler emits for -march=native, enough of them to
   cover the latency of every FMA pipe, few enough to stay in registers
   (12 accumulators, the multiplier and the addend fit the 16 registers of
   AVX2 and SSE2; 16 chains of 8 doubles on an AVX2 machine spilled and
   read half its peak). GFLOP/s (an FMA is 2 flops) of all the threads
   together, median of reps (<= 64). */
#if defined(__AVX512F__)
#define TDLS_PERF_VECTOR_BYTES 64
#elif defined(__AVX__)
#define TDLS_PERF_VECTOR_BYTES 32
#else
#define TDLS_PERF_VECTOR_BYTES 16
#endif
typedef double tdls_vd __attribute__((vector_size(TDLS_PERF_VECTOR_BYTES)));
static inline double tdls_perf_fma_peak(int reps) {
    enum { lanes = TDLS_PERF_VECTOR_BYTES / 8, chains = 12, iters = 1 << 22 };
    double t[64], sink = 0;
    int threads = 1;
    for (int r = 0; r < reps; ++r) {
        const double t0 = tdls_perf_now();
#pragma omp parallel reduction(+ : sink)
        {
#pragma omp single
            threads = omp_get_num_threads();
            tdls_vd acc[chains], m = {0}, c = {0};
            for (int l = 0; l < lanes; ++l) {
                m[l] = 0.999999 + 1e-9 * omp_get_thread_num();
                c[l] = 1e-7;
            }
            for (int q = 0; q < chains; ++q)
                acc[q] = m + (double)q;
            for (long it = 0; it < iters; ++it)
                for (int q = 0; q < chains; ++q)
                    acc[q] = acc[q] * m + c;
            for (int q = 0; q < chains; ++q)
                for (int l = 0; l < lanes; ++l)
                    sink += acc[q][l];
        }
        t[r] = tdls_perf_now() - t0;
    }
    if (sink == 42.0) /* keeps the chains alive */
        puts("");
    return 2.0 * lanes * chains * (double)iters * threads / tdls_perf_median(t, reps) * 1e-9;
}

#endif
