/* SPDX-License-Identifier: BSD-3-Clause */
/* The cooperative GPU kernel of the batched API for one precision and one
   class of orders (up to TDLS_BG_NMAX): a group of threads per system,
   CooperativeLUpp on a copy in team scratch (shared memory), column-major
   with physical interchanges and the pivots on the diagonal, which are
   LAPACK's factors. Included with TDLS_BG_P, TDLS_BG_REAL, TDLS_BG_NMAX,
   TDLS_BG_ROWS (rows per thread) and TDLS_BG_GROUPS (groups per team). */

#define TDLS_BG_T     TDLS_BG_REAL
#define TDLS_BG_FN(x) TDLS_CAT(TDLS_CAT(TDLS_CAT(tdls_bc_, TDLS_BG_P), TDLS_BG_NMAX), x)

#define TDLS_COOP_NAME            TDLS_BG_FN(_coop)
#define TDLS_COOP_REAL            TDLS_BG_REAL
#define TDLS_COOP_ROWS_PER_THREAD TDLS_BG_ROWS
#define TDLS_COOP_ROW_INTERCHANGE TDLS_PHYSICAL
#define TDLS_COOP_LAYOUT          TDLS_COL_MAJOR
#define TDLS_COOP_DIAGONAL        TDLS_DIAG_PIVOT
#include <tdls/coop_lupp.h>

/* Every group of a team runs the same sequence of team barriers (the
   solver's count depends on n and nrhs only): a group without a system,
   or whose system is singular in gesv, passes tx = T and only joins them.
   The team has G x ceil(NMAX / R) threads; a smaller n leaves the threads
   beyond its group size idle in the same way. */
static void TDLS_BG_FN(_run)(const tdls_batch *job, const int device) {
    enum {
        G = TDLS_BG_GROUPS,
        NMAX = TDLS_BG_NMAX,
        LANES = (TDLS_BG_NMAX + TDLS_BG_ROWS - 1) / TDLS_BG_ROWS,
        CHUNK = TDLS_BATCH_GPU_RHS_CHUNK
    };
    const tdls_batch j = *job;
#pragma omp target teams distribute device(device) firstprivate(j) thread_limit(G *LANES)
    for (int64_t k0 = 0; k0 < j.batch; k0 += G) {
        TDLS_BG_T s[G][NMAX * NMAX], x[G][NMAX * CHUNK], work[G][TDLS_COOP_WORKSPACE(NMAX)];
        int piv[G][NMAX], status[G];
#pragma omp parallel num_threads(G *LANES)
        {
            const int n = j.n, t = omp_get_thread_num(), g = t / LANES, lane = t % LANES;
            const int threads = TDLS_BG_FN(_coop_threads_per_system)(n);
            const int64_t k = k0 + g;
            const int live = k < j.batch;
            TDLS_BG_T *const ak = live ? TDLS_BD_BASE(TDLS_BG_T, j.a, k) : NULL;
            int *const pk = j.ipiv + k * j.ipiv_stride;
            if (live) {
                for (int e = lane; e < n * n; e += LANES)
                    s[g][e] = ak[(e % n) * j.a.rs + (e / n) * j.a.cs];
                if (j.op == TDLS_OP_GETRS)
                    for (int i = lane; i < n; i += LANES)
                        piv[g][i] = pk[i * j.ipiv_is] - 1;
            }
#pragma omp barrier
            int skip = !live;
            if (j.op != TDLS_OP_GETRS) {
                /* Threads beyond the group take the info of its first thread. */
                const int first = TDLS_BG_FN(_coop_factorize)(n, live ? lane : threads, s[g], 1,
                                                              piv[g], 1, work[g]);
                if (lane == 0)
                    status[g] = first;
#pragma omp barrier
                const int info = status[g];
                if (live) {
                    for (int e = lane; e < n * n; e += LANES)
                        ak[(e % n) * j.a.rs + (e / n) * j.a.cs] = s[g][e];
                    for (int i = lane; i < n; i += LANES)
                        pk[i * j.ipiv_is] = piv[g][i] + 1;
                    if (lane == 0)
                        j.info[k] = info;
                }
                skip |= info != 0;
            }
            int unusable = 0;
            if (j.op == TDLS_OP_GETRS && live)
                for (int i = 0; i < n; ++i)
                    unusable |= TDLS_BD_UNUSABLE(TDLS_BG_P)(piv[g][i], i, n, s[g][i * n + i]);
            TDLS_BG_T *const bk = live && j.nrhs > 0 ? TDLS_BD_BASE(TDLS_BG_T, j.b, k) : NULL;
            for (int r0 = 0; r0 < j.nrhs; r0 += CHUNK) {
                const int nc = j.nrhs - r0 < CHUNK ? j.nrhs - r0 : CHUNK;
                if (!skip)
                    for (int e = lane; e < n * nc; e += LANES)
                        x[g][e] = bk[(e % n) * j.b.rs + (r0 + e / n) * j.b.cs];
#pragma omp barrier
                const int tx = skip ? threads : lane;
                /* clang-format 14 parts a call through a macro-made name from its arguments. */
                /* clang-format off */
                if (j.trans)
                    TDLS_BG_FN(_coop_substitute_trans_multi_inplace)(n, nc, tx, s[g], 1, piv[g], 1,
                                                                     x[g], 1, work[g]);
                else
                    TDLS_BG_FN(_coop_substitute_multi_inplace)(n, nc, tx, s[g], 1, piv[g], 1, x[g],
                                                               1, work[g]);
/* clang-format on */
#pragma omp barrier
                if (!skip)
                    for (int e = lane; e < n * nc; e += LANES)
                        bk[(e % n) * j.b.rs + (r0 + e / n) * j.b.cs] =
                            unusable ? TDLS_BD_NAN(TDLS_BG_P) : x[g][e];
#pragma omp barrier
            }
        }
    }
}

#undef TDLS_BG_T
#undef TDLS_BG_FN
#undef TDLS_BG_P
#undef TDLS_BG_REAL
#undef TDLS_BG_NMAX
#undef TDLS_BG_ROWS
#undef TDLS_BG_GROUPS
