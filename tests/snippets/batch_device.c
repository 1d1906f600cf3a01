/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: the batched API on an offload device, once with arrays
   allocated there and once with mapped host arrays (offload builds only:
   clang links omp_target_alloc only with offload). Every system is 2 I in
   interleaved layout, so x = b / 2. */
#include <stdio.h>
#include <stdlib.h>

/* snippet:begin */
#include <omp.h>
#include <tdls.h>

/* Device memory: the arrays live on `dev` and never come back. */
int solve_device_arrays(int dev, int n, int64_t batch) {
    double *a = omp_target_alloc(sizeof *a * n * n * batch, dev);
    double *b = omp_target_alloc(sizeof *b * n * batch, dev);
    int *ipiv = omp_target_alloc(sizeof *ipiv * n * batch, dev);
    int *info = omp_target_alloc(sizeof *info * batch, dev);
    int bad = 0;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b)
    for (int64_t e = 0; e < n * n * batch; ++e) {
        const int64_t i = e / batch % n, j = e / batch / n; /* A(i, j) of system e % batch */
        a[e] = i == j ? 2 : 0;
        if (j == 0)
            b[e] = (double)(e % batch + i);
    }
    const int rc = tdls_dgesv_batch_interleaved(n, 1, a, ipiv, b, info, batch, dev);
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(b, info)                \
    reduction(+ : bad)
    for (int64_t e = 0; e < n * batch; ++e)
        bad += info[e % batch] != 0 || b[e] != 0.5 * (double)(e % batch + e / batch);
    omp_target_free(a, dev);
    omp_target_free(b, dev);
    omp_target_free(ipiv, dev);
    omp_target_free(info, dev);
    return rc == 0 && bad == 0;
}

/* Host arrays mapped to `dev`: use_device_ptr hands tdls their device
   addresses; the results come back when the data region ends. */
int solve_mapped_arrays(int dev, int n, int64_t batch, double *a, double *b, int *ipiv, int *info) {
    const int64_t na = n * n * batch, nb = n * batch;
    int rc;
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target data device(dev) map(to : a[0 : na]) map(tofrom : b[0 : nb])                    \
    map(from : ipiv[0 : nb], info[0 : batch]) use_device_ptr(a, b, ipiv, info)
    /* clang-format on */
    rc = tdls_dgesv_batch_interleaved(n, 1, a, ipiv, b, info, batch, dev);
    return rc;
}
/* snippet:end */

int main(void) {
    const int dev = omp_get_default_device();
    const int n = 4;
    const int64_t batch = 3000;
    double *a = calloc((size_t)(n * n * batch), sizeof *a), *b = malloc(sizeof *b * n * batch);
    int *ipiv = malloc(sizeof *ipiv * n * batch), *info = malloc(sizeof *info * batch);
    if (!a || !b || !ipiv || !info) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    for (int64_t k = 0; k < batch; ++k)
        for (int i = 0; i < n; ++i) {
            a[(i + i * n) * batch + k] = 2;
            b[i * batch + k] = (double)(i + k);
        }
    int ok = solve_device_arrays(dev, n, batch)
             && solve_mapped_arrays(dev, n, batch, a, b, ipiv, info) == 0;
    for (int64_t k = 0; k < batch; ++k)
        for (int i = 0; i < n; ++i)
            ok &= info[k] == 0 && b[i * batch + k] == 0.5 * (double)(i + k);
    free(a);
    free(b);
    free(ipiv);
    free(info);
    return ok ? 0 : 1;
}
