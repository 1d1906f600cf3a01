/* SPDX-License-Identifier: BSD-3-Clause */
/* A user program of the header families alone, built against an installed
 * tdls through tdls::headers / tdls-headers.pc, without libtdls. With
 * argument "offload" it fails unless its target region ran on a device. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#define TDLS_TILED_NAME         sys4
#define TDLS_TILED_REAL         double
#define TDLS_TILED_N            4
#define TDLS_TILED_LOCAL_MATRIX 1
#define TDLS_TILED_LOCAL_PIV    1
#define TDLS_TILED_LOCAL_RHS    1
#include <tdls/tiled_lupp.h>

int main(int argc, char **argv) {
    int expect_offload = argc > 1 && strcmp(argv[1], "offload") == 0;
    /* Row-major; a zero leading entry, so the solve must pivot. */
    const double a[16] = {0, 2, 1, 3, 4, 1, 0, 2, 1, 3, 5, 0, 2, 0, 1, 4};
    const double b[4] = {1, 2, 3, 4};
    double x[4];
    int info = -1, on_host = 1;
#pragma omp target map(to : a, b) map(from : x, info, on_host)
    {
        double f[16];
        int piv[4];
        for (int i = 0; i < 16; ++i)
            f[i] = a[i];
        info = sys4_solve(f, piv, b, x);
#ifdef _OPENMP
        on_host = omp_is_initial_device();
#endif
    }
    /* Normwise backward error, in the infinity norm. */
    double r = 0, na = 0, nx = 0, nb = 0;
    for (int i = 0; i < 4; ++i) {
        double ri = b[i], row = 0;
        for (int j = 0; j < 4; ++j) {
            ri -= a[i * 4 + j] * x[j];
            row += fabs(a[i * 4 + j]);
        }
        r = fmax(r, fabs(ri));
        na = fmax(na, row);
        nx = fmax(nx, fabs(x[i]));
        nb = fmax(nb, fabs(b[i]));
    }
    const double berr = r / (na * nx + nb);
    printf("info %d, backward error %.1e, target region on %s\n", info, berr,
           on_host ? "host" : "device");
    if (info != 0 || !(berr <= 4 * DBL_EPSILON)) {
        fprintf(stderr, "tdls-headers-consumer: the solve failed\n");
        return 1;
    }
    if (expect_offload && on_host) {
        fprintf(stderr, "tdls-headers-consumer: expected the target region on an offload device\n");
        return 1;
    }
    return 0;
}
