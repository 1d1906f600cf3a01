/* SPDX-License-Identifier: BSD-3-Clause */
/* LanesLUpp: LU with partial pivoting of W systems at once, system l in
   lane l of every vector (lanes adjacent in memory), the kernel of the
   batched API. A C template like the family headers: define the knobs,
   include it, get NAME_getrf and NAME_getrs. Internal to the library. */

/* Knobs:
     TDLS_LANES_NAME   prefix of the generated functions (required)
     TDLS_LANES_REAL   float or double (required)
     TDLS_LANES_W      lanes, >= 1 (required): 1 is one system per thread
   Element (i,j) of lane l lies at a[i*rs + j*cs + l], pivot i of lane l at
   ipiv[i*ips + l] (LAPACK's 1-based interchanges), column r of the
   right-hand sides at b[i*brs + r*bcs + l].
   The arithmetic of one lane does not depend on W nor on the strides, so
   that every driver gives the same bits (the sources that include this
   header are compiled with -ffp-contract=off for the same reason). It is
   that of TiledLUpp with tile 1 and physical interchanges: the same pivot
   rule, multipliers times the reciprocal of the pivot, one update per
   eliminated column; the diagonal keeps the pivots themselves, as LAPACK. */

#include <stddef.h>

#include <tdls/config.h>
#include <tdls/core/math.h>
#include <tdls/core/portability.h>

#if !defined(TDLS_LANES_NAME) || !defined(TDLS_LANES_REAL) || !defined(TDLS_LANES_W)
#error "lanes_lupp.h: define TDLS_LANES_NAME, TDLS_LANES_REAL and TDLS_LANES_W first."
#endif
#if TDLS_LANES_W < 1
#error "lanes_lupp.h: TDLS_LANES_W must be at least 1."
#endif

#define TDLS_LN_T          TDLS_LANES_REAL
#define TDLS_LN_W          TDLS_LANES_W
#define TDLS_LN_FN(suffix) TDLS_CAT(TDLS_LANES_NAME, suffix)
#define TDLS_LN_RPT        ((TDLS_LN_T)TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD)
#define TDLS_LN_FLOOR      TDLS_REAL_MIN((TDLS_LN_T)0)
#if defined(_OPENMP)
#define TDLS_LN_SIMD    _Pragma("omp simd")
#define TDLS_LN_SIMD_OR _Pragma("omp simd reduction(| : any)")
#else
#define TDLS_LN_SIMD
#define TDLS_LN_SIMD_OR
#endif

TDLS_DECLARE_TARGET_BEGIN

/* Factors the W systems in place: L below the diagonal (unit diagonal not
   stored), U on and above it, every interchange applied to whole rows as
   LAPACK does. info[l] gets 0 or the 1-based step of the first pivot that
   is zero, subnormal or not finite; such a pivot gives zero multipliers,
   so the factorization goes on without trapping. */
TDLS_INLINE void TDLS_LN_FN(_getrf)(const int n, TDLS_LN_T *TDLS_RESTRICT a, const ptrdiff_t rs,
                                    const ptrdiff_t cs, int *TDLS_RESTRICT ipiv,
                                    const ptrdiff_t ips, int *TDLS_RESTRICT info) {
    TDLS_LN_SIMD
    for (int l = 0; l < TDLS_LN_W; ++l)
        info[l] = 0;
    for (int k = 0; k < n; ++k) {
        TDLS_LN_T *const ck = a + k * cs;
        /* The first largest magnitude under the diagonal; the row in
           place keeps the pivot when it reaches the relative threshold of
           the largest of the column (TiledLUpp's rule). */
        int p[TDLS_LN_W];
        TDLS_LN_T big[TDLS_LN_W];
        TDLS_LN_SIMD
        for (int l = 0; l < TDLS_LN_W; ++l) {
            big[l] = 0;
            p[l] = -1;
        }
        for (int i = k + 1; i < n; ++i) {
            TDLS_LN_SIMD
            for (int l = 0; l < TDLS_LN_W; ++l) {
                const TDLS_LN_T m = TDLS_FABS(ck[i * rs + l]);
                p[l] = m > big[l] ? i : p[l];
                big[l] = m > big[l] ? m : big[l];
            }
        }
        int any = 0;
        TDLS_LN_SIMD_OR
        for (int l = 0; l < TDLS_LN_W; ++l) {
            const TDLS_LN_T in_place = TDLS_FABS(ck[k * rs + l]);
            const TDLS_LN_T bound = TDLS_LN_RPT * (big[l] > in_place ? big[l] : in_place);
            p[l] = (p[l] < 0 || in_place >= bound) ? k : p[l];
            ipiv[k * ips + l] = p[l] + 1;
            any |= p[l] != k;
        }
        /* Interchanges: only the rows that some lane picked are visited,
           and none when every lane keeps its row (diagonally dominant
           systems never pay for them). */
        for (int i = k + 1; any && i < n; ++i) {
            int hit = 0;
            for (int l = 0; l < TDLS_LN_W; ++l)
                hit |= p[l] == i;
            if (!hit)
                continue;
            for (int j = 0; j < n; ++j) {
                TDLS_LN_T *const rk = a + k * rs + j * cs;
                TDLS_LN_T *const ri = a + i * rs + j * cs;
                TDLS_LN_SIMD
                for (int l = 0; l < TDLS_LN_W; ++l) {
                    const TDLS_LN_T x = rk[l], y = ri[l];
                    rk[l] = p[l] == i ? y : x;
                    ri[l] = p[l] == i ? x : y;
                }
            }
        }
        TDLS_LN_T r[TDLS_LN_W];
        TDLS_LN_SIMD
        for (int l = 0; l < TDLS_LN_W; ++l) {
            const TDLS_LN_T d = ck[k * rs + l];
            const int ok = TDLS_PIVOT_OK(TDLS_FABS(d), TDLS_LN_FLOOR);
            info[l] = (info[l] == 0 && !ok) ? k + 1 : info[l];
            r[l] = TDLS_RECIPROCAL_OR_ZERO(d, ok);
        }
        for (int i = k + 1; i < n; ++i) {
            TDLS_LN_SIMD
            for (int l = 0; l < TDLS_LN_W; ++l)
                ck[i * rs + l] *= r[l];
        }
        for (int j = k + 1; j < n; ++j) {
            TDLS_LN_T *const cj = a + j * cs;
            for (int i = k + 1; i < n; ++i) {
                TDLS_LN_SIMD
                for (int l = 0; l < TDLS_LN_W; ++l)
                    cj[i * rs + l] -= ck[i * rs + l] * cj[k * rs + l];
            }
        }
    }
}

/* Solves A X = B (trans 0) or A^T X = B (trans 1) in place in b, with the
   factors and interchanges of getrf (this library's or LAPACK's). U's
   diagonal divides, as in LAPACK's getrs. skip, when not NULL, marks the
   lanes (skip[l] != 0) whose result the caller discards: they divide by
   one instead of their pivots, so a singular lane never divides by zero.
   An interchange outside [1, n] makes its lane's solution NaN. */
TDLS_INLINE void TDLS_LN_FN(_getrs)(const int trans, const int n, const int nrhs,
                                    const TDLS_LN_T *TDLS_RESTRICT a, const ptrdiff_t rs,
                                    const ptrdiff_t cs, const int *TDLS_RESTRICT ipiv,
                                    const ptrdiff_t ips, TDLS_LN_T *TDLS_RESTRICT b,
                                    const ptrdiff_t brs, const ptrdiff_t bcs,
                                    const int *TDLS_RESTRICT skip) {
    /* Lane by lane: the interchanges are the only lane-dependent indices. */
    int bad[TDLS_LN_W];
    for (int l = 0; l < TDLS_LN_W; ++l) {
        bad[l] = 0;
        for (int i = 0; i < n; ++i) {
            const int q = ipiv[i * ips + l] - 1;
            bad[l] |= q < 0 || q >= n;
        }
    }
    for (int r = 0; r < nrhs; ++r) {
        TDLS_LN_T *const x = b + r * bcs;
        if (!trans) {
            for (int l = 0; l < TDLS_LN_W; ++l) {
                for (int i = 0; i < n && !bad[l]; ++i) {
                    const int q = ipiv[i * ips + l] - 1;
                    const TDLS_LN_T t = x[i * brs + l];
                    x[i * brs + l] = x[q * brs + l];
                    x[q * brs + l] = t;
                }
            }
            for (int j = 0; j < n; ++j) {
                const TDLS_LN_T *const lj = a + j * cs;
                for (int i = j + 1; i < n; ++i) {
                    TDLS_LN_SIMD
                    for (int l = 0; l < TDLS_LN_W; ++l)
                        x[i * brs + l] -= lj[i * rs + l] * x[j * brs + l];
                }
            }
            for (int j = n - 1; j >= 0; --j) {
                const TDLS_LN_T *const uj = a + j * cs;
                TDLS_LN_SIMD
                for (int l = 0; l < TDLS_LN_W; ++l)
                    x[j * brs + l] /= (skip && skip[l]) ? (TDLS_LN_T)1 : uj[j * rs + l];
                for (int i = 0; i < j; ++i) {
                    TDLS_LN_SIMD
                    for (int l = 0; l < TDLS_LN_W; ++l)
                        x[i * brs + l] -= uj[i * rs + l] * x[j * brs + l];
                }
            }
        } else {
            /* A^T = U^T L^T P: forward with U^T, backward with L^T, then
               the interchanges in reverse order. */
            for (int j = 0; j < n; ++j) {
                const TDLS_LN_T *const uj = a + j * rs;
                TDLS_LN_SIMD
                for (int l = 0; l < TDLS_LN_W; ++l)
                    x[j * brs + l] /= (skip && skip[l]) ? (TDLS_LN_T)1 : uj[j * cs + l];
                for (int i = j + 1; i < n; ++i) {
                    TDLS_LN_SIMD
                    for (int l = 0; l < TDLS_LN_W; ++l)
                        x[i * brs + l] -= uj[i * cs + l] * x[j * brs + l];
                }
            }
            for (int j = n - 1; j >= 0; --j) {
                const TDLS_LN_T *const lj = a + j * rs;
                for (int i = 0; i < j; ++i) {
                    TDLS_LN_SIMD
                    for (int l = 0; l < TDLS_LN_W; ++l)
                        x[i * brs + l] -= lj[i * cs + l] * x[j * brs + l];
                }
            }
            for (int l = 0; l < TDLS_LN_W; ++l) {
                for (int i = n - 1; i >= 0 && !bad[l]; --i) {
                    const int q = ipiv[i * ips + l] - 1;
                    const TDLS_LN_T t = x[i * brs + l];
                    x[i * brs + l] = x[q * brs + l];
                    x[q * brs + l] = t;
                }
            }
        }
        for (int l = 0; l < TDLS_LN_W; ++l) {
            for (int i = 0; i < n && bad[l]; ++i)
                x[i * brs + l] = TDLS_NAN(x[0]);
        }
    }
}

TDLS_DECLARE_TARGET_END

#undef TDLS_LN_T
#undef TDLS_LN_W
#undef TDLS_LN_FN
#undef TDLS_LN_RPT
#undef TDLS_LN_FLOOR
#undef TDLS_LN_SIMD
#undef TDLS_LN_SIMD_OR
#undef TDLS_LANES_NAME
#undef TDLS_LANES_REAL
#undef TDLS_LANES_W
