/* SPDX-License-Identifier: BSD-3-Clause */
/* Instantiates one TiledLUpp configuration and describes it for the tests:
   define TDLS_TEST_NAME and any TDLS_TILED_* knob except TDLS_TILED_NAME,
   include this file, and get `const tdls_test_solver tdls_test_solver_<NAME>`.
   Include it again for the next configuration (it undefines TDLS_TEST_NAME). */
#include <float.h>
#include <stddef.h>

#include <tdls/config.h>
#include <tdls/core/portability.h>

#include "tdls_test.h"

#ifndef TDLS_TEST_NAME
#error "tdls_test_instance.h: define TDLS_TEST_NAME before including it."
#endif
#ifdef TDLS_TILED_NAME
#error "tdls_test_instance.h: TDLS_TEST_NAME names the configuration; leave TDLS_TILED_NAME unset."
#endif

#ifndef TDLS_TEST_STR
#define TDLS_TEST_STR_(x) #x
#define TDLS_TEST_STR(x)  TDLS_TEST_STR_(x)
#endif

/* The descriptor is written before the library header, which undefines
   the knobs it reads; unset knobs are described by the same defaults the
   library takes from tdls/config.h. */
#ifndef TDLS_TILED_REAL
#define TDLS_TILED_REAL double
#endif
#define TDLS_TEST_I_FN(x) TDLS_CAT(TDLS_TEST_NAME, TDLS_CAT(_, x))
#define TDLS_TEST_I_W(x)  TDLS_CAT(tdls_test_w_, TDLS_TEST_I_FN(x))
typedef TDLS_TILED_REAL TDLS_TEST_I_FN(test_real);
#define TDLS_TEST_I_T TDLS_TEST_I_FN(test_real)

static int TDLS_TEST_I_W(factorize)(int, void *, ptrdiff_t, int *, ptrdiff_t, int *);
static int TDLS_TEST_I_W(solve)(int, void *, ptrdiff_t, int *, ptrdiff_t, const void *, void *,
                                ptrdiff_t);
static void TDLS_TEST_I_W(substitute)(int, const void *, ptrdiff_t, const int *, ptrdiff_t,
                                      const void *, void *, ptrdiff_t);
static void TDLS_TEST_I_W(substitute_trans)(int, const void *, ptrdiff_t, const int *, ptrdiff_t,
                                            const void *, void *, ptrdiff_t);

const tdls_test_solver TDLS_CAT(tdls_test_solver_, TDLS_TEST_NAME) = {
    .name = TDLS_TEST_STR(TDLS_TEST_NAME),
    /* clang-format 14 splits _Generic associations at their colons. */
    /* clang-format off */
    .type = _Generic((TDLS_TEST_I_T)0,
        float: TDLS_TEST_FLOAT,
        double: TDLS_TEST_DOUBLE,
        default: TDLS_TEST_LDOUBLE),
/* clang-format on */
#ifdef TDLS_TILED_LAYOUT
    .layout = TDLS_TILED_LAYOUT,
#else
    .layout = TDLS_DEFAULT_LAYOUT,
#endif
#ifdef TDLS_TILED_ROW_INTERCHANGE
    .interchange = TDLS_TILED_ROW_INTERCHANGE,
#else
    .interchange = TDLS_DEFAULT_ROW_INTERCHANGE,
#endif
#ifdef TDLS_TILED_SCHEDULE
    .schedule = TDLS_TILED_SCHEDULE,
#else
    .schedule = TDLS_DEFAULT_SCHEDULE,
#endif
#ifdef TDLS_TILED_TILE_SIZE
    .tile_size = TDLS_TILED_TILE_SIZE,
#else
    .tile_size = TDLS_DEFAULT_TILE_SIZE,
#endif
#ifdef TDLS_TILED_OOT_FIRST_ACCEPTABLE
    .oot_first_acceptable = TDLS_TILED_OOT_FIRST_ACCEPTABLE,
#else
    .oot_first_acceptable = TDLS_DEFAULT_OOT_FIRST_ACCEPTABLE,
#endif
#ifdef TDLS_TILED_OOT_THRESHOLD
    .oot_threshold = (TDLS_TEST_I_T)(TDLS_TILED_OOT_THRESHOLD),
#else
    /* clang-format off */
    .oot_threshold = _Generic((TDLS_TEST_I_T)0,
        float: TDLS_DEFAULT_OOT_THRESHOLD_FLOAT,
        default: (TDLS_TEST_I_T)TDLS_DEFAULT_OOT_THRESHOLD_DOUBLE),
/* clang-format on */
#endif
#ifdef TDLS_TILED_RELATIVE_PIVOT_THRESHOLD
    .relative_pivot_threshold = TDLS_TILED_RELATIVE_PIVOT_THRESHOLD,
#else
    .relative_pivot_threshold = TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD,
#endif
#ifdef TDLS_TILED_SINGULAR_FLOOR
    .singular_floor = (TDLS_TEST_I_T)(TDLS_TILED_SINGULAR_FLOOR),
#else
    /* clang-format off */
    .singular_floor =
        _Generic((TDLS_TEST_I_T)0, float: FLT_MIN, double: DBL_MIN, default: LDBL_MIN),
/* clang-format on */
#endif
    .factorize = TDLS_TEST_I_W(factorize),
    .solve = TDLS_TEST_I_W(solve),
    .substitute = TDLS_TEST_I_W(substitute),
    .substitute_trans = TDLS_TEST_I_W(substitute_trans),
};

#define TDLS_TILED_NAME TDLS_TEST_NAME
#include <tdls/tiled_lupp.h>

static int TDLS_TEST_I_W(factorize)(int n, void *a, ptrdiff_t as, int *piv, ptrdiff_t ps,
                                    int *oot) {
    if (oot)
        return TDLS_TEST_I_FN(factorize_oot)(n, (TDLS_TEST_I_T *)a, as, piv, ps, oot);
    return TDLS_TEST_I_FN(factorize)(n, (TDLS_TEST_I_T *)a, as, piv, ps);
}

static int TDLS_TEST_I_W(solve)(int n, void *a, ptrdiff_t as, int *piv, ptrdiff_t ps, const void *b,
                                void *x, ptrdiff_t rs) {
    return TDLS_TEST_I_FN(solve)(n, (TDLS_TEST_I_T *)a, as, piv, ps, (const TDLS_TEST_I_T *)b,
                                 (TDLS_TEST_I_T *)x, rs);
}

static void TDLS_TEST_I_W(substitute)(int n, const void *a, ptrdiff_t as, const int *piv,
                                      ptrdiff_t ps, const void *b, void *x, ptrdiff_t rs) {
    TDLS_TEST_I_FN(substitute)
    (n, (const TDLS_TEST_I_T *)a, as, piv, ps, (const TDLS_TEST_I_T *)b, (TDLS_TEST_I_T *)x, rs);
}

static void TDLS_TEST_I_W(substitute_trans)(int n, const void *a, ptrdiff_t as, const int *piv,
                                            ptrdiff_t ps, const void *b, void *x, ptrdiff_t rs) {
    TDLS_TEST_I_FN(substitute_trans)
    (n, (const TDLS_TEST_I_T *)a, as, piv, ps, (const TDLS_TEST_I_T *)b, (TDLS_TEST_I_T *)x, rs);
}

#undef TDLS_TEST_I_FN
#undef TDLS_TEST_I_W
#undef TDLS_TEST_I_T
#undef TDLS_TEST_NAME
