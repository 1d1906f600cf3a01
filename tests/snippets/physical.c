/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: physical row interchanges, LAPACK's. A = [[0, 1], [2, 0]]
   needs one interchange at step 0; b = A * (3, 4) = (4, 6). */
#include "check.h"

/* snippet:begin */
#define TDLS_TILED_NAME            phys2
#define TDLS_TILED_N               2
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#define TDLS_TILED_LOCAL_MATRIX    1
#define TDLS_TILED_LOCAL_PIV       1
#define TDLS_TILED_LOCAL_RHS       1
#include <tdls/tiled_lupp.h>

int main(void) {
    double a[4] = {0, 1, 2, 0}, y[2] = {4, 6};
    int piv[2];
    int info = phys2_solve_inplace(a, piv, y);
    /* piv == {1, 1}: row 1 was exchanged with row 0 at step 0 (0-based);
       a holds L\U in natural row order, with 1/u_kk on the diagonal */
    /* snippet:end */
    const double expected[2] = {3, 4};
    return info == 0 && piv[0] == 1 && piv[1] == 1 && a[0] == 0.5
                   && snippet_close(y, expected, 2, 1e-14)
               ? 0
               : 1;
}
