/* SPDX-License-Identifier: BSD-3-Clause */
/* One GPU kernel that calls the compile-time-order TiledLUpp solver with
   caller-local operands (the system is built in local arrays inside the
   kernel), for reading its register, stack and local-memory use off the
   device link (gpu_regs.sh). Configured with -DTDLS_REGS_N=, _REAL=,
   _INTERCHANGE=, and optionally _TILE=, _SCHEDULE=, _UNROLL=. */
#include <stddef.h>

#include <tdls/config.h>

#ifndef TDLS_REGS_TILE
#define TDLS_REGS_TILE 4
#endif
#ifndef TDLS_REGS_SCHEDULE
#define TDLS_REGS_SCHEDULE TDLS_RIGHT_LOOKING
#endif
#ifndef TDLS_REGS_UNROLL
#define TDLS_REGS_UNROLL 1
#endif

#define TDLS_TILED_NAME            regs
#define TDLS_TILED_REAL            TDLS_REGS_REAL
#define TDLS_TILED_N               TDLS_REGS_N
#define TDLS_TILED_TILE_SIZE       TDLS_REGS_TILE
#define TDLS_TILED_SCHEDULE        TDLS_REGS_SCHEDULE
#define TDLS_TILED_ROW_INTERCHANGE TDLS_REGS_INTERCHANGE
#define TDLS_TILED_UNROLL_LOOPS    TDLS_REGS_UNROLL
#define TDLS_TILED_LOCAL_MATRIX    1
#define TDLS_TILED_LOCAL_PIV       1
#define TDLS_TILED_LOCAL_RHS       1
#include <tdls/tiled_lupp.h>

typedef TDLS_REGS_REAL real;
enum { n = TDLS_REGS_N };

/* The values depend on k, so nothing folds away; every index is a
   compile-time constant, as in a material-law kernel. A zero is written for
   a singular system so that info stays live. */
void tdls_regs_kernel(long count, real *out) {
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target teams distribute parallel for map(from : out[0 : count * n])
    /* clang-format on */
    for (long k = 0; k < count; ++k) {
        real a[n * n], b[n], x[n];
        int piv[n];
        const real s = (real)(k & 7);
        /* Unrolled, or from order 11 on LLVM keeps this loop rolled and the
           matrix it fills in local memory, whatever the solver does. */
        TDLS_PRAGMA_UNROLL
        for (int i = 0; i < n; ++i) {
            b[i] = (real)1 + s;
            for (int j = 0; j < n; ++j)
                a[i * n + j] = (real)(i == j ? n : 0) + (real)1 / (real)(1 + i + 2 * j) + s;
        }
        const int info = regs_solve(a, piv, b, x);
        TDLS_PRAGMA_UNROLL
        for (int i = 0; i < n; ++i)
            out[k * n + i] = info ? (real)0 : x[i];
    }
}

int main(void) {
    static real out[64 * n];
    tdls_regs_kernel(64, out);
    return out[0] != out[0];
}
