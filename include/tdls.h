/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls: solvers for tiny dense linear systems. The batched host API and the
 * facts about this build of the library; the device-callable solver bodies
 * live in the family headers under tdls/. */
#ifndef TDLS_H
#define TDLS_H

/* The knob values, among them the storage orders TDLS_ROW_MAJOR and
 * TDLS_COL_MAJOR (LAPACKE's values). */
#include <tdls/config.h>

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, "MAJOR.MINOR.PATCH". */
const char *tdls_version(void);

/* How this copy of the library was built: compiler and version, OpenMP on or
 * off, and the offload architectures, e.g.
 * "Clang 19.1.7, OpenMP on, offload sm_90 gfx90a". */
const char *tdls_build_configuration(void);

/* Where an OpenMP target region on device number `device` actually runs:
 * returns 0 when it ran on an offload device, 1 when it ran on the host
 * (CPU-only builds, no such device, or the runtime fell back to the host),
 * and -1 when `device` is not in [0, omp_get_num_devices()]
 * (omp_get_num_devices() itself names the host). With OMP_TARGET_OFFLOAD=MANDATORY
 * a device that cannot run the region stops the program instead. */
int tdls_offload_probe(int device);

/* ---- the batched API ------------------------------------------------------

   LAPACK's gesv, getrf and getrs over a batch of n x n systems, 0 <= n <= 64,
   in single (s) and double (d) precision. Semantics are LAPACK's:
   - getrf factors P A = L U with partial pivoting and overwrites A with L
     (unit diagonal not stored) and U, as LAPACK does; ipiv holds LAPACK's
     1-based row interchanges. LAPACKE_?getrs solves with these factors.
   - info[k] is 0, or the 1-based index of the first pivot of system k that
     is zero, subnormal or not finite (its factorization still completes).
     gesv leaves b of such a system as it was, as LAPACK does.
   - The pivot rule is tdls's: the row in place keeps the pivot when it
     reaches 0.1 of the largest candidate of the column (multipliers stay
     below 10), else the first row with the largest magnitude. ipiv may
     therefore differ from LAPACK's; the factors are as valid.
   - The return value is 0, or -i when the i-th argument is invalid; the
     arguments are checked before any data is read or written. A device
     whose target regions would fall back to the host (no image for its
     architecture, or it failed to start, under OMP_TARGET_OFFLOAD=DEFAULT)
     is an invalid `device`. TDLS_BATCH_MEMORY_ERROR: the host could not
     allocate its scratch (O(threads * n^2), never O(batch)); nothing was
     read or written either.
   - The same inputs give bitwise the same outputs for every thread count,
     every layout of the same systems, and the host and host-offload devices.
     gesv gives the bits of getrf followed by getrs.

   device: TDLS_HOST runs on the host with host pointers (also accepted:
   omp_get_initial_device()). Any other OpenMP device number takes pointers
   to that device's memory (omp_target_alloc, or use_device_ptr /
   use_device_addr of mapped host arrays; see the README), the pointer
   arrays of the _ptr forms included. A CPU-only build accepts TDLS_HOST
   only. All indexing is 64-bit: batch may reach 2^63 - 1. */

/* OpenMP 5.2's omp_initial_device: the host. */
#define TDLS_HOST (-1)

/* LAPACKE's LAPACK_WORK_MEMORY_ERROR. */
#define TDLS_BATCH_MEMORY_ERROR (-1010)

/* TDLS_ROW_MAJOR and TDLS_COL_MAJOR (tdls/config.h) are also preprocessor
   numbers, because the solver knobs test them in #if. */
typedef int tdls_layout;

/* Strided batch: system k's matrix starts at a + k * stride_a, element (i,j)
   at [i + j * lda] (column-major) or [i * lda + j] (row-major), with
   lda >= n and stride_a >= n * lda; its pivots at ipiv + k * stride_ipiv
   (stride_ipiv >= n); its right-hand sides at b + k * stride_b, element
   (i,r) at [i + r * ldb] (column-major, ldb >= n, stride_b >= nrhs * ldb)
   or [i * ldb + r] (row-major, ldb >= nrhs, stride_b >= n * ldb). */
int tdls_sgesv_batch(tdls_layout layout, int n, int nrhs, float *a, int lda, int64_t stride_a,
                     int *ipiv, int64_t stride_ipiv, float *b, int ldb, int64_t stride_b, int *info,
                     int64_t batch, int device);
int tdls_dgesv_batch(tdls_layout layout, int n, int nrhs, double *a, int lda, int64_t stride_a,
                     int *ipiv, int64_t stride_ipiv, double *b, int ldb, int64_t stride_b,
                     int *info, int64_t batch, int device);
int tdls_sgetrf_batch(tdls_layout layout, int n, float *a, int lda, int64_t stride_a, int *ipiv,
                      int64_t stride_ipiv, int *info, int64_t batch, int device);
int tdls_dgetrf_batch(tdls_layout layout, int n, double *a, int lda, int64_t stride_a, int *ipiv,
                      int64_t stride_ipiv, int *info, int64_t batch, int device);
/* trans: 'N' solves A X = B, 'T' (or 'C') solves A^T X = B, with the factors
   and ipiv of getrf (this library's or LAPACK's). Factors that getrf
   cannot have produced for a solvable system (a pivot that is zero,
   subnormal or not finite, or ipiv[i] outside [i, n] at step i, 1-based)
   make the solution of that system NaN, where LAPACK would divide by zero
   or read out of bounds. */
int tdls_sgetrs_batch(tdls_layout layout, char trans, int n, int nrhs, const float *a, int lda,
                      int64_t stride_a, const int *ipiv, int64_t stride_ipiv, float *b, int ldb,
                      int64_t stride_b, int64_t batch, int device);
int tdls_dgetrs_batch(tdls_layout layout, char trans, int n, int nrhs, const double *a, int lda,
                      int64_t stride_a, const int *ipiv, int64_t stride_ipiv, double *b, int ldb,
                      int64_t stride_b, int64_t batch, int device);

/* Interleaved batch, the layout of GPUs and of SIMD across systems: entry
   (i,j) of system k at a[(i + j*n) * batch + k], entry (i,r) of its
   right-hand sides at b[(i + r*n) * batch + k], ipiv entry i at
   ipiv[i * batch + k]. */
int tdls_sgesv_batch_interleaved(int n, int nrhs, float *a, int *ipiv, float *b, int *info,
                                 int64_t batch, int device);
int tdls_dgesv_batch_interleaved(int n, int nrhs, double *a, int *ipiv, double *b, int *info,
                                 int64_t batch, int device);
int tdls_sgetrf_batch_interleaved(int n, float *a, int *ipiv, int *info, int64_t batch, int device);
int tdls_dgetrf_batch_interleaved(int n, double *a, int *ipiv, int *info, int64_t batch,
                                  int device);
int tdls_sgetrs_batch_interleaved(char trans, int n, int nrhs, const float *a, const int *ipiv,
                                  float *b, int64_t batch, int device);
int tdls_dgetrs_batch_interleaved(char trans, int n, int nrhs, const double *a, const int *ipiv,
                                  double *b, int64_t batch, int device);

/* Pointer arrays, as cuBLAS and MAGMA take them: system k's matrix at
   a_array[k] and its right-hand sides at b_array[k], addressed as in the
   strided form; its pivots at ipiv + k * stride_ipiv. */
int tdls_sgesv_batch_ptr(tdls_layout layout, int n, int nrhs, float *const *a_array, int lda,
                         int *ipiv, int64_t stride_ipiv, float *const *b_array, int ldb, int *info,
                         int64_t batch, int device);
int tdls_dgesv_batch_ptr(tdls_layout layout, int n, int nrhs, double *const *a_array, int lda,
                         int *ipiv, int64_t stride_ipiv, double *const *b_array, int ldb, int *info,
                         int64_t batch, int device);

/* Frees the host scratch the calling thread keeps. A host call keeps its
   scratch in each thread that ran it (a pass per thread, at most about
   2.3 MiB, at n = 64), so that the next call of that thread, when it needs
   no more, allocates nothing; a thread's is freed when the thread exits.
   Call it from every thread of a parallel region to free the OpenMP
   threads' too (#pragma omp parallel). Never needed for correctness. */
void tdls_free_host_scratch(void);

#ifdef __cplusplus
}
#endif

#endif /* TDLS_H */
