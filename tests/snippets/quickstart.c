/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: the ready-made double solver with a runtime order.
   A = [[4, 1, 0], [1, 3, 1], [0, 1, 2]], b = A * (1, 2, 3). */
#include "check.h"

/* snippet:begin */
#include <tdls/tiled.h>

int main(void) {
    double a[9] = {4, 1, 0, 1, 3, 1, 0, 1, 2}; /* row-major, overwritten by the factors */
    double b[3] = {6, 10, 8}, x[3];
    int piv[3];
    int info = tdls_dtiled_solve(3, a, 1, piv, 1, b, x, 1);
    /* info == 0, x == {1, 2, 3} */
    /* snippet:end */
    const double expected[3] = {1, 2, 3};
    return info == 0 && snippet_close(x, expected, 3, 1e-14) ? 0 : 1;
}
