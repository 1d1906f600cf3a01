/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: the pivoting knobs and the out-of-tile counter, under
   the tile-local search. With tiles of 2, column 0 of A has only zeros
   inside the first tile, so the pivot comes from below it. A is a permuted
   diagonal, x = (1, 2, 3, 4). */
#include "check.h"

/* snippet:begin */
#define TDLS_TILED_NAME                     piv4
#define TDLS_TILED_TILE_SIZE                2
#define TDLS_TILED_PIVOT_SEARCH             TDLS_SEARCH_TILE /* look under the tile only for weak pivots */
#define TDLS_TILED_RELATIVE_PIVOT_THRESHOLD 0.5    /* keep the row in place if >= half the best */
#define TDLS_TILED_OOT_THRESHOLD            1e-8   /* weaker in-tile pivots search below the tile */
#define TDLS_TILED_OOT_FIRST_ACCEPTABLE     0      /* ... and take the largest candidate there */
#define TDLS_TILED_SINGULAR_FLOOR           1e-300 /* smaller pivots make info > 0 */
#include <tdls/tiled_lupp.h>

int main(void) {
    double a[16] = {0, 0, 1, 0, /**/ 0, 1, 0, 0, /**/ 1, 0, 0, 0, /**/ 0, 0, 0, 1};
    double b[4] = {3, 2, 1, 4}, x[4];
    int piv[4], oot = 0;
    int info = piv4_solve_oot(4, a, 1, piv, 1, b, x, 1, &oot);
    /* info == 0, oot == 1: one column searched below its tile */
    /* snippet:end */
    const double expected[4] = {1, 2, 3, 4};
    return info == 0 && oot == 1 && snippet_close(x, expected, 4, 1e-14) ? 0 : 1;
}
