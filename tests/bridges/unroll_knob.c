/* SPDX-License-Identifier: BSD-3-Clause */
/* The translation unit that unroll_knob.cmake compiles with
   -DTDLS_TILED_UNROLL_LOOPS=0 and =1: a compile-time order on caller-local
   operands, where the knob decides whether the order-length loops unroll. */
#define TDLS_TILED_NAME         unr
#define TDLS_TILED_N            16
#define TDLS_TILED_LOCAL_MATRIX 1
#define TDLS_TILED_LOCAL_PIV    1
#define TDLS_TILED_LOCAL_RHS    1
#include <tdls/tiled_lupp.h>

int unroll_knob_solve(double *a, int *piv, const double *b, double *x);

int unroll_knob_solve(double *a, int *piv, const double *b, double *x) {
    return unr_solve(a, piv, b, x);
}
