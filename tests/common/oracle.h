/* SPDX-License-Identifier: BSD-3-Clause */
/* The independent oracle: a textbook GEPP in long double (LAPACK dgetf2's
   rule, division-based multipliers, no code shared with tdls), and
   LAPACK's test ratios computed in long double. Every matrix here is
   n x n, row-major, long double. */
#ifndef TDLS_TEST_ORACLE_H
#define TDLS_TEST_ORACLE_H

/* LU with max-magnitude partial pivoting, in place: a = L\U, ipiv[j] the
   0-based row exchanged with row j at step j. Returns 0 or the 1-based
   index of the first exactly zero pivot (the elimination then skips that
   column, like dgetf2). */
int tdls_oracle_getrf(int n, long double *a, int *ipiv);
/* Solves A x = b with the factors of tdls_oracle_getrf, in place in x. */
void tdls_oracle_getrs(int n, const long double *lu, const int *ipiv, long double *x);
/* x = A^-1 b by the two above; returns the info of the factorization. */
int tdls_oracle_solve(int n, const long double *a, const long double *b, long double *x);

long double tdls_oracle_norm1(int n, const long double *a);

/* xGET01: ||L U - P S||_1 / (n ||S||_1 eps), with L, U and P read from the
   tdls factor format of s0 factored into f: the diagonal of f holds 1/u_kk.
   logical != 0: piv[i] is the row of f (and of s0) holding position i.
   logical == 0: piv[j] is the row exchanged with row j at step j (applied
   to s0 in order) and f holds L\U in natural row order. */
long double tdls_oracle_factor_ratio(int n, const long double *s0, const long double *f,
                                     const int *piv, int logical, long double eps);
/* xGET02: ||b - A x||_1 / (||A||_1 ||x||_1 eps). */
long double tdls_oracle_solve_ratio(int n, const long double *a, const long double *x,
                                    const long double *b, long double eps);
/* ||x - y||_inf / ||y||_inf. */
long double tdls_oracle_forward_error(int n, const long double *x, const long double *y);

#endif
