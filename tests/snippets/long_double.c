/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: float and long double configurations (long double on
   host builds only: GPUs have no such type). A = [[3, 1], [1, 2]],
   b = A * (1, 1). */

/* snippet:begin */
#define TDLS_TILED_NAME ld2
#define TDLS_TILED_REAL long double
#include <tdls/tiled_lupp.h>

#include <tdls/tiled.h> /* tdls_stiled_*: float with the default knobs */

int main(void) {
    long double a[4] = {3, 1, 1, 2}, b[2] = {4, 3}, x[2];
    float af[4] = {3, 1, 1, 2}, bf[2] = {4, 3}, xf[2];
    int piv[2];
    int info = ld2_solve(2, a, 1, piv, 1, b, x, 1) + tdls_stiled_solve(2, af, 1, piv, 1, bf, xf, 1);
    /* snippet:end */
    return info == 0 && x[0] > 0.9999L && x[1] < 1.0001L && xf[0] > 0.999f && xf[1] < 1.001f ? 0
                                                                                             : 1;
}
