/* SPDX-License-Identifier: BSD-3-Clause */
/* Cooperative solves for the race detector: every layout and interchange,
   orders from 2 to 13, one thread per row. Built as is, ThreadSanitizer
   must find nothing; built with TDLS_COOP_TEST_RACY_BROADCAST (one
   broadcast slot, the missing barrier) it must report the race. */
#include <criterion/criterion.h>
#include <math.h>
#include <omp.h>

#define TDLS_COOP_NAME   race_rl
#define TDLS_COOP_LAYOUT TDLS_ROW_MAJOR
#include <tdls/coop_lupp.h>

#define TDLS_COOP_NAME            race_rp
#define TDLS_COOP_LAYOUT          TDLS_ROW_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_PHYSICAL
#include <tdls/coop_lupp.h>

#define TDLS_COOP_NAME   race_cl
#define TDLS_COOP_LAYOUT TDLS_COL_MAJOR
#include <tdls/coop_lupp.h>

#define TDLS_COOP_NAME            race_cp
#define TDLS_COOP_LAYOUT          TDLS_COL_MAJOR
#define TDLS_COOP_ROW_INTERCHANGE TDLS_PHYSICAL
#include <tdls/coop_lupp.h>

enum { NMAX = 13 };

/* A symmetric matrix, so that A x = b and A^T x = b have the same solution
   whatever the layout: random entries in (-1, 1), which make the solver
   interchange rows. b = A (1, ..., 1). */
static void make_system(const int n, double a[NMAX * NMAX], double b[NMAX]) {
    unsigned state = 12345u + (unsigned)n;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) {
            state = state * 1664525u + 1013904223u;
            a[i * n + j] = a[j * n + i] = (double)(state >> 8) / (double)(1u << 23) - 1.0;
        }
    for (int i = 0; i < n; ++i) {
        b[i] = 0;
        for (int j = 0; j < n; ++j)
            b[i] += a[i * n + j];
    }
}

static const struct {
    const char *name;
    int (*threads)(int n);
    int (*solve)(int n, int tx, double *a, ptrdiff_t as, int *piv, ptrdiff_t ps, const double *b,
                 double *x, ptrdiff_t rs, double *work);
    void (*substitute_trans)(int n, int tx, const double *a, ptrdiff_t as, const int *piv,
                             ptrdiff_t ps, const double *b, double *x, ptrdiff_t rs, double *work);
} variants[] = {
    {"row-major logical", race_rl_threads_per_system, race_rl_solve, race_rl_substitute_trans},
    {"row-major physical", race_rp_threads_per_system, race_rp_solve, race_rp_substitute_trans},
    {"col-major logical", race_cl_threads_per_system, race_cl_solve, race_cl_substitute_trans},
    {"col-major physical", race_cp_threads_per_system, race_cp_solve, race_cp_substitute_trans},
};

/* Every variant factors and solves with one group (solve, whose
   substitution is the one of its layout), then solves the transposed
   system with the same factors (the other substitution); both solutions
   must be all ones. */
Test(coop_race, solves) {
    for (int n = 2; n <= NMAX; n += n < 5 ? 1 : 4) {
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; ++v) {
            double a[NMAX * NMAX], b[NMAX], x[NMAX], xt[NMAX], work[TDLS_COOP_WORKSPACE(NMAX)];
            int piv[NMAX], info = 0;
            make_system(n, a, b);
#pragma omp parallel num_threads(variants[v].threads(n))
            {
                const int tx = omp_get_thread_num();
                const int mine = variants[v].solve(n, tx, a, 1, piv, 1, b, x, 1, work);
                variants[v].substitute_trans(n, tx, a, 1, piv, 1, b, xt, 1, work);
                if (tx == 0)
                    info = mine;
            }
            cr_expect_eq(info, 0, "%s n=%d: info %d", variants[v].name, n, info);
            for (int i = 0; i < n; ++i)
                cr_expect(fabs(x[i] - 1) < 1e-9 && fabs(xt[i] - 1) < 1e-9,
                          "%s n=%d: x[%d] = %.17g, xt[%d] = %.17g", variants[v].name, n, i, x[i], i,
                          xt[i]);
        }
    }
}
