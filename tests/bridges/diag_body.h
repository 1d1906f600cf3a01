/* SPDX-License-Identifier: BSD-3-Clause */
/* Template of bridge_diagonal.c: one TiledLUpp configuration (BR_T,
   BR_SFX, DG_ID, DG_TS, DG_SCHED, DG_XCHG, DG_SEARCH; DG_N for a
   compile-time order) instantiated with the native diagonal and with
   TDLS_DIAG_PIVOT, and DG_ID_check, which factors and solves one system
   with both and compares every output. */

#define DG_R(x) BR_CAT3(DG_ID, _r_, x) /* reciprocals on the diagonal */
#define DG_P(x) BR_CAT3(DG_ID, _p_, x) /* pivots on the diagonal */
#define DG_F(x) BR_CAT3(DG_ID, _, x)
/* The entry point x of format f: both have the same signature. */
#define DG_FN(f, x) ((f) ? DG_P(x) : DG_R(x))
#if defined(DG_N)
#define DG_NA
#else
#define DG_NA n,
#endif

#define TDLS_TILED_NAME            BR_CAT(DG_ID, _r)
#define TDLS_TILED_REAL            BR_T
#define TDLS_TILED_TILE_SIZE       DG_TS
#define TDLS_TILED_SCHEDULE        DG_SCHED
#define TDLS_TILED_ROW_INTERCHANGE DG_XCHG
#define TDLS_TILED_PIVOT_SEARCH    DG_SEARCH
#if defined(DG_N)
#define TDLS_TILED_N DG_N
#endif
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME            BR_CAT(DG_ID, _p)
#define TDLS_TILED_REAL            BR_T
#define TDLS_TILED_TILE_SIZE       DG_TS
#define TDLS_TILED_SCHEDULE        DG_SCHED
#define TDLS_TILED_ROW_INTERCHANGE DG_XCHG
#define TDLS_TILED_PIVOT_SEARCH    DG_SEARCH
#define TDLS_TILED_DIAGONAL        TDLS_DIAG_PIVOT
#if defined(DG_N)
#define TDLS_TILED_N DG_N
#endif
#include <tdls/tiled_lupp.h>

/* Factors A (row-major, n x n) with both formats and runs every entry
   point on the factors of each; b has n entries, B is n x DG_NRHS
   row-major. Returns the info of the factorization; lu[1] and piv[1] keep
   the factors of the pivot format. */
static int DG_F(check)(int n, const BR_T *A, const BR_T *b, const BR_T *B, const char *ctx,
                       BR_T lu[2][BR_NMAX * BR_NMAX], int piv[2][BR_NMAX]) {
    static BR_T out[2][DG_NOPS][BR_NMAX * BR_NMAX];
    const size_t nn = (size_t)n * (size_t)n, es = sizeof(BR_T);
    int info[2];
    for (int f = 0; f < 2; ++f) {
        BR_T *const a = lu[f];
        int *const p = piv[f];
        BR_T(*const r)[BR_NMAX * BR_NMAX] = out[f];
        memcpy(a, A, nn * es);
        info[f] = DG_FN(f, factorize)(DG_NA a, 1, p, 1);
        DG_FN(f, substitute)(DG_NA a, 1, p, 1, b, r[DG_SUB], 1);
        memcpy(r[DG_SUB_IP], b, (size_t)n * es);
        DG_FN(f, substitute_inplace)(DG_NA a, 1, p, 1, r[DG_SUB_IP], 1);
        DG_FN(f, substitute_trans)(DG_NA a, 1, p, 1, b, r[DG_TRANS], 1);
        memcpy(r[DG_TRANS_IP], b, (size_t)n * es);
        DG_FN(f, substitute_trans_inplace)(DG_NA a, 1, p, 1, r[DG_TRANS_IP], 1);
        DG_FN(f, substitute_multi)(DG_NA DG_NRHS, a, 1, p, 1, B, r[DG_MULTI], 1);
        memcpy(r[DG_MULTI_IP], B, (size_t)n * DG_NRHS * es);
        DG_FN(f, substitute_multi_inplace)(DG_NA DG_NRHS, a, 1, p, 1, r[DG_MULTI_IP], 1);
        DG_FN(f, substitute_trans_multi)(DG_NA DG_NRHS, a, 1, p, 1, B, r[DG_TMULTI], 1);
        memcpy(r[DG_TMULTI_IP], B, (size_t)n * DG_NRHS * es);
        DG_FN(f, substitute_trans_multi_inplace)(DG_NA DG_NRHS, a, 1, p, 1, r[DG_TMULTI_IP], 1);
        for (int col = 0; col < n; ++col)
            DG_FN(f, substitute_canonical)(DG_NA a, 1, p, 1, col, r[DG_CANON] + col * n, 1);

        /* The factorizing entry points, each on a fresh copy of A: their
           factors must be those of factorize in the same format. */
        BR_T c[BR_NMAX * BR_NMAX];
        int q[BR_NMAX], ci[3];
        memcpy(c, A, nn * es);
        ci[0] = DG_FN(f, solve)(DG_NA c, 1, q, 1, b, r[DG_SOLVE], 1);
        BR_ASSERT_SAME(c, a, nn * es, "%s format %d: solve factors", ctx, f);
        memcpy(c, A, nn * es);
        memcpy(r[DG_SOLVE_IP], b, (size_t)n * es);
        ci[1] = DG_FN(f, solve_inplace)(DG_NA c, 1, q, 1, r[DG_SOLVE_IP], 1);
        BR_ASSERT_SAME(c, a, nn * es, "%s format %d: solve_inplace factors", ctx, f);
        memcpy(c, A, nn * es);
        ci[2] = DG_FN(f, solve_multi)(DG_NA DG_NRHS, c, 1, q, 1, B, r[DG_SOLVE_MULTI], 1);
        BR_ASSERT_SAME(c, a, nn * es, "%s format %d: solve_multi factors", ctx, f);
        BR_ASSERT_SAME(q, p, (size_t)n * sizeof(int), "%s format %d: solve_multi pivots", ctx, f);
        cr_assert(ci[0] == info[f] && ci[1] == info[f] && ci[2] == info[f],
                  "%s format %d: info %d, solves %d %d %d", ctx, f, info[f], ci[0], ci[1], ci[2]);
    }
    cr_assert_eq(info[0], info[1], "%s: info %d (reciprocals) vs %d (pivots)", ctx, info[0],
                 info[1]);
    BR_ASSERT_SAME(piv[0], piv[1], (size_t)n * sizeof(int), "%s: pivots differ", ctx);
    for (int k = 0; k < n; ++k)
        for (int c = 0; c < n; ++c) {
            /* The diagonal of position k sits in the stored row of k. */
            const int row = DG_XCHG == TDLS_LOGICAL ? piv[0][k] : k;
            const BR_T *const r = &lu[0][row * n + c], *const p = &lu[1][row * n + c];
            if (c != k) {
                BR_ASSERT_SAME(p, r, es, "%s: factor (%d, %d) differs", ctx, row, c);
                continue;
            }
            const BR_T inv =
                TDLS_RECIPROCAL_OR_ZERO(*p, TDLS_PIVOT_OK(TDLS_FABS(*p), TDLS_REAL_MIN(*p)));
            BR_ASSERT_SAME(&inv, r, es, "%s: pivot %d (%a) is not the stored reciprocal %a", ctx, k,
                           (double)*p, (double)*r);
        }
#define DG_SAME(slot, columns, name)                                                               \
    BR_ASSERT_SAME(out[0][slot], out[1][slot], sizeof(BR_T) * n * (columns),                       \
                   "%s: %s differs between the diagonal formats", ctx, name)
    DG_SAME(DG_SUB, 1, "substitute");
    DG_SAME(DG_SUB_IP, 1, "substitute_inplace");
    DG_SAME(DG_TRANS, 1, "substitute_trans");
    DG_SAME(DG_TRANS_IP, 1, "substitute_trans_inplace");
    DG_SAME(DG_MULTI, DG_NRHS, "substitute_multi");
    DG_SAME(DG_MULTI_IP, DG_NRHS, "substitute_multi_inplace");
    DG_SAME(DG_TMULTI, DG_NRHS, "substitute_trans_multi");
    DG_SAME(DG_TMULTI_IP, DG_NRHS, "substitute_trans_multi_inplace");
    DG_SAME(DG_CANON, n, "substitute_canonical (every column)");
    DG_SAME(DG_SOLVE, 1, "solve");
    DG_SAME(DG_SOLVE_IP, 1, "solve_inplace");
    DG_SAME(DG_SOLVE_MULTI, DG_NRHS, "solve_multi");
#undef DG_SAME
    return info[1];
}

/* Every order (a compile-time order: its own), the two bridge kinds, a
   zero column (a rejected pivot) and a NaN entry. */
static void DG_F(run)(void) {
#if defined(DG_N)
    static const int orders[] = {DG_N};
#else
    static const int orders[] = {1, 2, 3, 5, 8, 13, 19};
#endif
    static BR_T lu[2][BR_NMAX * BR_NMAX];
    static int piv[2][BR_NMAX];
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; ++o)
        for (int kind = 0; kind < DG_NKINDS; ++kind) {
            const int n = orders[o], zero = n / 2;
            BR_T A[BR_NMAX * BR_NMAX], b[BR_NMAX], B[BR_NMAX * DG_NRHS];
            BR_H(fill)(n, kind == BR_ANTI ? BR_ANTI : BR_DENSE, (uint64_t)kind, A);
            BR_H(fill_vec)(n, (uint64_t)kind, b);
            BR_H(fill_vec)(n * DG_NRHS, (uint64_t)kind + 7, B);
            for (int i = 0; kind == DG_SINGULAR && i < n; ++i)
                A[i * n + zero] = 0;
            if (kind == DG_NAN)
                A[(n - 1) / 2 * n + n / 3] = (BR_T)NAN;
            char ctx[96];
            snprintf(ctx, sizeof ctx, "%s n=%d kind=%d", BR_STR(DG_ID), n, kind);
            const int info = DG_F(check)(n, A, b, B, ctx, lu, piv);
            if (kind == DG_SINGULAR)
                cr_assert_eq(info, zero + 1, "%s: info %d for the zero column %d", ctx, info, zero);
            else if (kind != DG_NAN)
                cr_assert_eq(info, 0, "%s: info %d", ctx, info);
#if defined(DG_LAPACK)
            if (kind != DG_NAN && kind != DG_SINGULAR)
                DG_LAPACK(n, A, b, lu[1], piv[1], ctx);
#endif
        }
}

#undef DG_R
#undef DG_P
#undef DG_F
#undef DG_FN
#undef DG_NA
#undef DG_ID
#undef DG_TS
#undef DG_SCHED
#undef DG_XCHG
#undef DG_SEARCH
#undef DG_N
#undef DG_LAPACK
