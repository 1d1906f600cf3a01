/* SPDX-License-Identifier: BSD-3-Clause */
/* One configuration of the knob space (bench_tiled.h) at one order, and its
   batch loops: compiled once per (TDLS_BENCH_N, TDLS_BENCH_I), because the
   fully unrolled instantiations build far faster one per translation unit
   than together, and in parallel. */
#include <string.h>

#include <tdls/config.h>
#include <tdls/core/portability.h>

#include "bench_tiled.h"

#if !defined(TDLS_BENCH_N) || !defined(TDLS_BENCH_I)
#error "bench_tiled_kernels.c: compile with -DTDLS_BENCH_N=<order> -DTDLS_BENCH_I=<config index>."
#endif

/* What a material-law kernel does: the system in caller-local arrays,
   every index known at compile time. */
#define TDLS_TILED_NAME            loc
#define TDLS_TILED_N               TDLS_BENCH_N
#define TDLS_TILED_TILE_SIZE       TDLS_BENCH_TILE(TDLS_BENCH_I)
#define TDLS_TILED_SCHEDULE        TDLS_BENCH_SCHEDULE(TDLS_BENCH_I)
#define TDLS_TILED_ROW_INTERCHANGE TDLS_BENCH_INTERCHANGE(TDLS_BENCH_I)
#define TDLS_TILED_LOCAL_MATRIX    1
#define TDLS_TILED_LOCAL_PIV       1
#define TDLS_TILED_LOCAL_RHS       1
#include <tdls/tiled_lupp.h>

/* The interleaved batch, solved where it lies. */
#define TDLS_TILED_NAME            ext
#define TDLS_TILED_N               TDLS_BENCH_N
#define TDLS_TILED_TILE_SIZE       TDLS_BENCH_TILE(TDLS_BENCH_I)
#define TDLS_TILED_SCHEDULE        TDLS_BENCH_SCHEDULE(TDLS_BENCH_I)
#define TDLS_TILED_ROW_INTERCHANGE TDLS_BENCH_INTERCHANGE(TDLS_BENCH_I)
#include <tdls/tiled_lupp.h>

static int run_aos(long count, const double *A, const double *B, double *X) {
    enum { n = TDLS_BENCH_N };
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (long k = 0; k < count; ++k) {
        double a[n * n], b[n], x[n];
        int piv[n];
        memcpy(a, A + k * n * n, sizeof a);
        memcpy(b, B + k * n, sizeof b);
        bad += loc_solve(a, piv, b, x) != 0;
        memcpy(X + k * n, x, sizeof x);
    }
    return bad;
}

static int run_soa(long count, double *A, int *piv, const double *B, double *X) {
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (long k = 0; k < count; ++k)
        bad += ext_solve(A + k, count, piv + k, count, B + k, X + k, count) != 0;
    return bad;
}

const struct tdls_bench_variant TDLS_BENCH_VARIANT_NAME(TDLS_BENCH_N, TDLS_BENCH_I) = {
    TDLS_BENCH_N,
    TDLS_BENCH_TILE(TDLS_BENCH_I),
    TDLS_BENCH_SCHEDULE(TDLS_BENCH_I),
    TDLS_BENCH_INTERCHANGE(TDLS_BENCH_I),
    run_aos,
    run_soa};
