/* SPDX-License-Identifier: BSD-3-Clause */
/* The library's internal description of one batched call: what to do, and
   where element (i,j) of each operand of system k lies, whatever the
   caller's layout (strided row- or column-major, interleaved, pointer
   arrays). The API entry points fill it after checking the arguments; the
   host and device drivers read it. */
#ifndef TDLS_LIB_BATCH_H
#define TDLS_LIB_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include <tdls/core/math.h>

typedef enum { TDLS_OP_GETRF = 1, TDLS_OP_GETRS = 2, TDLS_OP_GESV = 3 } tdls_batch_op;

/* Element (i,j) of system k lies at base(k)[i * rs + j * cs], where base(k)
   is array[k] when array is set (pointer arrays), else p + k * stride. For
   right-hand sides j is the column r. Offsets are in elements. */
typedef struct {
    void *p;
    void *const *array;
    int64_t stride, rs, cs;
} tdls_operand;

typedef struct {
    tdls_batch_op op;
    int trans; /* getrs: 0 solves A X = B, 1 solves A^T X = B */
    int n, nrhs;
    int64_t batch;
    tdls_operand a, b; /* b is unused by getrf */
    /* Pivot i of system k at ipiv[k * ipiv_stride + i * ipiv_is], 1-based. */
    int *ipiv;
    int64_t ipiv_stride, ipiv_is;
    int *info; /* info[k]; unused by getrs */
} tdls_batch;

/* Step i (0-based) of factors handed to getrs is unusable when its
   interchange q (0-based) is not one getrf makes, q in [i, n), or its pivot
   is one getrf rejects (zero, subnormal, not finite). Every driver then
   returns a NaN solution for that system. */
#define TDLS_BATCH_UNUSABLE(q, i, n, pivot)                                                        \
    ((q) < (i) || (q) >= (n) || !TDLS_PIVOT_OK(TDLS_FABS(pivot), TDLS_REAL_MIN(pivot)))

/* The drivers: 0 on success, -1 when a device (not the host) cannot run
   the batch, TDLS_BATCH_MEMORY_ERROR when the host cannot allocate its
   scratch; nothing is touched in both failures. The arguments are valid
   when they are called. */
int tdls_batch_host_s(const tdls_batch *job);
int tdls_batch_host_d(const tdls_batch *job);
/* The host driver compiled for one instruction set each (batch_host.c);
   tdls_batch_host_{s,d} pick the one this CPU runs. */
int tdls_batch_host_s_baseline(const tdls_batch *job);
int tdls_batch_host_d_baseline(const tdls_batch *job);
int tdls_batch_host_s_avx2(const tdls_batch *job);
int tdls_batch_host_d_avx2(const tdls_batch *job);
int tdls_batch_host_s_avx512(const tdls_batch *job);
int tdls_batch_host_d_avx512(const tdls_batch *job);
int tdls_batch_device_s(const tdls_batch *job, int device);
int tdls_batch_device_d(const tdls_batch *job, int device);

/* A host driver's scratch of at least bytes, 64-byte aligned, for the
   calling thread (host_scratch.c): the buffer the thread keeps when it is
   large enough, else a new one, kept in its place where the platform
   allows; NULL when it cannot be allocated. Handed back with
   tdls_host_scratch_done, which frees it unless it is kept. */
unsigned char *tdls_host_scratch(size_t bytes);
void tdls_host_scratch_done(unsigned char *p);

#endif
