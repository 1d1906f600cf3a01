/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: one system solved by the threads of a host parallel
   region with the ready-made double CooperativeLUpp. The same A as the
   quickstart; row-major by default, b = A * (1, 2, 3). */
#include "check.h"

/* snippet:begin */
#include <omp.h>
#include <tdls/coop.h>

int main(void) {
    double a[9] = {4, 1, 0, 1, 3, 1, 0, 1, 2}, b[3] = {6, 10, 8}, x[3];
    double work[TDLS_COOP_WORKSPACE(3)]; /* shared by the group */
    int piv[3], info = 0;
#pragma omp parallel num_threads(tdls_dcoop_threads_per_system(3))
    {
        const int tx = omp_get_thread_num(); /* this thread's index in the group */
        const int mine = tdls_dcoop_solve(3, tx, a, 1, piv, 1, b, x, 1, work);
#pragma omp single
        info = mine; /* every thread of the group returns the same info */
    }
    /* info == 0, x == {1, 2, 3} */
    /* snippet:end */
    const double expected[3] = {1, 2, 3};
    return info == 0 && snippet_close(x, expected, 3, 1e-14) ? 0 : 1;
}
