/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls-bench-coop: CooperativeLUpp (one system per team, and G systems per
   team on sub-groups) against the per-thread TiledLUpp on the same random
   batches, on the default OpenMP device: systems/s, GB/s, every solution's
   residual checked in long double. A speed target on GPUs only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include <tdls/tiled.h>

#include "perf_common.h"

/* Threads per team of the grouped kernels on GPUs: four warps, so that a
   multiprocessor's block limit does not cap its occupancy. */
#define BENCH_COOP_TEAM 128

typedef void (*bench_coop_fn)(long batch, int groups, int lanes, double *a, int *piv, double *y,
                              int *info);

struct bench_coop_cfg {
    int rows_per_thread, sync, gmax, threads;
    bench_coop_fn batch;
};

struct bench_coop_order {
    int n;
    const struct bench_coop_cfg *team, *pair, *warp, *solo;
};

/* Lanes of a warp-synchronized group: a power of two, so that groups never
   straddle two warps. */
#define BENCH_COOP_POW2(t)                                                                         \
    ((t) <= 1 ? 1 : (t) <= 2 ? 2 : (t) <= 4 ? 4 : (t) <= 8 ? 8 : (t) <= 16 ? 16 : 32)
#define BENCH_COOP_LANES(r) BENCH_COOP_POW2((BENCH_COOP_ORDER - 1 + (r)) / (r))

#define BENCH_COOP_ORDER 16
#include "bench_coop_order.h"
#define BENCH_COOP_ORDER 24
#include "bench_coop_order.h"
#define BENCH_COOP_ORDER 32
#include "bench_coop_order.h"
#define BENCH_COOP_ORDER 48
#include "bench_coop_order.h"
#define BENCH_COOP_ORDER 64
#include "bench_coop_order.h"

static const struct bench_coop_order *const orders[] = {&bc16_cfgs, &bc24_cfgs, &bc32_cfgs,
                                                        &bc48_cfgs, &bc64_cfgs};
enum { norders = sizeof orders / sizeof *orders };

#define SEED           20261203u
#define RESIDUAL_LIMIT 30.0 /* LAPACK's threshold for its xGET02 ratio */

/* The per-thread solver over the same batch: `target teams distribute
   parallel for`, one system per thread, the runtime-order TiledLUpp of
   <tdls/tiled.h>. stride 1: systems contiguous as for the cooperative
   kernels (system k at a + k*n*n); stride batch: interleaved, coalesced on
   GPUs (entry (i,j) of system k at a[(i*n+j)*batch + k]). */
static void per_thread(int n, long batch, int interleaved, double *a, int *piv, double *y,
                       int *info) {
    const long step = interleaved ? 1 : (long)n * n, vstep = interleaved ? 1 : n;
    const long stride = interleaved ? batch : 1;
#pragma omp target teams distribute parallel for
    for (long k = 0; k < batch; ++k)
        info[k] = tdls_dtiled_solve_inplace(n, a + k * step, stride, piv + k * vstep, stride,
                                            y + k * vstep, stride);
}

/* dst = src on the device, outside the clock: every run factors fresh
   copies. */
static void restore(double *dst, const double *src, size_t len) {
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target teams distribute parallel for map(alloc : dst[0 : len], src[0 : len])
    /* clang-format on */
    for (size_t i = 0; i < len; ++i)
        dst[i] = src[i];
}

/* The threads a team's parallel region gets on the default device, up to
   `want`: libomp's host teams get one per core. */
static int team_threads(int want) {
    int got = 1;
#pragma omp target teams num_teams(1) thread_limit(want) map(tofrom : got)
#pragma omp parallel num_threads(want)
    if (omp_get_thread_num() == 0)
        got = omp_get_num_threads();
    return got;
}

static int lanes_of(const struct bench_coop_cfg *c) {
    return c->sync == TDLS_SYNC_WARP ? BENCH_COOP_POW2(c->threads) : c->threads;
}

/* A batch in both layouts; the pristine copies (0) stay on the device, and
   the working copies are restored from them before each run. */
struct data {
    int n;
    long count;
    double *a0, *a, *y0, *y;     /* contiguous, row-major */
    double *sa0, *sa, *sy0, *sy; /* interleaved */
    int *piv, *info;
};

/* A run of one variant: a cooperative configuration with `groups` systems
   per team, or (cfg NULL) the per-thread solver. */
struct variant {
    const char *name;
    const struct bench_coop_cfg *cfg;
    int groups, interleaved;
};

/* Runs v on fresh copies; returns the seconds of the solver kernel alone. */
static double run(const struct data *d, const struct variant *v) {
    const size_t na = (size_t)d->n * d->n * d->count, nv = (size_t)d->n * d->count;
    double *a = v->interleaved ? d->sa : d->a, *y = v->interleaved ? d->sy : d->y;
    restore(a, v->interleaved ? d->sa0 : d->a0, na);
    restore(y, v->interleaved ? d->sy0 : d->y0, nv);
    const double t0 = tdls_perf_now();
    if (v->cfg)
        v->cfg->batch(d->count, v->groups, lanes_of(v->cfg), a, d->piv, y, d->info);
    else
        per_thread(d->n, d->count, v->interleaved, a, d->piv, y, d->info);
    return tdls_perf_now() - t0;
}

/* Runs v once and checks every solution against the pristine host copies:
   info == 0 and LAPACK's xGET02 ratio within the limit. Returns the number
   of failures; *worst is the largest ratio. */
static long check(const struct data *d, const struct variant *v, double *worst) {
    const int n = d->n;
    const long count = d->count;
    const size_t nv = (size_t)n * count;
    double *y = v->interleaved ? d->sy : d->y;
    int *info = d->info;
    run(d, v);
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target update from(y[0 : nv], info[0 : count])
    /* clang-format on */
    double w = 0;
    long bad = 0;
#pragma omp parallel for schedule(static) reduction(max : w) reduction(+ : bad)
    for (long k = 0; k < count; ++k) {
        const double r = v->interleaved ? tdls_perf_residual_ratio(n, d->sa0 + k, n * count, count,
                                                                   d->sy0 + k, y + k, count)
                                        : tdls_perf_residual_ratio(n, d->a0 + k * n * n, n, 1,
                                                                   d->y0 + k * n, y + k * n, 1);
        w = r > w ? r : w;
        bad += info[k] != 0 || !(r <= RESIDUAL_LIMIT);
    }
    *worst = w;
    return bad;
}

/* Uniform [-1, 1) entries, the same system in both layouts. */
static void fill(const struct data *d) {
    const int n = d->n;
    const long count = d->count;
#pragma omp parallel for schedule(static)
    for (long k = 0; k < count; ++k)
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                const double v = tdls_perf_uniform(SEED, (uint64_t)k, (uint64_t)(i * n + j));
                d->a0[k * n * n + i * n + j] = v;
                d->sa0[((long)i * n + j) * count + k] = v;
            }
            const double b = tdls_perf_uniform(SEED + 1, (uint64_t)k, (uint64_t)i);
            d->y0[k * n + i] = b;
            d->sy0[(long)i * count + k] = b;
        }
}

/* The first configuration whose groups fit a team of `avail` threads. */
static const struct bench_coop_cfg *fitting(const struct bench_coop_cfg *const *c, int count,
                                            int avail) {
    for (int i = 0; i < count; ++i)
        if (lanes_of(c[i]) <= avail)
            return c[i];
    return c[count - 1];
}

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--csv FILE] [--reps R] [--mib M | --batch B] [--n N]...\n"
            "  --csv FILE  every measurement as CSV\n"
            "  --reps R    timed repetitions per variant, median reported (default 5)\n"
            "  --mib M     matrices of each batch in MiB (default 4: a quick check)\n"
            "  --batch B   systems per batch instead (any order)\n"
            "  --n N       only this order, one of 16 24 32 48 64 (repeatable)\n",
            argv0);
}

enum { nvariants = 4 };

/* Options come in pairs (--name value); 0 on a bad command line. */
struct options {
    int reps, nonly, only[norders];
    double mib;
    long batch;
    const char *csv;
};

static int parse(int argc, char **argv, struct options *o) {
    *o = (struct options){.reps = 5, .mib = 4};
    for (int a = 1; a + 1 < argc; a += 2) {
        const char *key = argv[a], *value = argv[a + 1];
        if (!strcmp(key, "--csv"))
            o->csv = value;
        else if (!strcmp(key, "--reps"))
            o->reps = atoi(value);
        else if (!strcmp(key, "--mib"))
            o->mib = atof(value);
        else if (!strcmp(key, "--batch"))
            o->batch = atol(value);
        else if (!strcmp(key, "--n") && o->nonly < norders)
            o->only[o->nonly++] = atoi(value);
        else
            return 0;
    }
    return argc % 2 == 1 && o->reps >= 1 && o->reps <= 64 && o->mib > 0 && o->batch >= 0;
}

int main(int argc, char **argv) {
    struct options opt;
    if (!parse(argc, argv, &opt)) {
        usage(argv[0]);
        return 2;
    }
    const int reps = opt.reps;
    FILE *csv = NULL;
    if (opt.csv && !(csv = fopen(opt.csv, "w"))) {
        perror(opt.csv);
        return 2;
    }

    int on_host = 1;
#pragma omp target map(from : on_host)
    on_host = omp_is_initial_device();
    const int avail = team_threads(BENCH_COOP_TEAM);
    printf("device: %s (%d OpenMP devices); a team's parallel region gets %d of %d threads\n",
           on_host ? "the host (initial device)" : "an offload device", omp_get_num_devices(),
           avail, BENCH_COOP_TEAM);
    printf("bytes per system 8n^2 + 8n + 8n + 4n (A, b, x, piv); median of %d runs; "
           "kernels only, data on the device\n\n",
           reps);
    printf("%3s %-58s %8s %12s %8s %8s %9s\n", "n", "variant", "batch", "systems/s", "GB/s",
           "vs thrd", "max resid");
    if (csv)
        fprintf(csv, "n,variant,rows_per_thread,threads_per_system,lanes,groups_per_team,batch,"
                     "systems_per_s,gbs,ratio_vs_per_thread,max_residual_ratio\n");

    long failures = 0;
    for (int o = 0; o < norders; ++o) {
        const int n = orders[o]->n;
        int wanted = opt.nonly == 0;
        for (int q = 0; q < opt.nonly; ++q)
            wanted |= opt.only[q] == n;
        if (!wanted)
            continue;
        long count = opt.batch ? opt.batch : (long)(opt.mib * 1048576.0 / (8.0 * n * n));
        count = count < 1 ? 1 : count;
        const size_t na = (size_t)n * n * count, nv = (size_t)n * count;
        double *a0 = malloc(sizeof(double) * na), *a = malloc(sizeof(double) * na);
        double *y0 = malloc(sizeof(double) * nv), *y = malloc(sizeof(double) * nv);
        double *sa0 = malloc(sizeof(double) * na), *sa = malloc(sizeof(double) * na);
        double *sy0 = malloc(sizeof(double) * nv), *sy = malloc(sizeof(double) * nv);
        int *piv = malloc(sizeof(int) * nv), *info = malloc(sizeof(int) * count);
        if (!a0 || !a || !y0 || !y || !sa0 || !sa || !sy0 || !sy || !piv || !info) {
            fprintf(stderr, "tdls-bench-coop: out of memory at n = %d\n", n);
            return 1;
        }
        const struct data d = {n, count, a0, a, y0, y, sa0, sa, sy0, sy, piv, info};
        fill(&d);
        /* clang-format 14 respaces the array sections of OpenMP clauses. */
        /* clang-format off */
#pragma omp target enter data map(to : a0[0 : na], sa0[0 : na], y0[0 : nv], sy0[0 : nv])           \
    map(alloc : a[0 : na], sa[0 : na], y[0 : nv], sy[0 : nv], piv[0 : nv], info[0 : count])
        /* clang-format on */

        const struct bench_coop_order *c = orders[o];
        const struct bench_coop_cfg *one[] = {c->team, c->pair, c->solo};
        const struct bench_coop_cfg *grouped[] = {c->warp, c->solo};
        const struct bench_coop_cfg *c1 = fitting(one, 3, avail);
        const struct bench_coop_cfg *cg = fitting(grouped, 2, avail);
        int g = avail / lanes_of(cg);
        g = g < 1 ? 1 : g > cg->gmax ? cg->gmax : g;
        const struct variant v[nvariants] = {{"coop, 1 system per team", c1, 1, 0},
                                             {"coop, G systems per team", cg, g, 0},
                                             {"per-thread TiledLUpp, contiguous", NULL, 0, 0},
                                             {"per-thread TiledLUpp, interleaved", NULL, 0, 1}};
        double worst[nvariants], t[nvariants][64], rate[nvariants];
        for (int i = 0; i < nvariants; ++i) {
            const long bad = check(&d, &v[i], &worst[i]);
            if (bad)
                fprintf(stderr,
                        "n = %d, %s: %ld of %ld systems wrong (info != 0 or ratio > %.0f)\n", n,
                        v[i].name, bad, d.count, RESIDUAL_LIMIT);
            failures += bad;
        }
        /* Round-robin, so that a change of load hits every variant alike. */
        for (int r = 0; r < reps; ++r)
            for (int i = 0; i < nvariants; ++i)
                t[i][r] = run(&d, &v[i]);
        for (int i = 0; i < nvariants; ++i)
            rate[i] = d.count / tdls_perf_median(t[i], reps);
        const double thread_best = rate[2] > rate[3] ? rate[2] : rate[3];
        const double bytes = 8.0 * n * n + 20.0 * n;
        for (int i = 0; i < nvariants; ++i) {
            const struct bench_coop_cfg *cf = v[i].cfg;
            char name[96];
            if (cf)
                snprintf(name, sizeof name, "%s (G=%d, R=%d, %d lanes, %s)", v[i].name, v[i].groups,
                         cf->rows_per_thread, lanes_of(cf),
                         cf->sync == TDLS_SYNC_WARP ? "warp" : "team");
            else
                snprintf(name, sizeof name, "%s", v[i].name);
            printf("%3d %-58s %8ld %12.4g %8.2f %7.2fx %9.3g\n", n, name, d.count, rate[i],
                   rate[i] * bytes * 1e-9, rate[i] / thread_best, worst[i]);
            if (csv)
                fprintf(csv, "%d,\"%s\",%d,%d,%d,%d,%ld,%.6g,%.4g,%.4g,%.3g\n", n, v[i].name,
                        cf ? cf->rows_per_thread : n, cf ? cf->threads : 1, cf ? lanes_of(cf) : 1,
                        cf ? v[i].groups : 0, d.count, rate[i], rate[i] * bytes * 1e-9,
                        rate[i] / thread_best, worst[i]);
        }
        /* clang-format 14 respaces the array sections of OpenMP clauses. */
        /* clang-format off */
#pragma omp target exit data map(release : a0[0 : na], sa0[0 : na], y0[0 : nv], sy0[0 : nv],       \
                                     a[0 : na], sa[0 : na], y[0 : nv], sy[0 : nv], piv[0 : nv],    \
                                     info[0 : count])
        /* clang-format on */
        double *const all[] = {a0, a, y0, y, sa0, sa, sy0, sy};
        for (int i = 0; i < 8; ++i)
            free(all[i]);
        free(piv);
        free(info);
    }
    if (csv)
        fclose(csv);
    printf("\n%s\n", failures ? "bench-coop: FAIL" : "bench-coop: PASS");
    return failures != 0;
}
