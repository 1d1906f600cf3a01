/* SPDX-License-Identifier: BSD-3-Clause */
/* The batched API of <tdls.h>: argument checks in LAPACK's numbering, the
   translation of every layout into one tdls_batch job, and the choice of
   the host or device driver. The entry points themselves are written once
   for both precisions in batch_api_entry.h. */
#include <stddef.h>
#include <stdint.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <tdls.h>
#include <tdls/core/portability.h>

#include "batch.h"

/* The roles an argument can play; each entry point lists the 1-based
   position of each role in its parameter list, 0 where it has none. */
enum {
    TDLS_ARG_LAYOUT,
    TDLS_ARG_TRANS,
    TDLS_ARG_N,
    TDLS_ARG_NRHS,
    TDLS_ARG_A,
    TDLS_ARG_LDA,
    TDLS_ARG_STRIDE_A,
    TDLS_ARG_IPIV,
    TDLS_ARG_STRIDE_IPIV,
    TDLS_ARG_B,
    TDLS_ARG_LDB,
    TDLS_ARG_STRIDE_B,
    TDLS_ARG_INFO,
    TDLS_ARG_BATCH,
    TDLS_ARG_DEVICE,
    TDLS_ARG_COUNT
};
typedef signed char tdls_arg_positions[TDLS_ARG_COUNT];

/* Where each entry point's operands come from. */
typedef enum { TDLS_FORM_STRIDED, TDLS_FORM_INTERLEAVED, TDLS_FORM_POINTERS } tdls_batch_form;

/* One call of any entry point, as its caller wrote it. */
typedef struct {
    char precision; /* 's' or 'd' */
    tdls_batch_op op;
    tdls_batch_form form;
    const signed char *pos;
    int layout;
    char trans;
    int n, nrhs;
    const void *a, *const *a_array;
    int lda;
    int64_t stride_a;
    const int *ipiv;
    int64_t stride_ipiv;
    const void *b, *const *b_array;
    int ldb;
    int64_t stride_b;
    int *info;
    int64_t batch;
    int device;
} tdls_batch_call;

static const tdls_arg_positions tdls_pos_gesv = {
    [TDLS_ARG_LAYOUT] = 1, [TDLS_ARG_N] = 2,           [TDLS_ARG_NRHS] = 3,
    [TDLS_ARG_A] = 4,      [TDLS_ARG_LDA] = 5,         [TDLS_ARG_STRIDE_A] = 6,
    [TDLS_ARG_IPIV] = 7,   [TDLS_ARG_STRIDE_IPIV] = 8, [TDLS_ARG_B] = 9,
    [TDLS_ARG_LDB] = 10,   [TDLS_ARG_STRIDE_B] = 11,   [TDLS_ARG_INFO] = 12,
    [TDLS_ARG_BATCH] = 13, [TDLS_ARG_DEVICE] = 14};
static const tdls_arg_positions tdls_pos_getrf = {
    [TDLS_ARG_LAYOUT] = 1,   [TDLS_ARG_N] = 2,      [TDLS_ARG_A] = 3,           [TDLS_ARG_LDA] = 4,
    [TDLS_ARG_STRIDE_A] = 5, [TDLS_ARG_IPIV] = 6,   [TDLS_ARG_STRIDE_IPIV] = 7, [TDLS_ARG_INFO] = 8,
    [TDLS_ARG_BATCH] = 9,    [TDLS_ARG_DEVICE] = 10};
static const tdls_arg_positions tdls_pos_getrs = {
    [TDLS_ARG_LAYOUT] = 1,   [TDLS_ARG_TRANS] = 2,  [TDLS_ARG_N] = 3,
    [TDLS_ARG_NRHS] = 4,     [TDLS_ARG_A] = 5,      [TDLS_ARG_LDA] = 6,
    [TDLS_ARG_STRIDE_A] = 7, [TDLS_ARG_IPIV] = 8,   [TDLS_ARG_STRIDE_IPIV] = 9,
    [TDLS_ARG_B] = 10,       [TDLS_ARG_LDB] = 11,   [TDLS_ARG_STRIDE_B] = 12,
    [TDLS_ARG_BATCH] = 13,   [TDLS_ARG_DEVICE] = 14};
static const tdls_arg_positions tdls_pos_gesv_interleaved = {
    [TDLS_ARG_N] = 1, [TDLS_ARG_NRHS] = 2, [TDLS_ARG_A] = 3,     [TDLS_ARG_IPIV] = 4,
    [TDLS_ARG_B] = 5, [TDLS_ARG_INFO] = 6, [TDLS_ARG_BATCH] = 7, [TDLS_ARG_DEVICE] = 8};
static const tdls_arg_positions tdls_pos_getrf_interleaved = {
    [TDLS_ARG_N] = 1,    [TDLS_ARG_A] = 2,     [TDLS_ARG_IPIV] = 3,
    [TDLS_ARG_INFO] = 4, [TDLS_ARG_BATCH] = 5, [TDLS_ARG_DEVICE] = 6};
static const tdls_arg_positions tdls_pos_getrs_interleaved = {
    [TDLS_ARG_TRANS] = 1, [TDLS_ARG_N] = 2, [TDLS_ARG_NRHS] = 3,  [TDLS_ARG_A] = 4,
    [TDLS_ARG_IPIV] = 5,  [TDLS_ARG_B] = 6, [TDLS_ARG_BATCH] = 7, [TDLS_ARG_DEVICE] = 8};
static const tdls_arg_positions tdls_pos_gesv_ptr = {
    [TDLS_ARG_LAYOUT] = 1,      [TDLS_ARG_N] = 2,      [TDLS_ARG_NRHS] = 3,
    [TDLS_ARG_A] = 4,           [TDLS_ARG_LDA] = 5,    [TDLS_ARG_IPIV] = 6,
    [TDLS_ARG_STRIDE_IPIV] = 7, [TDLS_ARG_B] = 8,      [TDLS_ARG_LDB] = 9,
    [TDLS_ARG_INFO] = 10,       [TDLS_ARG_BATCH] = 11, [TDLS_ARG_DEVICE] = 12};

typedef enum { TDLS_ON_INVALID, TDLS_ON_HOST, TDLS_ON_DEVICE } tdls_batch_place;

static tdls_batch_place tdls_batch_where(int device) {
#ifdef _OPENMP
    if (device == TDLS_HOST || device == omp_get_initial_device())
        return TDLS_ON_HOST;
#if TDLS_BATCH_OFFLOAD
    if (device >= 0 && device < omp_get_num_devices())
        return TDLS_ON_DEVICE;
#endif
    return TDLS_ON_INVALID;
#else
    return device == TDLS_HOST ? TDLS_ON_HOST : TDLS_ON_INVALID;
#endif
}

/* Records that the argument in role `role` is invalid: the smallest
   position wins, as LAPACK reports the first invalid argument. */
static void tdls_flag(int *first, const signed char *pos, int role, int invalid) {
    if (invalid && pos[role] && (*first == 0 || pos[role] < *first))
        *first = pos[role];
}

/* 0, or the position of the first invalid argument. */
static int tdls_batch_check(const tdls_batch_call *c) {
    const signed char *const pos = c->pos;
    const int row_major = c->layout == TDLS_ROW_MAJOR;
    const int n1 = c->n > 1 ? c->n : 1;
    const int data = c->n > 0 && c->batch > 0;
    const int pointers = c->form == TDLS_FORM_POINTERS;
    int first = 0;
    tdls_flag(&first, pos, TDLS_ARG_LAYOUT, !row_major && c->layout != TDLS_COL_MAJOR);
    tdls_flag(&first, pos, TDLS_ARG_TRANS,
              c->trans != 'N' && c->trans != 'n' && c->trans != 'T' && c->trans != 't'
                  && c->trans != 'C' && c->trans != 'c');
    tdls_flag(&first, pos, TDLS_ARG_N, c->n < 0 || c->n > 64);
    tdls_flag(&first, pos, TDLS_ARG_NRHS, c->nrhs < 0);
    tdls_flag(&first, pos, TDLS_ARG_A, data && (pointers ? !c->a_array : !c->a));
    tdls_flag(&first, pos, TDLS_ARG_LDA, c->lda < n1);
    tdls_flag(&first, pos, TDLS_ARG_STRIDE_A, c->stride_a < (int64_t)c->n * c->lda);
    tdls_flag(&first, pos, TDLS_ARG_IPIV, data && !c->ipiv);
    tdls_flag(&first, pos, TDLS_ARG_STRIDE_IPIV, c->stride_ipiv < c->n);
    tdls_flag(&first, pos, TDLS_ARG_B, data && c->nrhs > 0 && (pointers ? !c->b_array : !c->b));
    tdls_flag(&first, pos, TDLS_ARG_LDB, c->ldb < (row_major ? (c->nrhs > 1 ? c->nrhs : 1) : n1));
    tdls_flag(&first, pos, TDLS_ARG_STRIDE_B,
              c->stride_b < (int64_t)(row_major ? c->n : c->nrhs) * c->ldb);
    tdls_flag(&first, pos, TDLS_ARG_INFO, data && !c->info);
    tdls_flag(&first, pos, TDLS_ARG_BATCH, c->batch < 0);
    tdls_flag(&first, pos, TDLS_ARG_DEVICE, tdls_batch_where(c->device) == TDLS_ON_INVALID);
    return first;
}

/* Element (i,j) of a strided or pointer-array operand with leading
   dimension ld, in the caller's storage order. */
static tdls_operand tdls_operand_of(const tdls_batch_call *c, const void *p,
                                    const void *const *array, int ld, int64_t stride) {
    const int row_major = c->layout == TDLS_ROW_MAJOR;
    tdls_operand o = {(void *)p, (void *const *)array, stride, row_major ? ld : 1,
                      row_major ? 1 : ld};
    if (c->form == TDLS_FORM_INTERLEAVED) {
        o.stride = 1;
        o.rs = c->batch;
        o.cs = (int64_t)c->n * c->batch;
    }
    return o;
}

static int tdls_batch_run(const tdls_batch_call *c) {
    const int first = tdls_batch_check(c);
    if (first)
        return -first;
    /* Order 0 still sets every info to 0, as LAPACK does: the drivers run. */
    if (c->batch == 0 || (c->op == TDLS_OP_GETRS && (c->n == 0 || c->nrhs == 0)))
        return 0;
    const int interleaved = c->form == TDLS_FORM_INTERLEAVED;
    const tdls_batch job = {
        .op = c->op,
        .trans = c->op == TDLS_OP_GETRS && c->trans != 'N' && c->trans != 'n',
        .n = c->n,
        .nrhs = c->op == TDLS_OP_GETRF ? 0 : c->nrhs,
        .batch = c->batch,
        .a = tdls_operand_of(c, c->a, c->a_array, c->lda, c->stride_a),
        .b = tdls_operand_of(c, c->b, c->b_array, c->ldb, c->stride_b),
        .ipiv = (int *)c->ipiv,
        .ipiv_stride = interleaved ? 1 : c->stride_ipiv,
        .ipiv_is = interleaved ? c->batch : 1,
        .info = c->info,
    };
#if TDLS_BATCH_OFFLOAD
    /* A device that cannot run the kernels is found before any data is
       touched, so it reads as an invalid argument. */
    if (tdls_batch_where(c->device) == TDLS_ON_DEVICE) {
        const int rc = c->precision == 's' ? tdls_batch_device_s(&job, c->device)
                                           : tdls_batch_device_d(&job, c->device);
        return rc ? -c->pos[TDLS_ARG_DEVICE] : 0;
    }
#endif
    return c->precision == 's' ? tdls_batch_host_s(&job) : tdls_batch_host_d(&job);
}

#define TDLS_BATCH_API_P    s
#define TDLS_BATCH_API_REAL float
#include "batch_api_entry.h"

#define TDLS_BATCH_API_P    d
#define TDLS_BATCH_API_REAL double
#include "batch_api_entry.h"
