/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls-bench: dgesv of the batched API over batches far larger than the
   caches, or over a few systems in cache, in three layouts of the same
   systems (interleaved, strided column- and row-major), on the host at
   several thread counts next to LAPACKE_dgesv in a loop, or on an OpenMP
   device next to a copy kernel. Answers are checked before any timing. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omp.h>
#include <tdls.h>

#include "bench_svg.h"
#include "perf_common.h"
#include "perf_limits.h"
#include "perf_memory.h"

/* OpenBLAS's own entry points, in no header that LAPACKE installs. The
   peer is one OpenBLAS thread per call, parallel over the systems. */
void openblas_set_num_threads(int num_threads);
char *openblas_get_config(void);

/* LAPACKE and tdls share the pivot array. */
_Static_assert(sizeof(lapack_int) == sizeof(int), "LAPACKE's lapack_int must be int");

#define RESIDUAL_LIMIT 30.0 /* LAPACK's threshold for its xGET02 ratio */
enum { max_samples = 4096, max_reps = 64, max_threads = 8 };
/* A sample of a fixed batch (--batch) solves about this many systems, so
   that the clock's resolution and one call's jitter do not matter. */
enum { systems_per_sample = 100000 };

static const int all_orders[] = {4, 8, 12, 16, 19, 24, 32, 48, 64};
enum { norders = sizeof all_orders / sizeof *all_orders };
static const char *const matrix_name[] = {"random", "diagdom"};

enum layout { INTERLEAVED, COL_MAJOR, ROW_MAJOR, NLAYOUT };
static const char *const layout_name[] = {"interleaved", "strided col-major", "strided row-major"};

/* Where system k lies in a layout: entry (i,j) of A at k*ak + i*ars +
   j*acs; entry i of b (x after the call) and of ipiv at k*bk + i*brs. */
struct shape {
    ptrdiff_t ak, ars, acs, bk, brs;
};

static struct shape shape_of(enum layout l, int n, int64_t count) {
    const ptrdiff_t nn = (ptrdiff_t)n * n;
    if (l == INTERLEAVED)
        return (struct shape){1, (ptrdiff_t)count, (ptrdiff_t)n * count, 1, (ptrdiff_t)count};
    return l == COL_MAJOR ? (struct shape){nn, 1, n, n, 1} : (struct shape){nn, n, 1, n, 1};
}

/* One timed call: tdls in a layout, or LAPACKE_dgesv over the systems of
   the column-major copy. threads: the OpenMP threads of the host (0 on a
   device, where the runtime chooses). */
struct job {
    enum layout layout;
    int lapacke, threads;
};

/* One batch of count systems of order n, in every layout. The solver's
   arrays live where it runs (device memory in device mode); the pristine
   host copies are also the oracle's. calls: 0 for a batch far above the
   caches, timed one call at a time with its inputs restored outside the
   clock; else a fixed batch in cache, timed over this many calls in a row,
   each after restoring its inputs inside the clock, for every job alike
   (a restore outside would leave A and b cold for the first job). */
struct batch {
    int n, device;
    int64_t count, calls;
    double *a0[NLAYOUT], *b0[NLAYOUT];   /* pristine, host memory */
    double *da0[NLAYOUT], *db0[NLAYOUT]; /* pristine, where the solver runs */
    double *a, *b;                       /* the solver's operands */
    int *ipiv, *info;
    double *x; /* host copies of b and info after a checked run */
    int *xinfo;
};

static int on_host(const struct batch *bt) {
    return bt->device == TDLS_HOST;
}

/* The median over the rounds r of a[r] / b[r], or of a[r] when b is NULL;
   a and b are left as they are. Each round times every job once, seconds
   apart, so a slow spell of a shared machine that spans a round slows
   both terms of that round's ratio alike, where a ratio of two medians
   may take them from different rounds. */
static double round_median(const double *a, const double *b, int reps) {
    double v[max_reps];
    for (int r = 0; r < reps; ++r)
        v[r] = b ? a[r] / b[r] : a[r];
    return tdls_perf_median(v, reps);
}

/* dst = src where the solver runs. On a device this copy kernel is also
   what the bandwidth of the device is measured with. */
static void copy_there(int device, double *dst, const double *src, size_t len) {
    if (device == TDLS_HOST) {
#pragma omp parallel for schedule(static)
        for (size_t i = 0; i < len; ++i)
            dst[i] = src[i];
    } else {
#pragma omp target teams distribute parallel for device(device) is_device_ptr(dst, src)
        for (size_t i = 0; i < len; ++i)
            dst[i] = src[i];
    }
}

static size_t matrix_len(const struct batch *bt) {
    return (size_t)bt->n * bt->n * bt->count;
}
static size_t vector_len(const struct batch *bt) {
    return (size_t)bt->n * bt->count;
}

/* 0, or -1 when memory runs out (what was allocated is freed by
   batch_free). On the host the pristine arrays are the solver's. */
static int batch_alloc(struct batch *bt) {
    const size_t na = sizeof(double) * matrix_len(bt), nb = sizeof(double) * vector_len(bt);
    int ok = 1;
    for (int l = 0; l < NLAYOUT; ++l) {
        ok &= (bt->a0[l] = malloc(na)) != NULL && (bt->b0[l] = malloc(nb)) != NULL;
        bt->da0[l] = on_host(bt) ? bt->a0[l] : tdls_perf_alloc(na, bt->device);
        bt->db0[l] = on_host(bt) ? bt->b0[l] : tdls_perf_alloc(nb, bt->device);
        ok &= bt->da0[l] && bt->db0[l];
    }
    ok &= (bt->a = tdls_perf_alloc(na, bt->device)) != NULL
          && (bt->b = tdls_perf_alloc(nb, bt->device)) != NULL;
    ok &= (bt->ipiv = tdls_perf_alloc(sizeof(int) * vector_len(bt), bt->device)) != NULL;
    ok &= (bt->info = tdls_perf_alloc(sizeof(int) * (size_t)bt->count, bt->device)) != NULL;
    bt->x = on_host(bt) ? bt->b : malloc(nb);
    bt->xinfo = on_host(bt) ? bt->info : malloc(sizeof(int) * (size_t)bt->count);
    return ok && bt->x && bt->xinfo ? 0 : -1;
}

static void batch_free(struct batch *bt) {
    for (int l = 0; l < NLAYOUT; ++l) {
        if (!on_host(bt)) {
            tdls_perf_free(bt->da0[l], bt->device);
            tdls_perf_free(bt->db0[l], bt->device);
        }
        free(bt->a0[l]);
        free(bt->b0[l]);
    }
    tdls_perf_free(bt->a, bt->device);
    tdls_perf_free(bt->b, bt->device);
    tdls_perf_free(bt->ipiv, bt->device);
    tdls_perf_free(bt->info, bt->device);
    if (!on_host(bt)) {
        free(bt->x);
        free(bt->xinfo);
    }
}

/* The same systems in every layout (the generator of perf_common.h, also
   tdls-bench-tiled's), copied to where the solver runs. */
static void fill(struct batch *bt, int diagdom) {
    const int n = bt->n;
    for (int l = 0; l < NLAYOUT; ++l) {
        const struct shape s = shape_of((enum layout)l, n, bt->count);
        double *a = bt->a0[l], *b = bt->b0[l];
#pragma omp parallel for schedule(static)
        for (int64_t k = 0; k < bt->count; ++k)
            for (int i = 0; i < n; ++i) {
                for (int j = 0; j < n; ++j)
                    a[k * s.ak + i * s.ars + j * s.acs] =
                        tdls_perf_matrix_entry(diagdom, n, (uint64_t)k, i, j);
                b[k * s.bk + i * s.brs] = tdls_perf_rhs_entry((uint64_t)k, i);
            }
        if (!on_host(bt)) {
            tdls_perf_memcpy(bt->da0[l], bt->device, a, TDLS_HOST, sizeof(double) * matrix_len(bt));
            tdls_perf_memcpy(bt->db0[l], bt->device, b, TDLS_HOST, sizeof(double) * vector_len(bt));
        }
    }
}

static enum layout layout_of(const struct job *j) {
    return j->lapacke ? COL_MAJOR : j->layout;
}

/* The peer on systems [k0, k1) of the column-major copy. */
static void lapacke_range(const struct batch *bt, int64_t k0, int64_t k1) {
    const int n = bt->n;
    for (int64_t k = k0; k < k1; ++k)
        bt->info[k] = LAPACKE_dgesv(LAPACK_COL_MAJOR, n, 1, bt->a + k * n * n, n, bt->ipiv + k * n,
                                    bt->b + k * n, n);
}

/* The call being timed. Returns the tdls call's value; the LAPACKE loop
   returns 0 and leaves each system's info in info[k], as tdls does. On one
   thread the loop opens no parallel region, as tdls opens none: a region
   costs more than a small batch's solves. */
static int call(const struct batch *bt, const struct job *j) {
    const int n = bt->n;
    const int64_t count = bt->count;
    if (j->lapacke && j->threads == 1) {
        lapacke_range(bt, 0, count);
        return 0;
    }
    if (j->lapacke) {
#pragma omp parallel
        {
            const int64_t t = omp_get_thread_num(), p = omp_get_num_threads();
            lapacke_range(bt, count * t / p, count * (t + 1) / p);
        }
        return 0;
    }
    if (j->layout == INTERLEAVED)
        return tdls_dgesv_batch_interleaved(n, 1, bt->a, bt->ipiv, bt->b, bt->info, count,
                                            bt->device);
    const int col = j->layout == COL_MAJOR;
    return tdls_dgesv_batch(col ? TDLS_COL_MAJOR : TDLS_ROW_MAJOR, n, 1, bt->a, n, (int64_t)n * n,
                            bt->ipiv, n, bt->b, col ? n : 1, n, bt->info, count, bt->device);
}

/* Restores the job's inputs (gesv overwrites A and b). A fixed batch on
   the host is a few kilobytes: a plain memcpy, with no parallel region. */
static void restore(struct batch *bt, const struct job *j) {
    const enum layout l = layout_of(j);
    if (bt->calls && on_host(bt)) {
        memcpy(bt->a, bt->da0[l], sizeof(double) * matrix_len(bt));
        memcpy(bt->b, bt->db0[l], sizeof(double) * vector_len(bt));
    } else {
        copy_there(bt->device, bt->a, bt->da0[l], matrix_len(bt));
        copy_there(bt->device, bt->b, bt->db0[l], vector_len(bt));
    }
}

/* Seconds per call of j, as struct batch says. *status: 0, or the value of
   a call that did not return 0. */
static double time_call(struct batch *bt, const struct job *j, int *status) {
    if (j->threads)
        omp_set_num_threads(j->threads);
    *status = 0;
    const int64_t calls = bt->calls ? bt->calls : 1;
    if (!bt->calls)
        restore(bt, j);
    const double t0 = tdls_perf_now();
    for (int64_t c = 0; c < calls; ++c) {
        if (bt->calls)
            restore(bt, j);
        const int s = call(bt, j);
        *status = s ? s : *status;
    }
    return (tdls_perf_now() - t0) / (double)calls;
}

/* Runs j once, untimed, and checks it: the call returns 0, info = 0 for
   every system, and LAPACK's xGET02 ratio against the pristine matrix, in
   long double, on max_samples systems spread over the batch (the first and
   the last included). Returns the largest ratio, +inf if anything failed. */
static double check(struct batch *bt, const struct job *j) {
    if (j->threads)
        omp_set_num_threads(j->threads);
    restore(bt, j);
    const int status = call(bt, j);
    if (!on_host(bt)) {
        tdls_perf_memcpy(bt->x, TDLS_HOST, bt->b, bt->device, sizeof(double) * vector_len(bt));
        tdls_perf_memcpy(bt->xinfo, TDLS_HOST, bt->info, bt->device,
                         sizeof(int) * (size_t)bt->count);
    }
    const enum layout l = layout_of(j);
    const struct shape s = shape_of(l, bt->n, bt->count);
    const int64_t count = bt->count, samples = count < max_samples ? count : max_samples;
    int64_t bad = status != 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (int64_t k = 0; k < count; ++k)
        bad += bt->xinfo[k] != 0;
    double worst = 0;
#pragma omp parallel for schedule(static) reduction(max : worst)
    for (int64_t q = 0; q < samples; ++q) {
        const int64_t k = samples > 1 ? q * (count - 1) / (samples - 1) : 0;
        const double r = tdls_perf_residual_ratio(bt->n, bt->a0[l] + k * s.ak, s.ars, s.acs,
                                                  bt->b0[l] + k * s.bk, bt->x + k * s.bk, s.brs);
        worst = r > worst ? r : worst;
    }
    return bad ? INFINITY : worst;
}

/* The device's copy bandwidth: the copy kernel over two 256 MiB arrays,
   16 bytes per element (read and write). GB/s, median of reps. */
static double device_copy_bandwidth(const struct batch *dev, int reps) {
    const size_t len = (size_t)1 << 25;
    double *src = tdls_perf_alloc(sizeof(double) * len, dev->device),
           *dst = tdls_perf_alloc(sizeof(double) * len, dev->device);
    double t[max_reps], gbs = 0;
    if (src && dst) {
        const int d = dev->device;
#pragma omp target teams distribute parallel for device(d) is_device_ptr(src)
        for (size_t i = 0; i < len; ++i)
            src[i] = (double)i;
        copy_there(d, dst, src, len); /* first touch of dst */
        for (int r = 0; r < reps; ++r) {
            const double t0 = tdls_perf_now();
            copy_there(d, dst, src, len);
            t[r] = tdls_perf_now() - t0;
        }
        gbs = 16.0 * (double)len / tdls_perf_median(t, reps) * 1e-9;
    }
    tdls_perf_free(src, dev->device);
    tdls_perf_free(dst, dev->device);
    return gbs;
}

/* A column of the table: v and its unit in width characters, or blanks
   when v was not measured (0). */
static void put_figure(double v, int decimals, char unit, int width) {
    if (v > 0)
        printf("%*.*f%c ", width - 1, decimals, v, unit);
    else
        printf("%*s ", width, "");
}

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--device host|N] [--mib M | --batch C] [--reps R] [--n N]...\n"
            "          [--threads T]... [--csv FILE] [--svg FILE]\n"
            "  --device   host (default): host memory, LAPACKE_dgesv peer, STREAM triad;\n"
            "             N: OpenMP device N, omp_target_alloc'd arrays, copy-kernel bandwidth\n"
            "  --mib M    MiB of matrices per batch, far above the last-level cache (default 256)\n"
            "  --batch C  instead, C systems per batch, in cache; a sample is ceil(%d / C) calls,\n"
            "             each after restoring its inputs inside the clock\n"
            "  --reps R   timed repetitions, the median is reported (default 5, at most %d)\n"
            "  --n N      only this order, of 4 8 12 16 19 24 32 48 64 (repeatable)\n"
            "  --threads  host threads (repeatable, at most %d values; default 1 and 2)\n"
            "  --csv FILE every row as CSV; --svg FILE systems/s against n as an SVG plot\n",
            argv0, systems_per_sample, max_reps, max_threads);
}

/* Everything the run measured, for the table, the CSV and the plot. */
struct results {
    int njobs, nthreads;
    struct job jobs[(NLAYOUT + 1) * max_threads];
    double rate[2][(NLAYOUT + 1) * max_threads][norders]; /* systems/s; 0 not run, -1 wrong */
    double bandwidth[max_threads], peak[max_threads];     /* per thread index (device: [0]) */
};

static int thread_index(const struct results *res, const struct job *j, const int *threads) {
    for (int t = 0; t < res->nthreads; ++t)
        if (threads[t] == j->threads)
            return t;
    return 0;
}

static const char *job_name(const struct job *j) {
    return j->lapacke ? "LAPACKE_dgesv loop" : layout_name[j->layout];
}

/* The name and the thread count, for the plot's legend. */
static void job_label(const struct job *j, char *s, size_t size) {
    if (j->threads)
        snprintf(s, size, "%s, %d thread%s", job_name(j), j->threads, j->threads > 1 ? "s" : "");
    else
        snprintf(s, size, "%s", job_name(j));
}

static int write_svg(const char *path, const struct results *res, const int *orders, int nrun,
                     const char *sizing, int reps, int device) {
    double x[norders], y[2][(NLAYOUT + 1) * max_threads][norders];
    char labels[(NLAYOUT + 1) * max_threads][64], title[160];
    struct tdls_svg_series series[2][(NLAYOUT + 1) * max_threads];
    struct tdls_svg_panel panels[2];
    for (int o = 0; o < nrun; ++o)
        x[o] = orders[o];
    for (int kind = 0; kind < 2; ++kind) {
        for (int q = 0; q < res->njobs; ++q) {
            const struct job *j = &res->jobs[q];
            job_label(j, labels[q], sizeof labels[q]);
            for (int o = 0; o < nrun; ++o)
                y[kind][q][o] = res->rate[kind][q][o];
            series[kind][q] = (struct tdls_svg_series){
                labels[q], y[kind][q], j->lapacke ? NLAYOUT : (int)j->layout, j->threads > 1};
        }
        panels[kind] = (struct tdls_svg_panel){matrix_name[kind], res->njobs, series[kind]};
    }
    if (device == TDLS_HOST)
        snprintf(title, sizeof title, "tdls dgesv batch, nrhs 1, %s, median of %d (host)", sizing,
                 reps);
    else
        snprintf(title, sizeof title, "tdls dgesv batch, nrhs 1, %s, median of %d (device %d)",
                 sizing, reps, device);
    return tdls_svg_write(path, title, "order n", "systems per second", nrun, x, 2, panels);
}

int main(int argc, char **argv) {
    int reps = 5, orders[norders], nrun = 0, threads[max_threads], nthreads = 0;
    int device = TDLS_HOST;
    double mib = 256;
    long long fixed = 0; /* --batch */
    const char *csv_path = NULL, *svg_path = NULL;
    for (int a = 1; a < argc; ++a) {
        const int more = a + 1 < argc;
        if (!strcmp(argv[a], "--device") && more) {
            ++a;
            device = strcmp(argv[a], "host") ? atoi(argv[a]) : TDLS_HOST;
        } else if (!strcmp(argv[a], "--mib") && more) {
            mib = atof(argv[++a]);
        } else if (!strcmp(argv[a], "--batch") && more) {
            fixed = atoll(argv[++a]);
            fixed = fixed >= 1 ? fixed : -1;
        } else if (!strcmp(argv[a], "--reps") && more) {
            reps = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "--n") && more && nrun < norders) {
            orders[nrun++] = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "--threads") && more && nthreads < max_threads) {
            threads[nthreads++] = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "--csv") && more) {
            csv_path = argv[++a];
        } else if (!strcmp(argv[a], "--svg") && more) {
            svg_path = argv[++a];
        } else {
            usage(argv[0]);
            return strcmp(argv[a], "--help") ? 2 : 0;
        }
    }
    int valid = reps >= 1 && reps <= max_reps && mib > 0 && fixed >= 0;
    for (int o = 0; o < nrun; ++o) {
        int known = 0;
        for (int p = 0; p < norders; ++p)
            known |= orders[o] == all_orders[p];
        valid &= known;
    }
    for (int t = 0; t < nthreads; ++t)
        valid &= threads[t] >= 1;
    if (device != TDLS_HOST && (device < 0 || device >= omp_get_num_devices())) {
        fprintf(stderr, "%s: no OpenMP device %d (this run sees %d)\n", argv[0], device,
                omp_get_num_devices());
        valid = 0;
    }
    if (!valid) {
        usage(argv[0]);
        return 2;
    }
    if (nrun == 0) {
        memcpy(orders, all_orders, sizeof all_orders);
        nrun = norders;
    }
    if (nthreads == 0) {
        threads[nthreads++] = 1;
        threads[nthreads++] = 2;
    }
    if (device != TDLS_HOST)
        nthreads = 1;

    struct results res = {.nthreads = nthreads};
    const struct batch dev = {.device = device};
    char stamp[32];
    const time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
    printf("tdls-bench %s | tdls %s, %s | %s\n", stamp, tdls_version(), tdls_build_configuration(),
           openblas_get_config());
    if (device == TDLS_HOST) {
        openblas_set_num_threads(1);
        for (int t = 0; t < nthreads; ++t) {
            omp_set_num_threads(threads[t]);
            res.bandwidth[t] = tdls_perf_stream_triad(reps);
#if defined(__FMA__)
            res.peak[t] = tdls_perf_fma_peak(reps);
#endif
            printf("host, %d thread%s: STREAM triad %.1f GB/s, FMA peak %.1f GFLOP/s%s\n",
                   threads[t], threads[t] > 1 ? "s" : "", res.bandwidth[t], res.peak[t],
                   res.peak[t] > 0 ? "" : " (not measured: built without FMA instructions)");
            for (int l = 0; l < NLAYOUT; ++l)
                res.jobs[res.njobs++] = (struct job){(enum layout)l, 0, threads[t]};
            res.jobs[res.njobs++] = (struct job){COL_MAJOR, 1, threads[t]};
        }
    } else {
        const int probe = tdls_offload_probe(device);
        res.bandwidth[0] = device_copy_bandwidth(&dev, reps);
        printf("OpenMP device %d of %d: target regions run %s; copy kernel %.1f GB/s\n", device,
               omp_get_num_devices(), probe == 0 ? "on the offload device" : "on the host",
               res.bandwidth[0]);
        for (int l = 0; l < NLAYOUT; ++l)
            res.jobs[res.njobs++] = (struct job){(enum layout)l, 0, 0};
    }
    printf("bytes per system 16n^2+20n+4 (read A, b; write A, x, ipiv, info), flops 2n^3/3+2n^2; "
           "median of %d; answers checked first (info, xGET02 ratio <= %.0f on %d systems)\n",
           reps, RESIDUAL_LIMIT, max_samples);
    char sizing[64];
    const long long calls = fixed ? (systems_per_sample + fixed - 1) / fixed : 0;
    if (fixed) {
        snprintf(sizing, sizeof sizing, "batches of %lld in cache", fixed);
        printf("fixed batch of %lld systems, in cache: a sample is %lld calls in a row, each "
               "after a memcpy (a copy kernel on a device) of its A and b inside the clock, for "
               "every job alike; systems/s counts the solves\n",
               fixed, calls);
    } else {
        snprintf(sizing, sizeof sizing, "%g MiB of matrices", mib);
    }
    if (device == TDLS_HOST)
        printf("LAPACKE_dgesv loop: LAPACKE_dgesv(LAPACK_COL_MAJOR) in place on the strided "
               "col-major batch, one call per system, OpenBLAS on 1 thread, the loop split over "
               "an omp parallel region (none on 1 thread); vs LAPK: tdls / LAPACKE at the same "
               "thread count, vs 1thr: against "
               "1 thread, each the median of the rounds' ratios (a round times every job "
               "once)\n");
    printf("\n");
    printf("%3s %-7s %-30s %3s %8s %10s %8s %7s %7s %6s %7s %5s %9s\n", "n", "matrix", "solver",
           "thr", "batch", "systems/s", "vs LAPK", "vs 1thr", "GB/s",
           device == TDLS_HOST ? "%triad" : "%copy", "GFLOP/s", "%FMA", "max resid");

    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv_path && !csv) {
        perror(csv_path);
        return 2;
    }
    if (csv)
        fprintf(csv, "device,n,matrix,solver,layout,threads,batch,systems_per_s,ratio_vs_lapacke,"
                     "ratio_vs_1_thread,gb_per_s,bandwidth_gb_per_s,fraction_of_bandwidth,"
                     "gflop_per_s,fraction_of_fma_peak,max_residual_ratio\n");
    const char *const where = device == TDLS_HOST ? "host" : "device";
    int failures = 0;
    for (int o = 0; o < nrun; ++o) {
        const int n = orders[o];
        struct batch bt = {.n = n, .device = device};
        bt.count = fixed ? fixed : (int64_t)(mib * 1048576.0 / (8.0 * n * n));
        bt.count = bt.count > 0 ? bt.count : 1;
        bt.calls = calls;
        if (batch_alloc(&bt)) {
            fprintf(stderr, "n = %d: out of memory for %lld systems\n", n, (long long)bt.count);
            batch_free(&bt);
            return 1;
        }
        const double bytes = 16.0 * n * n + 20.0 * n + 4, flops = 2.0 * n * n * n / 3 + 2.0 * n * n;
        for (int kind = 0; kind < 2; ++kind) {
            fill(&bt, kind);
            double worst[(NLAYOUT + 1) * max_threads], t[(NLAYOUT + 1) * max_threads][max_reps];
            for (int q = 0; q < res.njobs; ++q) {
                worst[q] = check(&bt, &res.jobs[q]);
                res.rate[kind][q][o] = worst[q] <= RESIDUAL_LIMIT ? 0 : -1;
                failures += res.rate[kind][q][o] < 0;
            }
            /* Round-robin: each round times every job once, so that a change
               of load on a shared machine hits all of them alike. */
            for (int r = 0; r < reps; ++r)
                for (int q = 0; q < res.njobs; ++q) {
                    int status = 0;
                    if (res.rate[kind][q][o] == 0)
                        t[q][r] = time_call(&bt, &res.jobs[q], &status);
                    failures += status != 0;
                }
            for (int q = 0; q < res.njobs; ++q)
                if (res.rate[kind][q][o] == 0)
                    res.rate[kind][q][o] = (double)bt.count / round_median(t[q], NULL, reps);
            for (int q = 0; q < res.njobs; ++q) {
                const struct job *j = &res.jobs[q];
                const double rate = res.rate[kind][q][o];
                const int ti = thread_index(&res, j, threads);
                double vs_lapacke = 0, vs_one = 0;
                for (int p = 0; p < res.njobs; ++p) {
                    const struct job *k = &res.jobs[p];
                    const double other = res.rate[kind][p][o];
                    if (rate <= 0 || other <= 0)
                        continue;
                    if (k->lapacke && k->threads == j->threads && !j->lapacke)
                        vs_lapacke = round_median(t[p], t[q], reps);
                    if (k->lapacke == j->lapacke && k->layout == j->layout && k->threads == 1
                        && j->threads > 1)
                        vs_one = round_median(t[p], t[q], reps);
                }
                char thr[16] = "-"; /* a device's threads are its runtime's */
                if (j->threads)
                    snprintf(thr, sizeof thr, "%d", j->threads);
                printf("%3d %-7s %-30s %3s %8lld ", n, matrix_name[kind], job_name(j), thr,
                       (long long)bt.count);
                if (rate < 0) { /* a wrong job is not timed */
                    printf("%10s %56s %9.3g\n", "WRONG", "", worst[q]);
                    if (csv)
                        fprintf(csv, "%s,%d,%s,%s,%s,%d,%lld,wrong,,,,,,,,%.3g\n", where, n,
                                matrix_name[kind], j->lapacke ? "LAPACKE_dgesv" : "tdls",
                                layout_name[layout_of(j)], j->threads, (long long)bt.count,
                                worst[q]);
                    continue;
                }
                const double gbs = rate * bytes * 1e-9, gflops = rate * flops * 1e-9;
                const double fbw = gbs / res.bandwidth[ti];
                const double fpeak = res.peak[ti] > 0 ? gflops / res.peak[ti] : 0;
                printf("%10.4g ", rate);
                put_figure(vs_lapacke, 1, 'x', 8);
                put_figure(vs_one, 1, 'x', 7);
                printf("%7.2f %5.1f%% %7.2f ", gbs, 100 * fbw, gflops);
                put_figure(100 * fpeak, 0, '%', 5);
                printf("%9.3g\n", worst[q]);
                if (csv)
                    fprintf(csv,
                            "%s,%d,%s,%s,%s,%d,%lld,%.6g,%.4g,%.4g,%.4g,%.4g,%.4g,%.4g,%.4g,%.3g\n",
                            where, n, matrix_name[kind], j->lapacke ? "LAPACKE_dgesv" : "tdls",
                            layout_name[layout_of(j)], j->threads, (long long)bt.count, rate,
                            vs_lapacke, vs_one, gbs, res.bandwidth[ti], fbw, gflops, fpeak,
                            worst[q]);
            }
        }
        printf("\n");
        batch_free(&bt);
    }
    if (csv)
        fclose(csv);
    if (svg_path && write_svg(svg_path, &res, orders, nrun, sizing, reps, device)) {
        fprintf(stderr, "%s: cannot write the plot\n", svg_path);
        failures++;
    }
    if (failures)
        fprintf(stderr, "tdls-bench: %d jobs gave wrong answers or failed calls\n", failures);
    return failures != 0;
}
