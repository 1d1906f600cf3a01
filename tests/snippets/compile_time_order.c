/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: a compile-time order with caller-local operands, the way
   a material law builds its Jacobian in local arrays. A is tridiagonal
   (2 on the diagonal, -1 beside it) and b = A * (1, ..., 1). */
#include "check.h"

/* snippet:begin */
#define TDLS_TILED_NAME         jac6
#define TDLS_TILED_REAL         double
#define TDLS_TILED_N            6 /* no n argument */
#define TDLS_TILED_LOCAL_MATRIX 1 /* caller-local arrays: no stride arguments */
#define TDLS_TILED_LOCAL_PIV    1
#define TDLS_TILED_LOCAL_RHS    1
#include <tdls/tiled_lupp.h>

static int integrate_point(double x[6]) {
    double j[36] = {0}, r[6] = {1, 0, 0, 0, 0, 1};
    int piv[6];
    for (int i = 0; i < 6; ++i) {
        j[i * 6 + i] = 2;
        if (i > 0)
            j[i * 6 + i - 1] = -1;
        if (i < 5)
            j[i * 6 + i + 1] = -1;
    }
    return jac6_solve(j, piv, r, x);
}
/* snippet:end */

int main(void) {
    double x[6];
    const double expected[6] = {1, 1, 1, 1, 1, 1};
    return integrate_point(x) == 0 && snippet_close(x, expected, 6, 1e-14) ? 0 : 1;
}
