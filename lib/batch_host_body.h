/* SPDX-License-Identifier: BSD-3-Clause */
/* The host driver of the batched API for one precision and one block
   width: blocks of W systems packed into the lanes kernel's layout,
   factored or solved there, and unpacked. Included by batch_host.c after
   defining TDLS_BH_P (s or d), TDLS_BH_REAL, TDLS_BH_TAG (a name for the
   instance), TDLS_BH_W and TDLS_BH_ORDERS (the orders 1 to TDLS_BH_ORDERS
   are compiled as constants: 0, 16 or 32; the others take the runtime
   order) and TDLS_BH_GROUP (the kernel's TDLS_LANES_J), TDLS_BH_VECTOR
   set. */

#define TDLS_BH_T     TDLS_BH_REAL
#define TDLS_BH_FN(x) TDLS_CAT(TDLS_CAT(TDLS_CAT(tdls_bh_, TDLS_BH_P), TDLS_CAT(_, TDLS_BH_TAG)), x)

/* Elements between two entries of one lane in the scratch: W, plus one
   64-byte line where a lane's vector fills 256 bytes or more. Unpadded,
   the n^2 entries of a lane of 32 doubles lie 256 bytes apart, in 16 of
   the 64 sets of a 48 KiB L1, and a strided batch, moved system by
   system, evicted its own lines (Zen 5, order 16, strided dgesv: 1.5
   times faster padded; interleaved batches, moved a whole run per
   element, lost about 5% at order 8). The kernel takes the stride, so the
   bits do not change. */
#define TDLS_BH_E                                                                                  \
    ((ptrdiff_t)(sizeof(TDLS_BH_T) * TDLS_BH_W >= 256 ? TDLS_BH_W + 64 / sizeof(TDLS_BH_T)         \
                                                      : TDLS_BH_W))

#define TDLS_LANES_NAME TDLS_BH_FN(_lanes)
#define TDLS_LANES_REAL TDLS_BH_REAL
#define TDLS_LANES_W    TDLS_BH_W
#define TDLS_LANES_J    TDLS_BH_GROUP
/* A group of columns goes one register's lanes at a time; one column, all
   W lanes at once, as the unrolled loop over lanes runs best. */
#define TDLS_LANES_V                                                                               \
    ((int)(TDLS_BH_GROUP > 1 && sizeof(TDLS_BH_T) * TDLS_BH_W > TDLS_BH_VECTOR                     \
               ? TDLS_BH_VECTOR / sizeof(TDLS_BH_T)                                                \
               : TDLS_BH_W))
#include "lanes_lupp.h"

/* One thread's scratch for a pass of up to S blocks: each block's
   matrices, a chunk of its right-hand sides, its pivots and infos, all in
   the lanes layout (lane l of element (i,j) of block q at
   q * sa + i * E + j * n * E + l, sa the block's size; the same for b with
   its own block size; ipiv and info with W in place of E). */
typedef struct {
    TDLS_BH_T *a, *b;
    int *ipiv, *info;
    ptrdiff_t sa, sb;
} TDLS_BH_FN(_scratch);

/* The place of system t of a pass (0-based) in a scratch array whose
   blocks are sblk elements apart. */
TDLS_INLINE ptrdiff_t TDLS_BH_FN(_slot)(int t, ptrdiff_t sblk) {
    return (ptrdiff_t)(t / TDLS_BH_W) * sblk + t % TDLS_BH_W;
}

/* dst[o * dso + i * dsi] = src[o * sso + i * ssi] over no x ni elements;
   inlined where one of the strides is the constant 1. */
TDLS_INLINE void TDLS_BH_FN(_copy)(TDLS_BH_T *TDLS_RESTRICT dst, ptrdiff_t dso, ptrdiff_t dsi,
                                   const TDLS_BH_T *TDLS_RESTRICT src, ptrdiff_t sso, ptrdiff_t ssi,
                                   int no, int ni) {
    for (int o = 0; o < no; ++o)
        for (int i = 0; i < ni; ++i)
            dst[o * dso + i * dsi] = src[o * sso + i * ssi];
}

/* Moves one system's operand x, walked as w, to (unpack 0) or from
   (unpack 1) lane s of the scratch. */
static void TDLS_BH_FN(_lane_move)(TDLS_BH_T *s, TDLS_BH_T *x, tdls_bh_walk w, int unpack) {
    const ptrdiff_t xo = w.xo, xi = w.xi;
    const int no = w.no, ni = w.ni;
    const ptrdiff_t so = w.by_cols ? (ptrdiff_t)ni * TDLS_BH_E : TDLS_BH_E;
    const ptrdiff_t si = w.by_cols ? TDLS_BH_E : (ptrdiff_t)no * TDLS_BH_E;
    if (unpack && xi == 1)
        TDLS_BH_FN(_copy)(x, xo, 1, s, so, si, no, ni);
    else if (unpack)
        TDLS_BH_FN(_copy)(x, xo, xi, s, so, si, no, ni);
    else if (xi == 1)
        TDLS_BH_FN(_copy)(s, so, si, x, xo, 1, no, ni);
    else
        TDLS_BH_FN(_copy)(s, so, si, x, xo, xi, no, ni);
}

/* Systems adjacent in the caller's array (interleaved batches): every
   element of the pass is one contiguous run of m values, read or written
   whole before the next. A pass of many blocks makes these runs long: one
   64-byte line per element and block, as a pass of one block reads, puts
   n^2 lines a power of two apart in flight when the batch is a power of
   two, all in one cache set (one thread, AVX2, batches of 2^17 systems
   of order 16: about 1.6 times slower than with 128 000 systems). The
   run TDLS_BH_AHEAD elements on is asked for before each run is read. */
TDLS_INLINE void TDLS_BH_FN(_run_move)(TDLS_BH_T *s, ptrdiff_t sblk, TDLS_BH_T *x, int64_t rs,
                                       int64_t cs, int rows, int cols, int m, const int *skip,
                                       int unpack) {
    /* Whole vectors unless some system of the pass is to be left alone
       (a singular one in gesv: rare), then lane by lane. */
    int whole = 1;
    for (int t = 0; unpack && skip && t < m; ++t)
        whole &= !skip[t];
    for (int j = 0; j < cols; ++j)
        for (int i = 0; i < rows; ++i) {
            TDLS_BH_T *const sv = s + ((ptrdiff_t)j * rows + i) * TDLS_BH_E;
            TDLS_BH_T *const xv = x + i * rs + j * cs;
            const int blocks = whole ? m / TDLS_BH_W : 0;
            const int ahead = j * rows + i + TDLS_BH_AHEAD;
            if (!unpack && ahead < rows * cols)
                tdls_bh_prefetch(x + ahead % rows * rs + ahead / rows * cs,
                                 sizeof(TDLS_BH_T) * (size_t)m);
            tdls_bh_block_runs(xv, sv, sizeof(TDLS_BH_T) * TDLS_BH_W, sizeof(TDLS_BH_T) * sblk,
                               blocks, unpack);
            for (int t0 = blocks * TDLS_BH_W; t0 < m; ++t0) {
                TDLS_BH_T *const st = sv + TDLS_BH_FN(_slot)(t0, sblk);
                if (!unpack)
                    *st = xv[t0];
                else if (!skip || !skip[t0])
                    xv[t0] = *st;
            }
        }
}

/* System k of a strided or pointer-array operand. */
TDLS_INLINE TDLS_BH_T *TDLS_BH_FN(_system)(const tdls_operand *o, int64_t k) {
    return o->array ? (TDLS_BH_T *)o->array[k] : (TDLS_BH_T *)o->p + k * o->stride;
}

/* Moves column block [col0, col0 + cols) of systems [k0, k0 + m) of
   operand o between the caller and the scratch s (blocks sblk elements
   apart). Unpacking leaves the systems that skip marks untouched; packing
   asks for the system TDLS_BH_AHEAD on before it moves each. */
static void TDLS_BH_FN(_move)(const tdls_operand *o, int64_t k0, int m, int rows, int col0,
                              int cols, TDLS_BH_T *s, ptrdiff_t sblk, const int *skip, int unpack) {
    if (tdls_bh_runs(o)) {
        TDLS_BH_T *const x = (TDLS_BH_T *)o->p + k0 + col0 * o->cs;
        TDLS_BH_FN(_run_move)(s, sblk, x, o->rs, o->cs, rows, cols, m, skip, unpack);
        return;
    }
    const tdls_bh_walk walk = tdls_bh_walk_of(o->rs, o->cs, rows, cols);
    for (int t = 0; t < m; ++t) {
        if (!unpack && t + TDLS_BH_AHEAD < m)
            tdls_bh_prefetch_walk(TDLS_BH_FN(_system)(o, k0 + t + TDLS_BH_AHEAD) + col0 * o->cs,
                                  sizeof(TDLS_BH_T), walk);
        if (skip && skip[t])
            continue;
        TDLS_BH_T *const lane = s + TDLS_BH_FN(_slot)(t, sblk);
        TDLS_BH_FN(_lane_move)(lane, TDLS_BH_FN(_system)(o, k0 + t) + col0 * o->cs, walk, unpack);
    }
}

/* Lanes of the pass's last block past the end of the batch: diag on the
   diagonal, zero elsewhere, so that they factor and solve without trouble
   and never signal. */
static void TDLS_BH_FN(_pad)(TDLS_BH_T *s, ptrdiff_t sblk, int rows, int cols, int m,
                             TDLS_BH_T diag) {
    TDLS_BH_T *const last = s + (ptrdiff_t)(m / TDLS_BH_W) * sblk;
    for (int j = 0; j < cols && m % TDLS_BH_W; ++j)
        for (int i = 0; i < rows; ++i)
            for (int l = m % TDLS_BH_W; l < TDLS_BH_W; ++l)
                last[((ptrdiff_t)j * rows + i) * TDLS_BH_E + l] = i == j ? diag : 0;
}

/* Pivots of systems [k0, k0 + m) between the caller and the scratch (blocks
   sblk apart), a block's worth at a time where the caller's pivots of
   adjacent systems are adjacent (interleaved batches); the padded lanes
   get no interchange. */
static void TDLS_BH_FN(_ipiv_move)(const tdls_batch *job, int64_t k0, int m, int *s, ptrdiff_t sblk,
                                   int unpack) {
    for (int i = 0; i < job->n; ++i) {
        int *const p = job->ipiv + k0 * job->ipiv_stride + i * job->ipiv_is;
        int *const v = s + i * TDLS_BH_W;
        const int blocks = job->ipiv_stride == 1 ? m / TDLS_BH_W : 0;
        tdls_bh_block_runs(p, v, sizeof(int) * TDLS_BH_W, sizeof(int) * sblk, blocks, unpack);
        int t = blocks * TDLS_BH_W;
        for (; t < m; ++t) {
            if (unpack)
                p[t * job->ipiv_stride] = v[TDLS_BH_FN(_slot)(t, sblk)];
            else
                v[TDLS_BH_FN(_slot)(t, sblk)] = p[t * job->ipiv_stride];
        }
        for (; t % TDLS_BH_W && !unpack; ++t)
            v[TDLS_BH_FN(_slot)(t, sblk)] = i + 1;
    }
}

/* A pass: the m systems from k0 on, in consecutive blocks of W. _pass
   inlines it with n a compile-time constant up to TDLS_BH_ORDERS: the kernel's short
   loops then unroll (order 8 runs about twice as fast), and every order
   keeps the same operations, so the same bits. */
TDLS_INLINE void TDLS_BH_FN(_pass_of)(const tdls_batch *job, int64_t k0, int m,
                                      const TDLS_BH_FN(_scratch) * s, const int n) {
    const int W = TDLS_BH_W;
    const int blocks = (m + W - 1) / W;
    const ptrdiff_t rs = TDLS_BH_E, cs = (ptrdiff_t)n * rs, sp = (ptrdiff_t)n * W;
    /* gesv on an interleaved batch up to order 16: the solve of the first
       right-hand sides writes each whole block's factors to the caller as
       it reads them, which spares the write-back a pass over the scratch
       (Zen 3, one thread, diagonally dominant: 8-15% more systems per
       second at orders 8 and 12, no change at 16; a wash on a Zen 5; the
       same bits). Above 16 it writes one block's line of every element,
       n^2 lines a batch apart, before the next block's: on the Zen 5 the
       whole runs of the write-back after getrf went 1.1-1.2 times faster
       at orders 24 and 32, and 1.7-1.9 times at order 32 on a batch of
       2^14 systems, where those lines share a cache set. The partial last
       block, and every other case, writes the factors back after getrf. */
    const int direct = job->op == TDLS_OP_GESV && job->nrhs > 0 && n <= TDLS_BH_DIRECT_MAX_N
                               && tdls_bh_runs(&job->a)
                           ? m / W
                           : 0;
    TDLS_BH_FN(_move)(&job->a, k0, m, n, 0, n, s->a, s->sa, NULL, 0);
    TDLS_BH_FN(_pad)(s->a, s->sa, n, n, m, 1);
    if (job->op == TDLS_OP_GETRS) {
        TDLS_BH_FN(_ipiv_move)(job, k0, m, s->ipiv, sp, 0);
    } else {
        for (int q = 0; q < blocks; ++q) {
            TDLS_BH_T *const a = s->a + q * s->sa;
            TDLS_BH_FN(_lanes_getrf)(n, a, rs, cs, s->ipiv + q * sp, W, s->info + q * W);
        }
        const int64_t k1 = k0 + (int64_t)direct * W;
        TDLS_BH_T *const rest = s->a + direct * s->sa;
        TDLS_BH_FN(_move)(&job->a, k1, m - direct * W, n, 0, n, rest, s->sa, NULL, 1);
        TDLS_BH_FN(_ipiv_move)(job, k0, m, s->ipiv, sp, 1);
        for (int t = 0; t < m; ++t)
            job->info[k0 + t] = s->info[t];
    }
    if (job->op == TDLS_OP_GETRF)
        return;
    /* gesv: LAPACK leaves b of a singular system as it was. */
    const int *const skip = job->op == TDLS_OP_GESV ? s->info : NULL;
    const int64_t ars = job->a.rs, acs = job->a.cs;
    for (int c0 = 0; c0 < job->nrhs; c0 += TDLS_BH_CHUNK) {
        const int cc = job->nrhs - c0 < TDLS_BH_CHUNK ? job->nrhs - c0 : TDLS_BH_CHUNK;
        TDLS_BH_FN(_move)(&job->b, k0, m, n, c0, cc, s->b, s->sb, skip, 0);
        TDLS_BH_FN(_pad)(s->b, s->sb, n, cc, m, 0);
        for (int q = 0; q < blocks; ++q) {
            const TDLS_BH_T *const a = s->a + q * s->sa;
            TDLS_BH_T *const b = s->b + q * s->sb;
            const int *const p = s->ipiv + q * sp;
            TDLS_BH_T *const f =
                c0 == 0 && q < direct ? (TDLS_BH_T *)job->a.p + k0 + (int64_t)q * W : NULL;
            TDLS_BH_FN(_lanes_getrs)(job->trans, n, cc, a, rs, cs, p, W, b, rs, cs, f, ars, acs);
        }
        TDLS_BH_FN(_move)(&job->b, k0, m, n, c0, cc, s->b, s->sb, skip, 1);
    }
}

static void TDLS_BH_FN(_pass)(const tdls_batch *job, int64_t k0, int m,
                              const TDLS_BH_FN(_scratch) * s) {
#if TDLS_BH_ORDERS != 0 && TDLS_BH_ORDERS != 16 && TDLS_BH_ORDERS != 32
#error "batch_host_body.h: TDLS_BH_ORDERS must be 0, 16 or 32."
#endif
#if TDLS_BH_ORDERS
#define TDLS_BH_ORDER(n)                                                                           \
    case n:                                                                                        \
        TDLS_BH_FN(_pass_of)(job, k0, m, s, n);                                                    \
        return;
#define TDLS_BH_ORDERS_8(n)                                                                        \
    TDLS_BH_ORDER(n + 1)                                                                           \
    TDLS_BH_ORDER(n + 2)                                                                           \
    TDLS_BH_ORDER(n + 3)                                                                           \
    TDLS_BH_ORDER(n + 4)                                                                           \
    TDLS_BH_ORDER(n + 5)                                                                           \
    TDLS_BH_ORDER(n + 6)                                                                           \
    TDLS_BH_ORDER(n + 7)                                                                           \
    TDLS_BH_ORDER(n + 8)
    switch (job->n) {
        TDLS_BH_ORDERS_8(0)
        TDLS_BH_ORDERS_8(8)
#if TDLS_BH_ORDERS > 16
        TDLS_BH_ORDERS_8(16)
        TDLS_BH_ORDERS_8(24)
#endif
        default:
            break;
    }
#undef TDLS_BH_ORDERS_8
#undef TDLS_BH_ORDER
#endif
    TDLS_BH_FN(_pass_of)(job, k0, m, s, job->n);
}

/* Thread t of a team of T takes passes [t P / T, (t + 1) P / T) of the
   plan's P passes, in its scratch mine. */
static void TDLS_BH_FN(_passes)(const tdls_batch *job, const tdls_bh_plan *plan, int t, int threads,
                                unsigned char *mine) {
    const int n = job->n;
    const TDLS_BH_FN(_scratch) s = {(TDLS_BH_T *)mine,
                                    (TDLS_BH_T *)(mine + plan->aa),
                                    (int *)(mine + plan->aa + plan->bb),
                                    (int *)(mine + plan->aa + plan->bb + plan->pp),
                                    (ptrdiff_t)TDLS_BH_E * n * n,
                                    (ptrdiff_t)TDLS_BH_E * n * plan->chunk};
    const int64_t span = (int64_t)plan->per_pass * TDLS_BH_W, passes = plan->passes;
    for (int64_t q = passes * t / threads; q < passes * (t + 1) / threads; ++q) {
        const int64_t k0 = q * span;
        const int m = job->batch - k0 < span ? (int)(job->batch - k0) : (int)span;
        TDLS_BH_FN(_pass)(job, k0, m, &s);
    }
}

static int TDLS_BH_FN(_driver)(const tdls_batch *job) {
    const tdls_bh_plan plan = tdls_bh_plan_of(job, TDLS_BH_W, (size_t)TDLS_BH_E, sizeof(TDLS_BH_T));
    /* One thread runs the passes without a parallel region: in a small
       call, the region and its loop cost more than the solves (libomp 19:
       about 0.5 us, a formatted string included, at every call). The
       scratch is the one the thread kept from its last call when that is
       large enough (host_scratch.c): a scratch allocated per call had its
       pages faulted in again during glibc's first tens of calls, and at
       every call under a fixed mmap threshold (Zen 5 VM, one thread, 256
       interleaved systems of order 16: 723 us per call against 47). */
    if (plan.threads == 1) {
        unsigned char *const mine = tdls_host_scratch(plan.per_thread);
        if (!mine)
            return TDLS_BATCH_MEMORY_ERROR;
        TDLS_BH_FN(_passes)(job, &plan, 0, 1, mine);
        tdls_host_scratch_done(mine);
        return 0;
    }
    /* Each thread takes its own scratch, so that its pages are first
       touched where it runs, and the threads check together that all got
       one before any touches the caller's arrays. One allocation cut in T
       slices cost the second thread up to half its speed, kernel included
       (Zen 5 VM, 2 threads, interleaved order 8 to 12: 1.4-1.6 times one
       thread, 1.8-2.0 with a scratch per thread). */
    int failed = 0;
#pragma omp parallel num_threads(plan.threads)
    {
        unsigned char *const mine = tdls_host_scratch(plan.per_thread);
        if (!mine) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp barrier
        int stop;
#pragma omp atomic read
        stop = failed;
        if (!stop)
            TDLS_BH_FN(_passes)(job, &plan, tdls_bh_thread(), tdls_bh_team(), mine);
        tdls_host_scratch_done(mine);
    }
    return failed ? TDLS_BATCH_MEMORY_ERROR : 0;
}

#undef TDLS_BH_T
#undef TDLS_BH_FN
#undef TDLS_BH_P
#undef TDLS_BH_REAL
#undef TDLS_BH_W
#undef TDLS_BH_GROUP
#undef TDLS_BH_E
#undef TDLS_BH_TAG
#undef TDLS_BH_ORDERS
