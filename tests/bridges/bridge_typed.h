/* SPDX-License-Identifier: BSD-3-Clause */
/* Type-dependent bridge helpers, a template: define BR_T (float or double)
   and BR_SFX, include, and get br_<SFX>_fill, _residual, _put and _get.
   The residual is the sanity anchor of every bridge: two paths that agree
   bit for bit on a wrong answer still fail it. */

#include <float.h>
#include <math.h>

#define BR_FN(x) BR_CAT3(br_, BR_SFX, BR_CAT(_, x))

/* Entry (i, j) of an n x n matrix of the given kind into A (row-major,
   contiguous): the logical matrix, whatever layout a test stores it in. */
static inline void BR_FN(fill)(int n, int kind, uint64_t seed, BR_T *A) {
    uint64_t s = seed * 0x100000001B3u + (uint64_t)n * 31u + (uint64_t)kind;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const BR_T v = (BR_T)br_uniform(&s);
            A[i * n + j] = (kind == BR_ANTI && i + j < n - 1) ? (BR_T)0 : v;
        }
    if (kind == BR_ANTI) /* keep the anti-diagonal away from zero */
        for (int i = 0; i < n; ++i)
            A[i * n + (n - 1 - i)] += A[i * n + (n - 1 - i)] < 0 ? (BR_T)-1 : (BR_T)1;
}

static inline void BR_FN(fill_vec)(int n, uint64_t seed, BR_T *b) {
    uint64_t s = seed ^ 0xD1B54A32D192ED03u;
    for (int i = 0; i < n; ++i)
        b[i] = (BR_T)br_uniform(&s);
}

/* The scale of the backward error of any LU solve, pivots good or bad:
   out[0] = || |L| |U| ||_inf bounds solves with the stored array S, out[1] =
   the 1-norm bounds those with S^T. lu is the stored factor array (stride
   ls); row i of L and U sits in stored row rows[i]; the diagonal holds the
   reciprocals of the pivots. */
static inline void BR_FN(lu_norms)(int n, const BR_T *lu, ptrdiff_t ls, const int *rows,
                                   long double out[2]) {
    long double col[BR_NMAX] = {0};
    out[0] = out[1] = 0;
    for (int i = 0; i < n; ++i) {
        long double rsum = 0;
        for (int j = 0; j < n; ++j) {
            long double m = 0; /* (|L| |U|)(i, j) */
            for (int k = 0; k <= (i < j ? i : j); ++k) {
                const long double l = k == i ? 1 : fabsl((long double)lu[(rows[i] * n + k) * ls]);
                const long double u = lu[(rows[k] * n + j) * ls];
                m += l * (k == j ? (u != 0 ? fabsl(1 / u) : 0) : fabsl(u));
            }
            rsum += m;
            col[j] += m;
        }
        out[0] = fmaxl(out[0], rsum);
    }
    for (int j = 0; j < n; ++j)
        out[1] = fmaxl(out[1], col[j]);
}

/* ||b - op(A) x||_inf / (scale ||x||_inf n eps) in long double, op(A) = A
   or A^T, x and b strided, scale from lu_norms: the bound that LU with any
   pivot order satisfies, so a tile size that pivots little still passes
   while a wrong answer does not. */
static inline long double BR_FN(residual)(int n, const BR_T *A, int trans, const BR_T *x,
                                          ptrdiff_t xs, const BR_T *b, ptrdiff_t bs,
                                          long double scale) {
    long double rmax = 0, xnorm = 0;
    for (int i = 0; i < n; ++i) {
        long double r = b[i * bs];
        for (int j = 0; j < n; ++j)
            r -= (long double)(trans ? A[j * n + i] : A[i * n + j]) * (long double)x[j * xs];
        rmax = fmaxl(rmax, fabsl(r));
        xnorm = fmaxl(xnorm, fabsl((long double)x[i * xs]));
    }
    const long double eps = sizeof(BR_T) == sizeof(float) ? FLT_EPSILON : DBL_EPSILON;
    if (!__builtin_isfinite(rmax) || !__builtin_isfinite(xnorm))
        return INFINITY;
    return rmax == 0 ? 0 : rmax / (scale * xnorm * n * eps);
}

/* Scatter a contiguous array into strided storage, and gather it back. */
static inline void BR_FN(put)(size_t count, const BR_T *src, BR_T *dst, ptrdiff_t ds) {
    for (size_t i = 0; i < count; ++i)
        dst[(ptrdiff_t)i * ds] = src[i];
}
static inline void BR_FN(get)(size_t count, const BR_T *src, ptrdiff_t ss, BR_T *dst) {
    for (size_t i = 0; i < count; ++i)
        dst[i] = src[(ptrdiff_t)i * ss];
}

#undef BR_FN
