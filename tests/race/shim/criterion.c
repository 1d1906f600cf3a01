/* SPDX-License-Identifier: BSD-3-Clause */
/* The runner of the Criterion shim: the tests registered by their
   constructors run one after another in this process, in suite and name
   order; each prints its name and result, and the exit status is 1 when a
   check failed (or no test was registered), else 0. */
#include "criterion/criterion.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#if defined(_OPENMP)
#include <omp.h>
#endif

static struct tdls_cr_test *registered;
static int registered_count;

/* Checks may fail on any thread of a test's parallel regions. */
static atomic_int failures;
/* Where cr_assert ends the running test; valid only on the runner thread. */
static jmp_buf abort_test;
static _Thread_local int on_runner_thread;

void tdls_cr_register(struct tdls_cr_test *test) {
    test->next = registered;
    registered = test;
    ++registered_count;
}

static _Noreturn void end_run(void) {
    printf("[FAIL] cr_assert failed off the test's thread: the run stops here\n");
    fflush(NULL);
    /* exit() would run the OpenMP runtime's shutdown under running threads. */
    _Exit(1);
}

static void failed(const int abort) {
    atomic_fetch_add(&failures, 1);
    if (!abort)
        return;
#if defined(_OPENMP)
    if (omp_in_parallel())
        end_run();
#endif
    if (!on_runner_thread)
        end_run();
    longjmp(abort_test, 1);
}

void tdls_cr_fail(const char *file, const int line, const int abort, const char *expr) {
    printf("[----] %s:%d: Assertion failed: %s is false.\n", file, line, expr);
    failed(abort);
}

void tdls_cr_failf(const char *file, const int line, const int abort, const char *fmt, ...) {
    char message[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    printf("[----] %s:%d: Assertion failed: %s\n", file, line, message);
    failed(abort);
}

void tdls_cr_log(const char *fmt, ...) {
    char message[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    printf("[----] %s\n", message);
}

static double seconds(void) {
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One run of a test (one parameter of a parameterized test); returns 1
   when it passed. */
static int run_one(const struct tdls_cr_test *t, void *param, const size_t index) {
    char label[256];
    if (t->run_param)
        snprintf(label, sizeof label, "%s::%s [param %zu]", t->suite, t->name, index);
    else
        snprintf(label, sizeof label, "%s::%s", t->suite, t->name);
    printf("[RUN ] %s\n", label);
    fflush(stdout);
    const int before = atomic_load(&failures);
    const double start = seconds();
    if (setjmp(abort_test) == 0) {
        if (t->options.init)
            t->options.init();
        if (t->run_param)
            t->run_param(param);
        else
            t->run();
    }
    if (t->options.fini)
        t->options.fini();
    const int ok = atomic_load(&failures) == before;
    printf("[%s] %s: %.2f s\n", ok ? "PASS" : "FAIL", label, seconds() - start);
    fflush(stdout);
    return ok;
}

static int by_name(const void *p, const void *q) {
    const struct tdls_cr_test *a = *(const struct tdls_cr_test *const *)p;
    const struct tdls_cr_test *b = *(const struct tdls_cr_test *const *)q;
    const int c = strcmp(a->suite, b->suite);
    return c ? c : strcmp(a->name, b->name);
}

int main(void) {
    on_runner_thread = 1;
    struct tdls_cr_test **tests = malloc(sizeof *tests * (size_t)(registered_count + 1));
    int count = 0;
    for (struct tdls_cr_test *t = registered; t; t = t->next)
        tests[count++] = t;
    qsort(tests, (size_t)count, sizeof *tests, by_name);
    int runs = 0, failing = 0, skipped = 0;
    for (int i = 0; i < count; ++i) {
        const struct tdls_cr_test *t = tests[i];
        if (t->options.disabled) {
            printf("[SKIP] %s::%s: disabled\n", t->suite, t->name);
            ++skipped;
            continue;
        }
        if (!t->run_param) {
            ++runs;
            failing += !run_one(t, NULL, 0);
            continue;
        }
        struct criterion_test_params p = t->params();
        for (size_t k = 0; k < p.length; ++k) {
            ++runs;
            failing += !run_one(t, (char *)p.params + k * p.size, k);
        }
        if (p.cleanup)
            p.cleanup(&p);
    }
    free(tests);
    printf("[====] Synthesis: Tested: %d | Passing: %d | Failing: %d | Skipped: %d\n", runs,
           runs - failing, failing, skipped);
    if (runs == 0)
        printf("[FAIL] no test ran\n");
    return failing > 0 || runs == 0;
}
