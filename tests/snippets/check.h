/* SPDX-License-Identifier: BSD-3-Clause */
/* What every README snippet program checks after the code it shows: the
   solution against the expected one, and a zero info. */
#ifndef TDLS_SNIPPET_CHECK_H
#define TDLS_SNIPPET_CHECK_H

#include <math.h>
#include <stdio.h>

static int snippet_close(const double *x, const double *expected, int n, double tol) {
    for (int i = 0; i < n; ++i)
        if (!(fabs(x[i] - expected[i]) <= tol * (1.0 + fabs(expected[i])))) {
            fprintf(stderr, "x[%d] = %.17g, expected %.17g\n", i, x[i], expected[i]);
            return 0;
        }
    return 1;
}

#endif
