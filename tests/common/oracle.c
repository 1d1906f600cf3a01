/* SPDX-License-Identifier: BSD-3-Clause */
/* The oracle GEPP and the LAPACK test ratios, in long double. Written from
   the textbook (Golub & Van Loan, alg. 3.4.1; LAPACK xGET01/xGET02), not
   from tdls: its own multipliers are quotients, not reciprocal products. */
#include "oracle.h"

#include "tdls_test.h" /* tdls_test_xmalloc */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define AT(a, i, j) (a)[(size_t)(i) * (size_t)n + (size_t)(j)]

int tdls_oracle_getrf(int n, long double *a, int *ipiv) {
    int info = 0;
    for (int j = 0; j < n; ++j) {
        int p = j;
        for (int i = j + 1; i < n; ++i)
            if (fabsl(AT(a, i, j)) > fabsl(AT(a, p, j)))
                p = i;
        ipiv[j] = p;
        if (AT(a, p, j) == 0.0L) {
            if (info == 0)
                info = j + 1;
            continue;
        }
        if (p != j)
            for (int c = 0; c < n; ++c) {
                const long double t = AT(a, j, c);
                AT(a, j, c) = AT(a, p, c);
                AT(a, p, c) = t;
            }
        for (int i = j + 1; i < n; ++i) {
            AT(a, i, j) /= AT(a, j, j);
            for (int c = j + 1; c < n; ++c)
                AT(a, i, c) -= AT(a, i, j) * AT(a, j, c);
        }
    }
    return info;
}

void tdls_oracle_getrs(int n, const long double *lu, const int *ipiv, long double *x) {
    for (int j = 0; j < n; ++j) {
        const long double t = x[j];
        x[j] = x[ipiv[j]];
        x[ipiv[j]] = t;
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < i; ++j)
            x[i] -= AT(lu, i, j) * x[j];
    for (int i = n - 1; i >= 0; --i) {
        for (int j = i + 1; j < n; ++j)
            x[i] -= AT(lu, i, j) * x[j];
        x[i] /= AT(lu, i, i);
    }
}

int tdls_oracle_solve(int n, const long double *a, const long double *b, long double *x) {
    long double *lu = tdls_test_xmalloc(sizeof *lu * (size_t)n * (size_t)n);
    int *ipiv = tdls_test_xmalloc(sizeof *ipiv * (size_t)n);
    memcpy(lu, a, sizeof *lu * (size_t)n * (size_t)n);
    memcpy(x, b, sizeof *x * (size_t)n);
    const int info = tdls_oracle_getrf(n, lu, ipiv);
    if (info == 0)
        tdls_oracle_getrs(n, lu, ipiv, x);
    free(lu);
    free(ipiv);
    return info;
}

long double tdls_oracle_norm1(int n, const long double *a) {
    long double best = 0;
    for (int j = 0; j < n; ++j) {
        long double s = 0;
        for (int i = 0; i < n; ++i)
            s += fabsl(AT(a, i, j));
        if (!(s <= best)) /* a NaN column makes the norm NaN */
            best = s;
    }
    return best;
}

/* The rows of s0 in the order of the factorization, or -1 when piv is not
   a valid pivot array: a ratio over a wrong permutation means nothing. */
static int permuted_rows(int n, const int *piv, int logical, int *rows) {
    for (int i = 0; i < n; ++i)
        rows[i] = i;
    if (logical) {
        char *seen = tdls_test_xcalloc((size_t)n, 1);
        int ok = 1;
        for (int i = 0; i < n && ok; ++i) {
            ok = piv[i] >= 0 && piv[i] < n && !seen[piv[i]];
            if (ok) {
                seen[piv[i]] = 1;
                rows[i] = piv[i];
            }
        }
        free(seen);
        return ok ? 0 : -1;
    }
    for (int j = 0; j < n; ++j) {
        if (piv[j] < j || piv[j] >= n)
            return -1;
        const int t = rows[j];
        rows[j] = rows[piv[j]];
        rows[piv[j]] = t;
    }
    return 0;
}

long double tdls_oracle_factor_ratio(int n, const long double *s0, const long double *f,
                                     const int *piv, int logical, long double eps) {
    int *rows = tdls_test_xmalloc(sizeof *rows * (size_t)n);
    long double *r = tdls_test_xmalloc(sizeof *r * (size_t)n * (size_t)n);
    long double ratio = INFINITY;
    if (permuted_rows(n, piv, logical, rows) == 0) {
        /* With logical interchanges position i of L\U is row piv[i] of f;
           with physical ones it is row i. */
        for (int i = 0; i < n; ++i) {
            const int fi = logical ? rows[i] : i;
            for (int j = 0; j < n; ++j) {
                long double s = 0;
                const int kmax = i < j ? i : j;
                for (int k = 0; k <= kmax; ++k) {
                    const int fk = logical ? rows[k] : k;
                    const long double l = k == i ? 1.0L : AT(f, fi, k);
                    const long double u = k == j ? 1.0L / AT(f, fk, k) : AT(f, fk, j);
                    s += l * u;
                }
                AT(r, i, j) = s - AT(s0, rows[i], j);
            }
        }
        const long double anorm = tdls_oracle_norm1(n, s0);
        const long double rnorm = tdls_oracle_norm1(n, r);
        if (anorm > 0)
            ratio = rnorm / ((long double)n * anorm * eps);
        else
            ratio = rnorm == 0 ? 0 : INFINITY;
    }
    free(rows);
    free(r);
    return __builtin_isnan(ratio) ? INFINITY : ratio;
}

long double tdls_oracle_solve_ratio(int n, const long double *a, const long double *x,
                                    const long double *b, long double eps) {
    long double rnorm = 0, xnorm = 0;
    for (int i = 0; i < n; ++i) {
        long double s = b[i];
        for (int j = 0; j < n; ++j)
            s -= AT(a, i, j) * x[j];
        rnorm += fabsl(s);
        xnorm += fabsl(x[i]);
    }
    const long double anorm = tdls_oracle_norm1(n, a);
    long double ratio;
    if (anorm > 0 && xnorm > 0)
        ratio = rnorm / (anorm * xnorm * eps);
    else
        ratio = rnorm == 0 ? 0 : INFINITY;
    return __builtin_isnan(ratio) ? INFINITY : ratio;
}

long double tdls_oracle_forward_error(int n, const long double *x, const long double *y) {
    long double d = 0, m = 0;
    for (int i = 0; i < n; ++i) {
        d = fmaxl(d, fabsl(x[i] - y[i]));
        m = fmaxl(m, fabsl(y[i]));
    }
    return m > 0 ? d / m : d;
}
