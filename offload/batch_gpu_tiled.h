/* SPDX-License-Identifier: BSD-3-Clause */
/* The per-thread GPU kernel of the batched API for one precision and one
   compile-time order: TiledLUpp with physical interchanges and the pivots
   on the diagonal (LAPACK's factors), on caller-local arrays that stay in
   registers, one system per thread. Included with TDLS_BG_P (s or d),
   TDLS_BG_REAL and TDLS_BG_N defined. */

#define TDLS_BG_T     TDLS_BG_REAL
#define TDLS_BG_FN(x) TDLS_CAT(TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), TDLS_BG_N), x)

#define TDLS_TILED_NAME            TDLS_BG_FN(_tiled)
#define TDLS_TILED_REAL            TDLS_BG_REAL
#define TDLS_TILED_N               TDLS_BG_N
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#define TDLS_TILED_DIAGONAL        TDLS_DIAG_PIVOT
#define TDLS_TILED_LOCAL_MATRIX    1
#define TDLS_TILED_LOCAL_PIV       1
#define TDLS_TILED_LOCAL_RHS       1
#include <tdls/tiled_lupp.h>

/* The stored matrix is row-major here, so that TiledLUpp, which factors
   the row-major view, factors A itself: P A = L U with LAPACK's
   interchanges, which are its physical ones. */
static void TDLS_BG_FN(_run)(const tdls_batch *job, const int device) {
    const tdls_batch j = *job;
#pragma omp target teams distribute parallel for device(device) firstprivate(j)
    for (int64_t k = 0; k < j.batch; ++k) {
        enum { n = TDLS_BG_N };
        TDLS_BG_T *const ak = TDLS_BD_BASE(TDLS_BG_T, j.a, k);
        int *const pk = j.ipiv + k * j.ipiv_stride;
        TDLS_BG_T m[n * n];
        int piv[n];
        TDLS_PRAGMA_UNROLL
        for (int e = 0; e < n * n; ++e)
            m[e] = ak[(e / n) * j.a.rs + (e % n) * j.a.cs];
        int unusable = 0;
        if (j.op == TDLS_OP_GETRS) {
            TDLS_PRAGMA_UNROLL
            for (int i = 0; i < n; ++i) {
                piv[i] = pk[i * j.ipiv_is] - 1;
                unusable |= TDLS_BD_UNUSABLE(TDLS_BG_P)(piv[i], i, n, m[i * n + i]);
            }
        } else {
            const int info = TDLS_BG_FN(_tiled_factorize)(m, piv);
            TDLS_PRAGMA_UNROLL
            for (int e = 0; e < n * n; ++e)
                ak[(e / n) * j.a.rs + (e % n) * j.a.cs] = m[e];
            TDLS_PRAGMA_UNROLL
            for (int i = 0; i < n; ++i)
                pk[i * j.ipiv_is] = piv[i] + 1;
            j.info[k] = info;
            /* gesv leaves the right-hand sides of a singular system alone. */
            if (info != 0)
                continue;
        }
        TDLS_BG_T *const bk = j.nrhs > 0 ? TDLS_BD_BASE(TDLS_BG_T, j.b, k) : NULL;
        for (int r = 0; r < j.nrhs; ++r) {
            TDLS_BG_T x[n];
            TDLS_PRAGMA_UNROLL
            for (int i = 0; i < n; ++i)
                x[i] = bk[i * j.b.rs + r * j.b.cs];
            if (j.trans)
                TDLS_BG_FN(_tiled_substitute_trans_inplace)(m, piv, x);
            else
                TDLS_BG_FN(_tiled_substitute_inplace)(m, piv, x);
            TDLS_PRAGMA_UNROLL
            for (int i = 0; i < n; ++i)
                bk[i * j.b.rs + r * j.b.cs] = unusable ? TDLS_BD_NAN(TDLS_BG_P) : x[i];
        }
    }
}

#undef TDLS_BG_T
#undef TDLS_BG_FN
#undef TDLS_BG_N
