/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls-demo: 10^6 order-12 Jacobians of an implicit material-law
   integration, solved by the batched API (tdls_dgesv_batch_interleaved) on
   the default OpenMP device, or on the host when that is the initial
   device; every residual checked in long double without tdls, and
   LAPACKE_dgesv on the same systems. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tdls.h>

#include "perf_common.h"
#include "perf_memory.h"

enum { n = 12, reps = 3 };
static const long batch = 1000000;
/* LAPACKE runs on the first tenth of the batch, to keep the demo short; its
   rate is per system, so it extrapolates linearly. */
static const long lapacke_count = 100000;
#define SEED           20261202u
#define RESIDUAL_LIMIT 30.0 /* LAPACK's threshold for its xGET02 ratio */

/* The default device when it is an offload device, else TDLS_HOST: where
   the demo's arrays live and the batch is solved. */
static int solver_device(int *devices) {
    *devices = 0;
#if TDLS_PERF_DEVICES
    *devices = omp_get_num_devices();
    const int d = omp_get_default_device();
    if (d >= 0 && d < *devices && d != omp_get_initial_device())
        return d;
#endif
    return TDLS_HOST;
}

/* J = W (I + dt (K + C)): K block-diagonal with two SPD 6x6 stiffness-like
   blocks (G G^T + 0.1 I, scaled by a modulus between 1 and 100), C a small
   non-symmetric coupling, W a diagonal weighting of the equations (0.1..10).
   Counter-based random numbers: the same systems at any thread count.
   Interleaved as the API takes it: entry (i,j) at a[(i + j*n) * batch]. */
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
            a[((long)i + (long)j * n) * batch] = w * ((i == j) + dt * (s + c));
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
        const double r = tdls_perf_residual_ratio(n, a0 + k, batch, n * batch, b + k, x + k, batch);
        worst = r > worst ? r : worst;
        bad += !(r <= RESIDUAL_LIMIT);
    }
    *failures += bad;
    return worst;
}

/* Copies the inputs from the host to where the batch is solved: gesv
   overwrites A and b with the factors and x. */
static void put_inputs(int device, const double *a0, const double *b0, double *a, double *b) {
    tdls_perf_memcpy(a, device, a0, TDLS_HOST, sizeof(double) * n * n * batch);
    tdls_perf_memcpy(b, device, b0, TDLS_HOST, sizeof(double) * n * batch);
}

int main(void) {
    const size_t na = (size_t)n * n * batch, nv = (size_t)n * batch;
    int devices;
    const int device = solver_device(&devices);
    double *a0 = malloc(sizeof(double) * na), *b0 = malloc(sizeof(double) * nv);
    double *x = malloc(sizeof(double) * nv), *xl = malloc(sizeof(double) * nv);
    int *info_h = malloc(sizeof(int) * batch);
    double *a = tdls_perf_alloc(sizeof(double) * na, device);
    double *b = tdls_perf_alloc(sizeof(double) * nv, device);
    int *piv = tdls_perf_alloc(sizeof(int) * nv, device);
    int *info = tdls_perf_alloc(sizeof(int) * batch, device);
    if (!a0 || !b0 || !x || !xl || !info_h || !a || !b || !piv || !info) {
        fprintf(stderr, "tdls-demo: out of memory\n");
        return 1;
    }
#pragma omp parallel for schedule(static)
    for (long k = 0; k < batch; ++k)
        make_jacobian(k, a0 + k, b0 + k);
    /* Where the API's target regions run; also starts the device before
       the clock. */
    const int ran_on_host = device == TDLS_HOST ? 1 : tdls_offload_probe(device);

    /* Including the transfers to the device and back (on the host, a
       warm-up of the same call). */
    const double t0 = tdls_perf_now();
    put_inputs(device, a0, b0, a, b);
    int api_errors = tdls_dgesv_batch_interleaved(n, 1, a, piv, b, info, batch, device) != 0;
    tdls_perf_memcpy(x, TDLS_HOST, b, device, sizeof(double) * nv);
    const double with_transfers = tdls_perf_now() - t0;

    /* Excluding them: the median of reps calls on fresh copies of the
       inputs, restored outside the clock. */
    double kernel[reps];
    for (int r = 0; r < reps; ++r) {
        put_inputs(device, a0, b0, a, b);
        const double t1 = tdls_perf_now();
        api_errors += tdls_dgesv_batch_interleaved(n, 1, a, piv, b, info, batch, device) != 0;
        kernel[r] = tdls_perf_now() - t1;
    }
    const double kernel_s = tdls_perf_median(kernel, reps);
    tdls_perf_memcpy(x, TDLS_HOST, b, device, sizeof(double) * nv);
    tdls_perf_memcpy(info_h, TDLS_HOST, info, device, sizeof(int) * batch);
    long failed_info = 0;
    for (long k = 0; k < batch; ++k)
        failed_info += info_h[k] != 0;

    long failures = 0;
    const double worst = worst_residual(a0, b0, x, batch, &failures);

    /* The peer a CPU user would otherwise call, one system at a time from
       the same interleaved batch; the same residual check on its answers. */
    int lapacke_info = 0;
    const double t2 = tdls_perf_now();
#pragma omp parallel for schedule(static) reduction(+ : lapacke_info)
    for (long k = 0; k < lapacke_count; ++k)
        lapacke_info += tdls_perf_lapacke_solve(TDLS_PERF_LAPACKE_COL_WORK, n, a0 + k, batch,
                                                n * batch, b0 + k, xl + k, batch)
                        != 0;
    const double lapacke_s = tdls_perf_now() - t2;
    long lapacke_failures = 0;
    const double lapacke_worst = worst_residual(a0, b0, xl, lapacke_count, &lapacke_failures);

    printf("tdls-demo: %ld systems of order %d (material-law Jacobians), "
           "tdls_dgesv_batch_interleaved\n",
           batch, n);
    if (device == TDLS_HOST)
        printf("  ran on       : the host (device TDLS_HOST: the default device is the initial "
               "device; OpenMP offload devices: %d)\n",
               devices);
    else
        printf("  ran on       : OpenMP device %d of %d, %s\n", device, devices,
               ran_on_host ? "but its target regions ran on the host"
                           : "an offload device (not the initial device)");
    printf("  tdls         : %.4g systems/s for the call alone (median of %d)", batch / kernel_s,
           reps);
    if (device != TDLS_HOST)
        printf(", %.4g systems/s including the transfers", batch / with_transfers);
    printf("\n");
    const double lapacke_rate = lapacke_count / lapacke_s;
    printf("  LAPACKE      : %.4g systems/s, measured on the first %ld systems (%s, host "
           "threads, gather from the interleaved batch included)\n",
           lapacke_rate, lapacke_count, tdls_perf_lapacke_name[TDLS_PERF_LAPACKE_COL_WORK]);
    printf("  tdls/LAPACKE : %.2fx (call alone)", batch / kernel_s / lapacke_rate);
    if (device != TDLS_HOST)
        printf(", %.2fx (including transfers)", batch / with_transfers / lapacke_rate);
    printf("\n");
    printf("  max residual ratio ||b-Ax||/(n eps (||A|| ||x||+||b||)), long double: tdls %.3g, "
           "LAPACKE %.3g on its subset (limit %.0f)\n",
           worst, lapacke_worst, RESIDUAL_LIMIT);
    printf("  info != 0    : tdls %ld, LAPACKE %d; residual failures: tdls %ld, LAPACKE %ld; "
           "API errors: %d\n",
           failed_info, lapacke_info, failures, lapacke_failures, api_errors);
    const int ok = api_errors == 0 && failed_info == 0 && failures == 0;
    printf("%s\n", ok ? "demo: PASS" : "demo: FAIL");
    free(a0);
    free(b0);
    free(x);
    free(xl);
    free(info_h);
    tdls_perf_free(a, device);
    tdls_perf_free(b, device);
    tdls_perf_free(piv, device);
    tdls_perf_free(info, device);
    return ok ? 0 : 1;
}
