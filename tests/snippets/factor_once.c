/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: factor once, then solve A x = b, A^T x = b, several
   right-hand sides at once, in place, and a column of the inverse.
   A = [[2, 1], [1, 3]] (symmetric, so A^T x = b has the same solution). */
#include "check.h"

#include <tdls/tiled.h>

int main(void) {
    /* snippet:begin */
    double a[4] = {2, 1, 1, 3}, b[2] = {3, 4}, x[2], xt[2], inv0[2];
    double bb[4] = {3, 1, 4, 2}; /* B = [[3, 1], [4, 2]]: entry (i, r) at bb[i * 2 + r] */
    double xx[4];
    int piv[2];
    int info = tdls_dtiled_factorize(2, a, 1, piv, 1);
    tdls_dtiled_substitute(2, a, 1, piv, 1, b, x, 1);        /* A x = b */
    tdls_dtiled_substitute_trans(2, a, 1, piv, 1, b, xt, 1); /* A^T x = b */
    tdls_dtiled_substitute_multi(2, 2, a, 1, piv, 1, bb, xx, 1);
    tdls_dtiled_substitute_inplace(2, a, 1, piv, 1, b, 1);         /* b becomes x */
    tdls_dtiled_substitute_canonical(2, a, 1, piv, 1, 0, inv0, 1); /* column 0 of A^-1 */
    /* snippet:end */
    const double sol[2] = {1, 1}, sol2[4] = {1, 0.2, 1, 0.6}, col0[2] = {0.6, -0.2};
    return info == 0 && snippet_close(x, sol, 2, 1e-14) && snippet_close(xt, sol, 2, 1e-14)
                   && snippet_close(b, sol, 2, 1e-14) && snippet_close(xx, sol2, 4, 1e-14)
                   && snippet_close(inv0, col0, 2, 1e-14)
               ? 0
               : 1;
}
