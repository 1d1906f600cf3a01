/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the benchmark and the demo: wall clock, medians, a
   counter-based random generator (reproducible at any thread count) and the
   benchmarks' matrices drawn from it, the independent long double residual check, and LAPACKE's
   dgesv on one system gathered from a strided batch. None of it uses tdls: it is the oracle. */
#ifndef TDLS_PERF_COMMON_H
#define TDLS_PERF_COMMON_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <lapacke.h>

#define TDLS_PERF_NMAX 64

static inline double tdls_perf_now(void) {
    struct timespec ts; /* C11's clock: the perf build stays strict -std=c11 */
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int tdls_perf_cmp(const void *x, const void *y) {
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Sorts v in place. */
static inline double tdls_perf_median(double *v, int count) {
    qsort(v, (size_t)count, sizeof *v, tdls_perf_cmp);
    return count % 2 ? v[count / 2] : 0.5 * (v[count / 2 - 1] + v[count / 2]);
}

/* The generator and the benchmarks' matrices are device functions too:
   tdls-gpu-tune draws its batches in device memory. */
#ifdef _OPENMP
#pragma omp declare target
#endif

/* splitmix64 of (seed, stream, index): entry i of system k is the same
   number however the generating loop is split among threads. */
static inline double tdls_perf_uniform(uint64_t seed, uint64_t stream, uint64_t index) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (stream * 0x100000001B3ull + index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1.0p-53 * 2.0 - 1.0; /* [-1, 1) */
}

/* The benchmarks' matrices: uniform in [-1, 1) ("random"), plus sign(a_ii) n
   on the diagonal when diagdom (strictly diagonally dominant by rows). Entry
   (i,j) of system k, and entry i of its right-hand side. */
static inline double tdls_perf_matrix_entry(int diagdom, int n, uint64_t k, int i, int j) {
    const double v = tdls_perf_uniform(20261202u, k, (uint64_t)(i * n + j));
    return diagdom && i == j ? (v < 0 ? -1.0 : 1.0) * (double)n + v : v;
}

static inline double tdls_perf_rhs_entry(uint64_t k, int i) {
    return tdls_perf_uniform(20261203u, k, (uint64_t)i);
}

#ifdef _OPENMP
#pragma omp end declare target
#endif

/* LAPACK's xGET02 ratio in the infinity norm, in long double:
   ||b - A x|| / (n eps (||A|| ||x|| + ||b||)). Entry (i,j) of A at
   a[i*ars + j*acs], entry i of b and x at [i*rs]. A non-finite x gives +inf. */
static inline double tdls_perf_residual_ratio(int n, const double *a, ptrdiff_t ars, ptrdiff_t acs,
                                              const double *b, const double *x, ptrdiff_t rs) {
    long double rmax = 0, anorm = 0, xnorm = 0, bnorm = 0;
    for (int i = 0; i < n; ++i) {
        long double r = b[i * rs], rowsum = 0;
        for (int j = 0; j < n; ++j) {
            const long double aij = a[i * ars + j * acs];
            r -= aij * (long double)x[j * rs];
            rowsum += fabsl(aij);
        }
        rmax = fmaxl(rmax, fabsl(r));
        anorm = fmaxl(anorm, rowsum);
        xnorm = fmaxl(xnorm, fabsl((long double)x[i * rs]));
        bnorm = fmaxl(bnorm, fabsl((long double)b[i * rs]));
        if (!isfinite((double)x[i * rs]))
            return INFINITY;
    }
    const long double den = (long double)n * DBL_EPSILON * (anorm * xnorm + bnorm);
    return den > 0 ? (double)(rmax / den) : (rmax == 0 ? 0.0 : INFINITY);
}

/* How the LAPACKE peer is called. Every variant copies A and b first,
   since dgesv overwrites them. */
enum tdls_perf_lapacke {
    TDLS_PERF_LAPACKE_ROW,     /* LAPACKE_dgesv, LAPACK_ROW_MAJOR (LAPACKE transposes) */
    TDLS_PERF_LAPACKE_COL,     /* LAPACKE_dgesv, LAPACK_COL_MAJOR on a transposed copy */
    TDLS_PERF_LAPACKE_COL_WORK /* LAPACKE_dgesv_work: the same without the NaN scan */
};

static const char *const tdls_perf_lapacke_name[] = {"LAPACKE_dgesv ROW_MAJOR",
                                                     "LAPACKE_dgesv COL_MAJOR(A^T copy)",
                                                     "LAPACKE_dgesv_work COL_MAJOR(A^T copy)"};

/* Solves the system with entry (i,j) at a[i*ars + j*acs] and b at [i*rs]
   into x (stride rs); returns info. */
static inline int tdls_perf_lapacke_solve(enum tdls_perf_lapacke how, int n, const double *a,
                                          ptrdiff_t ars, ptrdiff_t acs, const double *b, double *x,
                                          ptrdiff_t rs) {
    double w[TDLS_PERF_NMAX * TDLS_PERF_NMAX], y[TDLS_PERF_NMAX];
    lapack_int ipiv[TDLS_PERF_NMAX];
    lapack_int info;
    if (how == TDLS_PERF_LAPACKE_ROW) {
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                w[i * n + j] = a[i * ars + j * acs];
    } else {
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                w[j * n + i] = a[i * ars + j * acs];
    }
    for (int i = 0; i < n; ++i)
        y[i] = b[i * rs];
    if (how == TDLS_PERF_LAPACKE_ROW)
        info = LAPACKE_dgesv(LAPACK_ROW_MAJOR, n, 1, w, n, ipiv, y, 1);
    else if (how == TDLS_PERF_LAPACKE_COL)
        info = LAPACKE_dgesv(LAPACK_COL_MAJOR, n, 1, w, n, ipiv, y, n);
    else
        info = LAPACKE_dgesv_work(LAPACK_COL_MAJOR, n, 1, w, n, ipiv, y, n);
    for (int i = 0; i < n; ++i)
        x[i * rs] = y[i];
    return (int)info;
}

#endif
