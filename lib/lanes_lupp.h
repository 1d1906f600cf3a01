/* SPDX-License-Identifier: BSD-3-Clause */
/* LanesLUpp: LU with partial pivoting of W systems at once, system l in
   lane l of every vector (lanes adjacent in memory), the kernel of the
   batched API. A C template like the family headers: define the knobs,
   include it, get NAME_getrf and NAME_getrs. Internal to the library. */

/* Knobs:
     TDLS_LANES_NAME   prefix of the generated functions (required)
     TDLS_LANES_REAL   float or double (required)
     TDLS_LANES_W      lanes, >= 1 (required): 1 is one system per thread
     TDLS_LANES_J      columns of the trailing matrix updated together
                       (default 1), sharing the loads of their multipliers
     TDLS_LANES_V      lanes of one vector register, dividing W (default W):
                       a group of columns is updated one register's lanes
                       at a time, its rows of U held in registers
   Element (i,j) of lane l lies at a[i*rs + j*cs + l], pivot i of lane l at
   ipiv[i*ips + l] (LAPACK's 1-based interchanges), column r of the
   right-hand sides at b[i*brs + r*bcs + l].
   The arithmetic of one lane does not depend on W nor on the strides, so
   that every driver gives the same bits (the sources that include this
   header are compiled with -ffp-contract=off for the same reason). It is
   that of TiledLUpp with physical interchanges and TDLS_DIAG_PIVOT, factors
   and solutions bit for bit: the same pivot rule, multipliers times the
   reciprocal of the pivot, one update per eliminated column, the pivots
   themselves on the diagonal, as LAPACK. */

#include <stddef.h>

#include <tdls/config.h>
#include <tdls/core/math.h>
#include <tdls/core/portability.h>

#include "batch.h"

#if !defined(TDLS_LANES_NAME) || !defined(TDLS_LANES_REAL) || !defined(TDLS_LANES_W)
#error "lanes_lupp.h: define TDLS_LANES_NAME, TDLS_LANES_REAL and TDLS_LANES_W first."
#endif
#if TDLS_LANES_W < 1
#error "lanes_lupp.h: TDLS_LANES_W must be at least 1."
#endif
#ifndef TDLS_LANES_J
#define TDLS_LANES_J 1
#endif
#ifndef TDLS_LANES_V
#define TDLS_LANES_V TDLS_LANES_W
#endif

#define TDLS_LN_T          TDLS_LANES_REAL
#define TDLS_LN_W          TDLS_LANES_W
#define TDLS_LN_V          TDLS_LANES_V
#define TDLS_LN_J          TDLS_LANES_J
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

_Static_assert(TDLS_LANES_V >= 1 && TDLS_LANES_W % TDLS_LANES_V == 0,
               "lanes_lupp.h: TDLS_LANES_V must divide TDLS_LANES_W.");
_Static_assert(TDLS_LANES_J >= 1, "lanes_lupp.h: TDLS_LANES_J must be at least 1.");

TDLS_DECLARE_TARGET_BEGIN

/* y -= x * u, lane by lane. Restrict parameters tell the compiler, once
   this is inlined, that the three rows do not overlap: without them it
   keeps the lanes scalar after unrolling the loop over lanes. */
TDLS_INLINE void TDLS_LN_FN(_priv_update)(TDLS_LN_T *TDLS_RESTRICT y,
                                          const TDLS_LN_T *TDLS_RESTRICT x,
                                          const TDLS_LN_T *TDLS_RESTRICT u) {
    TDLS_LN_SIMD
    for (int l = 0; l < TDLS_LN_W; ++l)
        y[l] -= x[l] * u[l];
}

/* Rows k and i trade entries x and y in the lanes whose pivot row p is i. */
TDLS_INLINE void TDLS_LN_FN(_priv_exchange)(TDLS_LN_T *TDLS_RESTRICT x, TDLS_LN_T *TDLS_RESTRICT y,
                                            const int *TDLS_RESTRICT p, const int i) {
    TDLS_LN_SIMD
    for (int l = 0; l < TDLS_LN_W; ++l) {
        const TDLS_LN_T u = x[l], v = y[l];
        x[l] = p[l] == i ? v : u;
        y[l] = p[l] == i ? u : v;
    }
}

/* (y - x0 u0) - x1 u1: two elimination steps on one entry, in their
   order. Both trailing updates below use it, so that grouped or not an
   entry gets the same bits. */
TDLS_INLINE TDLS_LN_T TDLS_LN_FN(_priv_step2)(const TDLS_LN_T y, const TDLS_LN_T x0,
                                              const TDLS_LN_T u0, const TDLS_LN_T x1,
                                              const TDLS_LN_T u1) {
    const TDLS_LN_T t = y - x0 * u0;
    return t - x1 * u1;
}

/* y = (y - x0 u0) - x1 u1, lane by lane, with one load and one store. */
TDLS_INLINE void TDLS_LN_FN(_priv_update2)(TDLS_LN_T *TDLS_RESTRICT y,
                                           const TDLS_LN_T *TDLS_RESTRICT x0,
                                           const TDLS_LN_T *TDLS_RESTRICT u0,
                                           const TDLS_LN_T *TDLS_RESTRICT x1,
                                           const TDLS_LN_T *TDLS_RESTRICT u1) {
    TDLS_LN_SIMD
    for (int l = 0; l < TDLS_LN_W; ++l)
        y[l] = TDLS_LN_FN(_priv_step2)(y[l], x0[l], u0[l], x1[l], u1[l]);
}

/* update2 on TDLS_LN_J columns of one row, cs apart, in the V lanes from
   y: the multipliers x0, x1 are loaded once for all of them, and the rows
   u0, u1 of U, the same all down the columns, can stay in registers while
   the caller walks down the group. */
TDLS_INLINE void TDLS_LN_FN(_priv_update2j)(TDLS_LN_T *TDLS_RESTRICT y, const ptrdiff_t cs,
                                            const TDLS_LN_T *TDLS_RESTRICT x0,
                                            const TDLS_LN_T *TDLS_RESTRICT u0,
                                            const TDLS_LN_T *TDLS_RESTRICT x1,
                                            const TDLS_LN_T *TDLS_RESTRICT u1) {
    for (int q = 0; q < TDLS_LN_J; ++q) {
        TDLS_LN_SIMD
        for (int l = 0; l < TDLS_LN_V; ++l) {
            const ptrdiff_t e = q * cs + l;
            y[e] = TDLS_LN_FN(_priv_step2)(y[e], x0[l], u0[e], x1[l], u1[e]);
        }
    }
}

/* Step k of the elimination up to its update: the pivot of column k
   (which must be up to date), the interchange of whole rows, the
   multipliers. info[l] gets k + 1 at the first pivot that is zero,
   subnormal or not finite; such a pivot gives zero multipliers, so the
   factorization goes on without trapping. */
TDLS_INLINE void TDLS_LN_FN(_priv_pivot)(const int n, TDLS_LN_T *TDLS_RESTRICT a,
                                         const ptrdiff_t rs, const ptrdiff_t cs, const int k,
                                         int *TDLS_RESTRICT ipiv, const ptrdiff_t ips,
                                         int *TDLS_RESTRICT info) {
    TDLS_LN_T *const ck = a + k * cs;
    /* TiledLUpp's rule: the first row of largest magnitude, the row in
       place first; the row in place keeps the pivot when it reaches the
       relative threshold of that magnitude. A NaN in place stays there and
       is reported. */
    int p[TDLS_LN_W];
    TDLS_LN_T big[TDLS_LN_W];
    TDLS_LN_SIMD
    for (int l = 0; l < TDLS_LN_W; ++l) {
        big[l] = TDLS_FABS(ck[k * rs + l]);
        p[l] = k;
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
        p[l] = TDLS_FABS(ck[k * rs + l]) >= TDLS_LN_RPT * big[l] ? k : p[l];
        ipiv[k * ips + l] = p[l] + 1;
        any |= p[l] != k;
    }
    /* Interchanges: only the rows that some lane picked are visited, and
       none when every lane keeps its row (diagonally dominant systems
       never pay for them). */
    for (int i = k + 1; any && i < n; ++i) {
        int hit = 0;
        for (int l = 0; l < TDLS_LN_W; ++l)
            hit |= p[l] == i;
        if (!hit)
            continue;
        for (int j = 0; j < n; ++j)
            TDLS_LN_FN(_priv_exchange)(a + k * rs + j * cs, a + i * rs + j * cs, p, i);
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
}

/* Factors the W systems in place: L below the diagonal (unit diagonal not
   stored), U on and above it, every interchange applied to whole rows as
   LAPACK does; info[l] is 0 or the step of the first bad pivot. Steps go
   in pairs: step k updates column k + 1 alone, step k + 1 pivots, and the
   rest of the trailing matrix then takes both updates in one visit (each
   entry is loaded and stored once per two steps). The interchange of step
   k + 1 moves entries that still lack the update of step k together with
   their multipliers, so every entry gets the same operations, in the same
   order, as one step at a time. */
TDLS_INLINE void TDLS_LN_FN(_getrf)(const int n, TDLS_LN_T *TDLS_RESTRICT a, const ptrdiff_t rs,
                                    const ptrdiff_t cs, int *TDLS_RESTRICT ipiv,
                                    const ptrdiff_t ips, int *TDLS_RESTRICT info) {
    TDLS_LN_SIMD
    for (int l = 0; l < TDLS_LN_W; ++l)
        info[l] = 0;
    for (int k = 0; k < n; k += 2) {
        TDLS_LN_T *const ck = a + k * cs, *const ck1 = ck + cs;
        TDLS_LN_FN(_priv_pivot)(n, a, rs, cs, k, ipiv, ips, info);
        if (k + 1 == n)
            break;
        for (int i = k + 1; i < n; ++i)
            TDLS_LN_FN(_priv_update)(ck1 + i * rs, ck + i * rs, ck1 + k * rs);
        TDLS_LN_FN(_priv_pivot)(n, a, rs, cs, k + 1, ipiv, ips, info);
        /* The trailing columns by groups of TDLS_LN_J (update2j); a
           narrower last group goes column by column. */
        for (int j = k + 2; j < n; j += TDLS_LN_J) {
            const int group = n - j >= TDLS_LN_J;
            /* uk, uk1: column j of rows k and k + 1 of U */
            TDLS_LN_T *const cj = a + j * cs, *const uk = cj + k * rs, *const uk1 = uk + rs;
            for (int q = 0; q < TDLS_LN_J && j + q < n; ++q)
                TDLS_LN_FN(_priv_update)(uk1 + q * cs, ck + (k + 1) * rs, uk + q * cs);
            for (int c = 0; group && c < TDLS_LN_W; c += TDLS_LN_V) {
                for (int i = k + 2; i < n; ++i) {
                    const ptrdiff_t e = i * rs + c;
                    TDLS_LN_FN(_priv_update2j)(cj + e, cs, ck + e, uk + c, ck1 + e, uk1 + c);
                }
            }
            for (int q = 0; !group && j + q < n; ++q) {
                for (int i = k + 2; i < n; ++i) {
                    const ptrdiff_t e = i * rs, f = q * cs;
                    TDLS_LN_FN(_priv_update2)(cj + f + e, ck + e, uk + f, ck1 + e, uk1 + f);
                }
            }
        }
    }
}

/* The reciprocal of a stored pivot, as TiledLUpp stores it. */
TDLS_INLINE TDLS_LN_T TDLS_LN_FN(_priv_rcp)(const TDLS_LN_T d) {
    const int ok = TDLS_PIVOT_OK(TDLS_FABS(d), TDLS_LN_FLOOR);
    return TDLS_RECIPROCAL_OR_ZERO(d, ok);
}

/* LAPACK's interchanges on one right-hand side, in order (x = P x) or in
   reverse (x = P^T x). A step where every lane keeps its row (every step
   of a diagonally dominant batch) costs one vector comparison; the others
   exchange lane by lane. An interchange with a row above step i or past
   the last, which getrf never makes, is left undone: getrs marks such a
   lane bad. */
TDLS_INLINE void TDLS_LN_FN(_priv_swaps)(const int n, const int *TDLS_RESTRICT ipiv,
                                         const ptrdiff_t ips, const int reverse,
                                         TDLS_LN_T *TDLS_RESTRICT x, const ptrdiff_t brs) {
    for (int step = 0; step < n; ++step) {
        const int i = reverse ? n - 1 - step : step;
        const int *const q = ipiv + i * ips;
        int any = 0;
        TDLS_LN_SIMD_OR
        for (int l = 0; l < TDLS_LN_W; ++l)
            any |= q[l] != i + 1;
        for (int l = 0; any && l < TDLS_LN_W; ++l) {
            const int r = q[l] - 1;
            if (r <= i || r >= n)
                continue;
            const TDLS_LN_T t = x[i * brs + l];
            x[i * brs + l] = x[r * brs + l];
            x[r * brs + l] = t;
        }
    }
}

/* y = x, lane by lane. */
TDLS_INLINE void TDLS_LN_FN(_priv_copy)(TDLS_LN_T *TDLS_RESTRICT y,
                                        const TDLS_LN_T *TDLS_RESTRICT x) {
    TDLS_LN_SIMD
    for (int l = 0; l < TDLS_LN_W; ++l)
        y[l] = x[l];
}

/* One triangular pass in place on x, row by row in the order of the
   solve (backward: from the last row): x_i minus e(i,j) x_j over the rows
   j solved before it, in ascending j, then, when scale is set, times the
   reciprocal of e(i,i). Entry e(i,j) lies at a[i*er + j*ec]. When f is
   set, every entry the pass reads is also stored at f[i*fer + j*fec]. */
TDLS_INLINE void TDLS_LN_FN(_priv_pass)(const int n, const TDLS_LN_T *TDLS_RESTRICT a,
                                        const ptrdiff_t er, const ptrdiff_t ec, const int backward,
                                        const int scale, TDLS_LN_T *TDLS_RESTRICT x,
                                        const ptrdiff_t brs, TDLS_LN_T *TDLS_RESTRICT f,
                                        const ptrdiff_t fer, const ptrdiff_t fec) {
    for (int step = 0; step < n; ++step) {
        const int i = backward ? n - 1 - step : step;
        TDLS_LN_T s[TDLS_LN_W];
        TDLS_LN_SIMD
        for (int l = 0; l < TDLS_LN_W; ++l)
            s[l] = x[i * brs + l];
        const int j0 = backward ? i + 1 : 0, j1 = backward ? n : i;
        for (int j = j0; j < j1; ++j) {
            const TDLS_LN_T *const e = a + i * er + j * ec;
            TDLS_LN_SIMD
            for (int l = 0; l < TDLS_LN_W; ++l)
                s[l] -= e[l] * x[j * brs + l];
            if (f)
                TDLS_LN_FN(_priv_copy)(f + i * fer + j * fec, e);
        }
        if (scale) {
            const TDLS_LN_T *const d = a + i * (er + ec);
            TDLS_LN_SIMD
            for (int l = 0; l < TDLS_LN_W; ++l)
                s[l] *= TDLS_LN_FN(_priv_rcp)(d[l]);
            if (f)
                TDLS_LN_FN(_priv_copy)(f + i * (fer + fec), d);
        }
        TDLS_LN_SIMD
        for (int l = 0; l < TDLS_LN_W; ++l)
            x[i * brs + l] = s[l];
    }
}

/* Solves A X = B (trans 0) or A^T X = B (trans 1) in place in b, with the
   factors and interchanges of getrf (this library's or LAPACK's), in the
   order of operations of TiledLUpp's substitutions: dot products in
   ascending column order, times the reciprocal of the pivot. A lane whose
   factors are unusable (TDLS_BATCH_UNUSABLE) gets a NaN solution: LAPACK
   would divide by a zero pivot, or read out of bounds. When f is set (and
   nrhs >= 1), the solve also copies the factors there, element (i,j) at
   f[i*frs + j*fcs + l], each as the first right-hand side reads it: a
   driver that writes the factors back saves a pass over them. */
TDLS_INLINE void TDLS_LN_FN(_getrs)(const int trans, const int n, const int nrhs,
                                    const TDLS_LN_T *TDLS_RESTRICT a, const ptrdiff_t rs,
                                    const ptrdiff_t cs, const int *TDLS_RESTRICT ipiv,
                                    const ptrdiff_t ips, TDLS_LN_T *TDLS_RESTRICT b,
                                    const ptrdiff_t brs, const ptrdiff_t bcs,
                                    TDLS_LN_T *TDLS_RESTRICT f, const ptrdiff_t frs,
                                    const ptrdiff_t fcs) {
    int bad[TDLS_LN_W];
    for (int l = 0; l < TDLS_LN_W; ++l) {
        bad[l] = 0;
        for (int i = 0; i < n; ++i) {
            bad[l] |= TDLS_BATCH_UNUSABLE(ipiv[i * ips + l] - 1, i, n, a[i * (rs + cs) + l]);
        }
    }
    for (int r = 0; r < nrhs; ++r) {
        TDLS_LN_T *const x = b + r * bcs;
        if (!trans)
            TDLS_LN_FN(_priv_swaps)(n, ipiv, ips, 0, x, brs);
        /* L y = P b then U x = y; or U^T z = b then L^T w = z: the
           transposed factors are the same array read with its strides
           exchanged. */
        const ptrdiff_t er = trans ? cs : rs, ec = trans ? rs : cs;
        const ptrdiff_t fer = trans ? fcs : frs, fec = trans ? frs : fcs;
        TDLS_LN_T *const fr = r == 0 ? f : NULL;
        TDLS_LN_FN(_priv_pass)(n, a, er, ec, 0, trans, x, brs, fr, fer, fec);
        TDLS_LN_FN(_priv_pass)(n, a, er, ec, 1, !trans, x, brs, fr, fer, fec);
        if (trans)
            TDLS_LN_FN(_priv_swaps)(n, ipiv, ips, 1, x, brs);
        for (int l = 0; l < TDLS_LN_W; ++l) {
            for (int i = 0; i < n && bad[l]; ++i)
                x[i * brs + l] = TDLS_NAN(x[0]);
        }
    }
}

TDLS_DECLARE_TARGET_END

#undef TDLS_LN_T
#undef TDLS_LN_W
#undef TDLS_LN_V
#undef TDLS_LN_J
#undef TDLS_LN_FN
#undef TDLS_LN_RPT
#undef TDLS_LN_FLOOR
#undef TDLS_LN_SIMD
#undef TDLS_LN_SIMD_OR
#undef TDLS_LANES_NAME
#undef TDLS_LANES_REAL
#undef TDLS_LANES_W
#undef TDLS_LANES_V
#undef TDLS_LANES_J
