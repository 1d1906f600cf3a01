/* SPDX-License-Identifier: BSD-3-Clause */
/* Knob semantics of TiledLUpp: each test compares configurations that
   differ in one knob only, on a matrix built so that the knob decides one
   visible thing (a pivot row, oot_count, info), and checks that the factors
   stay correct either way. (oot_count == 0 on diagonally dominant matrices
   is asserted for every configuration by the accuracy grid.) */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tdls_test.h"

/* Relative pivot threshold 0.1 vs 1, logical and physical. */
#define TDLS_TEST_NAME                      k_rpt01_log
#define TDLS_TILED_RELATIVE_PIVOT_THRESHOLD 0.1
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME                      k_rpt1_log
#define TDLS_TILED_RELATIVE_PIVOT_THRESHOLD 1.0
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME                      k_rpt01_phys
#define TDLS_TILED_RELATIVE_PIVOT_THRESHOLD 0.1
#define TDLS_TILED_ROW_INTERCHANGE          TDLS_PHYSICAL
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME                      k_rpt1_phys
#define TDLS_TILED_RELATIVE_PIVOT_THRESHOLD 1.0
#define TDLS_TILED_ROW_INTERCHANGE          TDLS_PHYSICAL
#include "tdls_test_instance.h"

/* Tile-local search vs the default column search, tile 4. */
#define TDLS_TEST_NAME k_col4
#include "tdls_test_instance.h"

/* First acceptable vs largest out-of-tile candidate, both schedules, tile
   4, under the tile-local search that these knobs steer; the
   first-acceptable ones also serve the out-of-tile and search tests. */
#define TDLS_TEST_NAME                  k_first1_rl
#define TDLS_TILED_PIVOT_SEARCH         TDLS_SEARCH_TILE
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE 1
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME                  k_first0_rl
#define TDLS_TILED_PIVOT_SEARCH         TDLS_SEARCH_TILE
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE 0
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME                  k_first1_ll
#define TDLS_TILED_PIVOT_SEARCH         TDLS_SEARCH_TILE
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE 1
#define TDLS_TILED_SCHEDULE             TDLS_LEFT_LOOKING
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME                  k_first0_ll
#define TDLS_TILED_PIVOT_SEARCH         TDLS_SEARCH_TILE
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE 0
#define TDLS_TILED_SCHEDULE             TDLS_LEFT_LOOKING
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME       k_ts8
#define TDLS_TILED_TILE_SIZE 8
#include "tdls_test_instance.h"

/* Singular floor 1e-8 vs the default, under the same out-of-tile threshold
   (the floor may not exceed it). */
#define TDLS_TEST_NAME            k_floor8_log
#define TDLS_TILED_OOT_THRESHOLD  1e-6
#define TDLS_TILED_SINGULAR_FLOOR 1e-8
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME           k_floordef_log
#define TDLS_TILED_OOT_THRESHOLD 1e-6
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME             k_floor8_phys
#define TDLS_TILED_OOT_THRESHOLD   1e-6
#define TDLS_TILED_SINGULAR_FLOOR  1e-8
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#include "tdls_test_instance.h"
#define TDLS_TEST_NAME             k_floordef_phys
#define TDLS_TILED_OOT_THRESHOLD   1e-6
#define TDLS_TILED_ROW_INTERCHANGE TDLS_PHYSICAL
#include "tdls_test_instance.h"

enum { N = 8 };

/* A random double matrix (row-major, which every knob configuration here
   uses) whose column 0 is then set by the caller. */
static void random_matrix(int n, uint64_t seed, double *s) {
    long double a[N * N];
    tdls_test_generate(TDLS_TEST_RANDOM, TDLS_TEST_DOUBLE, n, seed, a);
    tdls_test_pack(TDLS_TEST_DOUBLE, TDLS_ROW_MAJOR, n, a, s, 1);
}

struct outcome {
    int info, oot, piv[N];
    double f[N * N];
    long double ratio;
};

/* Factorizes a copy of s with c: info, oot_count, pivots, factors and the
   factor ratio against s. */
static struct outcome factor(const tdls_test_solver *c, int n, const double *s) {
    struct outcome o = {.oot = 0};
    long double s0[N * N];
    memcpy(o.f, s, sizeof(double) * (size_t)n * n);
    tdls_test_load_stored(TDLS_TEST_DOUBLE, n, s, 1, s0);
    o.info = c->factorize(n, o.f, 1, o.piv, 1, &o.oot);
    o.ratio = o.info == 0 ? tdls_test_solver_factor_ratio(c, n, s0, o.f, o.piv) : INFINITY;
    return o;
}

/* The in-place entry at half the column maximum keeps the pivot with the
   0.1 threshold (no interchange at step 0) and loses it with 1.0 (the
   largest row, 2, comes to position 0); both factorizations are correct.
   piv[0] reads the same in both formats: the row at (logical) or
   exchanged into (physical) position 0. The same again with the column
   scaled by 1e-11, below the out-of-tile threshold, which the default
   column search does not ask of the row in place, physical or logical. */
Test(knobs, relative_pivot_threshold) {
    const tdls_test_solver *pairs[][2] = {
        {&tdls_test_solver_k_rpt01_log, &tdls_test_solver_k_rpt1_log},
        {&tdls_test_solver_k_rpt01_phys, &tdls_test_solver_k_rpt1_phys}};
    enum { n = 4 };
    double s[n * n];
    random_matrix(n, 1, s);
    const double col0[n] = {0.5, 0.2, 1.0, -0.3}, scales[] = {1, 1e-11};
    for (int k = 0; k < 2; ++k)
        for (int p = 0; p < 2; ++p) {
            for (int i = 0; i < n; ++i)
                s[i * n] = scales[k] * col0[i];
            const struct outcome keep = factor(pairs[p][0], n, s), take = factor(pairs[p][1], n, s);
            cr_expect_eq(keep.piv[0], 0, "%s, scale %g: piv[0] = %d, the in-place row should stay",
                         pairs[p][0]->name, scales[k], keep.piv[0]);
            cr_expect_eq(take.piv[0], 2,
                         "%s, scale %g: piv[0] = %d, the largest row 2 should be taken",
                         pairs[p][1]->name, scales[k], take.piv[0]);
            cr_expect(keep.info == 0 && take.info == 0 && keep.ratio < 30 && take.ratio < 30,
                      "%s/%s: info %d/%d, factor ratios %g/%g", pairs[p][0]->name,
                      pairs[p][1]->name, keep.info, take.info, (double)keep.ratio,
                      (double)take.ratio);
        }
}

/* Column 0 exactly zero inside the first 4 x 4 tile, nonzero below: with
   tile 4 the search below the tile finds a pivot (info 0, oot_count > 0,
   correct factors); with tile 8 >= n the same pivot is an in-tile one and
   no search runs. */
Test(knobs, out_of_tile_search) {
    const tdls_test_solver *tiled[] = {&tdls_test_solver_k_first1_rl,
                                       &tdls_test_solver_k_first1_ll};
    double s[N * N];
    random_matrix(N, 2, s);
    for (int i = 0; i < N; ++i)
        s[i * N] = i < 4 ? 0.0 : 0.5 + 0.1 * i;
    for (int t = 0; t < 2; ++t) {
        const struct outcome o = factor(tiled[t], N, s);
        cr_expect(o.info == 0 && o.oot > 0 && o.ratio < 30,
                  "%s: info %d, oot_count %d, factor ratio %g", tiled[t]->name, o.info, o.oot,
                  (double)o.ratio);
    }
    const struct outcome whole = factor(&tdls_test_solver_k_ts8, N, s);
    cr_expect(whole.info == 0 && whole.oot == 0 && whole.ratio < 30,
              "k_ts8: info %d, oot_count %d, factor ratio %g", whole.info, whole.oot,
              (double)whole.ratio);
}

/* Below a zero in-tile column: row 4 holds 1e-12 (under the 1e-10
   threshold: not acceptable), row 5 0.5 (acceptable), row 7 2.0 (largest).
   First-acceptable takes row 5, the full scan row 7; both are correct. */
Test(knobs, oot_first_acceptable) {
    const tdls_test_solver *pairs[][2] = {
        {&tdls_test_solver_k_first1_rl, &tdls_test_solver_k_first0_rl},
        {&tdls_test_solver_k_first1_ll, &tdls_test_solver_k_first0_ll}};
    double s[N * N];
    random_matrix(N, 3, s);
    const double col0[N] = {0, 0, 0, 0, 1e-12, 0.5, 0.1, 2.0};
    for (int i = 0; i < N; ++i)
        s[i * N] = col0[i];
    for (int p = 0; p < 2; ++p) {
        const struct outcome first = factor(pairs[p][0], N, s), best = factor(pairs[p][1], N, s);
        cr_expect_eq(first.piv[0], 5, "%s: position 0 holds row %d, expected 5", pairs[p][0]->name,
                     first.piv[0]);
        cr_expect_eq(best.piv[0], 7, "%s: position 0 holds row %d, expected 7", pairs[p][1]->name,
                     best.piv[0]);
        cr_expect(first.info == 0 && best.info == 0 && first.ratio < 30 && best.ratio < 30,
                  "%s/%s: info %d/%d, factor ratios %g/%g", pairs[p][0]->name, pairs[p][1]->name,
                  first.info, best.info, (double)first.ratio, (double)best.ratio);
    }
}

/* Column 0 holds 1e-6 inside the first tile and 1 below it. The tile
   search accepts the in-tile 1e-6 (above its 1e-10 threshold: no search
   under the tile) and pays with multipliers of 1e6; the column search
   brings a row from under the tile (oot_count >= 1) and keeps every
   multiplier within 1 / 0.1. */
Test(knobs, pivot_search) {
    double s[N * N];
    random_matrix(N, 5, s);
    for (int i = 0; i < N; ++i)
        s[i * N] = i < 4 ? 1e-6 : 1.0;
    const tdls_test_solver *tile = &tdls_test_solver_k_first1_rl,
                           *column = &tdls_test_solver_k_col4;
    const struct outcome t = factor(tile, N, s), c = factor(column, N, s);
    double tile_l = 0, column_l = 0;
    for (int i = 1; i < N; ++i) {
        tile_l = fmax(tile_l, fabs(t.f[t.piv[i] * N]));
        column_l = fmax(column_l, fabs(c.f[c.piv[i] * N]));
    }
    cr_expect(t.info == 0 && t.oot == 0 && t.piv[0] < 4 && tile_l > 1e5,
              "%s: info %d, oot_count %d, piv[0] %d, largest multiplier of column 0 %g", tile->name,
              t.info, t.oot, t.piv[0], tile_l);
    cr_expect(c.info == 0 && c.oot >= 1 && c.piv[0] >= 4 && column_l <= 10 && c.ratio < 30,
              "%s: info %d, oot_count %d, piv[0] %d, largest multiplier %g, factor ratio %g",
              column->name, c.info, c.oot, c.piv[0], column_l, (double)c.ratio);
}

/* An upper triangular S with a 1e-9 second pivot: a floor of 1e-8 rejects
   it (info 2, stored reciprocal 0), the default floor accepts it (info 0,
   reciprocal 1e9, correct factors). */
Test(knobs, singular_floor) {
    const tdls_test_solver *pairs[][2] = {
        {&tdls_test_solver_k_floor8_log, &tdls_test_solver_k_floordef_log},
        {&tdls_test_solver_k_floor8_phys, &tdls_test_solver_k_floordef_phys}};
    enum { n = 4 };
    double s[n * n];
    random_matrix(n, 4, s);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < i; ++j)
            s[i * n + j] = 0;
    for (int i = 0; i < n; ++i)
        s[i * n + i] = i == 1 ? 1e-9 : 1;
    for (int p = 0; p < 2; ++p) {
        const struct outcome strict = factor(pairs[p][0], n, s), lax = factor(pairs[p][1], n, s);
        cr_expect(strict.info == 2 && strict.f[1 * n + 1] == 0,
                  "%s: info %d (expected 2), stored reciprocal %g (expected 0)", pairs[p][0]->name,
                  strict.info, strict.f[1 * n + 1]);
        cr_expect(lax.info == 0 && lax.f[1 * n + 1] == 1 / 1e-9 && lax.ratio < 30,
                  "%s: info %d, stored reciprocal %g, factor ratio %g", pairs[p][1]->name, lax.info,
                  lax.f[1 * n + 1], (double)lax.ratio);
    }
}
