/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: the remaining entry points: the multi-RHS and in-place
   forms of the transposed solve, and the out-of-tile counting variants.
   A = [[1, 2], [3, 4]], and B has two columns. */
#include "check.h"

#include <tdls/tiled.h>

int main(void) {
    /* snippet:begin */
    const double a[4] = {1, 2, 3, 4}, bb[4] = {5, 7, 11, 10}; /* B = [[5, 7], [11, 10]] */
    double f[4], b[4], x[4], y[4], w[4], z[2] = {7, 10};
    int piv[2], oot = 0, info = 0;
    for (int i = 0; i < 4; ++i) {
        f[i] = a[i];
        b[i] = x[i] = bb[i];
    }
    info |= tdls_dtiled_factorize_oot(2, f, 1, piv, 1, &oot);
    tdls_dtiled_substitute_trans_inplace(2, f, 1, piv, 1, z, 1);          /* A^T z = (7, 10) */
    tdls_dtiled_substitute_multi_inplace(2, 2, f, 1, piv, 1, x, 1);       /* A X = B */
    tdls_dtiled_substitute_trans_multi(2, 2, f, 1, piv, 1, bb, y, 1);     /* A^T Y = B */
    tdls_dtiled_substitute_trans_multi_inplace(2, 2, f, 1, piv, 1, b, 1); /* b becomes Y */
    for (int i = 0; i < 4; ++i)
        f[i] = a[i];
    info |= tdls_dtiled_solve_multi_oot(2, 2, f, 1, piv, 1, bb, w, 1, &oot); /* w == X */
    /* snippet:end */
    const double xs[4] = {1, -4, 2, 5.5}, zs[2] = {1, 2}, ys[4] = {6.5, 1, -0.5, 2};
    return info == 0 && oot == 0 && snippet_close(x, xs, 4, 1e-13) && snippet_close(w, xs, 4, 1e-13)
                   && snippet_close(z, zs, 2, 1e-13) && snippet_close(y, ys, 4, 1e-13)
                   && snippet_close(b, ys, 4, 1e-13)
               ? 0
               : 1;
}
