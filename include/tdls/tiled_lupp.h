/* SPDX-License-Identifier: BSD-3-Clause */
/* TiledLUpp: LU with partial pivoting of one small dense system per thread,
   on a grid of register tiles. A C template: define the knobs and a name,
   include this header, and get static inline device-callable functions with
   that name as prefix. The header undefines its knobs at the end, so one
   translation unit can instantiate several configurations. */

/* Knobs (unset knobs take the TDLS_DEFAULT_* values of tdls/config.h):
     TDLS_TILED_NAME                      prefix of the generated functions (required)
     TDLS_TILED_REAL                      float, double or long double (default double)
     TDLS_TILED_N                         compile-time order, 1..64; unset: runtime order n
     TDLS_TILED_TILE_SIZE                 tile extent, >= 1, may exceed the order
     TDLS_TILED_SCHEDULE                  TDLS_RIGHT_LOOKING or TDLS_LEFT_LOOKING
     TDLS_TILED_ROW_INTERCHANGE           TDLS_LOGICAL or TDLS_PHYSICAL
     TDLS_TILED_PIVOT_SEARCH              TDLS_SEARCH_COLUMN or TDLS_SEARCH_TILE
     TDLS_TILED_OOT_THRESHOLD             in-tile pivots below it trigger the search below the tile
     TDLS_TILED_OOT_FIRST_ACCEPTABLE      0 or 1
     TDLS_TILED_RELATIVE_PIVOT_THRESHOLD  in (0, 1]
     TDLS_TILED_SINGULAR_FLOOR            > 0 and <= the out-of-tile threshold
     TDLS_TILED_UNROLL_LOOPS              0 or 1
     TDLS_TILED_LAYOUT                    TDLS_ROW_MAJOR or TDLS_COL_MAJOR
     TDLS_TILED_DIAGONAL                  TDLS_DIAG_RECIPROCAL or TDLS_DIAG_PIVOT
     TDLS_TILED_LOCAL_MATRIX              compile-time order only: 1 = the matrix is a
     TDLS_TILED_LOCAL_PIV                 caller-local array (no stride argument, every
     TDLS_TILED_LOCAL_RHS                 index known at compile time); 0 = strided memory
   The README documents each knob and entry point. */

#include <stddef.h>

#include <tdls/config.h>
#include <tdls/core/math.h>
#include <tdls/core/portability.h>
#include <tdls/core/strided.h>

/* ---- knobs: defaults and contracts ------------------------------------- */

#ifndef TDLS_TILED_NAME
#error                                                                                             \
    "tiled_lupp.h: define TDLS_TILED_NAME, the prefix of the generated functions, before including it."
#endif
#ifndef TDLS_TILED_REAL
#define TDLS_TILED_REAL double
#endif
#ifndef TDLS_TILED_TILE_SIZE
#define TDLS_TILED_TILE_SIZE TDLS_DEFAULT_TILE_SIZE
#endif
#ifndef TDLS_TILED_SCHEDULE
#define TDLS_TILED_SCHEDULE TDLS_DEFAULT_SCHEDULE
#endif
#ifndef TDLS_TILED_ROW_INTERCHANGE
#define TDLS_TILED_ROW_INTERCHANGE TDLS_DEFAULT_ROW_INTERCHANGE
#endif
#ifndef TDLS_TILED_PIVOT_SEARCH
#define TDLS_TILED_PIVOT_SEARCH TDLS_DEFAULT_PIVOT_SEARCH
#endif
#ifndef TDLS_TILED_OOT_THRESHOLD
/* clang-format 14 splits _Generic associations at their colons. */
/* clang-format off */
#define TDLS_TILED_OOT_THRESHOLD                                                                   \
    _Generic((TDLS_TILED_REAL)0,                                                                   \
        float: TDLS_DEFAULT_OOT_THRESHOLD_FLOAT,                                                   \
        default: TDLS_DEFAULT_OOT_THRESHOLD_DOUBLE)
/* clang-format on */
#endif
#ifndef TDLS_TILED_OOT_FIRST_ACCEPTABLE
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE TDLS_DEFAULT_OOT_FIRST_ACCEPTABLE
#endif
#ifndef TDLS_TILED_RELATIVE_PIVOT_THRESHOLD
#define TDLS_TILED_RELATIVE_PIVOT_THRESHOLD TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD
#endif
#ifndef TDLS_TILED_SINGULAR_FLOOR
#define TDLS_TILED_SINGULAR_FLOOR TDLS_REAL_MIN((TDLS_TILED_REAL)0)
#endif
#ifndef TDLS_TILED_UNROLL_LOOPS
#define TDLS_TILED_UNROLL_LOOPS TDLS_DEFAULT_UNROLL_LOOPS
#endif
#ifndef TDLS_TILED_LAYOUT
#define TDLS_TILED_LAYOUT TDLS_DEFAULT_LAYOUT
#endif
#ifndef TDLS_TILED_DIAGONAL
#define TDLS_TILED_DIAGONAL TDLS_DEFAULT_DIAGONAL
#endif

#if defined(TDLS_TILED_N)
#if TDLS_TILED_N < 1 || TDLS_TILED_N > 64
#error                                                                                             \
    "tiled_lupp.h: TDLS_TILED_N must be between 1 and 64; leave it undefined for a runtime order."
#endif
#else
#if defined(TDLS_TILED_LOCAL_MATRIX) || defined(TDLS_TILED_LOCAL_PIV)                              \
    || defined(TDLS_TILED_LOCAL_RHS)
#error                                                                                             \
    "tiled_lupp.h: the TDLS_TILED_LOCAL_* residency knobs need a compile-time order: define TDLS_TILED_N."
#endif
#endif
#ifndef TDLS_TILED_LOCAL_MATRIX
#define TDLS_TILED_LOCAL_MATRIX 0
#endif
#ifndef TDLS_TILED_LOCAL_PIV
#define TDLS_TILED_LOCAL_PIV 0
#endif
#ifndef TDLS_TILED_LOCAL_RHS
#define TDLS_TILED_LOCAL_RHS 0
#endif
#if (TDLS_TILED_LOCAL_MATRIX != 0 && TDLS_TILED_LOCAL_MATRIX != 1)                                 \
    || (TDLS_TILED_LOCAL_PIV != 0 && TDLS_TILED_LOCAL_PIV != 1)                                    \
    || (TDLS_TILED_LOCAL_RHS != 0 && TDLS_TILED_LOCAL_RHS != 1)
#error "tiled_lupp.h: TDLS_TILED_LOCAL_MATRIX, _LOCAL_PIV and _LOCAL_RHS must be 0 or 1."
#endif
#if TDLS_TILED_TILE_SIZE < 1
#error "tiled_lupp.h: TDLS_TILED_TILE_SIZE must be at least 1 (1 is an untiled scalar elimination)."
#endif
#if TDLS_TILED_SCHEDULE != TDLS_RIGHT_LOOKING && TDLS_TILED_SCHEDULE != TDLS_LEFT_LOOKING
#error "tiled_lupp.h: TDLS_TILED_SCHEDULE must be TDLS_RIGHT_LOOKING or TDLS_LEFT_LOOKING."
#endif
#if TDLS_TILED_ROW_INTERCHANGE != TDLS_LOGICAL && TDLS_TILED_ROW_INTERCHANGE != TDLS_PHYSICAL
#error "tiled_lupp.h: TDLS_TILED_ROW_INTERCHANGE must be TDLS_LOGICAL or TDLS_PHYSICAL."
#endif
#if TDLS_TILED_PIVOT_SEARCH != TDLS_SEARCH_COLUMN && TDLS_TILED_PIVOT_SEARCH != TDLS_SEARCH_TILE
#error "tiled_lupp.h: TDLS_TILED_PIVOT_SEARCH must be TDLS_SEARCH_COLUMN or TDLS_SEARCH_TILE."
#endif
#if TDLS_TILED_OOT_FIRST_ACCEPTABLE != 0 && TDLS_TILED_OOT_FIRST_ACCEPTABLE != 1
#error "tiled_lupp.h: TDLS_TILED_OOT_FIRST_ACCEPTABLE must be 0 or 1."
#endif
#if TDLS_TILED_UNROLL_LOOPS != 0 && TDLS_TILED_UNROLL_LOOPS != 1
#error "tiled_lupp.h: TDLS_TILED_UNROLL_LOOPS must be 0 or 1."
#endif
#if TDLS_TILED_LAYOUT != TDLS_ROW_MAJOR && TDLS_TILED_LAYOUT != TDLS_COL_MAJOR
#error "tiled_lupp.h: TDLS_TILED_LAYOUT must be TDLS_ROW_MAJOR (101) or TDLS_COL_MAJOR (102)."
#endif
#if TDLS_TILED_DIAGONAL != TDLS_DIAG_RECIPROCAL && TDLS_TILED_DIAGONAL != TDLS_DIAG_PIVOT
#error                                                                                             \
    "tiled_lupp.h: TDLS_TILED_DIAGONAL must be TDLS_DIAG_RECIPROCAL (native factors) or TDLS_DIAG_PIVOT (LAPACK's U diagonal)."
#endif

/* The floating-point contracts cannot be tested by the preprocessor. */
/* clang-format 14 splits _Generic associations at their colons. */
/* clang-format off */
_Static_assert(_Generic((TDLS_TILED_REAL)0, float: 1, double: 1, long double: 1, default: 0),
               "tiled_lupp.h: TDLS_TILED_REAL must be float, double or long double.");
/* clang-format on */
_Static_assert((TDLS_TILED_RELATIVE_PIVOT_THRESHOLD) > 0
                   && (TDLS_TILED_RELATIVE_PIVOT_THRESHOLD) <= 1,
               "tiled_lupp.h: TDLS_TILED_RELATIVE_PIVOT_THRESHOLD must be in (0, 1].");
_Static_assert((TDLS_TILED_SINGULAR_FLOOR) > 0,
               "tiled_lupp.h: TDLS_TILED_SINGULAR_FLOOR must be positive: a zero floor lets a "
               "zero pivot through.");
_Static_assert((TDLS_TILED_SINGULAR_FLOOR) <= (TDLS_TILED_OOT_THRESHOLD),
               "tiled_lupp.h: TDLS_TILED_SINGULAR_FLOOR must not exceed TDLS_TILED_OOT_THRESHOLD: "
               "the floor only judges pivots the out-of-tile search could not raise above it.");

/* ---- internal names ------------------------------------------------------ */

#define TDLS_TL_T       TDLS_TILED_REAL
#define TDLS_TL_FN(x)   TDLS_CAT(TDLS_TILED_NAME, TDLS_CAT(_, x))
#define TDLS_TL_PRIV(x) TDLS_TL_FN(TDLS_CAT(priv_, x))
#define TDLS_TL_LOGICAL (TDLS_TILED_ROW_INTERCHANGE == TDLS_LOGICAL)
#define TDLS_TL_LEFT    (TDLS_TILED_SCHEDULE == TDLS_LEFT_LOOKING)
#define TDLS_TL_COLUMN  (TDLS_TILED_PIVOT_SEARCH == TDLS_SEARCH_COLUMN)
/* Physical interchanges treat the whole matrix as one tile. */
#define TDLS_TL_TS    TDLS_TILED_TILE_SIZE
#define TDLS_TL_OOT   ((TDLS_TL_T)(TDLS_TILED_OOT_THRESHOLD))
#define TDLS_TL_FLOOR ((TDLS_TL_T)(TDLS_TILED_SINGULAR_FLOOR))
#define TDLS_TL_RPT   ((TDLS_TL_T)(TDLS_TILED_RELATIVE_PIVOT_THRESHOLD))

/* The diagonal of the factors in memory: STORE gives what is written for
   pivot p of reciprocal dinv, LOAD the reciprocal that a stored entry d
   stands for. The factorization multiplies by dinv held in registers and
   never reads a factored diagonal back from memory; every substitution
   reads it through LOAD. With the pivot format, LOAD recomputes the
   native reciprocal (pivot_reciprocal), so both formats solve with the
   same bits; with the native one both are the identity. */
#define TDLS_TL_PIVOT_DIAG (TDLS_TILED_DIAGONAL == TDLS_DIAG_PIVOT)
#if TDLS_TL_PIVOT_DIAG
#define TDLS_TL_DIAG_STORE(p, dinv) (p)
#define TDLS_TL_DIAG_LOAD(d)        TDLS_TL_PRIV(pivot_reciprocal)(d)
#else
#define TDLS_TL_DIAG_STORE(p, dinv) (dinv)
#define TDLS_TL_DIAG_LOAD(d)        (d)
#endif

/* Unroll pragmas. The runtime-order solver carries none: its trip counts
   are unknown and it is the fast-to-build path. With a compile-time order,
   the in-tile loops and the loops over vector entries are unrolled so that
   tiles and caller-local vectors are indexed at compile time. The loops
   over the tile grid index the matrix and the pivot array: they are
   unrolled where a caller-local one must be indexed at compile time to stay
   in registers, on GPUs, and on CPUs up to order 13. Above it, on a CPU, an
   index into a local array costs nothing and the fully unrolled grid
   outgrows the instruction cache: on a Zen 3 core, with the grid loops
   split at the partial tile (below), unrolling is 1.3x faster at order 8
   and 1.1x at 12 and 13, and 1.1x to 1.3x slower at orders 14 to 16
   (perf/RESULTS.md). */
#if defined(__NVPTX__) || defined(__AMDGCN__)
#define TDLS_TL_GPU 1
#else
#define TDLS_TL_GPU 0
#endif
/* Where a caller-local operand must be indexed at compile time to stay in
   registers: on GPUs, and on CPUs up to order 13 (the unrolled grid and the
   position tests of the permutation). */
#if TDLS_TL_GPU || (defined(TDLS_TILED_N) && TDLS_TILED_N <= 13)
#define TDLS_TL_INDEX_AT_COMPILE_TIME 1
#else
#define TDLS_TL_INDEX_AT_COMPILE_TIME 0
#endif
#if defined(TDLS_TILED_N) && TDLS_TILED_UNROLL_LOOPS
#define TDLS_TL_UNROLL_TILE TDLS_PRAGMA_UNROLL
#define TDLS_TL_UNROLL_VEC  TDLS_PRAGMA_UNROLL
#if TDLS_TL_INDEX_AT_COMPILE_TIME && (TDLS_TILED_LOCAL_MATRIX || TDLS_TILED_LOCAL_PIV)
#define TDLS_TL_UNROLL_GRID TDLS_PRAGMA_UNROLL
#else
#define TDLS_TL_UNROLL_GRID
#endif
#else
#define TDLS_TL_UNROLL_TILE
#define TDLS_TL_UNROLL_VEC
#define TDLS_TL_UNROLL_GRID
#endif

/* Parameter lists of the public entry points: the compile-time order drops
   n, and a caller-local operand drops its stride (it is 1). */
#if defined(TDLS_TILED_N)
#define TDLS_TL_NP
#define TDLS_TL_NV TDLS_TILED_N
#else
#define TDLS_TL_NP const int n,
#define TDLS_TL_NV n
#endif
#if TDLS_TILED_LOCAL_MATRIX
#define TDLS_TL_ASP
#define TDLS_TL_ASV ((ptrdiff_t)1)
#else
#define TDLS_TL_ASP , const ptrdiff_t a_stride
#define TDLS_TL_ASV a_stride
#endif
#if TDLS_TILED_LOCAL_PIV
#define TDLS_TL_PSP
#define TDLS_TL_PSV ((ptrdiff_t)1)
#else
#define TDLS_TL_PSP , const ptrdiff_t piv_stride
#define TDLS_TL_PSV piv_stride
#endif
#if TDLS_TILED_LOCAL_RHS
#define TDLS_TL_RSP
#define TDLS_TL_RSV ((ptrdiff_t)1)
#else
#define TDLS_TL_RSP , const ptrdiff_t rhs_stride
#define TDLS_TL_RSV rhs_stride
#endif

/* Which system the substitutions solve: the stored array S (row-major A, or
   the transposed solve of column-major A) or S^T. */
#define TDLS_TL_SOLVE_S  0
#define TDLS_TL_SOLVE_ST 1
#if TDLS_TILED_LAYOUT == TDLS_ROW_MAJOR
#define TDLS_TL_PLAIN TDLS_TL_SOLVE_S
#define TDLS_TL_TRANS TDLS_TL_SOLVE_ST
#else
#define TDLS_TL_PLAIN TDLS_TL_SOLVE_ST
#define TDLS_TL_TRANS TDLS_TL_SOLVE_S
#endif

TDLS_DECLARE_TARGET_BEGIN

/* ---- factorization -------------------------------------------------------- */

/* Physical row of logical position i: the pivot array maps positions to
   rows with logical interchanges; with physical ones rows sit in place. */
TDLS_INLINE int TDLS_TL_PRIV(row)(const int *TDLS_RESTRICT piv, const ptrdiff_t ps, const int i) {
#if TDLS_TL_LOGICAL
    return piv[i * ps];
#else
    (void)piv;
    (void)ps;
    return i;
#endif
}

/* The stored reciprocal of pivot p at 0-based step k. A pivot that is zero,
   below the floor or not finite is rejected: info takes k + 1 if it is the
   first, and 0 is stored, so that the rest of the factorization goes on. */
TDLS_INLINE TDLS_TL_T TDLS_TL_PRIV(reciprocal)(const TDLS_TL_T p, const int k, int *info) {
    const int ok = TDLS_PIVOT_OK(TDLS_FABS(p), TDLS_TL_FLOOR);
    if (!ok && *info == 0)
        *info = k + 1;
    return TDLS_RECIPROCAL_OR_ZERO(p, ok);
}

/* The reciprocal that reciprocal() gives for a pivot p stored by the pivot
   format: the same acceptance test and the same expression. */
TDLS_INLINE TDLS_TL_T TDLS_TL_PRIV(pivot_reciprocal)(const TDLS_TL_T p) {
    return TDLS_RECIPROCAL_OR_ZERO(p, TDLS_PIVOT_OK(TDLS_FABS(p), TDLS_TL_FLOOR));
}

#if TDLS_TL_LOGICAL

/* Block (rows[0..nr), columns c0..c0+nc) of the stored matrix into a tile;
   entries outside the matrix stay zero and are never used. */
TDLS_INLINE void TDLS_TL_PRIV(load)(const int n, const TDLS_TL_T *TDLS_RESTRICT a,
                                    const ptrdiff_t as, const int *rows, const int nr, const int c0,
                                    const int nc, TDLS_TL_T t[TDLS_TL_TS][TDLS_TL_TS]) {
    TDLS_TL_UNROLL_TILE
    for (int r = 0; r < TDLS_TL_TS; ++r) {
        TDLS_TL_UNROLL_TILE
        for (int c = 0; c < TDLS_TL_TS; ++c)
            t[r][c] = (r < nr && c < nc) ? a[TDLS_AT(rows[r], c0 + c, n, as)] : (TDLS_TL_T)0;
    }
}

TDLS_INLINE void TDLS_TL_PRIV(store)(const int n, TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                     const int *rows, const int nr, const int c0, const int nc,
                                     TDLS_TL_T t[TDLS_TL_TS][TDLS_TL_TS]) {
    TDLS_TL_UNROLL_TILE
    for (int r = 0; r < TDLS_TL_TS; ++r) {
        TDLS_TL_UNROLL_TILE
        for (int c = 0; c < TDLS_TL_TS; ++c)
            if (r < nr && c < nc)
                a[TDLS_AT(rows[r], c0 + c, n, as)] = t[r][c];
    }
}

/* Physical rows of the positions p0..p0+nr. */
TDLS_INLINE void TDLS_TL_PRIV(rows_of)(const int *TDLS_RESTRICT piv, const ptrdiff_t ps,
                                       const int p0, const int nr, int rows[TDLS_TL_TS]) {
    TDLS_TL_UNROLL_TILE
    for (int r = 0; r < TDLS_TL_TS; ++r)
        rows[r] = r < nr ? piv[(p0 + r) * ps] : 0;
}

/* Left-looking pull: the updates of every factored column j < upto into a
   block of rows, in ascending j for each entry, which is the order in which
   the right-looking schedule pushes them: both schedules give the same bits. */
TDLS_INLINE void TDLS_TL_PRIV(pull)(const int n, const TDLS_TL_T *TDLS_RESTRICT a,
                                    const ptrdiff_t as, const int *TDLS_RESTRICT piv,
                                    const ptrdiff_t ps, const int *rows, const int nr, const int c0,
                                    const int nc, const int upto, TDLS_TL_T t[][TDLS_TL_TS]) {
    for (int j = 0; j < upto; ++j) {
        const int urow = piv[j * ps];
        TDLS_TL_UNROLL_TILE
        for (int r = 0; r < TDLS_TL_TS; ++r) {
            if (r >= nr)
                continue;
            const TDLS_TL_T l = a[TDLS_AT(rows[r], j, n, as)];
            TDLS_TL_UNROLL_TILE
            for (int c = 0; c < TDLS_TL_TS; ++c)
                if (c < nc)
                    t[r][c] -= l * a[TDLS_AT(urow, c0 + c, n, as)];
        }
    }
}

/* U block = L^-1 block, with the unit lower triangle of a factored
   diagonal tile d. */
TDLS_INLINE void TDLS_TL_PRIV(lower_solve)(const int nd, TDLS_TL_T d[TDLS_TL_TS][TDLS_TL_TS],
                                           const int nc, TDLS_TL_T t[TDLS_TL_TS][TDLS_TL_TS]) {
    TDLS_TL_UNROLL_TILE
    for (int j = 0; j < TDLS_TL_TS; ++j) {
        TDLS_TL_UNROLL_TILE
        for (int r = j + 1; r < TDLS_TL_TS; ++r) {
            if (r >= nd)
                continue;
            const TDLS_TL_T l = d[r][j];
            TDLS_TL_UNROLL_TILE
            for (int c = 0; c < TDLS_TL_TS; ++c)
                if (c < nc)
                    t[r][c] -= l * t[j][c];
        }
    }
}

/* L block = block U^-1, with the upper triangle of a factored diagonal
   tile d whose diagonal holds reciprocals: the eliminations of its first ne
   columns, applied to the columns before nc. The out-of-tile scan asks for
   fewer columns than the tile has: it only needs the entry of its column. */
TDLS_INLINE void TDLS_TL_PRIV(upper_rsolve)(const int ne, TDLS_TL_T d[TDLS_TL_TS][TDLS_TL_TS],
                                            const int nr, const int nc, TDLS_TL_T t[][TDLS_TL_TS]) {
    TDLS_TL_UNROLL_TILE
    for (int j = 0; j < TDLS_TL_TS; ++j) {
        if (j >= ne)
            continue;
        TDLS_TL_UNROLL_TILE
        for (int r = 0; r < TDLS_TL_TS; ++r) {
            if (r >= nr)
                continue;
            const TDLS_TL_T l = t[r][j] * d[j][j];
            t[r][j] = l;
            TDLS_TL_UNROLL_TILE
            for (int c = j + 1; c < TDLS_TL_TS; ++c)
                if (c < nc)
                    t[r][c] -= l * d[j][c];
        }
    }
}

/* The row at position q, corrected for every elimination it has not
   received yet (the prior tiles under left-looking, the columns of the
   current tile before jj under both), in the tile columns before nc. The
   arithmetic is that of the row inside the tile, so a candidate brought
   into the tile carries the same bits as if it had been there. */
TDLS_INLINE void TDLS_TL_PRIV(candidate)(const int n, const TDLS_TL_T *TDLS_RESTRICT a,
                                         const ptrdiff_t as, const int *TDLS_RESTRICT piv,
                                         const ptrdiff_t ps, const int k0, const int q,
                                         const int jj, const int nc,
                                         TDLS_TL_T d[TDLS_TL_TS][TDLS_TL_TS],
                                         TDLS_TL_T v[1][TDLS_TL_TS]) {
    const int row = piv[q * ps];
    TDLS_TL_UNROLL_TILE
    for (int c = 0; c < TDLS_TL_TS; ++c)
        v[0][c] = c < nc ? a[TDLS_AT(row, k0 + c, n, as)] : (TDLS_TL_T)0;
#if TDLS_TL_LEFT
    TDLS_TL_PRIV(pull)(n, a, as, piv, ps, &row, 1, k0, nc, k0, v);
#endif
    TDLS_TL_PRIV(upper_rsolve)(jj, d, 1, nc, v);
}

/* Factors the diagonal tile w (positions k0..k0+nk) in place, with the
   pivot choice of the configured search, and returns the updated info.
   rows[] follows the interchanges. A pivot row from under the tile trades
   places with the row at the pivot position.
   Column search: the rows under the tile are kept eliminated column by
   column in memory (the panel), so every candidate of the column is at
   hand; the in-place row, then the best in-tile row, then the best row
   under the tile is taken, the first that reaches the relative threshold
   of the largest magnitude of the whole column. Multipliers stay below
   its inverse, as in LAPACK's partial pivoting.
   Tile search: only a weak in-tile pivot (below the out-of-tile threshold)
   sends the search under the tile, each candidate corrected on the fly;
   the rows under the tile are eliminated after the tile.
   The diagonal of w holds the reciprocals, which the L blocks of the tile
   search still need; diag[] receives the diagonal as it is stored. */
TDLS_INLINE int TDLS_TL_PRIV(factor_tile)(const int n, TDLS_TL_T *TDLS_RESTRICT a,
                                          const ptrdiff_t as, int *TDLS_RESTRICT piv,
                                          const ptrdiff_t ps, const int k0, const int nk,
                                          int rows[TDLS_TL_TS], TDLS_TL_T w[TDLS_TL_TS][TDLS_TL_TS],
                                          TDLS_TL_T diag[TDLS_TL_TS], int info, int *oot) {
#if TDLS_TL_PIVOT_DIAG
    /* Only the first nk entries are stored; the others are set so that no
       compiler sees an uninitialized read in store_factored. */
    TDLS_TL_UNROLL_TILE
    for (int r = 0; r < TDLS_TL_TS; ++r)
        diag[r] = 0;
#else
    /* the native format stores the diagonal of w itself */
    (void)diag;
#endif
    TDLS_TL_UNROLL_TILE
    for (int jj = 0; jj < TDLS_TL_TS; ++jj) {
        if (jj >= nk)
            continue;
        int choice = jj;
        TDLS_TL_T cmax = TDLS_FABS(w[jj][jj]);
        TDLS_TL_UNROLL_TILE
        for (int r = jj + 1; r < TDLS_TL_TS; ++r) {
            const TDLS_TL_T m = r < nk ? TDLS_FABS(w[r][jj]) : (TDLS_TL_T)0;
            if (m > cmax) {
                cmax = m;
                choice = r;
            }
        }
        const TDLS_TL_T in_place = TDLS_FABS(w[jj][jj]);
        int qbest = -1;
#if TDLS_TL_COLUMN
        TDLS_TL_T qmax = 0;
        TDLS_TL_UNROLL_GRID
        for (int q = k0 + nk; q < n; ++q) {
            const TDLS_TL_T m = TDLS_FABS(a[TDLS_AT(piv[q * ps], k0 + jj, n, as)]);
            if (m > qmax) {
                qmax = m;
                qbest = q;
            }
        }
        const TDLS_TL_T bound = TDLS_TL_RPT * (qmax > cmax ? qmax : cmax);
        if (TDLS_TL_RPT < 1 && in_place >= bound)
            choice = jj;
        if (in_place >= bound || cmax >= bound)
            qbest = -1;
#else
        if (TDLS_TL_RPT < 1) { /* a threshold of 1 compiles the test out */
            const TDLS_TL_T bound = TDLS_TL_RPT * cmax;
            if (in_place >= (bound > TDLS_TL_OOT ? bound : TDLS_TL_OOT)) {
                choice = jj;
                cmax = in_place;
            }
        }
        TDLS_TL_T vbest[1][TDLS_TL_TS] = {{0}};
        if (!(cmax >= TDLS_TL_OOT)) {
            if (oot)
                ++*oot;
            TDLS_TL_T qmax = cmax;
            TDLS_TL_UNROLL_GRID
            for (int q = k0 + nk; q < n; ++q) {
                TDLS_TL_T v[1][TDLS_TL_TS];
                TDLS_TL_PRIV(candidate)(n, a, as, piv, ps, k0, q, jj, nk, w, v);
                const TDLS_TL_T m = TDLS_FABS(v[0][jj]);
                if (m > qmax) {
                    qmax = m;
                    qbest = q;
                    TDLS_TL_UNROLL_TILE
                    for (int c = 0; c < TDLS_TL_TS; ++c)
                        vbest[0][c] = v[0][c];
                    if (TDLS_TILED_OOT_FIRST_ACCEPTABLE && m >= TDLS_TL_OOT)
                        break;
                }
            }
        }
#endif
        if (qbest >= 0) {
#if TDLS_TL_COLUMN
            if (oot)
                ++*oot;
            /* The evicted row has received the same eliminations as the
               panel it joins. */
            TDLS_TL_UNROLL_TILE
            for (int c = 0; c < TDLS_TL_TS; ++c)
                if (c < nk)
                    a[TDLS_AT(rows[jj], k0 + c, n, as)] = w[jj][c];
#endif
            /* The trade tests every position against the winner rather
               than indexing the pivot array with it: a caller-local pivot
               array then stays in registers. */
            TDLS_TL_UNROLL_GRID
            for (int q = k0 + nk; q < n; ++q) {
                if (q != qbest)
                    continue;
                const int evicted = rows[jj];
                rows[jj] = piv[q * ps];
                piv[q * ps] = evicted;
            }
            TDLS_TL_UNROLL_TILE
            for (int c = 0; c < TDLS_TL_TS; ++c) {
#if TDLS_TL_COLUMN
                w[jj][c] = c < nk ? a[TDLS_AT(rows[jj], k0 + c, n, as)] : (TDLS_TL_T)0;
#else
                w[jj][c] = vbest[0][c];
#endif
            }
            choice = jj;
        }
        /* A test of every row against the choice keeps the tile indexed at
           compile time once unrolled. */
        TDLS_TL_UNROLL_TILE
        for (int r = jj + 1; r < TDLS_TL_TS; ++r) {
            if (r != choice)
                continue;
            const int tr = rows[jj];
            rows[jj] = rows[r];
            rows[r] = tr;
            TDLS_TL_UNROLL_TILE
            for (int c = 0; c < TDLS_TL_TS; ++c) {
                const TDLS_TL_T t = w[jj][c];
                w[jj][c] = w[r][c];
                w[r][c] = t;
            }
        }
        const TDLS_TL_T p = w[jj][jj];
        const TDLS_TL_T dinv = TDLS_TL_PRIV(reciprocal)(p, k0 + jj, &info);
        w[jj][jj] = dinv;
#if TDLS_TL_PIVOT_DIAG
        diag[jj] = TDLS_TL_DIAG_STORE(p, dinv);
#endif
        TDLS_TL_UNROLL_TILE
        for (int r = jj + 1; r < TDLS_TL_TS; ++r) {
            if (r >= nk)
                continue;
            const TDLS_TL_T l = w[r][jj] * dinv;
            w[r][jj] = l;
            TDLS_TL_UNROLL_TILE
            for (int c = jj + 1; c < TDLS_TL_TS; ++c)
                if (c < nk)
                    w[r][c] -= l * w[jj][c];
        }
#if TDLS_TL_COLUMN
        /* The same elimination in the panel under the tile, in the order
           in which the L blocks of the tile search compute it. */
        TDLS_TL_UNROLL_GRID
        for (int q = k0 + nk; q < n; ++q) {
            const int row = piv[q * ps];
            const TDLS_TL_T l = a[TDLS_AT(row, k0 + jj, n, as)] * dinv;
            a[TDLS_AT(row, k0 + jj, n, as)] = l;
            TDLS_TL_UNROLL_TILE
            for (int c = jj + 1; c < TDLS_TL_TS; ++c)
                if (c < nk)
                    a[TDLS_AT(row, k0 + c, n, as)] -= l * w[jj][c];
        }
#endif
    }
    return info;
}

/* The factored diagonal tile w into memory, with its diagonal as stored
   (diag, from factor_tile); w keeps the reciprocals for the rest of the
   step. The native format stores w as it is. */
TDLS_INLINE void TDLS_TL_PRIV(store_factored)(const int n, TDLS_TL_T *TDLS_RESTRICT a,
                                              const ptrdiff_t as, const int *rows, const int k0,
                                              const int nk, TDLS_TL_T w[TDLS_TL_TS][TDLS_TL_TS],
                                              const TDLS_TL_T diag[TDLS_TL_TS]) {
    TDLS_TL_PRIV(store)(n, a, as, rows, nk, k0, nk, w);
    TDLS_TL_UNROLL_TILE
    for (int r = 0; r < TDLS_TL_TS; ++r)
        if (TDLS_TL_PIVOT_DIAG && r < nk)
            a[TDLS_AT(rows[r], k0 + r, n, as)] = diag[r];
}

/* The grid loops visit the whole tiles in a loop and the partial last tile
   (where the order is not a multiple of the tile size) after it, in a call
   of its own. Every extent is then a constant once inlined, even where the
   grid loop stays rolled, and the tile loops compile without their bound
   tests: 1.7x faster at order 19 with tiles of 4 (perf/RESULTS.md). The
   tiles are visited in the same order either way, so the bits do not
   change. */

/* Block i0 (ni rows) of the panel under the diagonal tile at k0, in
   memory: pulled up to date under left-looking, and with solve, turned
   into its L block by the factored diagonal tile w. */
TDLS_INLINE void TDLS_TL_PRIV(panel_block)(const int n, TDLS_TL_T *TDLS_RESTRICT a,
                                           const ptrdiff_t as, const int *TDLS_RESTRICT piv,
                                           const ptrdiff_t ps, const int k0, const int nk,
                                           TDLS_TL_T w[TDLS_TL_TS][TDLS_TL_TS], const int solve,
                                           const int i0, const int ni) {
    int brows[TDLS_TL_TS];
    TDLS_TL_T t[TDLS_TL_TS][TDLS_TL_TS];
    TDLS_TL_PRIV(rows_of)(piv, ps, i0, ni, brows);
    TDLS_TL_PRIV(load)(n, a, as, brows, ni, k0, nk, t);
#if TDLS_TL_LEFT
    TDLS_TL_PRIV(pull)(n, a, as, piv, ps, brows, ni, k0, nk, k0, t);
#endif
    if (solve)
        TDLS_TL_PRIV(upper_rsolve)(nk, w, ni, nk, t);
    TDLS_TL_PRIV(store)(n, a, as, brows, ni, k0, nk, t);
}

/* The blocks of the panel under the diagonal tile at k0. */
TDLS_INLINE void TDLS_TL_PRIV(panel)(const int n, TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                     const int *TDLS_RESTRICT piv, const ptrdiff_t ps, const int k0,
                                     const int nk, TDLS_TL_T w[TDLS_TL_TS][TDLS_TL_TS],
                                     const int solve) {
    const int rem = n % TDLS_TL_TS, whole = n - rem;
    TDLS_TL_UNROLL_GRID
    for (int i0 = k0 + TDLS_TL_TS; i0 < whole; i0 += TDLS_TL_TS)
        TDLS_TL_PRIV(panel_block)(n, a, as, piv, ps, k0, nk, w, solve, i0, TDLS_TL_TS);
    if (rem && k0 < whole)
        TDLS_TL_PRIV(panel_block)(n, a, as, piv, ps, k0, nk, w, solve, whole, rem);
}

#if !TDLS_TL_LEFT
/* Right-looking: the update that the U block u (columns c0..c0+nc, rows of
   the diagonal tile at k0) pushes into block i0 (ni rows) of its column. */
TDLS_INLINE void TDLS_TL_PRIV(update)(const int n, TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                      const int *TDLS_RESTRICT piv, const ptrdiff_t ps,
                                      const int k0, const int nk, const int c0, const int nc,
                                      TDLS_TL_T u[TDLS_TL_TS][TDLS_TL_TS], const int i0,
                                      const int ni) {
    int brows[TDLS_TL_TS];
    TDLS_TL_T l[TDLS_TL_TS][TDLS_TL_TS], t[TDLS_TL_TS][TDLS_TL_TS];
    TDLS_TL_PRIV(rows_of)(piv, ps, i0, ni, brows);
    TDLS_TL_PRIV(load)(n, a, as, brows, ni, k0, nk, l);
    TDLS_TL_PRIV(load)(n, a, as, brows, ni, c0, nc, t);
    TDLS_TL_UNROLL_TILE
    for (int j = 0; j < TDLS_TL_TS; ++j) {
        if (j >= nk)
            continue;
        TDLS_TL_UNROLL_TILE
        for (int r = 0; r < TDLS_TL_TS; ++r) {
            TDLS_TL_UNROLL_TILE
            for (int c = 0; c < TDLS_TL_TS; ++c)
                t[r][c] -= l[r][j] * u[j][c];
        }
    }
    TDLS_TL_PRIV(store)(n, a, as, brows, ni, c0, nc, t);
}

/* Right-looking: the U block of columns c0..c0+nc right of the factored
   diagonal tile w (rows rows[]), and the update it pushes down its column. */
TDLS_INLINE void TDLS_TL_PRIV(push)(const int n, TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                    const int *TDLS_RESTRICT piv, const ptrdiff_t ps,
                                    const int *rows, const int k0, const int nk,
                                    TDLS_TL_T w[TDLS_TL_TS][TDLS_TL_TS], const int c0,
                                    const int nc) {
    TDLS_TL_T u[TDLS_TL_TS][TDLS_TL_TS];
    TDLS_TL_PRIV(load)(n, a, as, rows, nk, c0, nc, u);
    TDLS_TL_PRIV(lower_solve)(nk, w, nc, u);
    TDLS_TL_PRIV(store)(n, a, as, rows, nk, c0, nc, u);
    const int rem = n % TDLS_TL_TS, whole = n - rem;
    TDLS_TL_UNROLL_GRID
    for (int i0 = k0 + TDLS_TL_TS; i0 < whole; i0 += TDLS_TL_TS)
        TDLS_TL_PRIV(update)(n, a, as, piv, ps, k0, nk, c0, nc, u, i0, TDLS_TL_TS);
    if (rem && k0 < whole)
        TDLS_TL_PRIV(update)(n, a, as, piv, ps, k0, nk, c0, nc, u, whole, rem);
}
#endif

/* Step k0 of the factorization: the diagonal tile at k0 (nk rows and
   columns) with its panel, and under right-looking the trailing update;
   returns the updated info. */
TDLS_INLINE int TDLS_TL_PRIV(step)(const int n, TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                   int *TDLS_RESTRICT piv, const ptrdiff_t ps, const int k0,
                                   const int nk, int info, int *oot) {
    int rows[TDLS_TL_TS];
    TDLS_TL_T w[TDLS_TL_TS][TDLS_TL_TS], diag[TDLS_TL_TS];
#if TDLS_TL_LEFT
    /* Left-looking visits the blocks of tile column k0 top to bottom: each
       is pulled up to date and written once. */
    TDLS_TL_UNROLL_GRID
    for (int i0 = 0; i0 < k0; i0 += TDLS_TL_TS) {
        TDLS_TL_T d[TDLS_TL_TS][TDLS_TL_TS], t[TDLS_TL_TS][TDLS_TL_TS];
        TDLS_TL_PRIV(rows_of)(piv, ps, i0, TDLS_TL_TS, rows);
        TDLS_TL_PRIV(load)(n, a, as, rows, TDLS_TL_TS, i0, TDLS_TL_TS, d);
        TDLS_TL_PRIV(load)(n, a, as, rows, TDLS_TL_TS, k0, nk, t);
        TDLS_TL_PRIV(pull)(n, a, as, piv, ps, rows, TDLS_TL_TS, k0, nk, i0, t);
        TDLS_TL_PRIV(lower_solve)(TDLS_TL_TS, d, nk, t);
        TDLS_TL_PRIV(store)(n, a, as, rows, TDLS_TL_TS, k0, nk, t);
    }
#endif
    TDLS_TL_PRIV(rows_of)(piv, ps, k0, nk, rows);
    TDLS_TL_PRIV(load)(n, a, as, rows, nk, k0, nk, w);
#if TDLS_TL_LEFT
    TDLS_TL_PRIV(pull)(n, a, as, piv, ps, rows, nk, k0, nk, k0, w);
#if TDLS_TL_COLUMN
    /* The column search reads the panel under the tile: bring it up to
       date first. */
    TDLS_TL_PRIV(panel)(n, a, as, piv, ps, k0, nk, w, 0);
#endif
#endif
    info = TDLS_TL_PRIV(factor_tile)(n, a, as, piv, ps, k0, nk, rows, w, diag, info, oot);
    TDLS_TL_PRIV(store_factored)(n, a, as, rows, k0, nk, w, diag);
    TDLS_TL_UNROLL_TILE
    for (int r = 0; r < TDLS_TL_TS; ++r)
        if (r < nk)
            piv[(k0 + r) * ps] = rows[r];
#if !TDLS_TL_COLUMN
    /* The L blocks under the diagonal tile (the column search has
       eliminated them with the tile). */
    TDLS_TL_PRIV(panel)(n, a, as, piv, ps, k0, nk, w, 1);
#endif
#if !TDLS_TL_LEFT
    const int rem = n % TDLS_TL_TS, whole = n - rem;
    TDLS_TL_UNROLL_GRID
    for (int c0 = k0 + TDLS_TL_TS; c0 < whole; c0 += TDLS_TL_TS)
        TDLS_TL_PRIV(push)(n, a, as, piv, ps, rows, k0, nk, w, c0, TDLS_TL_TS);
    if (rem && k0 < whole)
        TDLS_TL_PRIV(push)(n, a, as, piv, ps, rows, k0, nk, w, whole, rem);
#endif
    return info;
}

TDLS_INLINE int TDLS_TL_PRIV(factor)(const int n, TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                     int *TDLS_RESTRICT piv, const ptrdiff_t ps, int *oot) {
    int info = 0;
    TDLS_TL_UNROLL_VEC
    for (int i = 0; i < n; ++i)
        piv[i * ps] = i;
    const int rem = n % TDLS_TL_TS, whole = n - rem;
    TDLS_TL_UNROLL_GRID
    for (int k0 = 0; k0 < whole; k0 += TDLS_TL_TS)
        info = TDLS_TL_PRIV(step)(n, a, as, piv, ps, k0, TDLS_TL_TS, info, oot);
    if (rem)
        info = TDLS_TL_PRIV(step)(n, a, as, piv, ps, whole, rem, info, oot);
    return info;
}

#else /* physical interchanges */

/* LAPACK's unblocked right-looking elimination with whole-row exchanges.
   The pivot rule is that of a single logical tile, and so is the order of
   every operation: the factors equal the logical ones with rows reordered.
   A test of every row index against the pivot row keeps every index a
   compile-time constant once the loops are unrolled. */
TDLS_INLINE int TDLS_TL_PRIV(factor)(const int n, TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                     int *TDLS_RESTRICT piv, const ptrdiff_t ps, int *oot) {
    int info = 0;
    TDLS_TL_UNROLL_GRID
    for (int j = 0; j < n; ++j) {
        int choice = j;
        TDLS_TL_T cmax = TDLS_FABS(a[TDLS_AT(j, j, n, as)]);
        TDLS_TL_UNROLL_GRID
        for (int r = j + 1; r < n; ++r) {
            const TDLS_TL_T m = TDLS_FABS(a[TDLS_AT(r, j, n, as)]);
            if (m > cmax) {
                cmax = m;
                choice = r;
            }
        }
        if (TDLS_TL_RPT < 1) { /* a threshold of 1 compiles the test out */
            /* The rule of one logical tile under the configured search: the
               tile search also asks the out-of-tile threshold of the row in
               place. */
            const TDLS_TL_T in_place = TDLS_FABS(a[TDLS_AT(j, j, n, as)]);
            const TDLS_TL_T bound = TDLS_TL_RPT * cmax;
            const TDLS_TL_T keep = TDLS_TL_COLUMN || bound > TDLS_TL_OOT ? bound : TDLS_TL_OOT;
            if (in_place >= keep) {
                choice = j;
                cmax = in_place;
            }
        }
        /* No row lies under the single tile: only the tile search counts. */
        if (!TDLS_TL_COLUMN && !(cmax >= TDLS_TL_OOT) && oot)
            ++*oot;
        piv[j * ps] = choice;
        TDLS_TL_UNROLL_GRID
        for (int r = j + 1; r < n; ++r) {
            if (r != choice)
                continue;
            TDLS_TL_UNROLL_GRID
            for (int c = 0; c < n; ++c) {
                const TDLS_TL_T t = a[TDLS_AT(j, c, n, as)];
                a[TDLS_AT(j, c, n, as)] = a[TDLS_AT(r, c, n, as)];
                a[TDLS_AT(r, c, n, as)] = t;
            }
        }
        const TDLS_TL_T p = a[TDLS_AT(j, j, n, as)];
        const TDLS_TL_T dinv = TDLS_TL_PRIV(reciprocal)(p, j, &info);
        a[TDLS_AT(j, j, n, as)] = TDLS_TL_DIAG_STORE(p, dinv);
        TDLS_TL_UNROLL_GRID
        for (int r = j + 1; r < n; ++r) {
            const TDLS_TL_T l = a[TDLS_AT(r, j, n, as)] * dinv;
            a[TDLS_AT(r, j, n, as)] = l;
            TDLS_TL_UNROLL_GRID
            for (int c = j + 1; c < n; ++c)
                a[TDLS_AT(r, c, n, as)] -= l * a[TDLS_AT(j, c, n, as)];
        }
    }
    return info;
}

#endif

/* ---- substitutions -------------------------------------------------------- */

/* x = P x (gather: x[i] takes x[piv[i]]) or x = P^T x (scatter: x[piv[i]]
   takes x[i]) in place, P the row order of the factorization. Physical
   interchanges replay LAPACK's exchanges, in order or in reverse. Logical
   ones follow the cycles of the pivot array, without scratch; with a
   compile-time order and caller-local operands, a copy and a gather or
   scatter through it, and where the operands must stay in registers, a
   test of every position instead, so that every index stays a compile-time
   constant (on a CPU above order 13 these tests cost more than an index
   into a local array: a jump table per entry, mispredicted on every
   system with another permutation). */
#if TDLS_TL_LOGICAL && defined(TDLS_TILED_N) && (TDLS_TILED_LOCAL_PIV || TDLS_TILED_LOCAL_RHS)
TDLS_INLINE void TDLS_TL_PRIV(permute)(const int n, const int *TDLS_RESTRICT piv,
                                       const ptrdiff_t ps, const int inverse,
                                       TDLS_TL_T *TDLS_RESTRICT x, const ptrdiff_t rs) {
    TDLS_TL_T old[TDLS_TILED_N];
    TDLS_TL_UNROLL_VEC
    for (int i = 0; i < n; ++i)
        old[i] = x[i * rs];
    TDLS_TL_UNROLL_VEC
    for (int i = 0; i < n; ++i) {
        const int p = piv[i * ps];
#if TDLS_TL_INDEX_AT_COMPILE_TIME
        TDLS_TL_UNROLL_VEC
        for (int q = 0; q < n; ++q) {
            if (q != p)
                continue;
            if (inverse)
                x[q * rs] = old[i];
            else
                x[i * rs] = old[q];
        }
#else
        if (inverse)
            x[p * rs] = old[i];
        else
            x[i * rs] = old[p];
#endif
    }
}
#elif TDLS_TL_LOGICAL
TDLS_INLINE void TDLS_TL_PRIV(permute)(const int n, const int *TDLS_RESTRICT piv,
                                       const ptrdiff_t ps, const int inverse,
                                       TDLS_TL_T *TDLS_RESTRICT x, const ptrdiff_t rs) {
    for (int s = 0; s < n; ++s) {
        int c = piv[s * ps];
        while (c > s) /* s leads its cycle when it is the smallest index of it */
            c = piv[c * ps];
        if (c != s)
            continue;
        if (inverse) {
            TDLS_TL_T carry = x[s * rs];
            for (int i = piv[s * ps]; i != s; i = piv[i * ps]) {
                const TDLS_TL_T t = x[i * rs];
                x[i * rs] = carry;
                carry = t;
            }
            x[s * rs] = carry;
        } else {
            const TDLS_TL_T t = x[s * rs];
            int i = s;
            for (int next = piv[i * ps]; next != s; next = piv[i * ps]) {
                x[i * rs] = x[next * rs];
                i = next;
            }
            x[i * rs] = t;
        }
    }
}
#else
TDLS_INLINE void TDLS_TL_PRIV(permute)(const int n, const int *TDLS_RESTRICT piv,
                                       const ptrdiff_t ps, const int inverse,
                                       TDLS_TL_T *TDLS_RESTRICT x, const ptrdiff_t rs) {
    TDLS_TL_UNROLL_VEC
    for (int step = 0; step < n; ++step) {
        const int j = inverse ? n - 1 - step : step;
        const int p = piv[j * ps];
        TDLS_TL_UNROLL_VEC
        for (int r = j + 1; r < n; ++r) {
            if (r != p)
                continue;
            const TDLS_TL_T t = x[j * rs];
            x[j * rs] = x[r * rs];
            x[r * rs] = t;
        }
    }
}
#endif

/* Solves with the factors of P S = L U, in place in x (x holds the
   right-hand side on entry). which = TDLS_TL_SOLVE_S solves S x = b:
   L y = P b, then U x = y. which = TDLS_TL_SOLVE_ST solves S^T x = b:
   U^T z = b, L^T w = z, x = P^T w. Entries of the right-hand side before
   `first` (after the permutation) are known to be zero and are skipped:
   this only spares work on zeros, the bits are those of a full solve. */
TDLS_INLINE void TDLS_TL_PRIV(substitute)(const int n, const TDLS_TL_T *TDLS_RESTRICT a,
                                          const ptrdiff_t as, const int *TDLS_RESTRICT piv,
                                          const ptrdiff_t ps, const int which, const int first,
                                          TDLS_TL_T *TDLS_RESTRICT x, const ptrdiff_t rs) {
    if (which == TDLS_TL_SOLVE_S) {
        TDLS_TL_UNROLL_VEC
        for (int i = 0; i < n; ++i) {
            if (i < first)
                continue;
            const int row = TDLS_TL_PRIV(row)(piv, ps, i);
            TDLS_TL_T s = x[i * rs];
            TDLS_TL_UNROLL_VEC
            for (int j = 0; j < i; ++j)
                if (j >= first)
                    s -= a[TDLS_AT(row, j, n, as)] * x[j * rs];
            x[i * rs] = s;
        }
        TDLS_TL_UNROLL_VEC
        for (int i = n - 1; i >= 0; --i) {
            const int row = TDLS_TL_PRIV(row)(piv, ps, i);
            TDLS_TL_T s = x[i * rs];
            TDLS_TL_UNROLL_VEC
            for (int j = i + 1; j < n; ++j)
                s -= a[TDLS_AT(row, j, n, as)] * x[j * rs];
            x[i * rs] = s * TDLS_TL_DIAG_LOAD(a[TDLS_AT(row, i, n, as)]);
        }
    } else {
        /* The leading zeros still meet their pivot: 0 times a negative
           reciprocal is -0, and skipping it would flip the sign of a zero. */
        TDLS_TL_UNROLL_VEC
        for (int i = 0; i < n; ++i) {
            TDLS_TL_T s = x[i * rs];
            TDLS_TL_UNROLL_VEC
            for (int j = 0; j < i; ++j)
                if (j >= first)
                    s -= a[TDLS_AT(TDLS_TL_PRIV(row)(piv, ps, j), i, n, as)] * x[j * rs];
            x[i * rs] = s * TDLS_TL_DIAG_LOAD(a[TDLS_AT(TDLS_TL_PRIV(row)(piv, ps, i), i, n, as)]);
        }
        TDLS_TL_UNROLL_VEC
        for (int i = n - 1; i >= 0; --i) {
            TDLS_TL_T s = x[i * rs];
            TDLS_TL_UNROLL_VEC
            for (int j = i + 1; j < n; ++j)
                s -= a[TDLS_AT(TDLS_TL_PRIV(row)(piv, ps, j), i, n, as)] * x[j * rs];
            x[i * rs] = s;
        }
        TDLS_TL_PRIV(permute)(n, piv, ps, 1, x, rs);
    }
}

/* One right-hand side: b (NULL for in place) into x. */
TDLS_INLINE void TDLS_TL_PRIV(solve_one)(const int n, const TDLS_TL_T *TDLS_RESTRICT a,
                                         const ptrdiff_t as, const int *TDLS_RESTRICT piv,
                                         const ptrdiff_t ps, const int which, const TDLS_TL_T *b,
                                         TDLS_TL_T *x, const ptrdiff_t rs) {
    if (b) {
        TDLS_TL_UNROLL_VEC
        for (int i = 0; i < n; ++i)
            x[i * rs] = b[i * rs];
    }
    if (which == TDLS_TL_SOLVE_S)
        TDLS_TL_PRIV(permute)(n, piv, ps, 0, x, rs);
    TDLS_TL_PRIV(substitute)(n, a, as, piv, ps, which, 0, x, rs);
}

/* nrhs right-hand sides, column by column. Entry (i, r) of B sits at
   (i * nrhs + r) * rs in row-major layout and at (r * n + i) * rs in
   column-major layout. */
TDLS_INLINE void TDLS_TL_PRIV(solve_multi)(const int n, const int nrhs,
                                           const TDLS_TL_T *TDLS_RESTRICT a, const ptrdiff_t as,
                                           const int *TDLS_RESTRICT piv, const ptrdiff_t ps,
                                           const int which, const TDLS_TL_T *b, TDLS_TL_T *x,
                                           const ptrdiff_t rs) {
#if TDLS_TILED_LAYOUT == TDLS_ROW_MAJOR
    const ptrdiff_t col = rs, es = (ptrdiff_t)nrhs * rs;
#else
    const ptrdiff_t col = (ptrdiff_t)n * rs, es = rs;
#endif
    for (int r = 0; r < nrhs; ++r)
        TDLS_TL_PRIV(solve_one)(n, a, as, piv, ps, which, b ? b + r * col : NULL, x + r * col, es);
}

/* ---- public entry points --------------------------------------------------- */

TDLS_INLINE int TDLS_TL_FN(factorize)(TDLS_TL_NP TDLS_TL_T *a TDLS_TL_ASP, int *piv TDLS_TL_PSP) {
    return TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, NULL);
}

TDLS_INLINE int TDLS_TL_FN(factorize_oot)(TDLS_TL_NP TDLS_TL_T *a TDLS_TL_ASP, int *piv TDLS_TL_PSP,
                                          int *oot_count) {
    return TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, oot_count);
}

/* clang-format 14 parts a call through a macro-made name from its arguments. */
/* clang-format off */
TDLS_INLINE void TDLS_TL_FN(substitute)(TDLS_TL_NP const TDLS_TL_T *a TDLS_TL_ASP,
                                        const int *piv TDLS_TL_PSP, const TDLS_TL_T *b,
                                        TDLS_TL_T *x TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, b, x,
                            TDLS_TL_RSV);
}

TDLS_INLINE void TDLS_TL_FN(substitute_inplace)(TDLS_TL_NP const TDLS_TL_T *a TDLS_TL_ASP,
                                                const int *piv TDLS_TL_PSP,
                                                TDLS_TL_T *y TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, NULL, y,
                            TDLS_TL_RSV);
}

TDLS_INLINE void TDLS_TL_FN(substitute_trans)(TDLS_TL_NP const TDLS_TL_T *a TDLS_TL_ASP,
                                              const int *piv TDLS_TL_PSP, const TDLS_TL_T *b,
                                              TDLS_TL_T *x TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_TRANS, b, x,
                            TDLS_TL_RSV);
}

TDLS_INLINE void TDLS_TL_FN(substitute_trans_inplace)(TDLS_TL_NP const TDLS_TL_T *a TDLS_TL_ASP,
                                                      const int *piv TDLS_TL_PSP,
                                                      TDLS_TL_T *y TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_TRANS, NULL, y,
                            TDLS_TL_RSV);
}

TDLS_INLINE void TDLS_TL_FN(substitute_multi)(TDLS_TL_NP const int nrhs,
                                              const TDLS_TL_T *a TDLS_TL_ASP,
                                              const int *piv TDLS_TL_PSP, const TDLS_TL_T *b,
                                              TDLS_TL_T *x TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_multi)(TDLS_TL_NV, nrhs, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, b,
                              x, TDLS_TL_RSV);
}

TDLS_INLINE void TDLS_TL_FN(substitute_multi_inplace)(TDLS_TL_NP const int nrhs,
                                                      const TDLS_TL_T *a TDLS_TL_ASP,
                                                      const int *piv TDLS_TL_PSP,
                                                      TDLS_TL_T *y TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_multi)(TDLS_TL_NV, nrhs, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN,
                              NULL, y, TDLS_TL_RSV);
}

TDLS_INLINE void TDLS_TL_FN(substitute_trans_multi)(TDLS_TL_NP const int nrhs,
                                                    const TDLS_TL_T *a TDLS_TL_ASP,
                                                    const int *piv TDLS_TL_PSP, const TDLS_TL_T *b,
                                                    TDLS_TL_T *x TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_multi)(TDLS_TL_NV, nrhs, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_TRANS, b,
                              x, TDLS_TL_RSV);
}

TDLS_INLINE void TDLS_TL_FN(substitute_trans_multi_inplace)(TDLS_TL_NP const int nrhs,
                                                            const TDLS_TL_T *a TDLS_TL_ASP,
                                                            const int *piv TDLS_TL_PSP,
                                                            TDLS_TL_T *y TDLS_TL_RSP) {
    TDLS_TL_PRIV(solve_multi)(TDLS_TL_NV, nrhs, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_TRANS,
                              NULL, y, TDLS_TL_RSV);
}

/* Column col (0-based) of A^-1: the solve of A x = e_col, skipping the
   leading zeros of the permuted unit vector. Bitwise equal to substitute
   on e_col whenever the factors are finite. */
TDLS_INLINE void TDLS_TL_FN(substitute_canonical)(TDLS_TL_NP const TDLS_TL_T *a TDLS_TL_ASP,
                                                  const int *piv TDLS_TL_PSP, const int col,
                                                  TDLS_TL_T *x TDLS_TL_RSP) {
    const int n_ = TDLS_TL_NV;
    const ptrdiff_t rs = TDLS_TL_RSV, ps = TDLS_TL_PSV;
    TDLS_TL_UNROLL_VEC
    for (int i = 0; i < n_; ++i)
        x[i * rs] = (TDLS_TL_T)(i == col);
    int first = col;
    if (TDLS_TL_PLAIN == TDLS_TL_SOLVE_S) {
        TDLS_TL_PRIV(permute)(n_, piv, ps, 0, x, rs);
        TDLS_TL_UNROLL_VEC
        for (int i = n_ - 1; i >= 0; --i)
            if (x[i * rs] != (TDLS_TL_T)0)
                first = i;
    }
    TDLS_TL_PRIV(substitute)(n_, a, TDLS_TL_ASV, piv, ps, TDLS_TL_PLAIN, first, x, rs);
}

TDLS_INLINE int TDLS_TL_FN(solve)(TDLS_TL_NP TDLS_TL_T *a TDLS_TL_ASP, int *piv TDLS_TL_PSP,
                                  const TDLS_TL_T *b, TDLS_TL_T *x TDLS_TL_RSP) {
    const int info = TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, NULL);
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, b, x,
                            TDLS_TL_RSV);
    return info;
}

TDLS_INLINE int TDLS_TL_FN(solve_oot)(TDLS_TL_NP TDLS_TL_T *a TDLS_TL_ASP, int *piv TDLS_TL_PSP,
                                      const TDLS_TL_T *b, TDLS_TL_T *x TDLS_TL_RSP,
                                      int *oot_count) {
    const int info = TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, oot_count);
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, b, x,
                            TDLS_TL_RSV);
    return info;
}

TDLS_INLINE int TDLS_TL_FN(solve_inplace)(TDLS_TL_NP TDLS_TL_T *a TDLS_TL_ASP, int *piv TDLS_TL_PSP,
                                          TDLS_TL_T *y TDLS_TL_RSP) {
    const int info = TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, NULL);
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, NULL, y,
                            TDLS_TL_RSV);
    return info;
}

TDLS_INLINE int TDLS_TL_FN(solve_inplace_oot)(TDLS_TL_NP TDLS_TL_T *a TDLS_TL_ASP,
                                              int *piv TDLS_TL_PSP, TDLS_TL_T *y TDLS_TL_RSP,
                                              int *oot_count) {
    const int info = TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, oot_count);
    TDLS_TL_PRIV(solve_one)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, NULL, y,
                            TDLS_TL_RSV);
    return info;
}

TDLS_INLINE int TDLS_TL_FN(solve_multi)(TDLS_TL_NP const int nrhs, TDLS_TL_T *a TDLS_TL_ASP,
                                        int *piv TDLS_TL_PSP, const TDLS_TL_T *b,
                                        TDLS_TL_T *x TDLS_TL_RSP) {
    const int info = TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, NULL);
    TDLS_TL_PRIV(solve_multi)(TDLS_TL_NV, nrhs, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, b,
                              x, TDLS_TL_RSV);
    return info;
}

TDLS_INLINE int TDLS_TL_FN(solve_multi_oot)(TDLS_TL_NP const int nrhs, TDLS_TL_T *a TDLS_TL_ASP,
                                            int *piv TDLS_TL_PSP, const TDLS_TL_T *b,
                                            TDLS_TL_T *x TDLS_TL_RSP, int *oot_count) {
    const int info = TDLS_TL_PRIV(factor)(TDLS_TL_NV, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, oot_count);
    TDLS_TL_PRIV(solve_multi)(TDLS_TL_NV, nrhs, a, TDLS_TL_ASV, piv, TDLS_TL_PSV, TDLS_TL_PLAIN, b,
                              x, TDLS_TL_RSV);
    return info;
}
/* clang-format on */

TDLS_DECLARE_TARGET_END

/* ---- the knobs end with the configuration -------------------------------- */

#undef TDLS_TL_T
#undef TDLS_TL_FN
#undef TDLS_TL_PRIV
#undef TDLS_TL_LOGICAL
#undef TDLS_TL_LEFT
#undef TDLS_TL_COLUMN
#undef TDLS_TL_TS
#undef TDLS_TL_OOT
#undef TDLS_TL_FLOOR
#undef TDLS_TL_RPT
#undef TDLS_TL_PIVOT_DIAG
#undef TDLS_TL_DIAG_STORE
#undef TDLS_TL_DIAG_LOAD
#undef TDLS_TL_UNROLL_TILE
#undef TDLS_TL_UNROLL_VEC
#undef TDLS_TL_UNROLL_GRID
#undef TDLS_TL_GPU
#undef TDLS_TL_INDEX_AT_COMPILE_TIME
#undef TDLS_TL_NP
#undef TDLS_TL_NV
#undef TDLS_TL_ASP
#undef TDLS_TL_ASV
#undef TDLS_TL_PSP
#undef TDLS_TL_PSV
#undef TDLS_TL_RSP
#undef TDLS_TL_RSV
#undef TDLS_TL_SOLVE_S
#undef TDLS_TL_SOLVE_ST
#undef TDLS_TL_PLAIN
#undef TDLS_TL_TRANS
#undef TDLS_TILED_NAME
#undef TDLS_TILED_REAL
#undef TDLS_TILED_N
#undef TDLS_TILED_TILE_SIZE
#undef TDLS_TILED_SCHEDULE
#undef TDLS_TILED_ROW_INTERCHANGE
#undef TDLS_TILED_PIVOT_SEARCH
#undef TDLS_TILED_OOT_THRESHOLD
#undef TDLS_TILED_OOT_FIRST_ACCEPTABLE
#undef TDLS_TILED_RELATIVE_PIVOT_THRESHOLD
#undef TDLS_TILED_SINGULAR_FLOOR
#undef TDLS_TILED_UNROLL_LOOPS
#undef TDLS_TILED_LAYOUT
#undef TDLS_TILED_DIAGONAL
#undef TDLS_TILED_LOCAL_MATRIX
#undef TDLS_TILED_LOCAL_PIV
#undef TDLS_TILED_LOCAL_RHS
