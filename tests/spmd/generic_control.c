/* SPDX-License-Identifier: BSD-3-Clause */
/* The negative control of the SPMD check: the kernel shape of the README's
   coop_target snippet with one call between teams and parallel to a
   function defined elsewhere. clang cannot prove that the call is safe for
   every thread of the team to run, so the kernel stays in generic mode,
   and spmd_check.cmake must say so. */
#include <omp.h>

#define TDLS_COOP_NAME ctl
#define TDLS_COOP_N    16
#include <tdls/coop_lupp.h>

#pragma omp declare target
void team_started(long k); /* opaque: not defined in this translation unit */
#pragma omp end declare target

void solve_all(long batch, double *a, int *piv, double *b, int *info) {
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target teams distribute map(tofrom : a[0 : 256 * batch], b[0 : 16 * batch])            \
    map(from : piv[0 : 16 * batch], info[0 : batch])
    /* clang-format on */
    for (long k = 0; k < batch; ++k) {
        double work[TDLS_COOP_WORKSPACE(16)];
        team_started(k);
#pragma omp parallel num_threads(ctl_threads_per_system())
        {
            const int t = ctl_solve_inplace(omp_get_thread_num(), a + 256 * k, 1, piv + 16 * k, 1,
                                            b + 16 * k, 1, work);
            if (omp_get_thread_num() == 0)
                info[k] = t;
        }
    }
}
