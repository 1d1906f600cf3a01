/* SPDX-License-Identifier: BSD-3-Clause */
/* The shim's negative control: tests that must fail, and one that must
   pass, whose run must exit non-zero. tests/race/CMakeLists.txt checks the
   lines this prints, so a shim that let a failed check through would fail
   its own test. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <omp.h>

Test(shim, passes) {
    cr_assert(1);
    cr_assert_eq(2, 2, "equal %d", 2);
    cr_assert_str_eq("tdls", "tdls");
    cr_expect_gt(3, 2);
    cr_expect_not_null("");
}

Test(shim, expect_goes_on) {
    cr_expect_eq(1, 2, "cr_expect failed as meant (%d)", 42);
    cr_log_info("reached after a failed cr_expect");
}

Test(shim, assert_ends_test) {
    cr_assert_str_eq("a", "b");
    cr_log_info("reached after a failed cr_assert");
}

/* A failed cr_expect on other threads of a parallel region counts too. */
Test(shim, expect_in_parallel) {
#pragma omp parallel num_threads(2)
    cr_expect(omp_get_thread_num() != 1, "thread 1 failed as meant");
}

static void fini(void) {
    cr_log_info("fini after the failed test");
}

Test(shim, fini_runs, .fini = fini, .timeout = 10) {
    cr_assert(0);
}

Test(shim, disabled, .disabled = 1) {
    cr_assert(0, "a disabled test ran");
}

static void free_params(struct criterion_test_params *p) {
    cr_free(p->params);
}

ParameterizedTestParameters(shim, params) {
    int *v = cr_malloc(3 * sizeof *v);
    v[0] = 0, v[1] = 1, v[2] = 2;
    return cr_make_param_array(int, v, 3, free_params);
}

ParameterizedTest(const int *v, shim, params) {
    cr_expect_neq(*v, 1);
}
