/* SPDX-License-Identifier: BSD-3-Clause */
/* The host driver of the batched API for one precision: blocks of W
   systems packed into the lanes kernel's layout, factored or solved there,
   and unpacked. Included by batch_host.c after defining TDLS_BH_P (s or d),
   TDLS_BH_REAL and TDLS_BH_W. */

#define TDLS_BH_T      TDLS_BH_REAL
#define TDLS_BH_FN(x)  TDLS_CAT(TDLS_CAT(tdls_bh_, TDLS_BH_P), x)
#define TDLS_BH_DRIVER TDLS_CAT(TDLS_CAT(TDLS_CAT(tdls_batch_host_, TDLS_BH_P), _), TDLS_HOST_ISA)

#define TDLS_LANES_NAME TDLS_BH_FN(_lanes)
#define TDLS_LANES_REAL TDLS_BH_REAL
#define TDLS_LANES_W    TDLS_BH_W
#include "lanes_lupp.h"

/* One thread's scratch: a block's matrices, a chunk of its right-hand
   sides, its pivots and infos, all in the lanes layout (lane l of element
   (i,j) at i * W + j * n * W + l). */
typedef struct {
    TDLS_BH_T *a, *b;
    int *ipiv, *info;
} TDLS_BH_FN(_scratch);

/* dst[o * dso + i * dsi] = src[o * sso + i * ssi] over no x ni elements;
   inlined where one of the strides is the constant 1. */
TDLS_INLINE void TDLS_BH_FN(_copy)(TDLS_BH_T *TDLS_RESTRICT dst, ptrdiff_t dso, ptrdiff_t dsi,
                                   const TDLS_BH_T *TDLS_RESTRICT src, ptrdiff_t sso, ptrdiff_t ssi,
                                   int no, int ni) {
    for (int o = 0; o < no; ++o)
        for (int i = 0; i < ni; ++i)
            dst[o * dso + i * dsi] = src[o * sso + i * ssi];
}

/* Moves one system's rows x cols operand x (caller's strides rs, cs)
   to (unpack 0) or from (unpack 1) lane s of the scratch, walking the
   caller's array along its smaller stride. */
static void TDLS_BH_FN(_lane_move)(TDLS_BH_T *s, TDLS_BH_T *x, int64_t rs, int64_t cs, int rows,
                                   int cols, int unpack) {
    const int by_cols = rs <= cs;
    const ptrdiff_t xo = by_cols ? cs : rs, xi = by_cols ? rs : cs;
    const ptrdiff_t so = by_cols ? (ptrdiff_t)rows * TDLS_BH_W : TDLS_BH_W;
    const ptrdiff_t si = by_cols ? TDLS_BH_W : (ptrdiff_t)rows * TDLS_BH_W;
    const int no = by_cols ? cols : rows, ni = by_cols ? rows : cols;
    if (unpack && xi == 1)
        TDLS_BH_FN(_copy)(x, xo, 1, s, so, si, no, ni);
    else if (unpack)
        TDLS_BH_FN(_copy)(x, xo, xi, s, so, si, no, ni);
    else if (xi == 1)
        TDLS_BH_FN(_copy)(s, so, si, x, xo, 1, no, ni);
    else
        TDLS_BH_FN(_copy)(s, so, si, x, xo, xi, no, ni);
}

/* Lanes adjacent in the caller's array too (interleaved batches): every
   element is one contiguous run of m values. Packing prefetches the same
   element four blocks ahead, which the same thread of the static schedule
   packs soon after: the n^2 streams are too many for the hardware
   prefetchers (one thread, AVX-512, batches of 64 MiB: 20% to 45% more
   systems per second at orders 8 to 32 than one block ahead). */
TDLS_INLINE void TDLS_BH_FN(_run_move)(TDLS_BH_T *s, TDLS_BH_T *x, int64_t rs, int64_t cs, int rows,
                                       int cols, int m, const int *skip, int unpack, int prefetch) {
    for (int j = 0; j < cols; ++j)
        for (int i = 0; i < rows; ++i) {
            TDLS_BH_T *const sv = s + ((ptrdiff_t)j * rows + i) * TDLS_BH_W;
            TDLS_BH_T *const xv = x + i * rs + j * cs;
            if (unpack) {
                for (int l = 0; l < m; ++l)
                    if (!skip || !skip[l])
                        xv[l] = sv[l];
            } else {
#if defined(__GNUC__)
                if (prefetch)
                    __builtin_prefetch(xv + 4 * TDLS_BH_W);
#endif
                for (int l = 0; l < m; ++l)
                    sv[l] = xv[l];
            }
        }
}

/* Moves column block [col0, col0 + cols) of systems [k0, k0 + m) of
   operand o between the caller and the scratch s. Unpacking leaves the
   lanes that skip marks untouched. */
static void TDLS_BH_FN(_move)(const tdls_operand *o, int64_t batch, int64_t k0, int m, int rows,
                              int col0, int cols, TDLS_BH_T *s, const int *skip, int unpack) {
    if (!o->array && o->stride == 1) {
        TDLS_BH_T *const x = (TDLS_BH_T *)o->p + k0 + col0 * o->cs;
        const int prefetch = k0 + 5 * TDLS_BH_W <= batch;
        if (m == TDLS_BH_W)
            TDLS_BH_FN(_run_move)(s, x, o->rs, o->cs, rows, cols, TDLS_BH_W, skip, unpack,
                                  prefetch);
        else
            TDLS_BH_FN(_run_move)(s, x, o->rs, o->cs, rows, cols, m, skip, unpack, 0);
        return;
    }
    for (int l = 0; l < m; ++l) {
        if (skip && skip[l])
            continue;
        TDLS_BH_T *const base =
            o->array ? (TDLS_BH_T *)o->array[k0 + l] : (TDLS_BH_T *)o->p + (k0 + l) * o->stride;
        TDLS_BH_FN(_lane_move)(s + l, base + col0 * o->cs, o->rs, o->cs, rows, cols, unpack);
    }
}

/* Lanes past the end of the batch: diag on the diagonal, zero elsewhere,
   so that they factor and solve without trouble and never signal. */
static void TDLS_BH_FN(_pad)(TDLS_BH_T *s, int rows, int cols, int m, TDLS_BH_T diag) {
    for (int j = 0; j < cols; ++j)
        for (int i = 0; i < rows; ++i)
            for (int l = m; l < TDLS_BH_W; ++l)
                s[((ptrdiff_t)j * rows + i) * TDLS_BH_W + l] = i == j ? diag : 0;
}

/* Pivots of systems [k0, k0 + m) between the caller and the scratch; the
   padded lanes get no interchange. */
static void TDLS_BH_FN(_ipiv_move)(const tdls_batch *job, int64_t k0, int m, int *s, int unpack) {
    for (int i = 0; i < job->n; ++i) {
        int *const p = job->ipiv + k0 * job->ipiv_stride + i * job->ipiv_is;
        int *const v = s + i * TDLS_BH_W;
        for (int l = 0; l < m; ++l) {
            if (unpack)
                p[l * job->ipiv_stride] = v[l];
            else
                v[l] = p[l * job->ipiv_stride];
        }
        for (int l = m; l < TDLS_BH_W && !unpack; ++l)
            v[l] = i + 1;
    }
}

/* Right-hand sides at most this many columns at a time: the scratch stays
   O(W n^2) whatever nrhs is. */
enum { TDLS_BH_FN(_chunk) = 8 };

/* One block. _block inlines it with n a compile-time constant up to 16:
   the kernel's short loops then unroll (order 8 runs about twice as fast),
   and every order keeps the same operations, so the same bits. */
TDLS_INLINE void TDLS_BH_FN(_block_of)(const tdls_batch *job, int64_t q,
                                       const TDLS_BH_FN(_scratch) * s, const int n) {
    const int W = TDLS_BH_W;
    const int64_t k0 = q * W;
    const int m = job->batch - k0 < W ? (int)(job->batch - k0) : W;
    const ptrdiff_t cs = (ptrdiff_t)n * W;
    TDLS_BH_FN(_move)(&job->a, job->batch, k0, m, n, 0, n, s->a, NULL, 0);
    TDLS_BH_FN(_pad)(s->a, n, n, m, 1);
    if (job->op == TDLS_OP_GETRS) {
        TDLS_BH_FN(_ipiv_move)(job, k0, m, s->ipiv, 0);
    } else {
        TDLS_BH_FN(_lanes_getrf)(n, s->a, W, cs, s->ipiv, W, s->info);
        TDLS_BH_FN(_move)(&job->a, job->batch, k0, m, n, 0, n, s->a, NULL, 1);
        TDLS_BH_FN(_ipiv_move)(job, k0, m, s->ipiv, 1);
        for (int l = 0; l < m; ++l)
            job->info[k0 + l] = s->info[l];
    }
    if (job->op == TDLS_OP_GETRF)
        return;
    /* gesv: LAPACK leaves b of a singular system as it was. */
    const int *const skip = job->op == TDLS_OP_GESV ? s->info : NULL;
    for (int c0 = 0; c0 < job->nrhs; c0 += TDLS_BH_FN(_chunk)) {
        const int cc = job->nrhs - c0 < TDLS_BH_FN(_chunk) ? job->nrhs - c0 : TDLS_BH_FN(_chunk);
        TDLS_BH_FN(_move)(&job->b, job->batch, k0, m, n, c0, cc, s->b, skip, 0);
        TDLS_BH_FN(_pad)(s->b, n, cc, m, 0);
        TDLS_BH_FN(_lanes_getrs)(job->trans, n, cc, s->a, W, cs, s->ipiv, W, s->b, W, cs);
        TDLS_BH_FN(_move)(&job->b, job->batch, k0, m, n, c0, cc, s->b, skip, 1);
    }
}

static void TDLS_BH_FN(_block)(const tdls_batch *job, int64_t q, const TDLS_BH_FN(_scratch) * s) {
#define TDLS_BH_ORDER(n)                                                                           \
    case n:                                                                                        \
        TDLS_BH_FN(_block_of)(job, q, s, n);                                                       \
        return;
    switch (job->n) {
        TDLS_BH_ORDER(1)
        TDLS_BH_ORDER(2)
        TDLS_BH_ORDER(3)
        TDLS_BH_ORDER(4)
        TDLS_BH_ORDER(5)
        TDLS_BH_ORDER(6)
        TDLS_BH_ORDER(7)
        TDLS_BH_ORDER(8)
        TDLS_BH_ORDER(9)
        TDLS_BH_ORDER(10)
        TDLS_BH_ORDER(11)
        TDLS_BH_ORDER(12)
        TDLS_BH_ORDER(13)
        TDLS_BH_ORDER(14)
        TDLS_BH_ORDER(15)
        TDLS_BH_ORDER(16)
        default:
            TDLS_BH_FN(_block_of)(job, q, s, job->n);
    }
#undef TDLS_BH_ORDER
}

int TDLS_BH_DRIVER(const tdls_batch *job) {
    const int n = job->n;
    const int64_t blocks = job->batch / TDLS_BH_W + (job->batch % TDLS_BH_W != 0);
    const int chunk = job->nrhs < TDLS_BH_FN(_chunk) ? job->nrhs : TDLS_BH_FN(_chunk);
    const size_t a_bytes = tdls_bh_round64(sizeof(TDLS_BH_T) * TDLS_BH_W * n * n);
    const size_t b_bytes = tdls_bh_round64(sizeof(TDLS_BH_T) * TDLS_BH_W * n * chunk);
    const size_t ipiv_bytes = tdls_bh_round64(sizeof(int) * TDLS_BH_W * n);
    const size_t per_thread =
        a_bytes + b_bytes + ipiv_bytes + tdls_bh_round64(sizeof(int) * TDLS_BH_W);
    const int threads = tdls_bh_threads(blocks);
    unsigned char *const scratch = aligned_alloc(64, per_thread * threads);
    if (!scratch)
        return TDLS_BATCH_MEMORY_ERROR;
#pragma omp parallel num_threads(threads)
    {
        unsigned char *const mine = scratch + per_thread * tdls_bh_thread();
        const TDLS_BH_FN(_scratch)
            s = {(TDLS_BH_T *)mine, (TDLS_BH_T *)(mine + a_bytes),
                 (int *)(mine + a_bytes + b_bytes), (int *)(mine + a_bytes + b_bytes + ipiv_bytes)};
#pragma omp for schedule(static)
        for (int64_t q = 0; q < blocks; ++q)
            TDLS_BH_FN(_block)(job, q, &s);
    }
    free(scratch);
    return 0;
}

#undef TDLS_BH_T
#undef TDLS_BH_FN
#undef TDLS_BH_DRIVER
#undef TDLS_BH_P
#undef TDLS_BH_REAL
#undef TDLS_BH_W
