/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: a batch in interleaved (SoA) layout solved inside the
   user's own target region, one system per thread: entry (i, j) of system k
   at a[(i * n + j) * batch + k]. Every system is 2 I, so x = b / 2. */
#include <stdio.h>
#include <stdlib.h>

/* snippet:begin */
#include <tdls/tiled.h>

static void solve_batch(int n, long batch, double *a, int *piv, double *b, int *info) {
    const long na = (long)n * n * batch, nv = (long)n * batch;
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target teams distribute parallel for map(tofrom : a[0 : na], b[0 : nv])                \
    map(alloc : piv[0 : nv]) map(from : info[0 : batch])
    /* clang-format on */
    for (long k = 0; k < batch; ++k)
        info[k] = tdls_dtiled_solve_inplace(n, a + k, batch, piv + k, batch, b + k, batch);
}
/* snippet:end */

int main(void) {
    const int n = 5;
    const long batch = 1000;
    double *a = calloc((size_t)(n * n * batch), sizeof *a), *b = malloc(sizeof *b * n * batch);
    int *piv = malloc(sizeof *piv * n * batch), *info = malloc(sizeof *info * batch);
    if (!a || !b || !piv || !info) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    for (long k = 0; k < batch; ++k)
        for (int i = 0; i < n; ++i) {
            a[(i * n + i) * batch + k] = 2;
            b[i * batch + k] = (double)(i + k);
        }
    solve_batch(n, batch, a, piv, b, info);
    int ok = 1;
    for (long k = 0; k < batch; ++k)
        for (int i = 0; i < n; ++i)
            ok &= info[k] == 0 && b[i * batch + k] == 0.5 * (double)(i + k);
    free(a);
    free(b);
    free(piv);
    free(info);
    return ok ? 0 : 1;
}
