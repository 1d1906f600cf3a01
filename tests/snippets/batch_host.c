/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: a batch of systems in host memory solved by the batched
   API, column-major with one system after the other. System k is the
   quickstart's A with k added to its diagonal, b = A_k * (1, 2, 3). */
#include <stdlib.h>

#include "check.h"

/* snippet:begin */
#include <tdls.h>

int solve_on_host(int64_t batch, double *a, double *b, int *ipiv, int *info) {
    /* system k: A_k(i, j) at a[9 * k + i + 3 * j], b_k(i) at b[3 * k + i] */
    const int rc =
        tdls_dgesv_batch(TDLS_COL_MAJOR, 3, 1, a, 3, 9, ipiv, 3, b, 3, 3, info, batch, TDLS_HOST);
    /* rc == 0 unless an argument is invalid; info[k] != 0: A_k is singular */
    return rc;
}
/* snippet:end */

int main(void) {
    const int64_t batch = 1000;
    const double a3[9] = {4, 1, 0, 1, 3, 1, 0, 1, 2}, x[3] = {1, 2, 3};
    double *a = malloc(sizeof *a * 9 * batch), *b = malloc(sizeof *b * 3 * batch);
    int *ipiv = malloc(sizeof *ipiv * 3 * batch), *info = malloc(sizeof *info * batch);
    if (!a || !b || !ipiv || !info) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    for (int64_t k = 0; k < batch; ++k)
        for (int i = 0; i < 3; ++i) {
            b[3 * k + i] = (double)k * x[i];
            for (int j = 0; j < 3; ++j) {
                a[9 * k + i + 3 * j] = a3[i + 3 * j] + (i == j ? (double)k : 0);
                b[3 * k + i] += a3[i + 3 * j] * x[j];
            }
        }
    int ok = solve_on_host(batch, a, b, ipiv, info) == 0;
    for (int64_t k = 0; k < batch; ++k)
        ok &= info[k] == 0 && snippet_close(b + 3 * k, x, 3, 1e-13);
    free(a);
    free(b);
    free(ipiv);
    free(info);
    return ok ? 0 : 1;
}
