/* SPDX-License-Identifier: BSD-3-Clause */
/* The shared test API: element access by type tag, a seeded RNG, matrix
   generators, a descriptor that lets one test body drive any instantiated
   solver configuration (see tdls_test_instance.h), and the oracle and
   LAPACK test ratios of oracle.h. Test matrices live in long double. */
#ifndef TDLS_TEST_H
#define TDLS_TEST_H

#include <stddef.h>
#include <stdint.h>

#include <tdls/config.h> /* TDLS_ROW_MAJOR, TDLS_LOGICAL, ...: the descriptor's values */

#include "oracle.h"

/* ---- element types ------------------------------------------------------ */

typedef enum { TDLS_TEST_FLOAT, TDLS_TEST_DOUBLE, TDLS_TEST_LDOUBLE } tdls_test_type;

const char *tdls_test_type_name(tdls_test_type type);
size_t tdls_test_size(tdls_test_type type);
/* The unit roundoff the ratios are measured in: FLT/DBL/LDBL_EPSILON. */
long double tdls_test_eps(tdls_test_type type);
long double tdls_test_get(tdls_test_type type, const void *p, ptrdiff_t i);
void tdls_test_set(tdls_test_type type, void *p, ptrdiff_t i, long double v);
/* malloc that never returns NULL: out of memory, it names the size on
   stderr and aborts, so that a test fails there and not in a later
   dereference. */
void *tdls_test_xmalloc(size_t bytes);
/* calloc, the same way. */
void *tdls_test_xcalloc(size_t count, size_t size);
/* A typed array of count entries at element stride, zeroed; aborts as
   tdls_test_xmalloc when out of memory. */
void *tdls_test_alloc(tdls_test_type type, ptrdiff_t count, ptrdiff_t stride);

/* Rounds the logical matrix a (n x n, row-major) to the type in place, so
   that the ratios see exactly what the solver sees, and writes its stored
   form: row-major A(i,j) at s[(i*n+j)*stride], column-major at
   s[(j*n+i)*stride]. */
void tdls_test_pack(tdls_test_type type, int layout, int n, long double *a, void *s,
                    ptrdiff_t stride);
/* The stored array itself (S, which the solver factors) into s_out, n x n
   row-major long double, whatever the layout. */
void tdls_test_load_stored(tdls_test_type type, int n, const void *s, ptrdiff_t stride,
                           long double *s_out);
/* Typed vector <-> long double vector; round trips v through the type. */
void tdls_test_pack_vec(tdls_test_type type, int n, long double *v, void *x, ptrdiff_t stride);
void tdls_test_load_vec(tdls_test_type type, int n, const void *x, ptrdiff_t stride,
                        long double *v);
int tdls_test_all_finite(tdls_test_type type, int n, const void *x, ptrdiff_t stride);
void tdls_test_transpose(int n, const long double *a, long double *at);

/* ---- deterministic random numbers (splitmix64) -------------------------- */

typedef struct {
    uint64_t state;
} tdls_test_rng;

void tdls_test_rng_seed(tdls_test_rng *rng, uint64_t seed);
uint64_t tdls_test_rng_next(tdls_test_rng *rng);
/* Uniform in (-1, 1), 63 random bits. */
long double tdls_test_rng_uniform(tdls_test_rng *rng);

/* ---- matrix generators ---------------------------------------------------- */

typedef enum {
    TDLS_TEST_RANDOM,          /* uniform (-1, 1) */
    TDLS_TEST_DIAG_DOMINANT,   /* strictly row and column diagonally dominant, margin >= 1 */
    TDLS_TEST_ILL_CONDITIONED, /* U diag(sigma) V^T, sigma geometric from 1 to 1/cond */
    TDLS_TEST_GRADED,          /* D1 R D2: rows and columns scaled geometrically */
    TDLS_TEST_KIND_COUNT
} tdls_test_kind;

const char *tdls_test_kind_name(tdls_test_kind kind);
/* The 2-norm condition number the ill-conditioned kind prescribes for the
   type: 1e3 (float), 1e6 (double), 1e9 (long double). */
long double tdls_test_target_cond(tdls_test_type type);
/* Fills a (n x n, row-major) with a matrix of the kind, a pure function of
   (kind, type, n, seed). Returns its 2-norm condition number when the kind
   knows it (ill-conditioned), else 0. */
long double tdls_test_generate(tdls_test_kind kind, tdls_test_type type, int n, uint64_t seed,
                               long double *a);
void tdls_test_random_vec(int n, uint64_t seed, long double *v);

/* ---- solver descriptors ------------------------------------------------ */

/* One instantiated TiledLUpp configuration behind untyped pointers: the
   entry points take the element type the descriptor names, with the
   library's argument order. factorize calls NAME_factorize_oot when
   oot_count is non-NULL and NAME_factorize otherwise. */
typedef struct tdls_test_solver {
    const char *name;
    tdls_test_type type;
    int layout;      /* TDLS_ROW_MAJOR or TDLS_COL_MAJOR */
    int interchange; /* TDLS_LOGICAL or TDLS_PHYSICAL */
    int schedule;
    int tile_size;
    int oot_first_acceptable;
    long double oot_threshold;
    long double relative_pivot_threshold;
    long double singular_floor;
    int (*factorize)(int n, void *a, ptrdiff_t as, int *piv, ptrdiff_t ps, int *oot_count);
    int (*solve)(int n, void *a, ptrdiff_t as, int *piv, ptrdiff_t ps, const void *b, void *x,
                 ptrdiff_t rs);
    void (*substitute)(int n, const void *a, ptrdiff_t as, const int *piv, ptrdiff_t ps,
                       const void *b, void *x, ptrdiff_t rs);
    void (*substitute_trans)(int n, const void *a, ptrdiff_t as, const int *piv, ptrdiff_t ps,
                             const void *b, void *x, ptrdiff_t rs);
} tdls_test_solver;

/* The configurations a test program was linked with (a generated table;
   see tests/common/TdlsTestCommon.cmake). */
extern const tdls_test_solver *const tdls_test_solvers[];
extern const int tdls_test_solver_count;

/* The factor ratio of a factorization the solver just made: s0 is the
   stored array before it (n x n long double, from tdls_test_load_stored),
   f and piv what factorize left (strides 1). */
long double tdls_test_solver_factor_ratio(const tdls_test_solver *c, int n, const long double *s0,
                                          const void *f, const int *piv);

#endif
