/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: a singular system. Column 2 (1-based) of A is zero, so
   the second pivot is rejected: info == 2, and the call returns normally. */
#include <math.h>

/* snippet:begin */
#include <tdls/tiled.h>

int main(void) {
    double a[9] = {1, 0, 2, /**/ 3, 0, 4, /**/ 5, 0, 6};
    double b[3] = {1, 1, 1}, x[3];
    int piv[3];
    int info = tdls_dtiled_solve(3, a, 1, piv, 1, b, x, 1);
    /* info == 2: the first bad pivot, 1-based; x is not a solution */
    /* snippet:end */
    return info == 2 && isfinite(x[0]) ? 0 : 1;
}
