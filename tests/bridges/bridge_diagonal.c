/* SPDX-License-Identifier: BSD-3-Clause */
/* The diagonal format of TiledLUpp: with TDLS_DIAG_PIVOT the factors carry
   the pivots where the native format stores their reciprocals, and nothing
   else changes: every other factor entry, the pivots, info and the result
   of every entry point are the same bits (diag_body.h), on logical and
   physical interchanges, both schedules, both searches, several tiles,
   runtime and compile-time orders, singular and NaN input. The physical
   pivot-format factors of the row-major array are LAPACK's: dgetrs solves
   with them. */
#include <lapacke.h>
#include <math.h>
#include <stdio.h>

#include <tdls/core/math.h>

#include "bridge_common.h"

/* The outputs compared, one slot each (diag_body.h). */
enum {
    DG_SUB,
    DG_SUB_IP,
    DG_TRANS,
    DG_TRANS_IP,
    DG_MULTI,
    DG_MULTI_IP,
    DG_TMULTI,
    DG_TMULTI_IP,
    DG_CANON,
    DG_SOLVE,
    DG_SOLVE_IP,
    DG_SOLVE_MULTI,
    DG_NOPS
};
#define DG_NRHS 3

/* The matrix kinds: the two of the bridges, then a zero column and a NaN. */
enum { DG_SINGULAR = BR_NKINDS, DG_NAN, DG_NKINDS };

#define BR_H(x) BR_CAT3(br_, BR_SFX, BR_CAT(_, x))

/* ---- double -------------------------------------------------------------- */

#define BR_T   double
#define BR_SFX d
#include "bridge_typed.h"

/* LAPACK's row-major getrs with the pivot-format factors lu of the row-major
   A and ipiv = piv + 1 solves A x = b and A^T x = b: its residuals are
   those of a backward-stable solve. With reciprocals on the diagonal they
   would be of order one. */
static void dg_lapack_row_major(int n, const double *A, const double *b, const double *lu,
                                const int *piv, const char *ctx) {
    lapack_int ipiv[BR_NMAX];
    long double norm[2] = {0, 0}; /* ||A||_inf, ||A||_1 */
    for (int i = 0; i < n; ++i) {
        ipiv[i] = piv[i] + 1;
        long double row = 0, col = 0;
        for (int j = 0; j < n; ++j) {
            row += fabsl((long double)A[i * n + j]);
            col += fabsl((long double)A[j * n + i]);
        }
        norm[0] = fmaxl(norm[0], row);
        norm[1] = fmaxl(norm[1], col);
    }
    for (int trans = 0; trans < 2; ++trans) {
        double x[BR_NMAX];
        memcpy(x, b, sizeof x[0] * (size_t)n);
        const lapack_int st =
            LAPACKE_dgetrs(LAPACK_ROW_MAJOR, trans ? 'T' : 'N', n, 1, lu, n, ipiv, x, 1);
        cr_assert_eq(st, 0, "%s: dgetrs returned %d", ctx, (int)st);
        const long double r = br_d_residual(n, A, trans, x, 1, b, 1, norm[trans]);
        cr_assert(r < 30, "%s: dgetrs%s with the pivot-format factors, residual ratio %Lg", ctx,
                  trans ? " (transposed)" : "", r);
    }
}

/* clang-format off */
#define DG_ID d_rl4c
#define DG_TS 4
#define DG_SCHED TDLS_RIGHT_LOOKING
#define DG_XCHG TDLS_LOGICAL
#define DG_SEARCH TDLS_SEARCH_COLUMN
#include "diag_body.h"
#define DG_ID d_ll4c
#define DG_TS 4
#define DG_SCHED TDLS_LEFT_LOOKING
#define DG_XCHG TDLS_LOGICAL
#define DG_SEARCH TDLS_SEARCH_COLUMN
#include "diag_body.h"
#define DG_ID d_ph
#define DG_TS 4
#define DG_SCHED TDLS_RIGHT_LOOKING
#define DG_XCHG TDLS_PHYSICAL
#define DG_SEARCH TDLS_SEARCH_COLUMN
#define DG_LAPACK dg_lapack_row_major
#include "diag_body.h"
#define DG_ID d_ct7
#define DG_N 7
#define DG_TS 3
#define DG_SCHED TDLS_LEFT_LOOKING
#define DG_XCHG TDLS_LOGICAL
#define DG_SEARCH TDLS_SEARCH_TILE
#include "diag_body.h"
/* clang-format on */

#undef BR_T
#undef BR_SFX

/* ---- float --------------------------------------------------------------- */

#define BR_T   float
#define BR_SFX f
#include "bridge_typed.h"

/* clang-format off */
#define DG_ID f_rl2t
#define DG_TS 2
#define DG_SCHED TDLS_RIGHT_LOOKING
#define DG_XCHG TDLS_LOGICAL
#define DG_SEARCH TDLS_SEARCH_TILE
#include "diag_body.h"
#define DG_ID f_ll3t
#define DG_TS 3
#define DG_SCHED TDLS_LEFT_LOOKING
#define DG_XCHG TDLS_LOGICAL
#define DG_SEARCH TDLS_SEARCH_TILE
#include "diag_body.h"
#define DG_ID f_ct6p
#define DG_N 6
#define DG_TS 4
#define DG_SCHED TDLS_RIGHT_LOOKING
#define DG_XCHG TDLS_PHYSICAL
#define DG_SEARCH TDLS_SEARCH_COLUMN
#include "diag_body.h"
/* clang-format on */

Test(bridge_diagonal, logical_column_search) {
    d_rl4c_run();
    d_ll4c_run();
}

Test(bridge_diagonal, logical_tile_search) {
    f_rl2t_run();
    f_ll3t_run();
    d_ct7_run();
}

/* The physical runtime-order configuration also hands its factors to
   LAPACK. */
Test(bridge_diagonal, physical) {
    d_ph_run();
    f_ct6p_run();
}
