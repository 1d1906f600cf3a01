/* SPDX-License-Identifier: BSD-3-Clause */
/* A small Criterion-compatible test API for the ThreadSanitizer build: the
   test sources compile unchanged against it, and one plain main() (in
   ../criterion.c) runs every test in one process, because Criterion's
   forked workers and arenas do not work under the sanitizer. */
#ifndef TDLS_CRITERION_SHIM_H
#define TDLS_CRITERION_SHIM_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- registration ------------------------------------------------------------ */

/* Test options, set with designated initializers as in Criterion. timeout
   is accepted and ignored: ctest's TIMEOUT bounds the whole program. An
   option Criterion has and this list lacks (exit_code, signal) needs a
   child process, and using it stops the compile. */
struct tdls_cr_options {
    double timeout;
    int disabled;
    const char *description;
    void (*init)(void);
    void (*fini)(void);
    int sentinel_;
};

struct criterion_test_params {
    size_t size;
    void *params;
    size_t length;
    void (*cleanup)(struct criterion_test_params *);
};

struct tdls_cr_test {
    const char *suite, *name;
    void (*run)(void);         /* a plain test */
    void (*run_param)(void *); /* a parameterized test, called once per parameter */
    struct criterion_test_params (*params)(void);
    struct tdls_cr_options options;
    struct tdls_cr_test *next;
};

void tdls_cr_register(struct tdls_cr_test *test);

#define TDLS_CR_CAT_(a, b)            a##b
#define TDLS_CR_CAT(a, b)             TDLS_CR_CAT_(a, b)
#define TDLS_CR_ID(kind, suite, name) tdls_cr_##kind##_##suite##_##name

#define TDLS_CR_REGISTER(suite, name, run, run_param, params, ...)                                 \
    static struct tdls_cr_test TDLS_CR_ID(entry, suite, name) = {                                  \
        #suite, #name, run, run_param, params, {__VA_ARGS__}, NULL};                               \
    __attribute__((constructor)) static void TDLS_CR_ID(ctor, suite, name)(void) {                 \
        tdls_cr_register(&TDLS_CR_ID(entry, suite, name));                                         \
    }

#define Test(...) TDLS_CR_TEST(__VA_ARGS__, .sentinel_ = 0)
#define TDLS_CR_TEST(suite, name, ...)                                                             \
    static void TDLS_CR_ID(fn, suite, name)(void);                                                 \
    TDLS_CR_REGISTER(suite, name, TDLS_CR_ID(fn, suite, name), NULL, NULL, __VA_ARGS__)            \
    static void TDLS_CR_ID(fn, suite, name)(void)

/* The parameter is a pointer to one element of the array that the
   ParameterizedTestParameters function returns. */
#define ParameterizedTestParameters(suite, name)                                                   \
    static struct criterion_test_params TDLS_CR_ID(params, suite, name)(void)
#define ParameterizedTest(...) TDLS_CR_PTEST(__VA_ARGS__, .sentinel_ = 0)
#define TDLS_CR_PTEST(param, suite, name, ...)                                                     \
    static struct criterion_test_params TDLS_CR_ID(params, suite, name)(void);                     \
    static void TDLS_CR_ID(fn, suite, name)(param);                                                \
    static void TDLS_CR_ID(trampoline, suite, name)(void *p) {                                     \
        TDLS_CR_ID(fn, suite, name)(p);                                                            \
    }                                                                                              \
    TDLS_CR_REGISTER(suite, name, NULL, TDLS_CR_ID(trampoline, suite, name),                       \
                     TDLS_CR_ID(params, suite, name), __VA_ARGS__)                                 \
    static void TDLS_CR_ID(fn, suite, name)(param)

#define cr_make_param_array(Type, Array, Len, ...)                                                 \
    ((struct criterion_test_params){                                                               \
        .size = sizeof(Type), .params = (Array), .length = (Len), __VA_ARGS__})

/* No worker processes: the parameters live in the one address space. */
#define cr_malloc(size) malloc(size)
#define cr_free(ptr)    free(ptr)

/* ---- assertions -------------------------------------------------------------- */

/* A failed check prints its place and message (or the expression when no
   message is given) and marks the test failed; with abort set it also ends
   the test, as cr_assert does. Off the test's own thread, or inside an
   OpenMP parallel region, ending only the test is impossible: the whole
   run stops with a failure instead. */
void tdls_cr_fail(const char *file, int line, int abort, const char *expr);
void tdls_cr_failf(const char *file, int line, int abort, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void tdls_cr_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The argument list of a check is the operands, then an optional format
   and its arguments. TDLS_CR_ARITY says whether a list holds one argument
   (1) or more (M), up to 32: what tells the bare check from the one with a
   message. */
#define TDLS_CR_ARITY(...)                                                                         \
    TDLS_CR_ARITY_(__VA_ARGS__, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,  \
                   M, M, M, M, M, M, M, M, M, 1, _)
#define TDLS_CR_ARITY_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, \
                       a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32,  \
                       n, ...)                                                                     \
    n
#define TDLS_CR_HEAD(...)         TDLS_CR_HEAD_(__VA_ARGS__, _)
#define TDLS_CR_HEAD_(x, ...)     x
#define TDLS_CR_STR_HEAD(...)     TDLS_CR_STR_HEAD_(__VA_ARGS__, _)
#define TDLS_CR_STR_HEAD_(x, ...) #x

/* args: the last operand, then the optional message. */
#define TDLS_CR_CHECK(abort, cond, expr, ...)                                                      \
    do {                                                                                           \
        if (!(cond))                                                                               \
            TDLS_CR_CAT(TDLS_CR_REPORT_, TDLS_CR_ARITY(__VA_ARGS__))(abort, expr, __VA_ARGS__);    \
    } while (0)
#define TDLS_CR_REPORT_1(abort, expr, last) tdls_cr_fail(__FILE__, __LINE__, abort, expr)
#define TDLS_CR_REPORT_M(abort, expr, last, ...)                                                   \
    tdls_cr_failf(__FILE__, __LINE__, abort, __VA_ARGS__)

#define TDLS_CR_UNARY(abort, pre, post, ...)                                                       \
    TDLS_CR_CHECK(abort, pre(TDLS_CR_HEAD(__VA_ARGS__)) post,                                      \
                  #pre "(" TDLS_CR_STR_HEAD(__VA_ARGS__) ")" #post, __VA_ARGS__)
#define TDLS_CR_BINARY(abort, a, op, ...)                                                          \
    TDLS_CR_CHECK(abort, (a)op(TDLS_CR_HEAD(__VA_ARGS__)),                                         \
                  "(" #a ") " #op " (" TDLS_CR_STR_HEAD(__VA_ARGS__) ")", __VA_ARGS__)
#define TDLS_CR_STRCMP(abort, a, op, ...)                                                          \
    TDLS_CR_CHECK(abort, strcmp((a), (TDLS_CR_HEAD(__VA_ARGS__))) op 0,                            \
                  "strcmp(" #a ", " TDLS_CR_STR_HEAD(__VA_ARGS__) ") " #op " 0", __VA_ARGS__)

#define cr_assert(...)            TDLS_CR_UNARY(1, , , __VA_ARGS__)
#define cr_expect(...)            TDLS_CR_UNARY(0, , , __VA_ARGS__)
#define cr_assert_not(...)        TDLS_CR_UNARY(1, !, , __VA_ARGS__)
#define cr_expect_not(...)        TDLS_CR_UNARY(0, !, , __VA_ARGS__)
#define cr_assert_null(...)       TDLS_CR_UNARY(1, , == NULL, __VA_ARGS__)
#define cr_expect_null(...)       TDLS_CR_UNARY(0, , == NULL, __VA_ARGS__)
#define cr_assert_not_null(...)   TDLS_CR_UNARY(1, , != NULL, __VA_ARGS__)
#define cr_expect_not_null(...)   TDLS_CR_UNARY(0, , != NULL, __VA_ARGS__)
#define cr_assert_eq(a, ...)      TDLS_CR_BINARY(1, a, ==, __VA_ARGS__)
#define cr_expect_eq(a, ...)      TDLS_CR_BINARY(0, a, ==, __VA_ARGS__)
#define cr_assert_neq(a, ...)     TDLS_CR_BINARY(1, a, !=, __VA_ARGS__)
#define cr_expect_neq(a, ...)     TDLS_CR_BINARY(0, a, !=, __VA_ARGS__)
#define cr_assert_lt(a, ...)      TDLS_CR_BINARY(1, a, <, __VA_ARGS__)
#define cr_expect_lt(a, ...)      TDLS_CR_BINARY(0, a, <, __VA_ARGS__)
#define cr_assert_leq(a, ...)     TDLS_CR_BINARY(1, a, <=, __VA_ARGS__)
#define cr_expect_leq(a, ...)     TDLS_CR_BINARY(0, a, <=, __VA_ARGS__)
#define cr_assert_gt(a, ...)      TDLS_CR_BINARY(1, a, >, __VA_ARGS__)
#define cr_expect_gt(a, ...)      TDLS_CR_BINARY(0, a, >, __VA_ARGS__)
#define cr_assert_geq(a, ...)     TDLS_CR_BINARY(1, a, >=, __VA_ARGS__)
#define cr_expect_geq(a, ...)     TDLS_CR_BINARY(0, a, >=, __VA_ARGS__)
#define cr_assert_str_eq(a, ...)  TDLS_CR_STRCMP(1, a, ==, __VA_ARGS__)
#define cr_expect_str_eq(a, ...)  TDLS_CR_STRCMP(0, a, ==, __VA_ARGS__)
#define cr_assert_str_neq(a, ...) TDLS_CR_STRCMP(1, a, !=, __VA_ARGS__)
#define cr_expect_str_neq(a, ...) TDLS_CR_STRCMP(0, a, !=, __VA_ARGS__)

#define cr_log_info(...) tdls_cr_log(__VA_ARGS__)

#endif
