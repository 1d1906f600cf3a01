/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls-gpu-tune: the batched API's interleaved gesv (one right-hand side)
   at every order from 1 to --nmax, in float and double, on random and
   diagonally dominant systems held in one OpenMP device's memory. It
   measures the dispatch table compiled into the libtdls it runs with:
   perf/gpu_tune.sh runs it against libraries built with other tables and
   picks the faster order by order (README, "Retuning the GPU table"). */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tdls.h>

#include "perf_common.h"

typedef struct {
    int device, single, n, diagdom;
    int64_t batch;
    void *a, *b;
    int *ipiv, *info;
} tune_job;

/* The interleaved batch, drawn on the device: the benchmarks' systems
   (perf_common.h), entry (i,j) of system k at a[(i + j*n)*batch + k] and
   entry i of its right-hand side at b[i*batch + k]. */
static void tune_fill(const tune_job *t) {
    const int64_t na = (int64_t)t->n * t->n * t->batch, nb = (int64_t)t->n * t->batch;
    const int64_t batch = t->batch;
    const int n = t->n, single = t->single, diagdom = t->diagdom;
    void *a = t->a, *b = t->b;
#pragma omp target teams distribute parallel for device(t->device) is_device_ptr(a, b)
    for (int64_t e = 0; e < na + nb; ++e) {
        const int in_a = e < na;
        const int64_t x = in_a ? e : e - na, entry = x / batch;
        const uint64_t k = (uint64_t)(x % batch);
        const double v =
            in_a ? tdls_perf_matrix_entry(diagdom, n, k, (int)(entry % n), (int)(entry / n))
                 : tdls_perf_rhs_entry(k, (int)entry);
        void *const p = in_a ? a : b;
        if (single)
            ((float *)p)[x] = (float)v;
        else
            ((double *)p)[x] = v;
    }
}

static int tune_solve(const tune_job *t) {
    if (t->single)
        return tdls_sgesv_batch_interleaved(t->n, 1, t->a, t->ipiv, t->b, t->info, t->batch,
                                            t->device);
    return tdls_dgesv_batch_interleaved(t->n, 1, t->a, t->ipiv, t->b, t->info, t->batch, t->device);
}

/* Systems whose info is not 0: none is expected. */
static int64_t tune_bad(const tune_job *t) {
    const int *info = t->info;
    const int64_t batch = t->batch;
    int64_t bad = 0;
#pragma omp target teams distribute parallel for device(t->device) is_device_ptr(info)             \
    reduction(+ : bad) map(tofrom : bad)
    for (int64_t k = 0; k < batch; ++k)
        bad += info[k] != 0;
    return bad;
}

static void usage(const char *self) {
    fprintf(stderr,
            "usage: %s [--device N] [--mib M] [--reps R] [--nmax N]\n"
            "  --device  OpenMP device number (default 0)\n"
            "  --mib     MiB of matrices per batch (default 256)\n"
            "  --reps    timed calls per case, the median is reported (default 5, at most 63)\n"
            "  --nmax    largest order, at most 64 (default 16)\n"
            "Prints CSV: type,n,matrix,batch,systems_per_s,gb_per_s,bad_info\n",
            self);
}

int main(int argc, char **argv) {
    int device = 0, reps = 5, nmax = 16;
    double mib = 256;
    for (int i = 1; i < argc; ++i) {
        const int more = i + 1 < argc;
        if (!strcmp(argv[i], "--device") && more)
            device = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--mib") && more)
            mib = atof(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && more)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--nmax") && more)
            nmax = atoi(argv[++i]);
        else {
            usage(argv[0]);
            return 2;
        }
    }
    if (device < 0 || device >= omp_get_num_devices() || reps < 1 || reps > 63 || nmax < 1
        || nmax > 64 || !(mib > 0)) {
        usage(argv[0]);
        fprintf(stderr, "%s: %d OpenMP device(s) here\n", argv[0], omp_get_num_devices());
        return 2;
    }
    printf("# tdls-gpu-tune: tdls %s (%s), device %d of %d, %g MiB per batch, median of %d\n",
           tdls_version(), tdls_build_configuration(), device, omp_get_num_devices(), mib, reps);
    printf("type,n,matrix,batch,systems_per_s,gb_per_s,bad_info\n");
    int failed = 0;
    for (int single = 0; single < 2; ++single) {
        const size_t real = single ? sizeof(float) : sizeof(double);
        for (int n = 1; n <= nmax; ++n) {
            const int64_t batch = (int64_t)(mib * 1048576.0 / ((double)real * n * n));
            tune_job t = {device, single, n, 0, batch, NULL, NULL, NULL, NULL};
            t.a = omp_target_alloc(real * (size_t)(n * n) * (size_t)batch, device);
            t.b = omp_target_alloc(real * (size_t)n * (size_t)batch, device);
            t.ipiv = omp_target_alloc(sizeof(int) * (size_t)n * (size_t)batch, device);
            t.info = omp_target_alloc(sizeof(int) * (size_t)batch, device);
            if (!t.a || !t.b || !t.ipiv || !t.info) {
                fprintf(stderr, "%s: cannot allocate a batch of order %d on device %d\n", argv[0],
                        n, device);
                return 1;
            }
            for (t.diagdom = 0; t.diagdom < 2; ++t.diagdom) {
                double times[63];
                int64_t bad = 0;
                for (int r = 0; r < reps; ++r) {
                    tune_fill(&t);
                    const double t0 = omp_get_wtime();
                    const int rc = tune_solve(&t);
                    times[r] = omp_get_wtime() - t0;
                    if (rc != 0) {
                        fprintf(stderr, "%s: gesv returned %d at order %d\n", argv[0], rc, n);
                        return 1;
                    }
                    bad += tune_bad(&t);
                }
                const double rate = (double)batch / tdls_perf_median(times, reps);
                const double bytes = (double)real * (2.0 * n * n + 2.0 * n) + 4.0 * n + 4.0;
                printf("%c,%d,%s,%lld,%.4g,%.4g,%lld\n", single ? 's' : 'd', n,
                       t.diagdom ? "diagdom" : "random", (long long)batch, rate,
                       rate * bytes * 1e-9, (long long)bad);
                fflush(stdout);
                failed |= t.diagdom && bad != 0;
            }
            omp_target_free(t.a, device);
            omp_target_free(t.b, device);
            omp_target_free(t.ipiv, device);
            omp_target_free(t.info, device);
        }
    }
    /* A diagonally dominant system is never singular: a bad info there is
       a wrong answer, not a measurement. */
    return failed;
}
