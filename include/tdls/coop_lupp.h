/* SPDX-License-Identifier: BSD-3-Clause */
/* CooperativeLUpp: LU with partial pivoting of one small dense system by a
   group of threads (a GPU team, a sub-group of one, or the threads of a
   host parallel region) that share a workspace and synchronize through the
   barrier of tdls/core/group.h. A C template, like tdls/tiled_lupp.h. */

/* Knobs (unset knobs take the TDLS_DEFAULT_* values of tdls/config.h):
     TDLS_COOP_NAME                      prefix of the generated functions (required)
     TDLS_COOP_REAL                      float, double or long double (default double)
     TDLS_COOP_N                         compile-time order, 1..64; unset: runtime order n
     TDLS_COOP_ROWS_PER_THREAD           rows each thread owns, 1..64
     TDLS_COOP_ROW_INTERCHANGE           TDLS_LOGICAL or TDLS_PHYSICAL
     TDLS_COOP_RELATIVE_PIVOT_THRESHOLD  in (0, 1]
     TDLS_COOP_SINGULAR_FLOOR            > 0
     TDLS_COOP_LAYOUT                    TDLS_ROW_MAJOR or TDLS_COL_MAJOR
     TDLS_COOP_SYNC                      TDLS_SYNC_TEAM or TDLS_SYNC_WARP
     TDLS_COOP_DIAGONAL                  TDLS_DIAG_RECIPROCAL or TDLS_DIAG_PIVOT
   The README documents each knob and entry point.

   Storage. The group factors M, the stored array read column by column:
   M(r, c) at a[(c*n + r) * a_stride], so that the threads, each owning rows
   of M, read consecutive addresses. With TDLS_COL_MAJOR, M is A (LAPACK's
   storage); with TDLS_ROW_MAJOR, M is A^T and A x = b is solved through
   the transposed factors. The factors are those of TiledLUpp applied to the
   transposed array: P M = L U, L unit lower, the reciprocals of the pivots
   on the diagonal of U (with TDLS_DIAG_PIVOT: the pivots, U's diagonal
   itself, so that column-major physical factors are LAPACK's); logical interchanges leave the rows
   in place and piv[p] is the row at position p; physical ones exchange the rows as LAPACK does and
   piv[p] is the 0-based row exchanged with p at step p.

   Threads. Thread tx owns the rows tx, tx + T, tx + 2T, ... of M (and the
   entries of the same indices of the right-hand sides), T =
   NAME_threads_per_system(n). Every thread of the group calls each entry
   point with its tx and the same arguments otherwise; with TDLS_SYNC_TEAM
   every thread of the parallel region is in the group, and a thread with
   tx >= T only joins the barriers: it touches no memory but the workspace.
   The number of barriers depends on n and nrhs only, so G groups of one
   team stay in lockstep on the team barrier when they call the same entry
   point with the same n and nrhs (a group with no system left passes
   tx = T). */

#include <stddef.h>
#if defined(_OPENMP)
#include <omp.h>
#endif

#include <tdls/config.h>
#include <tdls/core/group.h>
#include <tdls/core/math.h>
#include <tdls/core/portability.h>
#include <tdls/core/strided.h>

/* ---- knobs: defaults and contracts ------------------------------------- */

#ifndef TDLS_COOP_NAME
#error                                                                                             \
    "coop_lupp.h: define TDLS_COOP_NAME, the prefix of the generated functions, before including it."
#endif
#ifndef TDLS_COOP_REAL
#define TDLS_COOP_REAL double
#endif
#ifndef TDLS_COOP_ROWS_PER_THREAD
#define TDLS_COOP_ROWS_PER_THREAD TDLS_DEFAULT_ROWS_PER_THREAD
#endif
#ifndef TDLS_COOP_ROW_INTERCHANGE
#define TDLS_COOP_ROW_INTERCHANGE TDLS_DEFAULT_ROW_INTERCHANGE
#endif
#ifndef TDLS_COOP_RELATIVE_PIVOT_THRESHOLD
#define TDLS_COOP_RELATIVE_PIVOT_THRESHOLD TDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD
#endif
#ifndef TDLS_COOP_SINGULAR_FLOOR
#define TDLS_COOP_SINGULAR_FLOOR TDLS_REAL_MIN((TDLS_COOP_REAL)0)
#endif
#ifndef TDLS_COOP_LAYOUT
#define TDLS_COOP_LAYOUT TDLS_DEFAULT_LAYOUT
#endif
#ifndef TDLS_COOP_SYNC
#define TDLS_COOP_SYNC TDLS_DEFAULT_COOP_SYNC
#endif
#ifndef TDLS_COOP_DIAGONAL
#define TDLS_COOP_DIAGONAL TDLS_DEFAULT_DIAGONAL
#endif

#if defined(TDLS_COOP_N) && (TDLS_COOP_N < 1 || TDLS_COOP_N > 64)
#error "coop_lupp.h: TDLS_COOP_N must be between 1 and 64; leave it undefined for a runtime order."
#endif
#if TDLS_COOP_ROWS_PER_THREAD < 1 || TDLS_COOP_ROWS_PER_THREAD > 64
#error                                                                                             \
    "coop_lupp.h: TDLS_COOP_ROWS_PER_THREAD must be between 1 and 64 (the rows a thread keeps in registers)."
#endif
#if TDLS_COOP_ROW_INTERCHANGE != TDLS_LOGICAL && TDLS_COOP_ROW_INTERCHANGE != TDLS_PHYSICAL
#error "coop_lupp.h: TDLS_COOP_ROW_INTERCHANGE must be TDLS_LOGICAL or TDLS_PHYSICAL."
#endif
#if TDLS_COOP_LAYOUT != TDLS_ROW_MAJOR && TDLS_COOP_LAYOUT != TDLS_COL_MAJOR
#error "coop_lupp.h: TDLS_COOP_LAYOUT must be TDLS_ROW_MAJOR (101) or TDLS_COL_MAJOR (102)."
#endif
#if TDLS_COOP_SYNC != TDLS_SYNC_TEAM && TDLS_COOP_SYNC != TDLS_SYNC_WARP
#error "coop_lupp.h: TDLS_COOP_SYNC must be TDLS_SYNC_TEAM or TDLS_SYNC_WARP."
#endif
#if TDLS_COOP_DIAGONAL != TDLS_DIAG_RECIPROCAL && TDLS_COOP_DIAGONAL != TDLS_DIAG_PIVOT
#error                                                                                             \
    "coop_lupp.h: TDLS_COOP_DIAGONAL must be TDLS_DIAG_RECIPROCAL (native factors) or TDLS_DIAG_PIVOT (LAPACK's U diagonal)."
#endif

/* clang-format 14 splits _Generic associations at their colons. */
/* clang-format off */
_Static_assert(_Generic((TDLS_COOP_REAL)0, float: 1, double: 1, long double: 1, default: 0),
               "coop_lupp.h: TDLS_COOP_REAL must be float, double or long double.");
/* clang-format on */
_Static_assert((TDLS_COOP_RELATIVE_PIVOT_THRESHOLD) > 0
                   && (TDLS_COOP_RELATIVE_PIVOT_THRESHOLD) <= 1,
               "coop_lupp.h: TDLS_COOP_RELATIVE_PIVOT_THRESHOLD must be in (0, 1].");
_Static_assert((TDLS_COOP_SINGULAR_FLOOR) > 0,
               "coop_lupp.h: TDLS_COOP_SINGULAR_FLOOR must be positive: a zero floor lets a zero "
               "pivot through.");

/* ---- internal names ------------------------------------------------------ */

#define TDLS_CP_T       TDLS_COOP_REAL
#define TDLS_CP_R       TDLS_COOP_ROWS_PER_THREAD
#define TDLS_CP_FN(x)   TDLS_CAT(TDLS_COOP_NAME, TDLS_CAT(_, x))
#define TDLS_CP_PRIV(x) TDLS_CP_FN(TDLS_CAT(priv_, x))
#define TDLS_CP_CTX     TDLS_CP_PRIV(ctx)
#define TDLS_CP_LOGICAL (TDLS_COOP_ROW_INTERCHANGE == TDLS_LOGICAL)
#define TDLS_CP_FLOOR   ((TDLS_CP_T)(TDLS_COOP_SINGULAR_FLOOR))
#define TDLS_CP_RPT     ((TDLS_CP_T)(TDLS_COOP_RELATIVE_PIVOT_THRESHOLD))

/* The diagonal of the factors in memory: STORE gives what is written for
   pivot p of reciprocal dinv, LOAD the reciprocal that a stored entry d
   stands for. The factorization multiplies by dinv held in a register, and
   neither its row records nor its broadcasts carry a factored diagonal;
   every substitution pass reads it through LOAD. With the pivot format,
   LOAD recomputes the native reciprocal (pivot_reciprocal), so both
   formats solve with the same bits; with the native one both are the
   identity. */
#if TDLS_COOP_DIAGONAL == TDLS_DIAG_PIVOT
#define TDLS_CP_DIAG_STORE(p, dinv) (p)
#define TDLS_CP_DIAG_LOAD(d)        TDLS_CP_PRIV(pivot_reciprocal)(d)
#else
#define TDLS_CP_DIAG_STORE(p, dinv) (dinv)
#define TDLS_CP_DIAG_LOAD(d)        (d)
#endif

/* Entry (r, c) of M. */
#define TDLS_CP_M(r, c) a[TDLS_AT(c, r, n, as)]

/* The slots of the calling thread: slot K is row (or entry) s. Unrolled,
   the slot arrays stay in registers on GPUs. clang gives up the forced
   unrolling above 8 slots, where the arrays outgrow the registers anyway;
   gcc, which has no GPU target here, cannot unroll a loop of two induction
   variables and is left alone. */
#if defined(__clang__) && TDLS_COOP_ROWS_PER_THREAD <= 8
#define TDLS_CP_UNROLL _Pragma("unroll")
#else
#define TDLS_CP_UNROLL
#endif
#define TDLS_CP_SLOTS(c)                                                                           \
    TDLS_CP_UNROLL                                                                                 \
    for (int K = 0, s = (c)->tx; K < TDLS_CP_R && K < (c)->slots; ++K, s += (c)->threads)

/* Which system a substitution solves. */
#define TDLS_CP_SOLVE_M  1
#define TDLS_CP_SOLVE_MT 2
#if TDLS_COOP_LAYOUT == TDLS_COL_MAJOR
#define TDLS_CP_PLAIN TDLS_CP_SOLVE_M
#define TDLS_CP_TRANS TDLS_CP_SOLVE_MT
#else
#define TDLS_CP_PLAIN TDLS_CP_SOLVE_MT
#define TDLS_CP_TRANS TDLS_CP_SOLVE_M
#endif

/* The broadcast slot of substitution step i. Two slots alternate, so a
   step's value is never overwritten before every thread has read it: the
   barrier of the next step separates the reads from the next write to the
   same slot. TDLS_COOP_TEST_RACY_BROADCAST exists only so that the test
   suite can show its race detector catches the missing barrier of a single
   slot; never define it. */
#if defined(TDLS_COOP_TEST_RACY_BROADCAST)
#define TDLS_CP_SLOT(i) 0
#else
/* clang-format 14 drops the spaces around "&" after a parenthesis. */
/* clang-format off */
#define TDLS_CP_SLOT(i) ((i) & 1)
/* clang-format on */
#endif

/* Parameter lists: the compile-time order drops n (NO: n as the only
   parameter). */
#if defined(TDLS_COOP_N)
#define TDLS_CP_NP
#define TDLS_CP_NO void
#define TDLS_CP_NV TDLS_COOP_N
#else
#define TDLS_CP_NP const int n,
#define TDLS_CP_NO const int n
#define TDLS_CP_NV n
#endif

TDLS_DECLARE_TARGET_BEGIN

/* ---- the group ------------------------------------------------------------ */

typedef struct {
    int n, tx, threads;
    int slots;  /* rows of M the thread owns */
    int member; /* 0: a thread outside a warp-synchronized group, which returns at once */
    int fits;   /* 1: the parallel region has at least `threads` threads */
    tdls_group g;
} TDLS_CP_CTX;

TDLS_INLINE int TDLS_CP_PRIV(threads)(const int n) {
    return (n + TDLS_CP_R - 1) / TDLS_CP_R;
}

TDLS_INLINE TDLS_CP_CTX TDLS_CP_PRIV(begin)(const int n, const int tx) {
    TDLS_CP_CTX c;
    c.n = n > 0 ? n : 0;
    c.tx = tx;
    c.threads = TDLS_CP_PRIV(threads)(c.n);
    c.g = tdls_group_make(TDLS_COOP_SYNC, tx, c.threads);
    c.member = !c.g.warp || tx < c.threads;
#if defined(_OPENMP)
    c.fits = omp_get_num_threads() >= c.threads;
#else
    c.fits = c.threads <= 1;
#endif
    c.slots = 0;
    if (tx >= 0 && tx < c.threads)
        c.slots = (c.n - tx + c.threads - 1) / c.threads;
    return c;
}

/* ---- factorization -------------------------------------------------------- */

/* The pivot position of step i from the magnitudes of column i at the
   positions i..n-1: the row in place when it reaches the relative threshold
   of the column's largest magnitude, else the first largest below it. This
   is the choice of TiledLUpp with tiles of one column, so both families
   give the same factors. A NaN never wins: it fails every comparison. */
TDLS_INLINE int TDLS_CP_PRIV(choose)(const TDLS_CP_T *mag, const int i, const int n) {
    const TDLS_CP_T in_place = mag[i];
    TDLS_CP_T qmax = 0;
    int q = -1;
    for (int p = i + 1; p < n; ++p) {
        if (mag[p] > qmax) {
            qmax = mag[p];
            q = p;
        }
    }
    const TDLS_CP_T bound = TDLS_CP_RPT * (qmax > in_place ? qmax : in_place);
    return (q < 0 || in_place >= bound) ? i : q;
}

TDLS_INLINE TDLS_CP_T TDLS_CP_PRIV(reciprocal)(const TDLS_CP_T p, const int k, int *info) {
    const int ok = TDLS_PIVOT_OK(TDLS_FABS(p), TDLS_CP_FLOOR);
    if (!ok && *info == 0)
        *info = k + 1;
    return TDLS_RECIPROCAL_OR_ZERO(p, ok);
}

/* The reciprocal that reciprocal() gives for a pivot p stored by the pivot
   format: the same acceptance test and the same expression. */
TDLS_INLINE TDLS_CP_T TDLS_CP_PRIV(pivot_reciprocal)(const TDLS_CP_T p) {
    return TDLS_RECIPROCAL_OR_ZERO(p, TDLS_PIVOT_OK(TDLS_FABS(p), TDLS_CP_FLOOR));
}

/* What the factorization does to a right-hand side held in rb: nothing,
   the forward pass of M x = b (the entries move with their rows), or the
   first pass of M^T x = b, U^T z = b (the entries stay at their indices). */
#define TDLS_CP_FUSE_NONE 0
#define TDLS_CP_FUSE_M    TDLS_CP_SOLVE_M
#define TDLS_CP_FUSE_MT   TDLS_CP_SOLVE_MT

/* Right-looking elimination, one column per step, two barriers per step.
   Every thread publishes the magnitudes of its rows at their positions and
   every thread then finds the same pivot. Logical interchanges: the owner
   of the pivot row publishes it and the positions of the two rows trade.
   Physical: the rows at position i and at the pivot position are published
   and trade places in memory. Then each thread eliminates its own rows. The
   workspace: magnitudes (n), then one row record (logical) or two
   (physical) of n entries and a right-hand-side entry, then b'(i) for the
   fused U^T z = b. A step's writes to the workspace come after the next
   step's first barrier, and every thread has read it by then. */
TDLS_INLINE int TDLS_CP_PRIV(factor)(const TDLS_CP_CTX *c, TDLS_CP_T *TDLS_RESTRICT a,
                                     const ptrdiff_t as, int *TDLS_RESTRICT piv, const ptrdiff_t ps,
                                     TDLS_CP_T *work, const int fuse, TDLS_CP_T rb[TDLS_CP_R]) {
    const int n = c->n;
    TDLS_CP_T *const mag = work;
    TDLS_CP_T *const rec1 = work + n;
    TDLS_CP_T *const rec2 = rec1 + n + 1;
    TDLS_CP_T *const bt = TDLS_CP_LOGICAL ? rec2 : rec2 + n + 1;
    int pos[TDLS_CP_R] = {0};
    TDLS_CP_SLOTS(c) pos[K] = s;
    int info = 0;
    for (int i = 0; i < n; ++i) {
        TDLS_CP_SLOTS(c) {
            if (pos[K] >= i)
                mag[pos[K]] = TDLS_FABS(TDLS_CP_M(s, i));
        }
        tdls_group_sync(c->g);

        const int q = TDLS_CP_PRIV(choose)(mag, i, n);
#if TDLS_CP_LOGICAL
        const TDLS_CP_T *const prow = rec1;
        TDLS_CP_SLOTS(c) {
            if (pos[K] == q) {
                for (int j = i; j < n; ++j)
                    rec1[j] = TDLS_CP_M(s, j);
                if (fuse == TDLS_CP_FUSE_M)
                    rec1[n] = rb[K];
            }
            pos[K] = pos[K] == q ? i : pos[K] == i ? q : pos[K];
        }
#else
        const TDLS_CP_T *const prow = q == i ? rec1 : rec2;
        TDLS_CP_SLOTS(c) {
            if (s != i && (s != q || q == i))
                continue;
            TDLS_CP_T *const rec = s == i ? rec1 : rec2;
            for (int j = 0; j < n; ++j)
                rec[j] = TDLS_CP_M(s, j);
            if (fuse == TDLS_CP_FUSE_M)
                rec[n] = rb[K];
        }
#endif
        if (fuse == TDLS_CP_FUSE_MT) {
            TDLS_CP_SLOTS(c) {
                if (s == i)
                    bt[0] = rb[K];
            }
        }
        tdls_group_sync(c->g);

#if !TDLS_CP_LOGICAL
        if (q != i) {
            TDLS_CP_SLOTS(c) {
                if (s != i && s != q)
                    continue;
                const TDLS_CP_T *const rec = s == i ? rec2 : rec1;
                for (int j = 0; j < n; ++j)
                    TDLS_CP_M(s, j) = rec[j];
                if (fuse == TDLS_CP_FUSE_M)
                    rb[K] = rec[n];
            }
        }
        TDLS_CP_SLOTS(c) {
            if (s == i)
                piv[i * ps] = q;
        }
#endif
        const TDLS_CP_T dinv = TDLS_CP_PRIV(reciprocal)(prow[i], i, &info);
        const TDLS_CP_T z = fuse == TDLS_CP_FUSE_MT ? bt[0] * dinv : (TDLS_CP_T)0;
        TDLS_CP_SLOTS(c) {
            if (pos[K] == i) {
                TDLS_CP_M(s, i) = TDLS_CP_DIAG_STORE(prow[i], dinv);
            } else if (pos[K] > i) {
                const TDLS_CP_T l = TDLS_CP_M(s, i) * dinv;
                TDLS_CP_M(s, i) = l;
                for (int j = i + 1; j < n; ++j)
                    TDLS_CP_M(s, j) -= l * prow[j];
                if (fuse == TDLS_CP_FUSE_M)
                    rb[K] -= l * prow[n];
            }
            if (fuse == TDLS_CP_FUSE_MT) {
                if (s == i)
                    rb[K] = z;
                else if (s > i)
                    rb[K] -= prow[s] * z;
            }
        }
    }
#if TDLS_CP_LOGICAL
    TDLS_CP_SLOTS(c) piv[pos[K] * ps] = s;
    /* The fused forward pass leaves y at the positions of the rows; the
       backward pass wants entry p in the slot of p. */
    if (fuse == TDLS_CP_FUSE_M) {
        TDLS_CP_SLOTS(c) mag[pos[K]] = rb[K];
        tdls_group_sync(c->g);
        TDLS_CP_SLOTS(c) rb[K] = mag[s];
    }
#endif
    tdls_group_sync(c->g);
    return info;
}

/* ---- substitutions -------------------------------------------------------- */

/* The row of M at position p, and the index of the original row that
   position p holds (physical interchanges: the exchanges replayed
   backwards). */
TDLS_INLINE int TDLS_CP_PRIV(row)(const int *TDLS_RESTRICT piv, const ptrdiff_t ps, const int p) {
#if TDLS_CP_LOGICAL
    return piv[p * ps];
#else
    (void)piv;
    (void)ps;
    return p;
#endif
}

TDLS_INLINE int TDLS_CP_PRIV(origin)(const int n, const int *TDLS_RESTRICT piv, const ptrdiff_t ps,
                                     const int p) {
#if TDLS_CP_LOGICAL
    (void)n;
    return piv[p * ps];
#else
    int at = p;
    for (int j = n - 1; j >= 0; --j) {
        const int e = piv[j * ps];
        at = at == j ? e : at == e ? j : at;
    }
    return at;
#endif
}

/* The right-hand-side entries of the thread's slots: b, or e_col when b is
   NULL; gathered in the pivoted order P b for M x = b. */
TDLS_INLINE void TDLS_CP_PRIV(load)(const TDLS_CP_CTX *c, const int *TDLS_RESTRICT piv,
                                    const ptrdiff_t ps, const int which, const TDLS_CP_T *b,
                                    const ptrdiff_t es, const int col, TDLS_CP_T rb[TDLS_CP_R]) {
    TDLS_CP_SLOTS(c) {
        const int e = which == TDLS_CP_SOLVE_M ? TDLS_CP_PRIV(origin)(c->n, piv, ps, s) : s;
        rb[K] = b ? b[e * es] : (TDLS_CP_T)(e == col);
    }
}

/* Solves with the factors of P M = L U, one barrier per step. which =
   TDLS_CP_SOLVE_M: L y = P b, then U x = y; each thread updates its own
   entries with the column of its rows (its own memory), the owner of entry
   i publishes it. which = TDLS_CP_SOLVE_MT: U^T z = b, L^T w = z, then
   x = P^T w; each thread updates its entries with the row at position i.
   first = 0 skips the first pass (the factorization did it). The
   solution is stored at es-strided x and the group synchronizes. */
TDLS_INLINE void TDLS_CP_PRIV(passes)(const TDLS_CP_CTX *c, const TDLS_CP_T *TDLS_RESTRICT a,
                                      const ptrdiff_t as, const int *TDLS_RESTRICT piv,
                                      const ptrdiff_t ps, const int which, const int first,
                                      TDLS_CP_T *work, TDLS_CP_T rb[TDLS_CP_R], TDLS_CP_T *x,
                                      const ptrdiff_t es) {
    const int n = c->n;
    TDLS_CP_T *const bc = work + n;
    if (which == TDLS_CP_SOLVE_M) {
        int rows[TDLS_CP_R] = {0};
        TDLS_CP_SLOTS(c) rows[K] = TDLS_CP_PRIV(row)(piv, ps, s);
        for (int i = 0; first && i < n - 1; ++i) {
            TDLS_CP_SLOTS(c) {
                if (s == i)
                    bc[TDLS_CP_SLOT(i)] = rb[K];
            }
            tdls_group_sync(c->g);
            const TDLS_CP_T y = bc[TDLS_CP_SLOT(i)];
            TDLS_CP_SLOTS(c) {
                if (s > i)
                    rb[K] -= TDLS_CP_M(rows[K], i) * y;
            }
        }
        for (int i = n - 1; i >= 0; --i) {
            TDLS_CP_SLOTS(c) {
                if (s == i) {
                    rb[K] *= TDLS_CP_DIAG_LOAD(TDLS_CP_M(rows[K], i));
                    bc[TDLS_CP_SLOT(i)] = rb[K];
                }
            }
            tdls_group_sync(c->g);
            const TDLS_CP_T xi = bc[TDLS_CP_SLOT(i)];
            TDLS_CP_SLOTS(c) {
                if (s < i)
                    rb[K] -= TDLS_CP_M(rows[K], i) * xi;
            }
        }
        TDLS_CP_SLOTS(c) x[s * es] = rb[K];
    } else {
        for (int i = 0; first && i < n; ++i) {
            const int ri = c->slots ? TDLS_CP_PRIV(row)(piv, ps, i) : 0;
            TDLS_CP_SLOTS(c) {
                if (s == i) {
                    rb[K] *= TDLS_CP_DIAG_LOAD(TDLS_CP_M(ri, i));
                    bc[TDLS_CP_SLOT(i)] = rb[K];
                }
            }
            tdls_group_sync(c->g);
            const TDLS_CP_T z = bc[TDLS_CP_SLOT(i)];
            TDLS_CP_SLOTS(c) {
                if (s > i)
                    rb[K] -= TDLS_CP_M(ri, s) * z;
            }
        }
        for (int k = n - 1; k >= 1; --k) {
            const int rk = c->slots ? TDLS_CP_PRIV(row)(piv, ps, k) : 0;
            TDLS_CP_SLOTS(c) {
                if (s == k)
                    bc[TDLS_CP_SLOT(k + 1)] = rb[K];
            }
            tdls_group_sync(c->g);
            const TDLS_CP_T w = bc[TDLS_CP_SLOT(k + 1)];
            TDLS_CP_SLOTS(c) {
                if (s < k)
                    rb[K] -= TDLS_CP_M(rk, s) * w;
            }
        }
        TDLS_CP_SLOTS(c) x[TDLS_CP_PRIV(origin)(n, piv, ps, s) * es] = rb[K];
    }
    tdls_group_sync(c->g);
}

/* ---- one body behind every entry point ------------------------------------ */

#define TDLS_CP_JOB_FACTOR     1 /* factorize */
#define TDLS_CP_JOB_SOLVE      2 /* factorize, then nrhs columns */
#define TDLS_CP_JOB_SUBSTITUTE 3 /* nrhs columns with given factors */
#define TDLS_CP_JOB_FUSED      4 /* factorize with the first pass inside, in place in x */

/* The right-hand sides: entry (i, r) of B at (i * nrhs + r) * rs in
   row-major layout, at (r * n + i) * rs in column-major layout; b NULL:
   in place in x; col >= 0: the column col of the identity instead of b.
   Each column runs the passes on its own: the same bits as one at a time.
   A group smaller than threads_per_system(n) cannot run the algorithm: it
   returns -1, factors nothing and fills x with NaN, so that the misuse
   cannot pass for a solution. */
TDLS_INLINE int TDLS_CP_PRIV(run)(const int n, const int tx, const int job, const int which,
                                  const int nrhs, TDLS_CP_T *a, const ptrdiff_t as, int *piv,
                                  const ptrdiff_t ps, const TDLS_CP_T *b, TDLS_CP_T *x,
                                  const ptrdiff_t rs, const int col, TDLS_CP_T *work) {
    const TDLS_CP_CTX c = TDLS_CP_PRIV(begin)(n, tx);
    if (!c.member)
        return 0;
    if (!c.fits || n < 0) {
        for (ptrdiff_t k = 0; x && tx == 0 && k < (ptrdiff_t)c.n * nrhs; ++k)
            x[k * rs] = TDLS_NAN((TDLS_CP_T)0);
        tdls_group_sync(c.g);
        return -1;
    }
    if (job == TDLS_CP_JOB_FUSED) {
        TDLS_CP_T rb[TDLS_CP_R] = {0};
        TDLS_CP_SLOTS(&c) rb[K] = x[s * rs];
        const int info = TDLS_CP_PRIV(factor)(&c, a, as, piv, ps, work, which, rb);
        TDLS_CP_PRIV(passes)(&c, a, as, piv, ps, which, 0, work, rb, x, rs);
        return info;
    }
    int info = 0;
    if (job != TDLS_CP_JOB_SUBSTITUTE)
        info = TDLS_CP_PRIV(factor)(&c, a, as, piv, ps, work, TDLS_CP_FUSE_NONE, NULL);
    if (job == TDLS_CP_JOB_FACTOR)
        return info;
#if TDLS_COOP_LAYOUT == TDLS_ROW_MAJOR
    const ptrdiff_t next = rs, es = (ptrdiff_t)nrhs * rs;
#else
    const ptrdiff_t next = (ptrdiff_t)c.n * rs, es = rs;
#endif
    for (int r = 0; r < nrhs; ++r) {
        const TDLS_CP_T *src = col >= 0 ? NULL : b ? b + r * next : x + r * next;
        TDLS_CP_T rb[TDLS_CP_R] = {0};
        TDLS_CP_PRIV(load)(&c, piv, ps, which, src, es, col, rb);
        TDLS_CP_PRIV(passes)(&c, a, as, piv, ps, which, 1, work, rb, x + r * next, es);
    }
    return info;
}

/* ---- public entry points --------------------------------------------------- */

/* Threads that hold rows of one system: the size of a group. */
TDLS_INLINE int TDLS_CP_FN(threads_per_system)(TDLS_CP_NO) {
    return TDLS_CP_PRIV(threads)(TDLS_CP_NV);
}

/* Elements of type T the workspace of one group needs; at most
   TDLS_COOP_WORKSPACE(n). No barrier state: the group's barrier is the
   OpenMP or warp barrier. */
TDLS_INLINE int TDLS_CP_FN(workspace_size)(TDLS_CP_NO) {
    const int m = TDLS_CP_NV > 0 ? TDLS_CP_NV : 0;
    return TDLS_CP_LOGICAL ? 2 * m + 2 : 3 * m + 3;
}

/* The substitutions never write the factors: the casts only let one body
   serve the factorizing and the substituting entry points. */
#define TDLS_CP_RUN(job, which, nrhs, a, piv, b, x, col)                                           \
    TDLS_CP_PRIV(run)                                                                              \
    (TDLS_CP_NV, tx, job, which, nrhs, (TDLS_CP_T *)(a), a_stride, (int *)(piv), piv_stride, b, x, \
     rhs_stride, col, work)

TDLS_INLINE int TDLS_CP_FN(factorize)(TDLS_CP_NP const int tx, TDLS_CP_T *a,
                                      const ptrdiff_t a_stride, int *piv,
                                      const ptrdiff_t piv_stride, TDLS_CP_T *work) {
    const ptrdiff_t rhs_stride = 0;
    return TDLS_CP_RUN(TDLS_CP_JOB_FACTOR, 0, 0, a, piv, NULL, NULL, -1);
}

TDLS_INLINE void TDLS_CP_FN(substitute)(TDLS_CP_NP const int tx, const TDLS_CP_T *a,
                                        const ptrdiff_t a_stride, const int *piv,
                                        const ptrdiff_t piv_stride, const TDLS_CP_T *b,
                                        TDLS_CP_T *x, const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_PLAIN, 1, a, piv, b, x, -1);
}

TDLS_INLINE void TDLS_CP_FN(substitute_inplace)(TDLS_CP_NP const int tx, const TDLS_CP_T *a,
                                                const ptrdiff_t a_stride, const int *piv,
                                                const ptrdiff_t piv_stride, TDLS_CP_T *y,
                                                const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_PLAIN, 1, a, piv, NULL, y, -1);
}

TDLS_INLINE void TDLS_CP_FN(substitute_trans)(TDLS_CP_NP const int tx, const TDLS_CP_T *a,
                                              const ptrdiff_t a_stride, const int *piv,
                                              const ptrdiff_t piv_stride, const TDLS_CP_T *b,
                                              TDLS_CP_T *x, const ptrdiff_t rhs_stride,
                                              TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_TRANS, 1, a, piv, b, x, -1);
}

TDLS_INLINE void TDLS_CP_FN(substitute_trans_inplace)(TDLS_CP_NP const int tx, const TDLS_CP_T *a,
                                                      const ptrdiff_t a_stride, const int *piv,
                                                      const ptrdiff_t piv_stride, TDLS_CP_T *y,
                                                      const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_TRANS, 1, a, piv, NULL, y, -1);
}

TDLS_INLINE void TDLS_CP_FN(substitute_multi)(TDLS_CP_NP const int nrhs, const int tx,
                                              const TDLS_CP_T *a, const ptrdiff_t a_stride,
                                              const int *piv, const ptrdiff_t piv_stride,
                                              const TDLS_CP_T *b, TDLS_CP_T *x,
                                              const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_PLAIN, nrhs, a, piv, b, x, -1);
}

TDLS_INLINE void TDLS_CP_FN(substitute_multi_inplace)(TDLS_CP_NP const int nrhs, const int tx,
                                                      const TDLS_CP_T *a, const ptrdiff_t a_stride,
                                                      const int *piv, const ptrdiff_t piv_stride,
                                                      TDLS_CP_T *y, const ptrdiff_t rhs_stride,
                                                      TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_PLAIN, nrhs, a, piv, NULL, y, -1);
}

TDLS_INLINE void TDLS_CP_FN(substitute_trans_multi)(TDLS_CP_NP const int nrhs, const int tx,
                                                    const TDLS_CP_T *a, const ptrdiff_t a_stride,
                                                    const int *piv, const ptrdiff_t piv_stride,
                                                    const TDLS_CP_T *b, TDLS_CP_T *x,
                                                    const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_TRANS, nrhs, a, piv, b, x, -1);
}

TDLS_INLINE void
TDLS_CP_FN(substitute_trans_multi_inplace)(TDLS_CP_NP const int nrhs, const int tx,
                                           const TDLS_CP_T *a, const ptrdiff_t a_stride,
                                           const int *piv, const ptrdiff_t piv_stride, TDLS_CP_T *y,
                                           const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_TRANS, nrhs, a, piv, NULL, y, -1);
}

/* Column col (0-based) of A^-1: the solve of A x = e_col. */
TDLS_INLINE void TDLS_CP_FN(substitute_canonical)(TDLS_CP_NP const int tx, const TDLS_CP_T *a,
                                                  const ptrdiff_t a_stride, const int *piv,
                                                  const ptrdiff_t piv_stride, const int col,
                                                  TDLS_CP_T *x, const ptrdiff_t rhs_stride,
                                                  TDLS_CP_T *work) {
    TDLS_CP_RUN(TDLS_CP_JOB_SUBSTITUTE, TDLS_CP_PLAIN, 1, a, piv, NULL, x, col);
}

TDLS_INLINE int TDLS_CP_FN(solve)(TDLS_CP_NP const int tx, TDLS_CP_T *a, const ptrdiff_t a_stride,
                                  int *piv, const ptrdiff_t piv_stride, const TDLS_CP_T *b,
                                  TDLS_CP_T *x, const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    return TDLS_CP_RUN(TDLS_CP_JOB_SOLVE, TDLS_CP_PLAIN, 1, a, piv, b, x, -1);
}

/* The first pass of the substitution runs inside the factorization. */
TDLS_INLINE int TDLS_CP_FN(solve_inplace)(TDLS_CP_NP const int tx, TDLS_CP_T *a,
                                          const ptrdiff_t a_stride, int *piv,
                                          const ptrdiff_t piv_stride, TDLS_CP_T *y,
                                          const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    return TDLS_CP_RUN(TDLS_CP_JOB_FUSED, TDLS_CP_PLAIN, 1, a, piv, NULL, y, -1);
}

TDLS_INLINE int TDLS_CP_FN(solve_multi)(TDLS_CP_NP const int nrhs, const int tx, TDLS_CP_T *a,
                                        const ptrdiff_t a_stride, int *piv,
                                        const ptrdiff_t piv_stride, const TDLS_CP_T *b,
                                        TDLS_CP_T *x, const ptrdiff_t rhs_stride, TDLS_CP_T *work) {
    return TDLS_CP_RUN(TDLS_CP_JOB_SOLVE, TDLS_CP_PLAIN, nrhs, a, piv, b, x, -1);
}

TDLS_DECLARE_TARGET_END

/* ---- the knobs end with the configuration -------------------------------- */

#undef TDLS_CP_T
#undef TDLS_CP_R
#undef TDLS_CP_FN
#undef TDLS_CP_PRIV
#undef TDLS_CP_CTX
#undef TDLS_CP_LOGICAL
#undef TDLS_CP_FLOOR
#undef TDLS_CP_RPT
#undef TDLS_CP_DIAG_STORE
#undef TDLS_CP_DIAG_LOAD
#undef TDLS_CP_M
#undef TDLS_CP_SLOTS
#undef TDLS_CP_UNROLL
#undef TDLS_CP_SOLVE_M
#undef TDLS_CP_SOLVE_MT
#undef TDLS_CP_PLAIN
#undef TDLS_CP_TRANS
#undef TDLS_CP_SLOT
#undef TDLS_CP_NP
#undef TDLS_CP_NO
#undef TDLS_CP_NV
#undef TDLS_CP_FUSE_NONE
#undef TDLS_CP_FUSE_M
#undef TDLS_CP_FUSE_MT
#undef TDLS_CP_JOB_FACTOR
#undef TDLS_CP_JOB_SOLVE
#undef TDLS_CP_JOB_SUBSTITUTE
#undef TDLS_CP_JOB_FUSED
#undef TDLS_CP_RUN
#undef TDLS_COOP_NAME
#undef TDLS_COOP_REAL
#undef TDLS_COOP_N
#undef TDLS_COOP_ROWS_PER_THREAD
#undef TDLS_COOP_ROW_INTERCHANGE
#undef TDLS_COOP_RELATIVE_PIVOT_THRESHOLD
#undef TDLS_COOP_SINGULAR_FLOOR
#undef TDLS_COOP_LAYOUT
#undef TDLS_COOP_SYNC
#undef TDLS_COOP_DIAGONAL
