/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion glue: parameterized tests over the configuration table. The
   parameters are table indices in cr_malloc'd memory, because Criterion's
   workers may not share the parent's address space (pointers into the
   table would dangle there). */
#ifndef TDLS_TEST_CRITERION_H
#define TDLS_TEST_CRITERION_H

#include <criterion/alloc.h>
#include <criterion/parameterized.h>

#include "tdls_test.h"

static inline void tdls_test_free_params(struct criterion_test_params *crp) {
    cr_free(crp->params);
}

/* Use as: ParameterizedTestParameters(s, t) { return tdls_test_solver_params(); }
           ParameterizedTest(const int *index, s, t) { const tdls_test_solver *c =
               tdls_test_solvers[*index]; ... } */
static inline struct criterion_test_params tdls_test_solver_params(void) {
    int *index = cr_malloc(sizeof *index * (size_t)tdls_test_solver_count);
    for (int i = 0; i < tdls_test_solver_count; ++i)
        index[i] = i;
    return cr_make_param_array(int, index, (size_t)tdls_test_solver_count, tdls_test_free_params);
}

#endif
