/* SPDX-License-Identifier: BSD-3-Clause */
/* Every compile-time knob of tdls: the named values the knobs take, and the
   build-wide defaults that a family header uses when a call site leaves a
   knob unset. A whole build overrides a default with -DTDLS_DEFAULT_...;
   a call site overrides it per configuration (see tdls/tiled_lupp.h). */
#ifndef TDLS_CONFIG_H
#define TDLS_CONFIG_H

/* Matrix layouts, with LAPACKE's values so that LAPACK_ROW_MAJOR and
   LAPACK_COL_MAJOR can be passed through unchanged. */
#ifndef TDLS_ROW_MAJOR
#define TDLS_ROW_MAJOR 101
#endif
#ifndef TDLS_COL_MAJOR
#define TDLS_COL_MAJOR 102
#endif

/* Elimination schedules of the tiled factorization. */
#define TDLS_RIGHT_LOOKING 1
#define TDLS_LEFT_LOOKING  2

/* Row interchanges of partial pivoting. */
#define TDLS_LOGICAL  1
#define TDLS_PHYSICAL 2

/* What the diagonal of the stored factors holds. Reciprocal: 1/p_k, or 0
   for a rejected pivot (the native format: the substitutions multiply).
   Pivot: p_k itself, U's diagonal as LAPACK stores it, so that the factors
   can be handed to LAPACK's getrs/getri or returned by a LAPACK-style
   getrf; the substitutions turn each stored pivot back into the same
   reciprocal, so the solutions are bitwise those of the native format. */
#define TDLS_DIAG_RECIPROCAL 1
#define TDLS_DIAG_PIVOT      2

/* How the threads of a CooperativeLUpp group synchronize. Team: the OpenMP
   barrier of the innermost parallel region (a whole GPU team, or the
   threads of a host parallel region); every thread of that region calls
   the solver. Warp: on GPUs, a barrier of the lanes of one warp (nvptx) or
   wavefront (amdgcn) when the group fits in it, else the team barrier; on
   the host, the team barrier. */
#define TDLS_SYNC_TEAM 1
#define TDLS_SYNC_WARP 2

/* Where TiledLUpp looks for a pivot. Column: in the whole column, rows
   under the diagonal tile included, with the relative threshold: bounded
   multipliers and LAPACK's backward error. Tile: inside the diagonal tile,
   going under it only when the best in-tile pivot is below the out-of-tile
   threshold: fewer reads under the tile, but unbounded multipliers, so
   stability rests on the matrix (diagonally dominant, for instance). */
#define TDLS_SEARCH_COLUMN 1
#define TDLS_SEARCH_TILE   2

/* Tile extent of TiledLUpp: the main performance axis. 4 keeps a double
   tile in 32 registers of a GPU thread and is the best measured choice for
   the order 12 to 19 systems of material-law integration. Range: >= 1. */
#ifndef TDLS_DEFAULT_TILE_SIZE
#define TDLS_DEFAULT_TILE_SIZE 4
#endif

#ifndef TDLS_DEFAULT_PIVOT_SEARCH
#define TDLS_DEFAULT_PIVOT_SEARCH TDLS_SEARCH_COLUMN
#endif

#ifndef TDLS_DEFAULT_SCHEDULE
#define TDLS_DEFAULT_SCHEDULE TDLS_RIGHT_LOOKING
#endif

#ifndef TDLS_DEFAULT_ROW_INTERCHANGE
#define TDLS_DEFAULT_ROW_INTERCHANGE TDLS_LOGICAL
#endif

/* An in-tile pivot at least this large is accepted without searching the
   rows below the tile. float gets a larger value because its epsilon is. */
#ifndef TDLS_DEFAULT_OOT_THRESHOLD_FLOAT
#define TDLS_DEFAULT_OOT_THRESHOLD_FLOAT 1e-4f
#endif
#ifndef TDLS_DEFAULT_OOT_THRESHOLD_DOUBLE
#define TDLS_DEFAULT_OOT_THRESHOLD_DOUBLE 1e-10
#endif

/* 1: the search below the tile stops at the first candidate that reaches
   the out-of-tile threshold; 0: it scans the whole column for the largest. */
#ifndef TDLS_DEFAULT_OOT_FIRST_ACCEPTABLE
#define TDLS_DEFAULT_OOT_FIRST_ACCEPTABLE 1
#endif

/* The row in place keeps the pivot when it reaches this fraction of the
   largest in-tile candidate: fewer interchanges, and pivot arrays that stay
   alike across the threads of a warp. Range (0, 1]; 1 compiles the test out
   and takes the largest candidate. */
#ifndef TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD
#define TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD 0.1
#endif

/* The singular floor defaults to the smallest normal number of the type
   (FLT_MIN, DBL_MIN, LDBL_MIN): only a zero or subnormal pivot is singular.
   A family header picks it by type unless the call site sets one. */

/* 1: the loops that index register tiles (and, with a compile-time order,
   the loops over caller-local operands) carry a forced-unroll pragma, which
   keeps the tiles in registers on GPUs. 0: no pragma, faster builds. */
#ifndef TDLS_DEFAULT_UNROLL_LOOPS
#define TDLS_DEFAULT_UNROLL_LOOPS 1
#endif

/* Rows of the matrix each thread of a CooperativeLUpp group owns: a group
   has ceil(n / rows_per_thread) threads. 1 gives a GPU the most parallelism
   per system; larger values fit larger orders in one warp. Range: >= 1. */
#ifndef TDLS_DEFAULT_ROWS_PER_THREAD
#define TDLS_DEFAULT_ROWS_PER_THREAD 1
#endif

#ifndef TDLS_DEFAULT_COOP_SYNC
#define TDLS_DEFAULT_COOP_SYNC TDLS_SYNC_TEAM
#endif

/* Elements of the CooperativeLUpp workspace that serve every configuration
   of order up to n, a constant expression for team scratch arrays; each
   configuration's NAME_workspace_size gives its exact need, never more. */
#define TDLS_COOP_WORKSPACE(n) (3 * (n) + 3)

#ifndef TDLS_DEFAULT_LAYOUT
#define TDLS_DEFAULT_LAYOUT TDLS_ROW_MAJOR
#endif

/* The diagonal format of TiledLUpp and CooperativeLUpp factors. The
   reciprocals spare a division per diagonal entry in every substitution;
   the pivots cost that division (a rejected pivot still gives 0). */
#ifndef TDLS_DEFAULT_DIAGONAL
#define TDLS_DEFAULT_DIAGONAL TDLS_DIAG_RECIPROCAL
#endif

#if TDLS_DEFAULT_TILE_SIZE < 1
#error "TDLS_DEFAULT_TILE_SIZE must be at least 1."
#endif
#if TDLS_DEFAULT_SCHEDULE != TDLS_RIGHT_LOOKING && TDLS_DEFAULT_SCHEDULE != TDLS_LEFT_LOOKING
#error "TDLS_DEFAULT_SCHEDULE must be TDLS_RIGHT_LOOKING or TDLS_LEFT_LOOKING."
#endif
#if TDLS_DEFAULT_ROW_INTERCHANGE != TDLS_LOGICAL && TDLS_DEFAULT_ROW_INTERCHANGE != TDLS_PHYSICAL
#error "TDLS_DEFAULT_ROW_INTERCHANGE must be TDLS_LOGICAL or TDLS_PHYSICAL."
#endif
#if TDLS_DEFAULT_PIVOT_SEARCH != TDLS_SEARCH_COLUMN && TDLS_DEFAULT_PIVOT_SEARCH != TDLS_SEARCH_TILE
#error "TDLS_DEFAULT_PIVOT_SEARCH must be TDLS_SEARCH_COLUMN or TDLS_SEARCH_TILE."
#endif
#if TDLS_DEFAULT_ROWS_PER_THREAD < 1
#error "TDLS_DEFAULT_ROWS_PER_THREAD must be at least 1."
#endif
#if TDLS_DEFAULT_COOP_SYNC != TDLS_SYNC_TEAM && TDLS_DEFAULT_COOP_SYNC != TDLS_SYNC_WARP
#error "TDLS_DEFAULT_COOP_SYNC must be TDLS_SYNC_TEAM or TDLS_SYNC_WARP."
#endif
#if TDLS_DEFAULT_LAYOUT != TDLS_ROW_MAJOR && TDLS_DEFAULT_LAYOUT != TDLS_COL_MAJOR
#error "TDLS_DEFAULT_LAYOUT must be TDLS_ROW_MAJOR (101) or TDLS_COL_MAJOR (102)."
#endif
#if TDLS_DEFAULT_DIAGONAL != TDLS_DIAG_RECIPROCAL && TDLS_DEFAULT_DIAGONAL != TDLS_DIAG_PIVOT
#error "TDLS_DEFAULT_DIAGONAL must be TDLS_DIAG_RECIPROCAL or TDLS_DIAG_PIVOT."
#endif

#endif
