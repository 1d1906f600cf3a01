/* SPDX-License-Identifier: BSD-3-Clause */
/* Template of bridge_entry.c for one type BR_T (suffix BR_SFX): the
   configurations, their entry-point checks, and the bridges between
   configurations that must agree bit for bit. */

#define BR_C(x) BR_CAT3(BR_SFX, _, x)
#define BR_H(x) BR_CAT3(br_, BR_SFX, BR_CAT(_, x))

/* Right- and left-looking pairs at several tile sizes; one pair also with
   the exhaustive out-of-tile scan. */
/* clang-format off */
#define TDLS_TILED_NAME BR_C(rl1)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 1
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(ll1)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 1
#define TDLS_TILED_SCHEDULE TDLS_LEFT_LOOKING
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(rl3)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 3
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(ll3)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 3
#define TDLS_TILED_SCHEDULE TDLS_LEFT_LOOKING
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(rl4)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 4
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(ll4)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 4
#define TDLS_TILED_SCHEDULE TDLS_LEFT_LOOKING
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(rl8x)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 8
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE 0
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(ll8x)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 8
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE 0
#define TDLS_TILED_SCHEDULE TDLS_LEFT_LOOKING
#include <tdls/tiled_lupp.h>
/* One logical tile covering every order, and physical interchanges. */
#define TDLS_TILED_NAME BR_C(lg64)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 64
#include <tdls/tiled_lupp.h>
#define TDLS_TILED_NAME BR_C(ph)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#include <tdls/tiled_lupp.h>
/* Column-major twin of rl4. */
#define TDLS_TILED_NAME BR_C(cm4)
#define TDLS_TILED_REAL BR_T
#define TDLS_TILED_TILE_SIZE 4
#define TDLS_TILED_LAYOUT TDLS_COL_MAJOR
#include <tdls/tiled_lupp.h>

#define BR_CFG BR_C(rl1)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 1
#include "entry_checks.h"
#define BR_CFG BR_C(ll1)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 1
#include "entry_checks.h"
#define BR_CFG BR_C(rl3)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 3
#include "entry_checks.h"
#define BR_CFG BR_C(ll3)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 3
#include "entry_checks.h"
#define BR_CFG BR_C(rl4)
#define BR_CFG_FULL 1
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 4
#include "entry_checks.h"
#define BR_CFG BR_C(ll4)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 4
#include "entry_checks.h"
#define BR_CFG BR_C(rl8x)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 8
#include "entry_checks.h"
#define BR_CFG BR_C(ll8x)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 8
#include "entry_checks.h"
#define BR_CFG BR_C(lg64)
#define BR_CFG_FULL 0
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 64
#include "entry_checks.h"
#define BR_CFG BR_C(ph)
#define BR_CFG_FULL 1
#define BR_CFG_COLMAJOR 0
#define BR_CFG_LOGICAL 0
#define BR_CFG_TS 64
#include "entry_checks.h"
#define BR_CFG BR_C(cm4)
#define BR_CFG_FULL 1
#define BR_CFG_COLMAJOR 1
#define BR_CFG_LOGICAL 1
#define BR_CFG_TS 4
#include "entry_checks.h"
/* clang-format on */

typedef void (*BR_C(check_fn))(int, const BR_T *, const BR_T *, uint64_t, BR_T *, int *, BR_T *,
                               BR_T *, const char *);
typedef struct {
    BR_T lu[BR_NMAX * BR_NMAX], x[BR_NMAX], xt[BR_NMAX];
    int piv[BR_NMAX];
} BR_C(out);

/* clang-format 14 wraps a braced macro body onto a line of its own. */
/* clang-format off */
#define BR_CFG_ENTRY(c) {BR_C(c##_check), #c}
/* clang-format on */
static const struct {
    BR_C(check_fn) check;
    const char *name;
} BR_C(cfgs)[] = {BR_CFG_ENTRY(rl1),  BR_CFG_ENTRY(ll1), BR_CFG_ENTRY(rl3),  BR_CFG_ENTRY(ll3),
                  BR_CFG_ENTRY(rl4),  BR_CFG_ENTRY(ll4), BR_CFG_ENTRY(rl8x), BR_CFG_ENTRY(ll8x),
                  BR_CFG_ENTRY(lg64), BR_CFG_ENTRY(ph),  BR_CFG_ENTRY(cm4)};
#undef BR_CFG_ENTRY
enum {
    BR_C(RL1),
    BR_C(LL1),
    BR_C(RL3),
    BR_C(LL3),
    BR_C(RL4),
    BR_C(LL4),
    BR_C(RL8X),
    BR_C(LL8X),
    BR_C(LG64),
    BR_C(PH),
    BR_C(CM4),
    BR_C(NCFGS)
};

/* Runs configuration c on A and b, with every entry-point bridge inside it. */
static void BR_C(run)(int c, int n, int kind, uint64_t seed, const BR_T *A, const BR_T *b,
                      BR_C(out) * o) {
    char ctx[128];
    snprintf(ctx, sizeof ctx, "%s %s n=%d kind=%d seed=%u", BR_STR(BR_T), BR_C(cfgs)[c].name, n,
             kind, (unsigned)seed);
    BR_C(cfgs)[c].check(n, A, b, seed, o->lu, o->piv, o->x, o->xt, ctx);
}

/* Visits every order, kind and seed with A, A^T and b ready. */
#define BR_FOR_CASES(...)                                                                          \
    for (int o_ = 0; o_ < BR_NORDERS; ++o_)                                                        \
        for (int kind = 0; kind < BR_NKINDS; ++kind)                                               \
            for (uint64_t seed = 1; seed <= 2; ++seed) {                                           \
                const int n = br_orders[o_];                                                       \
                BR_T A[BR_NMAX * BR_NMAX], At[BR_NMAX * BR_NMAX], b[BR_NMAX];                      \
                BR_H(fill)(n, kind, seed, A);                                                      \
                BR_H(fill_vec)(n, seed, b);                                                        \
                for (int i = 0; i < n; ++i)                                                        \
                    for (int j = 0; j < n; ++j)                                                    \
                        At[j * n + i] = A[i * n + j];                                              \
                (void)At;                                                                          \
                __VA_ARGS__                                                                        \
            }

static BR_C(out) BR_C(o1), BR_C(o2);

/* Entry points of one configuration: solve, solve_inplace, the in-place,
   multi-RHS and _oot forms are factorize + substitute. */
BR_TEST(entry_points, BR_SFX) {
    BR_FOR_CASES(for (int c = 0; c < BR_C(NCFGS); ++c)
                     BR_C(run)(c, n, kind, seed, A, b, &BR_C(o1));)
}

/* substitute_canonical(col) == substitute(e_col), in the configurations
   that compile every entry point. */
BR_TEST(canonical, BR_SFX) {
    static const struct {
        int cfg;
        void (*check)(int, const BR_T *, const BR_T *, const int *, const char *);
    } full[] = {{BR_C(RL4), BR_C(rl4_check_canonical)},
                {BR_C(PH), BR_C(ph_check_canonical)},
                {BR_C(CM4), BR_C(cm4_check_canonical)}};
    BR_FOR_CASES(for (int c = 0; c < 3; ++c) {
        char ctx[128];
        snprintf(ctx, sizeof ctx, "%s %s n=%d kind=%d seed=%u", BR_STR(BR_T),
                 BR_C(cfgs)[full[c].cfg].name, n, kind, (unsigned)seed);
        BR_C(run)(full[c].cfg, n, kind, seed, A, b, &BR_C(o1));
        full[c].check(n, A, BR_C(o1).lu, BR_C(o1).piv, ctx);
    })
}

/* Right- vs left-looking at one tile size: the left-looking pull applies
   the updates of each entry in the order right-looking pushes them. */
BR_TEST(schedules, BR_SFX) {
    static const int pairs[][2] = {{BR_C(RL1), BR_C(LL1)},
                                   {BR_C(RL3), BR_C(LL3)},
                                   {BR_C(RL4), BR_C(LL4)},
                                   {BR_C(RL8X), BR_C(LL8X)}};
    BR_FOR_CASES(for (int p = 0; p < 4; ++p) {
        BR_C(run)(pairs[p][0], n, kind, seed, A, b, &BR_C(o1));
        BR_C(run)(pairs[p][1], n, kind, seed, A, b, &BR_C(o2));
        const char *what = BR_C(cfgs)[pairs[p][1]].name;
        BR_ASSERT_SAME(BR_C(o1).lu, BR_C(o2).lu, sizeof(BR_T) * n * n,
                       "%s n=%d kind=%d seed=%d: factors", what, n, kind, (int)seed);
        BR_ASSERT_SAME(BR_C(o1).piv, BR_C(o2).piv, sizeof(int) * n,
                       "%s n=%d kind=%d seed=%d: pivots", what, n, kind, (int)seed);
        BR_ASSERT_SAME(BR_C(o1).x, BR_C(o2).x, sizeof(BR_T) * n,
                       "%s n=%d kind=%d seed=%d: solution", what, n, kind, (int)seed);
        BR_ASSERT_SAME(BR_C(o1).xt, BR_C(o2).xt, sizeof(BR_T) * n,
                       "%s n=%d kind=%d seed=%d: transposed solution", what, n, kind, (int)seed);
    })
}

/* Physical interchanges == one logical tile covering the matrix: same pivot
   rule and operation order, only the rows sit elsewhere. */
BR_TEST(interchanges, BR_SFX){BR_FOR_CASES({
    BR_C(run)(BR_C(LG64), n, kind, seed, A, b, &BR_C(o1));
    BR_C(run)(BR_C(PH), n, kind, seed, A, b, &BR_C(o2));
    int perm[BR_NMAX];
    for (int i = 0; i < n; ++i)
        perm[i] = i;
    for (int j = 0; j < n; ++j) {
        const int p = BR_C(o2).piv[j], t = perm[j];
        cr_assert(p >= j && p < n, "n=%d kind=%d: physical piv[%d] = %d", n, kind, j, p);
        perm[j] = perm[p];
        perm[p] = t;
    }
    BR_ASSERT_SAME(perm, BR_C(o1).piv, sizeof(int) * n,
                   "n=%d kind=%d seed=%d: row order of the exchanges", n, kind, (int)seed);
    for (int i = 0; i < n; ++i)
        BR_ASSERT_SAME(BR_C(o2).lu + i * n, BR_C(o1).lu + BR_C(o1).piv[i] * n, sizeof(BR_T) * n,
                       "n=%d kind=%d seed=%d: factor row %d", n, kind, (int)seed, i);
    BR_ASSERT_SAME(BR_C(o1).x, BR_C(o2).x, sizeof(BR_T) * n, "n=%d kind=%d seed=%d: solution", n,
                   kind, (int)seed);
    BR_ASSERT_SAME(BR_C(o1).xt, BR_C(o2).xt, sizeof(BR_T) * n,
                   "n=%d kind=%d seed=%d: transposed solution", n, kind, (int)seed);
})}

/* Row-major on S == column-major on S^T: one stored array, one code path;
   the plain solve of one is the transposed solve of the other. */
BR_TEST(row_col_major, BR_SFX) {
    BR_FOR_CASES({
        BR_C(run)(BR_C(RL4), n, kind, seed, A, b, &BR_C(o1));
        BR_C(run)(BR_C(CM4), n, kind, seed, At, b, &BR_C(o2));
        BR_ASSERT_SAME(BR_C(o1).lu, BR_C(o2).lu, sizeof(BR_T) * n * n,
                       "n=%d kind=%d seed=%d: factors", n, kind, (int)seed);
        BR_ASSERT_SAME(BR_C(o1).piv, BR_C(o2).piv, sizeof(int) * n, "n=%d kind=%d seed=%d: pivots",
                       n, kind, (int)seed);
        BR_ASSERT_SAME(BR_C(o1).x, BR_C(o2).xt, sizeof(BR_T) * n,
                       "n=%d kind=%d seed=%d: row-major solve vs column-major transposed solve", n,
                       kind, (int)seed);
        BR_ASSERT_SAME(BR_C(o1).xt, BR_C(o2).x, sizeof(BR_T) * n,
                       "n=%d kind=%d seed=%d: row-major transposed solve vs column-major solve", n,
                       kind, (int)seed);
    })
}

#undef BR_FOR_CASES
#undef BR_C
#undef BR_H
