/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: column-major storage, as LAPACK stores A.
   A = [[1, 2], [3, 4]], b = A * (1, -1) = (-1, -1). */
#include "check.h"

/* snippet:begin */
#define TDLS_TILED_NAME   cm
#define TDLS_TILED_LAYOUT TDLS_COL_MAJOR /* A(i, j) at a[j * n + i] */
#include <tdls/tiled_lupp.h>

int main(void) {
    double a[4] = {1, 3, 2, 4}; /* columns (1, 3) and (2, 4) */
    double b[2] = {-1, -1}, x[2];
    int piv[2];
    int info = cm_solve(2, a, 1, piv, 1, b, x, 1); /* x == {1, -1} */
    /* snippet:end */
    const double expected[2] = {1, -1};
    return info == 0 && snippet_close(x, expected, 2, 1e-14) ? 0 : 1;
}
