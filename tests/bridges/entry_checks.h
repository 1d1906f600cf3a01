/* SPDX-License-Identifier: BSD-3-Clause */
/* Template: BR_CFG_check, which factors and solves with one configuration
   BR_CFG (an instantiated runtime-order tiled_lupp.h prefix of type BR_T,
   described by BR_CFG_COLMAJOR, _LOGICAL, _TS) for the bridges between
   configurations, and with BR_CFG_FULL also bridges every entry point to
   factorize + substitute (each entry point inlines a factorization: the
   full set is compiled for a few configurations only). */

#define BR_F(x)  BR_CAT(BR_CFG, BR_CAT(_, x))
#define BR_EH(x) BR_CAT3(br_, BR_SFX, BR_CAT(_, x))
#define BR_SAME(p, q, count, what)                                                                 \
    BR_ASSERT_SAME(p, q, (size_t)(count) * sizeof *(p), "%s: %s differs", ctx, what)

/* Every public entry point of the configuration against factorize +
   substitute: they share one factorization and one substitution code path,
   so the bits must agree; the residuals anchor the shared answer. */
static void BR_F(check)(int n, const BR_T *A, const BR_T *b, uint64_t seed, BR_T *lu, int *piv,
                        BR_T *x, BR_T *xt, const char *ctx) {
    BR_T S[BR_NMAX * BR_NMAX];
    if (n < 1 || n > BR_NMAX) /* lets gcc bound the pivot array accesses */
        __builtin_unreachable();
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            S[i * n + j] = BR_CFG_COLMAJOR ? A[j * n + i] : A[i * n + j];

    memcpy(lu, S, sizeof(BR_T) * n * n);
    const int info = BR_F(factorize)(n, lu, 1, piv, 1);
    cr_assert_eq(info, 0, "%s: info %d on a nonsingular matrix", ctx, info);
    BR_F(substitute)(n, lu, 1, piv, 1, b, x, 1);
    BR_F(substitute_trans)(n, lu, 1, piv, 1, b, xt, 1);
    /* A x = b is a solve with S in row-major layout, with S^T in column-major. */
    int rows[BR_NMAX];
    for (int i = 0; i < n; ++i)
        rows[i] = BR_CFG_LOGICAL ? piv[i] : i;
    long double sc[2];
    BR_EH(lu_norms)(n, lu, 1, rows, sc);
    const long double r = BR_EH(residual)(n, A, 0, x, 1, b, 1, sc[BR_CFG_COLMAJOR]);
    const long double rt = BR_EH(residual)(n, A, 1, xt, 1, b, 1, sc[!BR_CFG_COLMAJOR]);
    cr_assert(r < 30 && rt < 30, "%s: residual ratios %Lg (A x = b), %Lg (A^T x = b)", ctx, r, rt);
#if BR_CFG_FULL
    BR_T a[BR_NMAX * BR_NMAX], y[BR_NMAX];
    int p[BR_NMAX];

    /* solve == factorize + substitute */
    memcpy(a, S, sizeof a[0] * n * n);
    cr_assert_eq(BR_F(solve)(n, a, 1, p, 1, b, y, 1), info, "%s: solve info", ctx);
    BR_SAME(a, lu, n * n, "solve factors");
    BR_SAME(p, piv, n, "solve pivots");
    BR_SAME(y, x, n, "solve solution");

    /* solve_inplace == solve */
    memcpy(a, S, sizeof a[0] * n * n);
    memcpy(y, b, sizeof y[0] * n);
    cr_assert_eq(BR_F(solve_inplace)(n, a, 1, p, 1, y, 1), info, "%s: solve_inplace info", ctx);
    BR_SAME(a, lu, n * n, "solve_inplace factors");
    BR_SAME(p, piv, n, "solve_inplace pivots");
    BR_SAME(y, x, n, "solve_inplace solution");

    /* substitute_inplace == substitute, for both systems */
    memcpy(y, b, sizeof y[0] * n);
    BR_F(substitute_inplace)(n, lu, 1, piv, 1, y, 1);
    BR_SAME(y, x, n, "substitute_inplace solution");
    memcpy(y, b, sizeof y[0] * n);
    BR_F(substitute_trans_inplace)(n, lu, 1, piv, 1, y, 1);
    BR_SAME(y, xt, n, "substitute_trans_inplace solution");

    /* The _oot variants only add a counter to the same code. */
    int oot[4] = {0, 0, 0, 0};
    memcpy(a, S, sizeof a[0] * n * n);
    cr_assert_eq(BR_F(factorize_oot)(n, a, 1, p, 1, &oot[0]), info, "%s: factorize_oot", ctx);
    BR_SAME(a, lu, n * n, "factorize_oot factors");
    BR_SAME(p, piv, n, "factorize_oot pivots");
    memcpy(a, S, sizeof a[0] * n * n);
    cr_assert_eq(BR_F(solve_oot)(n, a, 1, p, 1, b, y, 1, &oot[1]), info, "%s: solve_oot", ctx);
    BR_SAME(a, lu, n * n, "solve_oot factors");
    BR_SAME(y, x, n, "solve_oot solution");
    memcpy(a, S, sizeof a[0] * n * n);
    memcpy(y, b, sizeof y[0] * n);
    cr_assert_eq(BR_F(solve_inplace_oot)(n, a, 1, p, 1, y, 1, &oot[2]), info,
                 "%s: solve_inplace_oot", ctx);
    BR_SAME(a, lu, n * n, "solve_inplace_oot factors");
    BR_SAME(y, x, n, "solve_inplace_oot solution");
    memcpy(a, S, sizeof a[0] * n * n);
    BR_T X1[BR_NMAX];
    cr_assert_eq(BR_F(solve_multi_oot)(n, 1, a, 1, p, 1, b, X1, 1, &oot[3]), info,
                 "%s: solve_multi_oot", ctx);
    BR_SAME(a, lu, n * n, "solve_multi_oot factors");
    BR_SAME(X1, x, n, "solve_multi_oot solution");
    cr_assert(oot[1] == oot[0] && oot[2] == oot[0] && oot[3] == oot[0],
              "%s: out-of-tile counts %d %d %d %d", ctx, oot[0], oot[1], oot[2], oot[3]);
    /* The anti-triangular kind has a zero first column in every row but the
       last: a logical tile that does not reach it must search below. */
    if (BR_CFG_LOGICAL && BR_CFG_TS < n && A[0] == 0 && A[(n - 1) * n] != 0)
        cr_assert_gt(oot[0], 0, "%s: the out-of-tile search never ran", ctx);

    /* Multiple right-hand sides == one column at a time. Column r of B
       starts at B + r * cs and its entries lie es apart. */
    static const int nrhs_set[] = {1, 2, 7};
    for (int t = 0; t < 3; ++t) {
        const int m = nrhs_set[t];
        const ptrdiff_t cs = BR_CFG_COLMAJOR ? n : 1, es = BR_CFG_COLMAJOR ? 1 : m;
        BR_T B[BR_NMAX * 7], X[BR_NMAX * 7], XT[BR_NMAX * 7], Y[BR_NMAX * 7];
        BR_EH(fill_vec)(n * m, seed + (uint64_t)m, B);
        for (int c = 0; c < m; ++c) {
            BR_F(substitute)(n, lu, 1, piv, 1, B + c * cs, X + c * cs, es);
            BR_F(substitute_trans)(n, lu, 1, piv, 1, B + c * cs, XT + c * cs, es);
        }
        BR_F(substitute_multi)(n, m, lu, 1, piv, 1, B, Y, 1);
        BR_SAME(Y, X, n * m, "substitute_multi solution");
        memcpy(Y, B, sizeof Y[0] * n * m);
        BR_F(substitute_multi_inplace)(n, m, lu, 1, piv, 1, Y, 1);
        BR_SAME(Y, X, n * m, "substitute_multi_inplace solution");
        BR_F(substitute_trans_multi)(n, m, lu, 1, piv, 1, B, Y, 1);
        BR_SAME(Y, XT, n * m, "substitute_trans_multi solution");
        memcpy(Y, B, sizeof Y[0] * n * m);
        BR_F(substitute_trans_multi_inplace)(n, m, lu, 1, piv, 1, Y, 1);
        BR_SAME(Y, XT, n * m, "substitute_trans_multi_inplace solution");
        memcpy(a, S, sizeof a[0] * n * n);
        cr_assert_eq(BR_F(solve_multi)(n, m, a, 1, p, 1, B, Y, 1), info, "%s: solve_multi", ctx);
        BR_SAME(a, lu, n * n, "solve_multi factors");
        BR_SAME(Y, X, n * m, "solve_multi solution");
        const long double rm = BR_EH(residual)(n, A, 0, X + (m - 1) * cs, es, B + (m - 1) * cs, es,
                                               sc[BR_CFG_COLMAJOR]);
        cr_assert(rm < 30, "%s: residual ratio %Lg of the last of %d columns", ctx, rm, m);
    }

#else
    (void)seed;
#endif
}

#if BR_CFG_FULL
/* substitute_canonical(col) == substitute(e_col) on the factors of check:
   the header skips leading entries it knows are zero, which must not change
   a bit. A test of its own, so that a failure here masks no other bridge. */
static void BR_F(check_canonical)(int n, const BR_T *A, const BR_T *lu, const int *piv,
                                  const char *ctx) {
    int rows[BR_NMAX];
    for (int i = 0; i < n; ++i)
        rows[i] = BR_CFG_LOGICAL ? piv[i] : i;
    long double sc[2];
    BR_EH(lu_norms)(n, lu, 1, rows, sc);
    BR_T y[BR_NMAX];
    for (int col = 0; col < n; ++col) {
        BR_T e[BR_NMAX] = {0}, z[BR_NMAX];
        e[col] = 1;
        BR_F(substitute)(n, lu, 1, piv, 1, e, z, 1);
        BR_F(substitute_canonical)(n, lu, 1, piv, 1, col, y, 1);
        BR_SAME(y, z, n, "substitute_canonical column");
        const long double rc = BR_EH(residual)(n, A, 0, y, 1, e, 1, sc[BR_CFG_COLMAJOR]);
        cr_assert(rc < 30, "%s: residual ratio %Lg of column %d of the inverse", ctx, rc, col);
    }
}
#endif

#undef BR_SAME
#undef BR_EH
#undef BR_F
#undef BR_CFG
#undef BR_CFG_COLMAJOR
#undef BR_CFG_LOGICAL
#undef BR_CFG_TS
#undef BR_CFG_FULL
