/* SPDX-License-Identifier: BSD-3-Clause */
/* Type-generic scalar helpers usable in device code: magnitude, the limits
   of a floating type, and the pivot acceptance tests. Builtins rather than
   libm, so that nothing needs a device math library. */
#ifndef TDLS_CORE_MATH_H
#define TDLS_CORE_MATH_H

#include <float.h>

/* clang-format 14 splits _Generic associations at their colons. */
/* clang-format off */
#define TDLS_FABS(x)                                                                               \
    _Generic((x), float: __builtin_fabsf, long double: __builtin_fabsl, default: __builtin_fabs)(x)

/* A quiet NaN of the type of x. */
#define TDLS_NAN(x)                                                                                \
    _Generic((x),                                                                                  \
        float: __builtin_nanf(""),                                                                 \
        long double: __builtin_nanl(""),                                                           \
        default: __builtin_nan(""))

/* The largest finite value and the smallest normal value of the type of x. */
#define TDLS_REAL_MAX(x) _Generic((x), float: FLT_MAX, long double: LDBL_MAX, default: DBL_MAX)
#define TDLS_REAL_MIN(x) _Generic((x), float: FLT_MIN, long double: LDBL_MIN, default: DBL_MIN)
/* clang-format on */

/* A pivot magnitude is acceptable when it reaches the floor and is finite.
   Written so that a NaN magnitude fails both comparisons and is rejected. */
#define TDLS_PIVOT_OK(mag, floor) ((mag) >= (floor) && (mag) <= TDLS_REAL_MAX(mag))

/* The reciprocal of pivot p when it is acceptable (ok), else 0, so that the
   multipliers of a rejected pivot vanish. The division never sees a
   rejected pivot, so nothing traps even where the compiler evaluates both
   sides of the select. */
#define TDLS_RECIPROCAL_OR_ZERO(p, ok) ((ok) ? 1 / ((ok) ? (p) : 1) : 0)

#endif
