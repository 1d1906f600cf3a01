/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: one system per team inside the user's target region,
   LAPACK's column-major storage, systems one after another in memory. The
   workspace is declared in the teams region, outside parallel, so that
   the team shares it. System k is (k + 2) I + e_0 e_1^T. */
#include <stdlib.h>

#include "check.h"

/* snippet:begin */
#include <omp.h>

#define TDLS_COOP_NAME            lapack32
#define TDLS_COOP_N               32
#define TDLS_COOP_LAYOUT          TDLS_COL_MAJOR /* A(i, j) at a[j * 32 + i] */
#define TDLS_COOP_ROWS_PER_THREAD 16             /* 2 threads per system: see the text */
#include <tdls/coop_lupp.h>

static void solve_all(long batch, double *a, int *ipiv, double *b, int *info) {
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target teams distribute thread_limit(lapack32_threads_per_system())                    \
    map(tofrom : a[0 : 1024 * batch], b[0 : 32 * batch])                                           \
    map(from : ipiv[0 : 32 * batch], info[0 : batch])
    /* clang-format on */
    for (long k = 0; k < batch; ++k) {
        double work[TDLS_COOP_WORKSPACE(32)];
#pragma omp parallel num_threads(lapack32_threads_per_system())
        {
            const int t = lapack32_solve_inplace(omp_get_thread_num(), a + 1024 * k, 1,
                                                 ipiv + 32 * k, 1, b + 32 * k, 1, work);
            if (omp_get_thread_num() == 0)
                info[k] = t;
        }
    }
}
/* snippet:end */

int main(void) {
    const long batch = 100;
    double *a = calloc((size_t)(1024 * batch), sizeof *a), *b = malloc(sizeof *b * 32 * batch);
    int *ipiv = malloc(sizeof *ipiv * 32 * batch), *info = malloc(sizeof *info * batch);
    if (!a || !b || !ipiv || !info) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    for (long k = 0; k < batch; ++k) {
        for (int i = 0; i < 32; ++i) {
            a[1024 * k + i * 32 + i] = (double)(k + 2);
            b[32 * k + i] = (double)(k + 2) * (i + 1);
        }
        a[1024 * k + 1 * 32 + 0] = 1; /* A(0, 1) = 1: b_0 = (k+2) x_0 + x_1 */
        b[32 * k] += 2;
    }
    solve_all(batch, a, ipiv, b, info);
    double expected[32];
    for (int i = 0; i < 32; ++i)
        expected[i] = i + 1;
    int ok = 1;
    for (long k = 0; k < batch; ++k)
        ok &= info[k] == 0 && snippet_close(b + 32 * k, expected, 32, 1e-14);
    free(a);
    free(b);
    free(ipiv);
    free(info);
    return ok ? 0 : 1;
}
