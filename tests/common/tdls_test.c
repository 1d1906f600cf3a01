/* SPDX-License-Identifier: BSD-3-Clause */
/* Typed element access, the RNG and the matrix generators of tdls_test.h.
   Generators work in long double: the tested type only enters when the
   caller packs the matrix. */
#include "tdls_test.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tdls/config.h>

const char *tdls_test_type_name(tdls_test_type type) {
    static const char *const names[] = {"float", "double", "long double"};
    return names[type];
}

size_t tdls_test_size(tdls_test_type type) {
    static const size_t sizes[] = {sizeof(float), sizeof(double), sizeof(long double)};
    return sizes[type];
}

long double tdls_test_eps(tdls_test_type type) {
    static const long double eps[] = {FLT_EPSILON, DBL_EPSILON, LDBL_EPSILON};
    return eps[type];
}

long double tdls_test_get(tdls_test_type type, const void *p, ptrdiff_t i) {
    switch (type) {
        case TDLS_TEST_FLOAT:
            return ((const float *)p)[i];
        case TDLS_TEST_DOUBLE:
            return ((const double *)p)[i];
        default:
            return ((const long double *)p)[i];
    }
}

void tdls_test_set(tdls_test_type type, void *p, ptrdiff_t i, long double v) {
    switch (type) {
        case TDLS_TEST_FLOAT:
            ((float *)p)[i] = (float)v;
            break;
        case TDLS_TEST_DOUBLE:
            ((double *)p)[i] = (double)v;
            break;
        default:
            ((long double *)p)[i] = v;
    }
}

static void *checked(void *p, size_t bytes) {
    if (!p) {
        fprintf(stderr, "tdls tests: out of memory (%zu bytes)\n", bytes);
        abort();
    }
    return p;
}

void *tdls_test_xmalloc(size_t bytes) {
    return checked(malloc(bytes ? bytes : 1), bytes);
}

void *tdls_test_xcalloc(size_t count, size_t size) {
    return checked(calloc(count ? count : 1, size ? size : 1), count * size);
}

void *tdls_test_alloc(tdls_test_type type, ptrdiff_t count, ptrdiff_t stride) {
    return tdls_test_xcalloc((size_t)(count * stride + 1), tdls_test_size(type));
}

void tdls_test_pack(tdls_test_type type, int layout, int n, long double *a, void *s,
                    ptrdiff_t stride) {
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const ptrdiff_t k = (ptrdiff_t)i * n + j;
            const ptrdiff_t at = layout == TDLS_COL_MAJOR ? (ptrdiff_t)j * n + i : k;
            tdls_test_set(type, s, at * stride, a[k]);
            a[k] = tdls_test_get(type, s, at * stride);
        }
}

void tdls_test_load_stored(tdls_test_type type, int n, const void *s, ptrdiff_t stride,
                           long double *s_out) {
    for (ptrdiff_t k = 0; k < (ptrdiff_t)n * n; ++k)
        s_out[k] = tdls_test_get(type, s, k * stride);
}

void tdls_test_pack_vec(tdls_test_type type, int n, long double *v, void *x, ptrdiff_t stride) {
    for (int i = 0; i < n; ++i) {
        tdls_test_set(type, x, i * stride, v[i]);
        v[i] = tdls_test_get(type, x, i * stride);
    }
}

void tdls_test_load_vec(tdls_test_type type, int n, const void *x, ptrdiff_t stride,
                        long double *v) {
    for (int i = 0; i < n; ++i)
        v[i] = tdls_test_get(type, x, i * stride);
}

int tdls_test_all_finite(tdls_test_type type, int n, const void *x, ptrdiff_t stride) {
    for (int i = 0; i < n; ++i)
        if (!__builtin_isfinite(tdls_test_get(type, x, i * stride)))
            return 0;
    return 1;
}

void tdls_test_transpose(int n, const long double *a, long double *at) {
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            at[(size_t)j * n + i] = a[(size_t)i * n + j];
}

/* ---- RNG ------------------------------------------------------------------ */

void tdls_test_rng_seed(tdls_test_rng *rng, uint64_t seed) {
    rng->state = seed;
}

uint64_t tdls_test_rng_next(tdls_test_rng *rng) {
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

long double tdls_test_rng_uniform(tdls_test_rng *rng) {
    /* 2 * [0, 1) - 1 with 63 bits, then reflected off -1: never exactly -1. */
    const long double u = (long double)(tdls_test_rng_next(rng) >> 1) * 0x1p-62L - 1.0L;
    return u == -1.0L ? 0.5L : u;
}

void tdls_test_random_vec(int n, uint64_t seed, long double *v) {
    tdls_test_rng rng;
    tdls_test_rng_seed(&rng, seed ^ 0x5bd1e995u);
    for (int i = 0; i < n; ++i)
        v[i] = tdls_test_rng_uniform(&rng);
}

/* ---- generators ----------------------------------------------------------- */

const char *tdls_test_kind_name(tdls_test_kind kind) {
    static const char *const names[] = {"random", "diag-dominant", "ill-conditioned", "graded"};
    return names[kind];
}

long double tdls_test_target_cond(tdls_test_type type) {
    static const long double cond[] = {1e3L, 1e6L, 1e9L};
    return cond[type];
}

/* a = H a or a = a H (left != 0 or 0) with H = I - 2 v v^T / v^T v for a
   random v: a product of n of them is a random orthogonal matrix. */
static void householder(int n, long double *a, tdls_test_rng *rng, int left) {
    long double *v = tdls_test_xmalloc(sizeof *v * (size_t)n);
    long double vv = 0;
    for (int i = 0; i < n; ++i) {
        v[i] = tdls_test_rng_uniform(rng);
        vv += v[i] * v[i];
    }
    for (int k = 0; k < n; ++k) {
        long double d = 0;
        /* Column k of a (left) or row k (right), as a strided vector. */
        long double *w = left ? a + k : a + (size_t)k * n;
        const size_t ws = left ? (size_t)n : 1;
        for (int i = 0; i < n; ++i)
            d += v[i] * w[i * ws];
        d *= 2 / vv;
        for (int i = 0; i < n; ++i)
            w[i * ws] -= d * v[i];
    }
    free(v);
}

long double tdls_test_generate(tdls_test_kind kind, tdls_test_type type, int n, uint64_t seed,
                               long double *a) {
    tdls_test_rng rng;
    tdls_test_rng_seed(&rng, seed * 0x100000001b3u + (uint64_t)kind * 7919u + (uint64_t)n);
    const size_t nn = (size_t)n * (size_t)n;
    long double cond = 0;
    switch (kind) {
        case TDLS_TEST_ILL_CONDITIONED: {
            /* LAPACK's mode 3 (geometric singular values) behind two random
               orthogonal factors, so that no entry reveals the conditioning. */
            cond = n > 1 ? tdls_test_target_cond(type) : 1;
            memset(a, 0, sizeof *a * nn);
            for (int i = 0; i < n; ++i)
                a[(size_t)i * n + i] = n > 1 ? powl(cond, -(long double)i / (n - 1)) : 1;
            for (int k = 0; k < n; ++k) {
                householder(n, a, &rng, 1);
                householder(n, a, &rng, 0);
            }
            break;
        }
        case TDLS_TEST_GRADED: {
            /* Rows and columns fall geometrically over a range the type resolves
               easily: 1e-3 (float), 1e-6 otherwise. */
            const long double range = type == TDLS_TEST_FLOAT ? 1e-3L : 1e-6L;
            const long double g = n > 1 ? powl(range, 1.0L / (n - 1)) : 1;
            /* The n powers once, not 2 n^2 calls of powl: at order 20 those
               took most of a batch suite's time. */
            long double *gp = tdls_test_xmalloc(sizeof *gp * (size_t)n);
            for (int i = 0; i < n; ++i)
                gp[i] = powl(g, i);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    a[(size_t)i * n + j] = tdls_test_rng_uniform(&rng) * gp[i] * gp[n - 1 - j];
            free(gp);
            break;
        }
        default: {
            for (size_t k = 0; k < nn; ++k)
                a[k] = tdls_test_rng_uniform(&rng);
            if (kind == TDLS_TEST_DIAG_DOMINANT)
                for (int i = 0; i < n; ++i) {
                    long double row = 0, col = 0;
                    for (int j = 0; j < n; ++j)
                        if (j != i) {
                            row += fabsl(a[(size_t)i * n + j]);
                            col += fabsl(a[(size_t)j * n + i]);
                        }
                    const long double sign = a[(size_t)i * n + i] < 0 ? -1 : 1;
                    a[(size_t)i * n + i] = sign * (1 + fmaxl(row, col));
                }
        }
    }
    return cond;
}

long double tdls_test_solver_factor_ratio(const tdls_test_solver *c, int n, const long double *s0,
                                          const void *f, const int *piv) {
    long double *lf = tdls_test_xmalloc(sizeof *lf * (size_t)n * (size_t)n);
    tdls_test_load_stored(c->type, n, f, 1, lf);
    const long double r = tdls_oracle_factor_ratio(n, s0, lf, piv, c->interchange == TDLS_LOGICAL,
                                                   tdls_test_eps(c->type));
    free(lf);
    return r;
}
