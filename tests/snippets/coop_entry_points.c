/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: the CooperativeLUpp entry points on factors computed once,
   by a host parallel group. A = [[2, 1], [1, 3]] (row-major), whose
   inverse is [[3, -1], [-1, 2]] / 5. */
#include "check.h"

/* snippet:begin */
#include <omp.h>
#include <tdls/coop.h>

static int entry_points(double a[4], double inv0[2], double xt[2], double xx[4], double y[2]) {
    const double b[2] = {3, 4}, bb[4] = {3, 5, 4, 10}; /* bb: two columns, row-major */
    double work[TDLS_COOP_WORKSPACE(2)];
    int piv[2], info = 0;
#pragma omp parallel num_threads(tdls_dcoop_threads_per_system(2))
    {
        const int tx = omp_get_thread_num();
        const int mine = tdls_dcoop_factorize(2, tx, a, 1, piv, 1, work);
        tdls_dcoop_substitute_canonical(2, tx, a, 1, piv, 1, 0, inv0, 1, work); /* A^-1 e_0 */
        tdls_dcoop_substitute_trans(2, tx, a, 1, piv, 1, b, xt, 1, work);       /* A^T x = b */
        tdls_dcoop_substitute_multi(2, 2, tx, a, 1, piv, 1, bb, xx, 1, work);   /* A X = B */
#pragma omp single
        {
            info = mine;
            y[0] = b[0], y[1] = b[1];
        } /* the barrier of single: y is ready for the in-place solve */
        tdls_dcoop_substitute_inplace(2, tx, a, 1, piv, 1, y, 1, work); /* y becomes A^-1 b */
    }
    return info;
}
/* snippet:end */

int main(void) {
    double a[4] = {2, 1, 1, 3}, inv0[2], xt[2], xx[4], y[2];
    const int info = entry_points(a, inv0, xt, xx, y);
    const double e_inv0[2] = {0.6, -0.2}, e_x[2] = {1, 1}, e_xx[4] = {1, 1, 1, 3};
    return info == 0 && snippet_close(inv0, e_inv0, 2, 1e-15) && snippet_close(xt, e_x, 2, 1e-15)
                   && snippet_close(xx, e_xx, 4, 1e-15) && snippet_close(y, e_x, 2, 1e-15)
               ? 0
               : 1;
}
