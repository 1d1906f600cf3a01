/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls-demo: 10^6 order-12 Jacobians of an implicit material-law
   integration, solved one system per thread on the default OpenMP device
   with the batch in SoA layout (a_stride = batch); every residual checked in
   long double without tdls, and LAPACKE_dgesv on the same systems. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_OPENMP)
#include <omp.h>
#endif

#include "perf_common.h"

#define TDLS_TILED_NAME jac12
#define TDLS_TILED_REAL double
#define TDLS_TILED_N    12
#include <tdls/tiled_lupp.h>

enum { n = 12, reps = 3 };
static const long batch = 1000000;
/* LAPACKE runs on the first tenth of the batch, to keep the demo short; its
   rate is per system, so it extrapolates linearly. */
static const long lapacke_count = 100000;
#define SEED           20261202u
#define RESIDUAL_LIMIT 30.0 /* LAPACK's threshold for its xGET02 ratio */

/* The solver kernel: entry (i,j) of system k at a[(i*n+j)*batch + k], and
   entry i of its vectors at b[i*batch + k]. Neighbouring threads touch
   neighbouring addresses: coalesced on GPUs, SIMD-friendly on CPUs. The
   arrays are already on the device (target enter data), so the kernel
   moves no data. */
static int solve_on_device(long batch, double *a, int *piv, const double *b, double *x,
                           int *ran_on_host) {
    int failed = 0, initial = 1;
#pragma omp target teams distribute parallel for reduction(+ : failed) map(tofrom : initial)
    for (long k = 0; k < batch; ++k) {
#if defined(_OPENMP)
        if (k == 0)
            initial = omp_is_initial_device();
#endif
        failed += jac12_solve(a + k, batch, piv + k, batch, b + k, x + k, batch) != 0;
    }
    *ran_on_host = initial;
    return failed;
}

/* J = W (I + dt (K + C)): K block-diagonal with two SPD 6x6 stiffness-like
   blocks (G G^T + 0.1 I, scaled by a modulus between 1 and 100), C a small
   non-symmetric coupling, W a diagonal weighting of the equations (0.1..10).
   Counter-based random numbers: the same systems at any thread count. */
static void make_jacobian(long k, double *a, double *b) {
    const double dt = 0.05;
    double g[n][6];
    for (int i = 0; i < n; ++i)
        for (int l = 0; l < 6; ++l)
            g[i][l] = tdls_perf_uniform(SEED, (uint64_t)k, (uint64_t)(i * 6 + l));
    for (int i = 0; i < n; ++i) {
        const double w = pow(10.0, tdls_perf_uniform(SEED + 1, (uint64_t)k, (uint64_t)i));
        const double modulus = pow(10.0, 1.0 + tdls_perf_uniform(SEED + 2, (uint64_t)k, i / 6));
        for (int j = 0; j < n; ++j) {
            double s = 0;
            if (i / 6 == j / 6) {
                for (int l = 0; l < 6; ++l)
                    s += g[i][l] * g[j][l];
                s = modulus * (s / 6.0 + (i == j ? 0.1 : 0.0));
            }
            const double c = 0.05 * tdls_perf_uniform(SEED + 3, (uint64_t)k, (uint64_t)(i * n + j));
            a[((long)i * n + j) * batch] = w * ((i == j) + dt * (s + c));
        }
        b[(long)i * batch] = tdls_perf_uniform(SEED + 4, (uint64_t)k, (uint64_t)i);
    }
}

/* The largest residual ratio of x over the batch; failures counted. */
static double worst_residual(const double *a0, const double *b, const double *x, long count,
                             long *failures) {
    double worst = 0;
    long bad = 0;
#pragma omp parallel for schedule(static) reduction(max : worst) reduction(+ : bad)
    for (long k = 0; k < count; ++k) {
        const double r = tdls_perf_residual_ratio(n, a0 + k, n * batch, batch, b + k, x + k, batch);
        worst = r > worst ? r : worst;
        bad += !(r <= RESIDUAL_LIMIT);
    }
    *failures += bad;
    return worst;
}

int main(void) {
    const size_t na = (size_t)n * n * batch, nv = (size_t)n * batch;
    double *a0 = malloc(sizeof(double) * na), *a = malloc(sizeof(double) * na);
    double *b = malloc(sizeof(double) * nv), *x = malloc(sizeof(double) * nv);
    double *xl = malloc(sizeof(double) * nv);
    int *piv = malloc(sizeof(int) * nv);
    if (!a0 || !a || !b || !x || !xl || !piv) {
        fprintf(stderr, "tdls-demo: out of memory\n");
        return 1;
    }
#pragma omp parallel for schedule(static)
    for (long k = 0; k < batch; ++k)
        make_jacobian(k, a0 + k, b + k);
    memcpy(a, a0, sizeof(double) * na);

    int devices = 0, ran_on_host = 1, failed_info = 0;
#if defined(_OPENMP)
    devices = omp_get_num_devices();
#pragma omp target /* starts the device before the clock */
    {
        ran_on_host = omp_is_initial_device();
    }
#endif

    /* Including the transfers: to the device, solve, back. */
    const double t0 = tdls_perf_now();
#pragma omp target enter data map(to : a[0 : na], b[0 : nv]) map(alloc : piv[0 : nv], x[0 : nv])
    failed_info += solve_on_device(batch, a, piv, b, x, &ran_on_host);
#pragma omp target exit data map(from : x[0 : nv]) map(release : a[0 : na], b[0 : nv], piv[0 : nv])
    const double with_transfers = tdls_perf_now() - t0;

    /* Excluding them: the median of reps kernels on fresh copies already on
       the device. */
    double kernel[reps];
#pragma omp target enter data map(to : a0[0 : na], b[0 : nv])                                      \
    map(alloc : a[0 : na], piv[0 : nv], x[0 : nv])
    for (int r = 0; r < reps; ++r) {
#pragma omp target teams distribute parallel for
        for (size_t i = 0; i < na; ++i)
            a[i] = a0[i];
        const double t1 = tdls_perf_now();
        failed_info += solve_on_device(batch, a, piv, b, x, &ran_on_host);
        kernel[r] = tdls_perf_now() - t1;
    }
#pragma omp target exit data map(from : x[0 : nv])                                                 \
    map(release : a0[0 : na], a[0 : na], b[0 : nv], piv[0 : nv])
    const double kernel_s = tdls_perf_median(kernel, reps);

    long failures = 0;
    const double worst = worst_residual(a0, b, x, batch, &failures);

    /* The peer a CPU user would otherwise call, one system at a time from
       the same SoA batch; the same residual check on its answers. */
    int lapacke_info = 0;
    const double t2 = tdls_perf_now();
#pragma omp parallel for schedule(static) reduction(+ : lapacke_info)
    for (long k = 0; k < lapacke_count; ++k)
        lapacke_info += tdls_perf_lapacke_solve(TDLS_PERF_LAPACKE_COL_WORK, n, a0 + k, n * batch,
                                                batch, b + k, xl + k, batch)
                        != 0;
    const double lapacke_s = tdls_perf_now() - t2;
    long lapacke_failures = 0;
    const double lapacke_worst = worst_residual(a0, b, xl, lapacke_count, &lapacke_failures);

    printf("tdls-demo: %ld systems of order %d (material-law Jacobians), SoA, a_stride = batch\n",
           batch, n);
    printf("  ran on       : %s (OpenMP devices available: %d)\n",
           ran_on_host ? "the host (initial device)" : "an offload device (not the initial device)",
           devices);
    printf("  tdls         : %.4g systems/s kernel only (median of %d), %.4g systems/s "
           "including transfers\n",
           batch / kernel_s, reps, batch / with_transfers);
    const double lapacke_rate = lapacke_count / lapacke_s;
    printf("  LAPACKE      : %.4g systems/s, measured on the first %ld systems (%s, host "
           "threads, gather from SoA included)\n",
           lapacke_rate, lapacke_count, tdls_perf_lapacke_name[TDLS_PERF_LAPACKE_COL_WORK]);
    printf("  tdls/LAPACKE : %.2fx (kernel only), %.2fx (including transfers)\n",
           batch / kernel_s / lapacke_rate, batch / with_transfers / lapacke_rate);
    printf("  max residual ratio ||b-Ax||/(n eps (||A|| ||x||+||b||)), long double: tdls %.3g, "
           "LAPACKE %.3g on its subset (limit %.0f)\n",
           worst, lapacke_worst, RESIDUAL_LIMIT);
    printf("  info != 0    : tdls %d, LAPACKE %d; residual failures: tdls %ld, LAPACKE %ld\n",
           failed_info, lapacke_info, failures, lapacke_failures);
    const int ok = failed_info == 0 && failures == 0;
    printf("%s\n", ok ? "demo: PASS" : "demo: FAIL");
    free(a0);
    free(a);
    free(b);
    free(x);
    free(xl);
    free(piv);
    return ok ? 0 : 1;
}
