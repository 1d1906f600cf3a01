/* SPDX-License-Identifier: BSD-3-Clause */
/* The CooperativeLUpp test API: a descriptor that lets one test body drive
   any instantiated configuration (coop_instance.h), a runner that solves G
   systems with groups of host threads in one parallel region and checks
   what every thread sees on return, and systems with the oracle's ratios. */
#ifndef TDLS_COOP_TEST_H
#define TDLS_COOP_TEST_H

#include <stddef.h>
#include <stdint.h>

#include "tdls_test.h"

#define COOP_NMAX    64
#define COOP_NRHSMAX 4
#define COOP_BOUND   30.0L

/* Every entry point, behind one call. */
typedef enum {
    COOP_FACTORIZE,
    COOP_SOLVE,
    COOP_SOLVE_INPLACE,
    COOP_SOLVE_MULTI,
    COOP_SUBSTITUTE,
    COOP_SUBSTITUTE_INPLACE,
    COOP_SUBSTITUTE_TRANS,
    COOP_SUBSTITUTE_TRANS_INPLACE,
    COOP_SUBSTITUTE_MULTI,
    COOP_SUBSTITUTE_MULTI_INPLACE,
    COOP_SUBSTITUTE_TRANS_MULTI,
    COOP_SUBSTITUTE_TRANS_MULTI_INPLACE,
    COOP_SUBSTITUTE_CANONICAL,
    COOP_OP_COUNT
} coop_op;

const char *coop_op_name(coop_op op);
/* 1 for the entry points that factor (and return info). */
int coop_op_factors(coop_op op);

/* The operands of one system; b is unused by the in-place entry points and
   by substitute_canonical. */
typedef struct {
    void *a;
    ptrdiff_t as;
    int *piv;
    ptrdiff_t ps;
    const void *b;
    void *x;
    ptrdiff_t rs;
    void *work;
} coop_args;

/* One instantiated configuration. order: TDLS_COOP_N, or 0 for a runtime
   order; the entry points of a compile-time order ignore their n. */
typedef struct coop_solver {
    const char *name;
    tdls_test_type type;
    int layout, interchange, rows_per_thread, sync, order;
    long double relative_pivot_threshold;
    int (*threads_per_system)(int n);
    int (*workspace_size)(int n);
    int (*call)(coop_op op, int n, int nrhs, int col, int tx, const coop_args *x);
} coop_solver;

/* The configurations of the program (a generated table, see CMakeLists.txt). */
extern const coop_solver *const coop_solvers[];
extern const int coop_solver_count;

/* The configuration of the table with these knobs and a runtime order and
   team barrier; NULL when the table has none. */
const coop_solver *coop_find(tdls_test_type type, int layout, int interchange, int rpt);

/* 1 in a quick run (TDLS_COOP_TEST_QUICK=1, for sanitizers; see
   CMakeLists.txt). */
int coop_quick(void);
/* 0 when a quick run leaves configuration i of the table out of the suites
   that run many entry points per order: it keeps every other one. */
int coop_visit(int i);
/* The orders a grid visits: 1..64, or a short list when quick. */
int coop_orders(int quick, const int **orders);

/* ---- the runner ----------------------------------------------------------- */

/* Runs op on `count` systems in one parallel region of `threads` threads:
   thread t belongs to group g = min(t / group, count - 1) with tx = t - g *
   group, so threads beyond count * group join the last group. Asserts that
   the region has all its threads, that every thread of a group returns the
   same value, and that each thread, right after its call, reads the same
   factors, pivots and solution as the caller does after the region. Returns
   the value of group k in ret[k]. */
void coop_run(const coop_solver *s, coop_op op, int n, int nrhs, int col, int threads, int group,
              int count, const coop_args *args, int *ret);

/* ---- systems --------------------------------------------------------------- */

/* One system in the configuration's storage: a (factored in place), piv, b
   (nrhs columns), x and xt; every operand at element stride `stride`. A is
   the logical matrix (row-major, rounded to the type): the stored array is
   A in the configuration's layout, and the group factors M, which is A^T in
   row-major layout and A in column-major layout. */
typedef struct {
    const coop_solver *s;
    int n, nrhs;
    ptrdiff_t stride;
    void *a, *b, *x, *xt, *work;
    int *piv;
    int info;
    int view; /* 1: the operands belong to another system (coop_sys_soa) */
    long double A[COOP_NMAX * COOP_NMAX], B[COOP_NMAX * COOP_NRHSMAX];
} coop_sys;

/* A fresh system of the generator's kind (seeded by seed and n). */
coop_sys *coop_sys_new(const coop_solver *s, tdls_test_kind kind, int n, int nrhs, uint64_t seed,
                       ptrdiff_t stride);
/* A system with the given logical matrix (n x n row-major) and random b. */
coop_sys *coop_sys_from(const coop_solver *s, const long double *A, int n, int nrhs, uint64_t seed,
                        ptrdiff_t stride);
/* count systems interleaved (structure of arrays): system k at element
   offset k of shared operands of element stride count, with the matrix and
   right-hand side of coop_sys_new(s, kind k % kinds, n, 1, seed + k, 1).
   y[0] owns the operands: free it last. */
void coop_sys_soa(const coop_solver *s, int n, int count, uint64_t seed, coop_sys **y);
void coop_sys_free(coop_sys *y);
/* The logical matrix A whose stored array has M (row-major long double) as
   its column-major view in the configuration's layout. */
void coop_logical_from_m(const coop_solver *s, int n, const long double *m, long double *A);

/* The argument block of a system; x_to: the x or xt buffer. */
coop_args coop_sys_args(coop_sys *y, void *x_to);
/* Offset of entry (i, r) of an n x nrhs right-hand side in the layout. */
ptrdiff_t coop_rhs_index(int layout, int n, int nrhs, int i, int r);

/* factorize, substitute into x, substitute_trans into xt, by `count`
   systems at once with the runner's mapping; y[k]->info is set. */
void coop_pipeline(coop_sys *const *y, int count, int threads, int group);

/* LAPACK's ratios against the oracle: ||L U - P M|| / (n ||M|| eps) of the
   factors in y, and ||b - op(A) x|| / (||A|| ||x|| eps) of column r of x
   (trans = 0: A x = b, 1: A^T x = b). */
long double coop_factor_ratio(const coop_sys *y);
long double coop_solve_ratio(const coop_sys *y, const void *x, int trans, int r);

/* ---- bitwise comparison ------------------------------------------------------ */

/* The value bits of count elements at strides ps and qs are equal (long
   double: its 80 value bits, not the padding). */
int coop_same(tdls_test_type type, const void *p, ptrdiff_t ps, const void *q, ptrdiff_t qs,
              ptrdiff_t count);
/* Factors, pivots, info, x and xt of two systems of one order are equal. */
void coop_expect_same_sys(const coop_sys *p, const coop_sys *q, const char *what);

#endif
