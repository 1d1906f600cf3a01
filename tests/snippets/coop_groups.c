/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: G systems per team, each on a sub-group of S threads, an
   interleaved (SoA) batch: entry (i, j) of system k at a[(i*12 + j)*batch +
   k]. On GPUs a sub-group synchronizes with a warp barrier; elsewhere the
   groups of a team run in lockstep on the team barrier. Every system is
   3 I, so x = b / 3. */
#include <stdlib.h>

#include "check.h"

/* snippet:begin */
#include <omp.h>

#define TDLS_COOP_NAME            jac12
#define TDLS_COOP_N               12
#define TDLS_COOP_ROWS_PER_THREAD 12 /* one thread per system on the host... */
#define TDLS_COOP_SYNC            TDLS_SYNC_WARP
#include <tdls/coop_lupp.h>

enum { G = 2, S = 1, TEAM = G * S }; /* ...so S = 1; on a GPU: rows per thread 1, S = 16, G = 8 */

static void solve_soa(long batch, double *a, int *piv, double *b, int *info) {
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target teams distribute thread_limit(TEAM)                                             \
    map(tofrom : a[0 : 144 * batch], b[0 : 12 * batch])                                            \
    map(from : piv[0 : 12 * batch], info[0 : batch])
    /* clang-format on */
    for (long k0 = 0; k0 < batch; k0 += G) {
        double work[G][TDLS_COOP_WORKSPACE(12)];
#pragma omp parallel num_threads(G *S)
        {
            const int g = omp_get_thread_num() / S;
            const long k = k0 + g;
            /* past the end of the batch, tx = S: the group only joins the barriers */
            const int tx = k < batch ? omp_get_thread_num() % S : S;
            const int t =
                jac12_solve_inplace(tx, a + k, batch, piv + k, batch, b + k, batch, work[g]);
            if (tx == 0)
                info[k] = t;
        }
    }
}
/* snippet:end */

int main(void) {
    const long batch = 101;
    double *a = calloc((size_t)(144 * batch), sizeof *a), *b = malloc(sizeof *b * 12 * batch);
    int *piv = malloc(sizeof *piv * 12 * batch), *info = malloc(sizeof *info * batch);
    if (!a || !b || !piv || !info) {
        fputs("out of memory\n", stderr);
        return 1;
    }
    for (long k = 0; k < batch; ++k)
        for (int i = 0; i < 12; ++i) {
            a[(i * 12 + i) * batch + k] = 3;
            b[i * batch + k] = 3.0 * (double)(i + k);
        }
    solve_soa(batch, a, piv, b, info);
    int ok = 1;
    for (long k = 0; k < batch; ++k)
        for (int i = 0; i < 12; ++i) {
            const double expected = (double)(i + k);
            ok &= info[k] == 0 && snippet_close(&b[i * batch + k], &expected, 1, 1e-15);
        }
    free(a);
    free(b);
    free(piv);
    free(info);
    return ok ? 0 : 1;
}
