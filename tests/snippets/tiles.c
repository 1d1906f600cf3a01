/* SPDX-License-Identifier: BSD-3-Clause */
/* README snippet: the performance knobs. Tile size, schedule and unrolling
   change speed, not results: both configurations below give the same bits.
   A = 5 I + ones, b = A * (1, ..., 1) = 10. */
#include <string.h>

/* snippet:begin */
#define TDLS_TILED_NAME      right3
#define TDLS_TILED_TILE_SIZE 3
#include <tdls/tiled_lupp.h>

#define TDLS_TILED_NAME         left3
#define TDLS_TILED_TILE_SIZE    3
#define TDLS_TILED_SCHEDULE     TDLS_LEFT_LOOKING
#define TDLS_TILED_UNROLL_LOOPS 0 /* no forced unrolling: faster builds */
#include <tdls/tiled_lupp.h>
/* snippet:end */

int main(void) {
    double a[25], a2[25], b[5], x[5], x2[5];
    int piv[5], piv2[5];
    for (int i = 0; i < 25; ++i)
        a[i] = a2[i] = (i % 6 == 0) ? 6 : 1;
    for (int i = 0; i < 5; ++i)
        b[i] = 10;
    int info = right3_solve(5, a, 1, piv, 1, b, x, 1) + left3_solve(5, a2, 1, piv2, 1, b, x2, 1);
    int same = !memcmp(a, a2, sizeof a) && !memcmp(x, x2, sizeof x);
    return info == 0 && same && x[0] > 0.999999 && x[0] < 1.000001 ? 0 : 1;
}
