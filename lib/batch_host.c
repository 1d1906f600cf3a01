/* SPDX-License-Identifier: BSD-3-Clause */
/* The host drivers of the batched API, tdls_batch_host_{s,d}_<isa>: an
   OpenMP loop over blocks of W systems, each solved by the lanes kernel:
   32 lanes with AVX-512 up to order 16 (interleaved double batches up to
   32), 1024 bits of lanes with AVX2 up to 16, 512 bits otherwise. CMake compiles
   this file once per instruction set, TDLS_HOST_ISA naming it;
   batch_host_isa.c picks one at run time. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <tdls.h>
#include <tdls/core/portability.h>

#include "batch.h"

#ifndef TDLS_HOST_ISA
#error "batch_host.c: define TDLS_HOST_ISA (baseline, avx2 or avx512), as lib/CMakeLists.txt does."
#endif

/* Determinism: a block is always systems [qW, qW + W) whatever thread
   runs it, the padded lanes of the last block are never written back, and
   every ISA variant performs the same IEEE operations in the same order
   (the file is compiled with -ffp-contract=off, so wider vectors and FMA
   hardware change the speed, never a bit). */

static size_t tdls_bh_round64(size_t bytes) {
    return (bytes + 63) / 64 * 64;
}

/* An operand whose systems lie side by side (an interleaved batch): each
   element of a pass is then one contiguous run (batch_host_body.h). */
static int tdls_bh_runs(const tdls_operand *o) {
    return !o->array && o->stride == 1;
}

/* The threads a call may use, read once per call. */
static int tdls_bh_max_threads(void) {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* The work a call gives each thread it takes, at least:
   TDLS_BH_THREAD_WORK units of n^2 (2n/3 + 2 nrhs + 16) per system (the
   flops of getrf and getrs per n^2, plus 16 for moving the elements), or
   the value of the environment variable TDLS_HOST_THREAD_WORK (0: no
   floor), read once. The unit took 0.023-0.031 ns on one Zen 5 core at
   every order from 4 to 64 (interleaved dgesv, the batch in cache), so a
   thread gets at least about 26 us of work. On that VM, 800 calls back
   to back, microseconds per call once settled, one thread against two:
   256 systems of order 8, 10.3 against 20.4; 256 of order 16, 47 against
   63 (both below the floor now, one thread); 2048 of order 16, 475
   against 272; 256 of order 32, 292 against 217 (above it). The bits do
   not depend on the thread count. */
enum { TDLS_BH_THREAD_WORK = 1 << 20 };

static int64_t tdls_bh_thread_work(void) {
    static int64_t least = -1;
    int64_t w;
#pragma omp atomic read
    w = least;
    if (w < 0) {
        const char *const env = getenv("TDLS_HOST_THREAD_WORK");
        char *end = NULL;
        const long long v = env ? strtoll(env, &end, 10) : -1;
        w = env && end != env && *end == '\0' && v >= 0 ? (int64_t)v : TDLS_BH_THREAD_WORK;
#pragma omp atomic write
        least = w;
    }
    return w;
}

/* The threads the call's work allows, at most `most`. */
static int tdls_bh_work_threads(const tdls_batch *job, int most) {
    const int64_t n = job->n, rhs = job->op == TDLS_OP_GETRF ? 0 : job->nrhs;
    const int64_t fact = job->op == TDLS_OP_GETRS ? 0 : 2 * n / 3;
    const double work = (double)job->batch * (double)(n * n * (fact + 2 * rhs + 16));
    const int64_t least = tdls_bh_thread_work();
    if (least && work / (double)least < most)
        most = (int)(work / (double)least);
    return most < 1 ? 1 : most;
}

/* No more threads than passes: each one allocates a whole scratch. */
static int tdls_bh_threads(int64_t passes, int most) {
    return passes < most ? (int)passes : most;
}

/* Blocks per pass (batch_host_body.h): about TDLS_BH_PASS_BYTES of
   matrices, a pass's scratch within a core's L2 (passes of 64 KiB to
   512 KiB ran alike on a Zen 3 with 512 KiB of L2, one block per pass
   1.35 to 1.7 times slower on interleaved batches of 2^16 to 2^18
   systems); at most 32 blocks; no more than a thread's share of the
   batch, so that small batches still spread over the threads. An
   interleaved batch (runs set) moves each element of a pass as one run of
   lane_bytes per block, so its passes keep runs of at least
   TDLS_BH_RUN_BYTES even where the scratch then outgrows L2: shorter runs
   put every element of a block on a page of its own (on the Zen 3, order
   48 ran 1.9 times faster with runs of 512 bytes than of 64, order 32
   1.25 times with 512 than 256; 1 KiB runs gained no more). */
enum { TDLS_BH_PASS_BYTES = 1 << 18, TDLS_BH_RUN_BYTES = 512, TDLS_BH_PASS_MAX = 32 };

static int tdls_bh_pass_blocks(int64_t blocks, size_t block_bytes, size_t lane_bytes, int runs,
                               int threads) {
    /* block_bytes is 0 for n = 0, where the passes only set the infos. */
    int64_t s = TDLS_BH_PASS_BYTES / (int64_t)(block_bytes ? block_bytes : 1);
    const int64_t least = runs ? TDLS_BH_RUN_BYTES / (int64_t)lane_bytes : 1;
    const int64_t share = (blocks + threads - 1) / threads;
    s = s > least ? s : least;
    s = s < TDLS_BH_PASS_MAX ? s : TDLS_BH_PASS_MAX;
    s = s < share ? s : share;
    return s < 1 ? 1 : (int)s;
}

/* Right-hand sides at most this many columns at a time: the scratch stays
   O(per_pass W n^2) whatever nrhs is. */
enum { TDLS_BH_CHUNK = 8 };

/* How one call cuts its batch into passes of per_pass blocks of w systems
   and lays out each thread's scratch (batch_host_body.h): the matrices
   from offset 0, the right-hand sides from aa, the pivots from aa + bb,
   the infos from aa + bb + pp, per_thread bytes in all. Worked out once
   per call, for lanes e elements apart of real bytes each. */
typedef struct {
    int per_pass, chunk, threads;
    int64_t passes;
    size_t aa, bb, pp, per_thread;
} tdls_bh_plan;

static tdls_bh_plan tdls_bh_plan_of(const tdls_batch *job, int w, size_t e, size_t real) {
    const size_t n = (size_t)job->n;
    const int64_t blocks = job->batch / w + (job->batch % w != 0);
    const size_t a_bytes = real * e * n * n;
    const int most = tdls_bh_work_threads(job, tdls_bh_max_threads());
    tdls_bh_plan p;
    p.chunk = job->nrhs < TDLS_BH_CHUNK ? job->nrhs : TDLS_BH_CHUNK;
    p.per_pass =
        tdls_bh_pass_blocks(blocks, a_bytes, real * (size_t)w, tdls_bh_runs(&job->a), most);
    p.passes = (blocks + p.per_pass - 1) / p.per_pass;
    p.threads = tdls_bh_threads(p.passes, most);
    const size_t per_pass = (size_t)p.per_pass, lanes = (size_t)w * per_pass;
    p.aa = tdls_bh_round64(a_bytes * per_pass);
    p.bb = tdls_bh_round64(real * e * n * (size_t)p.chunk * per_pass);
    p.pp = tdls_bh_round64(sizeof(int) * n * lanes);
    p.per_thread = p.aa + p.bb + p.pp + tdls_bh_round64(sizeof(int) * lanes);
    return p;
}

/* Runs of the blocks of a pass between the caller's array x, where they
   lie one after the other, and the scratch s, where they lie step bytes
   apart: run q of x to run q of s, or back when unpack is set. */
TDLS_INLINE void tdls_bh_block_runs(void *x, void *s, size_t run, ptrdiff_t step, int blocks,
                                    int unpack) {
    for (int q = 0; q < blocks; ++q) {
        unsigned char *const xq = (unsigned char *)x + q * run;
        unsigned char *const sq = (unsigned char *)s + q * step;
        if (unpack)
            memcpy(xq, sq, run);
        else
            memcpy(sq, xq, run);
    }
}

/* How far ahead the packing of a pass asks for its inputs: the run of
   the element this many on, in an interleaved pass, or the system this
   many on, in a strided or pointer-array one (batch_host_body.h). The n^2
   runs of an interleaved pass, each on a page of its own, are more
   streams than the hardware prefetchers follow: without a request each
   run waits for memory alone, about 10 GB/s on one Zen 4 core against
   20-30 GB/s for a sequential read. The systems of a strided pass lie one
   after the other, yet gained about as much. On that Zen 4 (dgesv from
   memory, batches of 128 MiB of matrices, calls of the library with and
   without the requests alternating in one process, medians of 11), one
   thread: interleaved 2-20% more systems per second at orders 4 to 32,
   random and diagonally dominant, strided column-major 2-21%, both
   within 0.98 to 1.09 times at 48 and 64; two threads, diagonally
   dominant: 0.98 to 1.17 times at orders 4 to 64, mostly 10-17% more.
   2 to 16 pieces ahead were within a few percent of one another, and
   requests into the outer caches (locality 1: prefetcht2 on x86) as fast
   as prefetcht1 and 8-15% faster than into L1. */
enum { TDLS_BH_AHEAD = 4 };

/* Asks for the cache lines that hold bytes [p, p + bytes) into the outer
   caches: a hint, which neither faults nor waits. */
TDLS_INLINE void tdls_bh_prefetch(const void *p, size_t bytes) {
#if defined(__GNUC__)
    const uintptr_t end = (uintptr_t)p + bytes;
    for (uintptr_t line = (uintptr_t)p & ~(uintptr_t)63; line < end; line += 64)
        __builtin_prefetch((const void *)line, 0, 1);
#else
    (void)p;
    (void)bytes;
#endif
}

/* How one system's rows x cols operand, at strides rs and cs in the
   caller's array, is walked: along its smaller stride, no runs xo apart
   of ni elements xi apart, the runs its columns when by_cols is set. */
typedef struct {
    ptrdiff_t xo, xi;
    int no, ni, by_cols;
} tdls_bh_walk;

static tdls_bh_walk tdls_bh_walk_of(int64_t rs, int64_t cs, int rows, int cols) {
    const int by_cols = rs <= cs;
    const tdls_bh_walk w = {by_cols ? cs : rs, by_cols ? rs : cs, by_cols ? cols : rows,
                            by_cols ? rows : cols, by_cols};
    return w;
}

/* Asks for an operand walked as w from x, of elements of real bytes: in
   one request where its runs lie end to end. */
static void tdls_bh_prefetch_walk(const void *x, size_t real, tdls_bh_walk w) {
    if (w.no < 1 || w.ni < 1)
        return;
    const size_t run = real * (size_t)((w.ni - 1) * w.xi + 1);
    const int joined = (size_t)w.xo * real == run;
    for (int o = 0; o < (joined ? 1 : w.no); ++o)
        tdls_bh_prefetch((const char *)x + (size_t)o * (size_t)w.xo * real,
                         joined ? run * (size_t)w.no : run);
}

static int tdls_bh_thread(void) {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

/* The team the runtime gave, which may be smaller than asked for
   (OMP_DYNAMIC, a thread limit): the passes are split over it. */
static int tdls_bh_team(void) {
#ifdef _OPENMP
    return omp_get_num_threads();
#else
    return 1;
#endif
}

/* Block widths. Up to order 16 the kernel's chains of dependent steps
   (the pivot search, its reciprocal, the substitutions) are short, and
   twice the lanes per block keeps twice the independent work in flight:
   on a Zen 3 with AVX2 (one thread, interleaved dgesv from memory), 16
   doubles per block against 8 ran 10-25% faster at n = 4 to 16 and 32
   floats against 16, 10-20%. Above 16, a row of a random system is
   exchanged whenever any lane of the block picks it, and the narrower
   block won (5-17% at n = 19 to 48). Without AVX2 (the baseline x86-64
   variant: sixteen 128-bit registers), the wider block gained nothing on
   diagonally dominant systems and lost about 10% on random ones at
   n = 12 and 16; other architectures, not measured, keep the narrow one.
   With AVX-512 (Zen 5, kernel in L1, cycles per system at n = 8 / 12 /
   16, diagonally dominant), 32 doubles per block took 28 / 71 / 158
   against 40 / 100 / 181 with 16 and 51 / 134 / 236 with 8; random
   systems gained as much (16 doubles were slower than 8 there), and 64
   doubles no more. In float, 32 lanes beat 64 (6% and 20% at n = 8 and
   16), so the AVX-512 variant keeps 32 of either type.
   The AVX-512 variant also takes interleaved double batches of orders 17
   to 32 in blocks of 32, those orders compiled as constants: on the Zen 5
   (one thread, interleaved dgesv from memory) 12-20% more systems per
   second than the runtime order in blocks of 8 on random systems and
   25-35% on diagonally dominant ones, at n = 19, 24 and 32. Strided and
   pointer-array batches, moved system by system into lanes 320 bytes
   apart, keep blocks of 8 there: in blocks of 32 they ran as fast on one
   thread and 1.2-1.6 times slower on two. In float the kernel gained too
   little there for the compile time (16 lanes as constants: 10-15% at
   n = 19 and 24, nothing at 32; 32 lanes took twice the cycles of 16 at
   n = 32 on random systems), so float keeps the split at 16.
   The lanes give the same bits at any width. */
#define TDLS_BH_SMALL_MAX_N 16
/* The orders up to which an interleaved double batch takes the small
   instance. */
#if defined(__AVX512F__)
#define TDLS_BH_RUNS_MAX_N_D 32
#else
#define TDLS_BH_RUNS_MAX_N_D TDLS_BH_SMALL_MAX_N
#endif
/* The largest batch that runs one system per block, up to order 16. On
   the Zen 5, one thread, AVX-512, dgesv of 1, 2, 4, 8 and 16 interleaved
   systems (orders 4 to 16, microseconds per system): one system per block
   took 0.24-1.27 against 0.69-5.25 in blocks of 32 for one system,
   0.15-1.11 against 0.22-1.86 for four, 0.12-1.10 against 0.13-1.71 for
   eight; for sixteen it was slower at order 4 and faster at 16, and a
   full block of 32 is far faster at every order. */
enum { TDLS_BH_ONE_MAX_BATCH = 8 };
/* The orders whose gesv writes the factors back from the solve
   (batch_host_body.h). */
enum { TDLS_BH_DIRECT_MAX_N = 16 };
/* The vector registers (bytes), and the trailing columns that getrf
   updates together (lanes_lupp.h, TDLS_LANES_J) in the wide AVX-512
   blocks, one register's lanes at a time: a group shares the loads of its
   multipliers, and on a Zen 4 (one 512-bit load per cycle) those loads
   set the pace of getrf. Kernel in cache, TSC cycles per system at
   n = 8 / 12 / 16, column by column against grouped: double blocks of
   32, groups of four, diagonally dominant 42 / 124 / 274 against
   39 / 106 / 224, random 80 / 243 / 500 against 76 / 224 / 449 (whole
   interleaved dgesv from memory, one thread: 2-7% more systems per
   second at orders 8 to 24, order 32 within the noise); float
   blocks of 32, groups of two, diagonally dominant 20 / 60 / 135 against
   18 / 53 / 112, random 41 / 127 / 258-282 against 39 / 119 / 240-267
   (groups of four as fast at best, up to 20% slower in some runs). Not
   measured on a Zen 5, which loads twice as much per cycle. In AVX2 the
   groups gained nothing (double blocks of 16, groups of two) or lost 20%
   at order 8 (float, groups of four), and the narrow blocks of the other
   instances lost up to twice the time: those keep one column. The same
   bits either way: every entry gets the same operations in the same
   order. */
#if defined(__AVX512F__)
#define TDLS_BH_SMALL_W_S 32
#define TDLS_BH_SMALL_W_D 32
#define TDLS_BH_SMALL_J_S 2
#define TDLS_BH_SMALL_J_D 4
#define TDLS_BH_VECTOR    64
#elif defined(__AVX2__)
#define TDLS_BH_SMALL_W_S 32
#define TDLS_BH_SMALL_W_D 16
#define TDLS_BH_SMALL_J_S 1
#define TDLS_BH_SMALL_J_D 1
#define TDLS_BH_VECTOR    32
#else
#define TDLS_BH_SMALL_W_S 16
#define TDLS_BH_SMALL_W_D 8
#define TDLS_BH_SMALL_J_S 1
#define TDLS_BH_SMALL_J_D 1
#define TDLS_BH_VECTOR    16
#endif

#define TDLS_BH_P      s
#define TDLS_BH_REAL   float
#define TDLS_BH_TAG    small
#define TDLS_BH_W      TDLS_BH_SMALL_W_S
#define TDLS_BH_GROUP  TDLS_BH_SMALL_J_S
#define TDLS_BH_ORDERS TDLS_BH_SMALL_MAX_N
#include "batch_host_body.h"

#define TDLS_BH_P      s
#define TDLS_BH_REAL   float
#define TDLS_BH_TAG    large
#define TDLS_BH_W      16
#define TDLS_BH_GROUP  1
#define TDLS_BH_ORDERS 0
#include "batch_host_body.h"

#define TDLS_BH_P      d
#define TDLS_BH_REAL   double
#define TDLS_BH_TAG    small
#define TDLS_BH_W      TDLS_BH_SMALL_W_D
#define TDLS_BH_GROUP  TDLS_BH_SMALL_J_D
#define TDLS_BH_ORDERS TDLS_BH_RUNS_MAX_N_D
#include "batch_host_body.h"

#define TDLS_BH_P      d
#define TDLS_BH_REAL   double
#define TDLS_BH_TAG    large
#define TDLS_BH_W      8
#define TDLS_BH_GROUP  1
#define TDLS_BH_ORDERS 0
#include "batch_host_body.h"

/* Batches of at most TDLS_BH_ONE_MAX_BATCH systems up to order 16, one
   system per block: a wide block costs W systems' work whatever its
   number of real lanes, and the scalar kernel of one system is cheaper
   than that for the first few systems. */
#define TDLS_BH_P      s
#define TDLS_BH_REAL   float
#define TDLS_BH_TAG    one
#define TDLS_BH_W      1
#define TDLS_BH_GROUP  1
#define TDLS_BH_ORDERS TDLS_BH_SMALL_MAX_N
#include "batch_host_body.h"

#define TDLS_BH_P      d
#define TDLS_BH_REAL   double
#define TDLS_BH_TAG    one
#define TDLS_BH_W      1
#define TDLS_BH_GROUP  1
#define TDLS_BH_ORDERS TDLS_BH_SMALL_MAX_N
#include "batch_host_body.h"

#define TDLS_BH_ENTRY(p) TDLS_CAT(TDLS_CAT(tdls_batch_host_, p), TDLS_CAT(_, TDLS_HOST_ISA))

static int tdls_bh_one(const tdls_batch *job) {
    return job->n <= TDLS_BH_SMALL_MAX_N && job->batch <= TDLS_BH_ONE_MAX_BATCH;
}

int TDLS_BH_ENTRY(s)(const tdls_batch *job) {
    if (tdls_bh_one(job))
        return tdls_bh_s_one_driver(job);
    return job->n <= TDLS_BH_SMALL_MAX_N ? tdls_bh_s_small_driver(job)
                                         : tdls_bh_s_large_driver(job);
}

int TDLS_BH_ENTRY(d)(const tdls_batch *job) {
    if (tdls_bh_one(job))
        return tdls_bh_d_one_driver(job);
    const int small =
        job->n <= TDLS_BH_SMALL_MAX_N || (job->n <= TDLS_BH_RUNS_MAX_N_D && tdls_bh_runs(&job->a));
    return small ? tdls_bh_d_small_driver(job) : tdls_bh_d_large_driver(job);
}
