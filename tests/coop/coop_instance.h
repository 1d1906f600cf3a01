/* SPDX-License-Identifier: BSD-3-Clause */
/* Instantiates one CooperativeLUpp configuration and describes it for the
   tests: define COOP_TEST_NAME and any TDLS_COOP_* knob except
   TDLS_COOP_NAME, include this file, and get `const coop_solver
   coop_solver_<NAME>` plus the static inline entry points <NAME>_*. */
#include <stddef.h>

#include <tdls/config.h>
#include <tdls/core/portability.h>

#include "coop_test.h"

#ifndef COOP_TEST_NAME
#error "coop_instance.h: define COOP_TEST_NAME before including it."
#endif

#define COOP_I_STR_(x) #x
#define COOP_I_STR(x)  COOP_I_STR_(x)

/* The descriptor is written before the library header, which undefines
   the knobs it reads; unset knobs take the defaults the header takes. */
#ifndef TDLS_COOP_REAL
#define TDLS_COOP_REAL double
#endif
#define COOP_I_FN(x) TDLS_CAT(COOP_TEST_NAME, TDLS_CAT(_, x))
#define COOP_I_W(x)  TDLS_CAT(coop_w_, COOP_I_FN(x))
typedef TDLS_COOP_REAL COOP_I_FN(test_real);
#define COOP_I_T COOP_I_FN(test_real)

/* The order argument of the entry points: absent with a compile-time order. */
#ifdef TDLS_COOP_N
#define COOP_I_ORDER TDLS_COOP_N
#define COOP_I_N
#define COOP_I_NC
#else
#define COOP_I_ORDER 0
#define COOP_I_N     n
#define COOP_I_NC    n,
#endif

static int COOP_I_W(threads)(int n);
static int COOP_I_W(workspace)(int n);
static int COOP_I_W(call)(coop_op op, int n, int nrhs, int col, int tx, const coop_args *x);

const coop_solver TDLS_CAT(coop_solver_, COOP_TEST_NAME) = {
    .name = COOP_I_STR(COOP_TEST_NAME),
    /* clang-format 14 splits _Generic associations at their colons. */
    /* clang-format off */
    .type = _Generic(
        (COOP_I_T)0, float: TDLS_TEST_FLOAT, double: TDLS_TEST_DOUBLE, default: TDLS_TEST_LDOUBLE),
/* clang-format on */
#ifdef TDLS_COOP_LAYOUT
    .layout = TDLS_COOP_LAYOUT,
#else
    .layout = TDLS_DEFAULT_LAYOUT,
#endif
#ifdef TDLS_COOP_ROW_INTERCHANGE
    .interchange = TDLS_COOP_ROW_INTERCHANGE,
#else
    .interchange = TDLS_DEFAULT_ROW_INTERCHANGE,
#endif
#ifdef TDLS_COOP_ROWS_PER_THREAD
    .rows_per_thread = TDLS_COOP_ROWS_PER_THREAD,
#else
    .rows_per_thread = TDLS_DEFAULT_ROWS_PER_THREAD,
#endif
#ifdef TDLS_COOP_SYNC
    .sync = TDLS_COOP_SYNC,
#else
    .sync = TDLS_DEFAULT_COOP_SYNC,
#endif
#ifdef TDLS_COOP_RELATIVE_PIVOT_THRESHOLD
    .relative_pivot_threshold = TDLS_COOP_RELATIVE_PIVOT_THRESHOLD,
#else
    .relative_pivot_threshold = TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD,
#endif
    .order = COOP_I_ORDER,
    .threads_per_system = COOP_I_W(threads),
    .workspace_size = COOP_I_W(workspace),
    .call = COOP_I_W(call),
};

#define TDLS_COOP_NAME COOP_TEST_NAME
#include <tdls/coop_lupp.h>

static int COOP_I_W(threads)(int n) {
    (void)n;
    return COOP_I_FN(threads_per_system)(COOP_I_N);
}

static int COOP_I_W(workspace)(int n) {
    (void)n;
    return COOP_I_FN(workspace_size)(COOP_I_N);
}

/* The operand lists of the entry points after the order: factorize, with
   b, in place, the multi-RHS forms, and the canonical column. */
#define COOP_I_F  tx, a, x->as, x->piv, x->ps, w
#define COOP_I_B  tx, a, x->as, x->piv, x->ps, b, xx, x->rs, w
#define COOP_I_Y  tx, a, x->as, x->piv, x->ps, xx, x->rs, w
#define COOP_I_MB nrhs, COOP_I_B
#define COOP_I_MY nrhs, COOP_I_Y
#define COOP_I_C  tx, a, x->as, x->piv, x->ps, col, xx, x->rs, w
/* An entry point that returns info, and one that returns nothing. */
#define COOP_I_INFO(op, fn, args)                                                                  \
    case op:                                                                                       \
        return COOP_I_FN(fn)(COOP_I_NC args);
#define COOP_I_VOID(op, fn, args)                                                                  \
    case op:                                                                                       \
        COOP_I_FN(fn)(COOP_I_NC args);                                                             \
        return 0;

static int COOP_I_W(call)(coop_op op, int n, int nrhs, int col, int tx, const coop_args *x) {
    (void)n;
    COOP_I_T *const a = (COOP_I_T *)x->a, *const xx = (COOP_I_T *)x->x, *const w = x->work;
    const COOP_I_T *const b = (const COOP_I_T *)x->b;
    switch (op) {
        COOP_I_INFO(COOP_FACTORIZE, factorize, COOP_I_F)
        COOP_I_INFO(COOP_SOLVE, solve, COOP_I_B)
        COOP_I_INFO(COOP_SOLVE_INPLACE, solve_inplace, COOP_I_Y)
        COOP_I_INFO(COOP_SOLVE_MULTI, solve_multi, COOP_I_MB)
        COOP_I_VOID(COOP_SUBSTITUTE, substitute, COOP_I_B)
        COOP_I_VOID(COOP_SUBSTITUTE_INPLACE, substitute_inplace, COOP_I_Y)
        COOP_I_VOID(COOP_SUBSTITUTE_TRANS, substitute_trans, COOP_I_B)
        COOP_I_VOID(COOP_SUBSTITUTE_TRANS_INPLACE, substitute_trans_inplace, COOP_I_Y)
        COOP_I_VOID(COOP_SUBSTITUTE_MULTI, substitute_multi, COOP_I_MB)
        COOP_I_VOID(COOP_SUBSTITUTE_MULTI_INPLACE, substitute_multi_inplace, COOP_I_MY)
        COOP_I_VOID(COOP_SUBSTITUTE_TRANS_MULTI, substitute_trans_multi, COOP_I_MB)
        COOP_I_VOID(COOP_SUBSTITUTE_TRANS_MULTI_INPLACE, substitute_trans_multi_inplace, COOP_I_MY)
        COOP_I_VOID(COOP_SUBSTITUTE_CANONICAL, substitute_canonical, COOP_I_C)
        default:
            return -1000;
    }
}

#undef COOP_I_STR_
#undef COOP_I_STR
#undef COOP_I_FN
#undef COOP_I_W
#undef COOP_I_T
#undef COOP_I_ORDER
#undef COOP_I_N
#undef COOP_I_NC
#undef COOP_I_F
#undef COOP_I_B
#undef COOP_I_Y
#undef COOP_I_MB
#undef COOP_I_MY
#undef COOP_I_C
#undef COOP_I_INFO
#undef COOP_I_VOID
#undef COOP_TEST_NAME
