/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared helpers of the batched API suites: the s and d entry points (and
   LAPACKE's getrf/getrs) behind one untyped table, a batch of test systems
   in any layout with sentinel-filled padding, runs on the host or on an
   OpenMP device, the oracle's ratios of LAPACK-format factors, bitwise
   comparison of two batches, snapshots, and the three results a bridge
   compares. One test body thus serves float and double. */
#ifndef TDLS_BATCH_TEST_H
#define TDLS_BATCH_TEST_H

#include <stddef.h>
#include <stdint.h>

#include <criterion/parameterized.h>
#include <tdls.h>

#include "tdls_test.h"

/* ---- the API of one precision, untyped ---------------------------------- */

typedef struct {
    tdls_test_type type;
    const char *prefix; /* "s" or "d" */
    int (*gesv)(int layout, int n, int nrhs, void *a, int lda, int64_t sa, int *ipiv, int64_t si,
                void *b, int ldb, int64_t sb, int *info, int64_t batch, int device);
    int (*getrf)(int layout, int n, void *a, int lda, int64_t sa, int *ipiv, int64_t si, int *info,
                 int64_t batch, int device);
    int (*getrs)(int layout, char trans, int n, int nrhs, const void *a, int lda, int64_t sa,
                 const int *ipiv, int64_t si, void *b, int ldb, int64_t sb, int64_t batch,
                 int device);
    int (*gesv_il)(int n, int nrhs, void *a, int *ipiv, void *b, int *info, int64_t batch,
                   int device);
    int (*getrf_il)(int n, void *a, int *ipiv, int *info, int64_t batch, int device);
    int (*getrs_il)(char trans, int n, int nrhs, const void *a, const int *ipiv, void *b,
                    int64_t batch, int device);
    /* array is an array of T* (T the precision): the _ptr form's operand. */
    int (*gesv_ptr)(int layout, int n, int nrhs, void *a_array, int lda, int *ipiv, int64_t si,
                    void *b_array, int ldb, int *info, int64_t batch, int device);
    /* Stores p as element k of an array of T*. */
    void (*set_ptr)(void *array, int64_t k, void *p);
    /* LAPACKE_?getrf / LAPACKE_?getrs on one system. */
    int (*lapacke_getrf)(int layout, int n, void *a, int lda, int *ipiv);
    int (*lapacke_getrs)(int layout, char trans, int n, int nrhs, const void *a, int lda,
                         const int *ipiv, void *b, int ldb);
} bt_api;

extern const bt_api bt_api_s, bt_api_d;
/* bt_apis[0] is float, bt_apis[1] double. */
extern const bt_api *const bt_apis[2];

/* ---- a batch of systems in one layout ------------------------------------ */

typedef enum {
    BT_ROW,     /* strided, row-major */
    BT_COL,     /* strided, column-major */
    BT_IL,      /* interleaved */
    BT_PTR_ROW, /* pointer arrays, row-major */
    BT_PTR_COL, /* pointer arrays, column-major */
    BT_LAYOUT_COUNT
} bt_layout;

extern const char *const bt_layout_names[BT_LAYOUT_COUNT];

typedef enum { BT_GESV, BT_GETRF, BT_GETRS } bt_op;

/* Host storage of a batch. Every element that belongs to no system
   (leading-dimension and stride padding, the gaps between pointed-to
   systems) holds BT_SENTINEL, and so do the systems until they are filled:
   bt_padding_intact() proves that a call wrote only where it may. */
typedef struct {
    const bt_api *api;
    bt_layout layout;
    int n, nrhs, lda, ldb;
    int64_t batch, stride_a, stride_b, stride_ipiv;
    size_t es;
    void *a, *b;
    int *ipiv, *info;
    int64_t a_count, b_count, ipiv_count;
    int64_t *a_off, *b_off; /* pointer layouts: where system k starts in a and b */
} bt_batch;

#define BT_SENTINEL     (-1234.5L)
#define BT_INT_SENTINEL (-77777)

/* pad = 0: the tightest lda, ldb and strides the API accepts; pad > 0:
   each leading dimension pad larger, each stride 3 * pad larger than
   needed. Pointer layouts store the systems in reverse order, pad elements
   apart. */
void bt_init(bt_batch *bt, const bt_api *api, bt_layout layout, int n, int nrhs, int64_t batch,
             int pad);
void bt_free(bt_batch *bt);
int bt_order(const bt_batch *bt); /* TDLS_ROW_MAJOR or TDLS_COL_MAJOR (interleaved: column) */

/* Element offsets of entry (i,j) of A, (i,r) of B and pivot i of system k. */
int64_t bt_a_at(const bt_batch *bt, int64_t k, int i, int j);
int64_t bt_b_at(const bt_batch *bt, int64_t k, int i, int r);
int64_t bt_ipiv_at(const bt_batch *bt, int64_t k, int i);

/* System k: a n x n and b n x nrhs, both row-major long double. */
void bt_set_system(bt_batch *bt, int64_t k, const long double *a, const long double *b);
void bt_get_a(const bt_batch *bt, int64_t k, long double *a);
void bt_get_b(const bt_batch *bt, int64_t k, long double *b);
void bt_set_b(bt_batch *bt, int64_t k, const long double *b);
void bt_get_ipiv(const bt_batch *bt, int64_t k, int *ipiv);
void bt_set_ipiv(bt_batch *bt, int64_t k, const int *ipiv);

/* The test system of index k under seed: a nonsingular matrix of kind
   (seed + k) mod TDLS_TEST_KIND_COUNT (or of kind `kind` when >= 0) and
   random right-hand sides, rounded to the type. A pure function. */
void bt_make_system(tdls_test_type type, int n, int nrhs, uint64_t seed, int64_t k, int kind,
                    long double *a, long double *b);
/* The kind of that system. */
int bt_kind(uint64_t seed, int64_t k, int kind);
/* Every system k of the batch := bt_make_system(..., seed, k, kind). */
void bt_fill(bt_batch *bt, uint64_t seed, int kind);
/* Only the right-hand sides of every system := those of bt_make_system. */
void bt_fill_b(bt_batch *bt, uint64_t seed, int kind);
/* Copies every system (a, b, ipiv, info) of src into dst, whatever the
   two layouts (same n, nrhs, batch). */
void bt_copy_systems(bt_batch *dst, const bt_batch *src);

/* Runs the operation on the whole batch and returns the API's value.
   device == TDLS_HOST or the initial device: on the host arrays. Any other
   device: the arrays (and the pointer arrays) are copied to memory from
   omp_target_alloc on that device, the call gets those, and the results
   are copied back. getrf and getrs do not exist for pointer layouts. */
int bt_run(bt_batch *bt, bt_op op, char trans, int device);

/* Whether system k of x and system k of y differ in any bit of a, b, ipiv
   or info (x and y may have different layouts); *what names the first
   operand that differs. */
int bt_system_differs(const bt_batch *x, const bt_batch *y, int64_t k, const char **what);
/* Whether the right-hand sides of system k have the same bits in x and y. */
int bt_same_b(const bt_batch *x, const bt_batch *y, int64_t k);
/* Index of the first system that differs, -1 when none. */
int64_t bt_first_difference(const bt_batch *x, const bt_batch *y, const char **what);
/* Number of padding elements (of a, b and ipiv) that no longer hold the
   sentinel. */
int64_t bt_padding_damage(const bt_batch *bt);
/* Number of systems whose a, b, ipiv and info still hold the sentinels:
   what must hold after a call that was rejected. */
int bt_untouched(const bt_batch *bt);

/* ---- snapshots ------------------------------------------------------------- */

/* A copy of every array of a batch, padding included. */
typedef struct {
    void *a, *b;
    int *ipiv, *info;
} bt_snapshot;

bt_snapshot bt_snapshot_take(const bt_batch *bt);
/* Whether every array of bt still has the bits of the snapshot: what must
   hold after a call that returned an error. */
int bt_snapshot_same(const bt_batch *bt, const bt_snapshot *s);
void bt_snapshot_free(bt_snapshot *s);

/* ---- the results of a bridge ------------------------------------------------ */

/* Whether the layout has getrf and getrs (the pointer layouts have only gesv). */
int bt_has_getrf(bt_layout layout);

/* The three results a bridge compares, from the same systems: gesv,
   getrf + getrs N, and getrs T on fresh right-hand sides with getrf's
   factors; the last two only where the layout has getrf (full). */
typedef struct {
    bt_batch gesv, getrs_n, getrs_t;
    int full, kind;
    uint64_t seed;
} bt_results;

/* Allocates the batches and fills them with bt_fill(seed, kind). */
void bt_results_init(bt_results *r, const bt_api *api, bt_layout layout, int n, int nrhs,
                     int64_t batch, int pad, uint64_t seed, int kind);
/* Runs the operations on device: 0, or the first nonzero value of an API
   call, *op naming it. No Criterion assertion: any thread may call it. */
int bt_results_run(bt_results *r, int device, const char **op);
/* bt_results_run, asserting that every call returned 0. */
void bt_results_solve(bt_results *r, int device);
void bt_results_free(bt_results *r);
/* Asserts that the first count systems of x and y have the same bits. */
void bt_results_expect_same(const bt_results *x, const bt_results *y, int64_t count,
                            const char *bridge);

/* ---- ratios -------------------------------------------------------------- */

/* xGET01 of LAPACK-format factors (L unit lower, U with its diagonal, ipiv
   1-based interchanges) of the logical matrix a0: the factors are
   converted to the oracle's format (reciprocal pivots, 0-based ipiv) and
   measured by tdls_oracle_factor_ratio. Infinity for an invalid ipiv. */
long double bt_factor_ratio(int n, const long double *a0, const long double *lu, const int *ipiv,
                            long double eps);
/* Worst xGET02 over the nrhs columns of x (n x nrhs row-major) as
   solutions of op(A) X = B, op(A) = A or A^T. */
long double bt_solve_ratio(int n, int nrhs, const long double *a0, int trans, const long double *x,
                           const long double *b, long double eps);

/* LAPACK's bound on its test ratios. */
#define BT_RATIO_BOUND 30.0L

/* Every system of bt, after op (getrs: with trans), against the systems
   bt_make_system(seed, k, kind) it was filled with: info 0, the factor
   ratio of what getrf/gesv left in a, the solve ratio of what gesv/getrs
   left in b, all below BT_RATIO_BOUND (Criterion assertions). */
void bt_check_ratios(const bt_batch *bt, bt_op op, int trans, uint64_t seed, int kind,
                     const char *what);

/* ---- sizes --------------------------------------------------------------- */

#define BT_NMAX    64
#define BT_RHS_MAX 7

/* Device numbers. */
int bt_initial_device(void);
int bt_num_devices(void);

/* ---- Criterion parameters: (precision, layout) pairs ---------------------- */

typedef struct {
    int type; /* index into bt_apis */
    int layout;
} bt_param;

/* Every precision with every layout of [first, last]; the parameters live
   in cr_malloc'd memory (Criterion's workers may not share the parent's
   address space). */
struct criterion_test_params bt_params(int first, int last);

#endif
