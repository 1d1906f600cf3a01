/* SPDX-License-Identifier: BSD-3-Clause */
/* Template of bridge_ct_order.c: one configuration (BR_T, BR_SFX, BR_ID,
   BR_TS, BR_SCHED, BR_XCHG, BR_UNROLL) at order BR_N, instantiated three times: with a
   runtime order, with the compile-time order on strided memory, and with
   the compile-time order on caller-local arrays; and the test between them. */

#define BR_RT(x) BR_CAT3(rt_, BR_ID, BR_CAT(_, x))
#define BR_CT(x) BR_CAT3(ct_, BR_ID, BR_CAT(_, x))
#define BR_LC(x) BR_CAT3(lc_, BR_ID, BR_CAT(_, x))
#define BR_H(x)  BR_CAT3(br_, BR_SFX, BR_CAT(_, x))

#define TDLS_TILED_NAME            BR_CAT(rt_, BR_ID)
#define TDLS_TILED_REAL            BR_T
#define TDLS_TILED_TILE_SIZE       BR_TS
#define TDLS_TILED_SCHEDULE        BR_SCHED
#define TDLS_TILED_ROW_INTERCHANGE BR_XCHG
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME            BR_CAT(ct_, BR_ID)
#define TDLS_TILED_REAL            BR_T
#define TDLS_TILED_N               BR_N
#define TDLS_TILED_UNROLL_LOOPS    BR_UNROLL
#define TDLS_TILED_TILE_SIZE       BR_TS
#define TDLS_TILED_SCHEDULE        BR_SCHED
#define TDLS_TILED_ROW_INTERCHANGE BR_XCHG
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME            BR_CAT(lc_, BR_ID)
#define TDLS_TILED_REAL            BR_T
#define TDLS_TILED_N               BR_N
#define TDLS_TILED_UNROLL_LOOPS    BR_UNROLL
#define TDLS_TILED_TILE_SIZE       BR_TS
#define TDLS_TILED_SCHEDULE        BR_SCHED
#define TDLS_TILED_ROW_INTERCHANGE BR_XCHG
#define TDLS_TILED_LOCAL_MATRIX    1
#define TDLS_TILED_LOCAL_PIV       1
#define TDLS_TILED_LOCAL_RHS       1
#include <tdls/tiled_lupp.h>

/* Compile-time order == runtime order, on strided and on caller-local
   operands: the order and the strides only become constants, the
   arithmetic and its order are the same. */
BR_TEST(ct_vs_rt, BR_CAT3(BR_ID, _n, BR_N)) {
    enum { n = BR_N, m = 3 };
    /* Distinct strides, so that a swapped stride cannot go unnoticed. */
    const ptrdiff_t as = 2, ps = 3, rs = 5;
    for (int kind = 0; kind < BR_NKINDS; ++kind)
        for (uint64_t seed = 1; seed <= 3; ++seed) {
            BR_T A[n * n], b[n], B[n * m];
            BR_H(fill)(n, kind, seed, A);
            BR_H(fill_vec)(n, seed, b);
            BR_H(fill_vec)(n * m, seed + 7, B);
            /* ref: runtime order, strided; ct: the same with the
               compile-time order; lc: caller-local arrays */
            BR_T ra[n * n * 2], rx[n * 5], rxt[n * 5], rb[n * 5], rB[n * m * 5], rX[n * m * 5];
            BR_T ca[n * n * 2], cx[n * 5], cxt[n * 5], cX[n * m * 5];
            int rp[n * 3], cp[n * 3];
            BR_T la[n * n], lx[n], lxt[n], lX[n * m];
            int lp[n];
            BR_H(put)(n * n, A, ra, as);
            BR_H(put)(n * n, A, ca, as);
            BR_H(put)(n, b, rb, rs);
            BR_H(put)(n * m, B, rB, rs);
            memcpy(la, A, sizeof la);
            const int rinfo = BR_RT(factorize)(n, ra, as, rp, ps);
            const int cinfo = BR_CT(factorize)(ca, as, cp, ps);
            const int linfo = BR_LC(factorize)(la, lp);
            BR_RT(substitute)(n, ra, as, rp, ps, rb, rx, rs);
            BR_RT(substitute_trans)(n, ra, as, rp, ps, rb, rxt, rs);
            BR_RT(substitute_multi)(n, m, ra, as, rp, ps, rB, rX, rs);
            BR_CT(substitute)(ca, as, cp, ps, rb, cx, rs);
            BR_CT(substitute_trans)(ca, as, cp, ps, rb, cxt, rs);
            BR_CT(substitute_multi)(m, ca, as, cp, ps, rB, cX, rs);
            BR_LC(substitute)(la, lp, b, lx);
            BR_LC(substitute_trans)(la, lp, b, lxt);
            BR_LC(substitute_multi)(m, la, lp, B, lX);

            /* Contiguous copies of the strided results for the comparisons. */
            BR_T lu[n * n], x[n], xt[n], X[n * m], cmp[n * n + n * m];
            int piv[n], ipiv[n];
            BR_H(get)(n * n, ra, as, lu);
            br_iget(n, rp, ps, piv);
            BR_H(get)(n, rx, rs, x);
            BR_H(get)(n, rxt, rs, xt);
            BR_H(get)(n * m, rX, rs, X);
            cr_assert(rinfo == 0 && cinfo == 0 && linfo == 0, "kind %d seed %d: info %d %d %d",
                      kind, (int)seed, rinfo, cinfo, linfo);
            int rows[n];
            for (int i = 0; i < n; ++i)
                rows[i] = BR_XCHG == TDLS_LOGICAL ? piv[i] : i;
            long double sc[2];
            BR_H(lu_norms)(n, lu, 1, rows, sc);
            const long double r = BR_H(residual)(n, A, 0, x, 1, b, 1, sc[0]);
            const long double rt = BR_H(residual)(n, A, 1, xt, 1, b, 1, sc[1]);
            const long double rm = BR_H(residual)(n, A, 0, X + m - 1, m, B + m - 1, m, sc[0]);
            cr_assert(r < 30 && rt < 30 && rm < 30, "kind %d seed %d: residual ratios %Lg %Lg %Lg",
                      kind, (int)seed, r, rt, rm);

#define BR_CMP(p, q, count, what)                                                                  \
    BR_ASSERT_SAME(p, q, sizeof(p[0]) * (count), "kind %d seed %d: %s differs", kind, (int)seed,   \
                   what)
            BR_H(get)(n * n, ca, as, cmp);
            BR_CMP(cmp, lu, n * n, "compile-time order factors");
            br_iget(n, cp, ps, ipiv);
            BR_CMP(ipiv, piv, n, "compile-time order pivots");
            BR_H(get)(n, cx, rs, cmp);
            BR_CMP(cmp, x, n, "compile-time order solution");
            BR_H(get)(n, cxt, rs, cmp);
            BR_CMP(cmp, xt, n, "compile-time order transposed solution");
            BR_H(get)(n * m, cX, rs, cmp);
            BR_CMP(cmp, X, n * m, "compile-time order multi-RHS solution");
            BR_CMP(la, lu, n * n, "caller-local factors");
            BR_CMP(lp, piv, n, "caller-local pivots");
            BR_CMP(lx, x, n, "caller-local solution");
            BR_CMP(lxt, xt, n, "caller-local transposed solution");
            BR_CMP(lX, X, n * m, "caller-local multi-RHS solution");
#undef BR_CMP
        }
}

#undef BR_RT
#undef BR_CT
#undef BR_LC
#undef BR_H
#undef BR_ID
#undef BR_TS
#undef BR_SCHED
#undef BR_XCHG
