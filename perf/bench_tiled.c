/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls-bench-tiled: TiledLUpp as CPU users call it (an OpenMP parallel for
   over integration points, each solving its system in caller-local arrays)
   against LAPACKE_dgesv in a loop, over the knob space, with the fraction
   of this machine's limit (min of a STREAM triad and a measured FMA peak). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "bench_tiled.h"
#include "perf_common.h"
#include "perf_limits.h"

/* Weak: a partial build (kernel objects left out to save build time) still
   links, and reports the configurations it lacks as not built. */
#define TDLS_BENCH_EXTERN(n, i)                                                                    \
    extern const struct tdls_bench_variant TDLS_BENCH_VARIANT_NAME(n, i) __attribute__((weak));
#define TDLS_BENCH_EXTERN_ORDER(n) TDLS_BENCH_CONFIGS(TDLS_BENCH_EXTERN, n)
TDLS_BENCH_ORDERS(TDLS_BENCH_EXTERN_ORDER)
#define TDLS_BENCH_ADDR(n, i) &TDLS_BENCH_VARIANT_NAME(n, i),
#define TDLS_BENCH_ROW(n)     {TDLS_BENCH_CONFIGS(TDLS_BENCH_ADDR, n)},
static const struct tdls_bench_variant *const variants[][TDLS_BENCH_NCONFIG] = {
    TDLS_BENCH_ORDERS(TDLS_BENCH_ROW)};
#define TDLS_BENCH_ORDER(n) n,
static const int orders[] = {TDLS_BENCH_ORDERS(TDLS_BENCH_ORDER)};
enum { norders = sizeof orders / sizeof *orders };

static const char *const matrix_name[] = {"random", "diagdom"};
#define RESIDUAL_LIMIT 30.0 /* LAPACK's threshold for its xGET02 ratio */

struct batch {
    int n, kind;
    long count;
    double *A, *B, *X;    /* AoS, row-major */
    double *As, *Bs, *Xs; /* SoA copies; As is factored in place */
    double *As0;          /* the pristine SoA matrices */
    int *piv;
};

/* What one timed call runs: a tdls configuration in either layout, or a
   LAPACKE variant. */
struct job {
    const struct tdls_bench_variant *v;
    int soa, missing;
    enum tdls_perf_lapacke lapacke;
};

static int lapacke_batch(const struct batch *bt, enum tdls_perf_lapacke how) {
    const int n = bt->n;
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (long k = 0; k < bt->count; ++k)
        bad += tdls_perf_lapacke_solve(how, n, bt->A + k * n * n, n, 1, bt->B + k * n,
                                       bt->X + k * n, 1)
               != 0;
    return bad;
}

static int run_job(const struct batch *bt, const struct job *j) {
    if (!j->v)
        return lapacke_batch(bt, j->lapacke);
    if (!j->soa)
        return j->v->aos(bt->count, bt->A, bt->B, bt->X);
    return j->v->soa(bt->count, bt->As, bt->piv, bt->Bs, bt->Xs);
}

/* The largest residual ratio over the batch of the last run. */
static double check(const struct batch *bt, int soa) {
    const int n = bt->n;
    double worst = 0;
#pragma omp parallel for schedule(static) reduction(max : worst)
    for (long k = 0; k < bt->count; ++k) {
        const double r = soa ? tdls_perf_residual_ratio(n, bt->As0 + k, n * bt->count, bt->count,
                                                        bt->Bs + k, bt->Xs + k, bt->count)
                             : tdls_perf_residual_ratio(n, bt->A + k * n * n, n, 1, bt->B + k * n,
                                                        bt->X + k * n, 1);
        worst = r > worst ? r : worst;
    }
    return worst;
}

/* One run of a job, timed; the SoA matrices are restored outside the clock. */
static double time_once(struct batch *bt, const struct job *j) {
    if (j->soa)
        memcpy(bt->As, bt->As0, sizeof(double) * (size_t)bt->n * bt->n * bt->count);
    const double t0 = tdls_perf_now();
    run_job(bt, j);
    return tdls_perf_now() - t0;
}

/* The one timing harness, for every solver: an untimed run of each job
   whose every answer is checked (a wrong job is never timed: rate -1), then
   reps rounds that time each job once in turn, so that a change of load on
   this shared machine hits every job alike; median systems/s per job. */
static void measure(struct batch *bt, const struct job *jobs, int njobs, int reps, double *rate,
                    double *worst) {
    double t[64][64];
    for (int q = 0; q < njobs; ++q) {
        if (jobs[q].missing) {
            rate[q] = -2;
            worst[q] = 0;
            continue;
        }
        if (jobs[q].soa)
            memcpy(bt->As, bt->As0, sizeof(double) * (size_t)bt->n * bt->n * bt->count);
        const int bad = run_job(bt, &jobs[q]);
        worst[q] = check(bt, jobs[q].soa);
        rate[q] = bad || !(worst[q] <= RESIDUAL_LIMIT) ? -1 : 0;
    }
    for (int r = 0; r < reps; ++r)
        for (int q = 0; q < njobs; ++q)
            if (rate[q] == 0)
                t[q][r] = time_once(bt, &jobs[q]);
    for (int q = 0; q < njobs; ++q)
        if (rate[q] == 0)
            rate[q] = (double)bt->count / tdls_perf_median(t[q], reps);
}

static void fill(struct batch *bt) {
    const int n = bt->n;
#pragma omp parallel for schedule(static)
    for (long k = 0; k < bt->count; ++k) {
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                const double v = tdls_perf_matrix_entry(bt->kind == 1, n, (uint64_t)k, i, j);
                bt->A[(k * n + i) * n + j] = v;
                bt->As0[(long)(i * n + j) * bt->count + k] = v;
            }
            const double b = tdls_perf_rhs_entry((uint64_t)k, i);
            bt->B[k * n + i] = b;
            bt->Bs[(long)i * bt->count + k] = b;
        }
    }
}

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--csv FILE] [--reps R] [--mib M] [--n N]...\n"
            "  --csv FILE  every measurement (all configurations) as CSV\n"
            "  --reps R    timed repetitions per measurement, median reported (default 5)\n"
            "  --mib M     size of each batch of matrices in MiB (default 48)\n"
            "  --n N       only this order (repeatable)\n",
            argv0);
}

int main(int argc, char **argv) {
    int reps = 5, only[norders], nonly = 0;
    double mib = 48;
    FILE *csv = NULL;
    for (int a = 1; a < argc; ++a) {
        if (!strcmp(argv[a], "--csv") && a + 1 < argc) {
            if (!(csv = fopen(argv[++a], "w"))) {
                perror(argv[a]);
                return 2;
            }
        } else if (!strcmp(argv[a], "--reps") && a + 1 < argc) {
            reps = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "--mib") && a + 1 < argc) {
            mib = atof(argv[++a]);
        } else if (!strcmp(argv[a], "--n") && a + 1 < argc && nonly < norders) {
            only[nonly++] = atoi(argv[++a]);
        } else {
            usage(argv[0]);
            return 2;
        }
    }
    if (reps < 1 || reps > 64 || !(mib > 0)) {
        usage(argv[0]);
        return 2;
    }

    const double bw = tdls_perf_stream_triad(reps), peak = tdls_perf_fma_peak(reps);
    printf("threads %d | STREAM triad %.1f GB/s | FMA peak %.1f GFLOP/s (double) | "
           "median of %d runs\n",
           omp_get_max_threads(), bw, peak, reps);
    printf("limit = min(triad GB/s / bytes per system, peak / flops per system); bytes = "
           "8(n^2+2n)+4n (A, b, x, piv), flops = 2n^3/3 + 2n^2\n\n");
    printf("%3s %-8s %-40s %12s %7s %7s %8s %8s %9s\n", "n", "matrix", "solver", "systems/s",
           "vs LAPK", "GFLOP/s", "GB/s", "%limit", "max resid");
    if (csv)
        fprintf(csv, "n,matrix,solver,layout,tile,schedule,interchange,systems_per_s,"
                     "ratio_vs_lapacke,gflops,gbs,fraction_of_limit,max_residual_ratio\n");

    int failures = 0;
    for (int o = 0; o < norders; ++o) {
        const int n = orders[o];
        int wanted = nonly == 0;
        for (int q = 0; q < nonly; ++q)
            wanted |= only[q] == n;
        if (!wanted)
            continue;
        const double flops = 2.0 * n * n * n / 3.0 + 2.0 * n * n;
        const double bytes = 8.0 * (n * n + 2.0 * n) + 4.0 * n;
        const double limit =
            bw * 1e9 / bytes < peak * 1e9 / flops ? bw * 1e9 / bytes : peak * 1e9 / flops;
        struct batch bt = {.n = n};
        bt.count = (long)(mib * 1048576.0 / (8.0 * n * n));
        const size_t na = (size_t)n * n * bt.count, nb = (size_t)n * bt.count;
        bt.A = malloc(sizeof(double) * na);
        bt.As = malloc(sizeof(double) * na);
        bt.As0 = malloc(sizeof(double) * na);
        bt.B = malloc(sizeof(double) * nb);
        bt.Bs = malloc(sizeof(double) * nb);
        bt.X = malloc(sizeof(double) * nb);
        bt.Xs = malloc(sizeof(double) * nb);
        bt.piv = malloc(sizeof(int) * nb);
        if (!bt.A || !bt.As || !bt.As0 || !bt.B || !bt.Bs || !bt.X || !bt.Xs || !bt.piv) {
            fprintf(stderr, "tdls-bench-tiled: out of memory at n = %d\n", n);
            return 1;
        }
        for (int kind = 0; kind < 2; ++kind) {
            bt.kind = kind;
            fill(&bt);
            /* Rows: the LAPACKE variants, then every configuration in AoS,
               then every configuration in SoA. */
            enum { nl = 3, nrow = nl + 2 * TDLS_BENCH_NCONFIG };
            double rate[nrow], worst[nrow];
            struct job jobs[nrow];
            for (int r = 0; r < nrow; ++r) {
                jobs[r] = (struct job){NULL, 0, 0, (enum tdls_perf_lapacke)(r < nl ? r : 0)};
                if (r >= nl) {
                    jobs[r].v = variants[o][(r - nl) % TDLS_BENCH_NCONFIG];
                    jobs[r].missing = !jobs[r].v;
                    jobs[r].soa = r >= nl + TDLS_BENCH_NCONFIG;
                }
            }
            measure(&bt, jobs, nrow, reps, rate, worst);
            int lbest = 0, best = nl, sbest = nl + TDLS_BENCH_NCONFIG;
            for (int r = 0; r < nl; ++r)
                lbest = rate[r] > rate[lbest] ? r : lbest;
            for (int r = nl; r < nl + TDLS_BENCH_NCONFIG; ++r)
                best = rate[r] > rate[best] ? r : best;
            for (int r = nl + TDLS_BENCH_NCONFIG; r < nrow; ++r)
                sbest = rate[r] > rate[sbest] ? r : sbest;
            const int dflt = nl + TDLS_BENCH_DEFAULT_CONFIG;
            const int sdflt = dflt + TDLS_BENCH_NCONFIG;
            /* A configuration whose answers fail the residual check is
               rejected (not timed, never "best"): a finding about that
               configuration. The run fails when LAPACKE or the default does. */
            char rejected[512] = "";
            int missing = 0;
            for (int r = 0; r < nrow; ++r) {
                missing += rate[r] == -2;
                if (rate[r] >= 0 || rate[r] == -2)
                    continue;
                failures += r < nl || r == dflt || r == sdflt;
                const struct tdls_bench_variant *v = jobs[r].v;
                char one[48];
                snprintf(one, sizeof one, " %s:t%d%c%c(%.3g)", jobs[r].soa ? "SoA" : "AoS",
                         v ? v->tile : 0, v && v->schedule == 2 ? 'l' : 'r',
                         v && v->interchange == 2 ? 'p' : 'g', worst[r]);
                if (!v)
                    snprintf(one, sizeof one, " LAPACKE#%d(%.3g)", r, worst[r]);
                strncat(rejected, one, sizeof rejected - strlen(rejected) - 1);
            }
            for (int r = 0; r < nrow; ++r) {
                if (rate[r] == -2)
                    continue;
                char name[64];
                const struct tdls_bench_variant *v = jobs[r].v;
                if (v)
                    snprintf(name, sizeof name, "tdls %s t%d %s %s%s", jobs[r].soa ? "SoA" : "AoS",
                             v->tile, v->schedule == 1 ? "right" : "left",
                             v->interchange == 1 ? "logical" : "physical",
                             r == dflt || r == sdflt ? " (default)" : "");
                else
                    snprintf(name, sizeof name, "%s", tdls_perf_lapacke_name[jobs[r].lapacke]);
                const double ratio = rate[r] / rate[lbest];
                if (csv && rate[r] < 0)
                    fprintf(csv, "%d,%s,\"%s\",%s,%d,%s,%s,rejected,,,,,%.3g\n", n,
                            matrix_name[kind], v ? "tdls" : tdls_perf_lapacke_name[jobs[r].lapacke],
                            v ? (jobs[r].soa ? "SoA" : "AoS") : "AoS", v ? v->tile : 0,
                            v ? (v->schedule == 1 ? "right" : "left") : "",
                            v ? (v->interchange == 1 ? "logical" : "physical") : "", worst[r]);
                else if (csv)
                    fprintf(csv, "%d,%s,\"%s\",%s,%d,%s,%s,%.6g,%.4g,%.4g,%.4g,%.4g,%.3g\n", n,
                            matrix_name[kind], v ? "tdls" : tdls_perf_lapacke_name[jobs[r].lapacke],
                            v ? (jobs[r].soa ? "SoA" : "AoS") : "AoS", v ? v->tile : 0,
                            v ? (v->schedule == 1 ? "right" : "left") : "",
                            v ? (v->interchange == 1 ? "logical" : "physical") : "", rate[r], ratio,
                            rate[r] * flops * 1e-9, rate[r] * bytes * 1e-9, rate[r] / limit,
                            worst[r]);
                if (r != lbest && r != dflt && r != best && r != sdflt && r != sbest)
                    continue;
                if (rate[r] < 0)
                    printf("%3d %-8s %-40s %12s %7s %7s %8s %8s %9.3g\n", n, matrix_name[kind],
                           name, "REJECTED", "", "", "", "", worst[r]);
                else
                    printf("%3d %-8s %-40s %12.4g %6.2fx %7.2f %8.2f %7.1f%% %9.3g%s\n", n,
                           matrix_name[kind], name, rate[r], ratio, rate[r] * flops * 1e-9,
                           rate[r] * bytes * 1e-9, 100 * rate[r] / limit, worst[r],
                           (r == best || r == sbest) ? "  <- best" : "");
            }
            if (missing)
                printf("    %d of %d configurations not built into this binary\n", missing / 2,
                       TDLS_BENCH_NCONFIG);
            if (rejected[0])
                printf(
                    "    rejected (info != 0 or residual ratio > %.0f; g=logical p=physical):%s\n",
                    RESIDUAL_LIMIT, rejected);
        }
        printf("\n");
        free(bt.A);
        free(bt.As);
        free(bt.As0);
        free(bt.B);
        free(bt.Bs);
        free(bt.X);
        free(bt.Xs);
        free(bt.piv);
    }
    if (csv)
        fclose(csv);
    if (failures)
        fprintf(stderr, "%d LAPACKE or default-configuration measurements had wrong answers\n",
                failures);
    return failures != 0;
}
