/* SPDX-License-Identifier: BSD-3-Clause */
/* The helpers of batch_test.h: the s and d API tables, batches in every
   layout with sentinel padding, host and device runs, bitwise comparison,
   snapshots, the results of a bridge and the ratios of LAPACK-format
   factors. */
#include "batch_test.h"

#include <criterion/alloc.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#define BT_STR_s "s"
#define BT_STR_d "d"

#define BT_T float
#define BT_P s
#include "batch_api.h"
#define BT_T double
#define BT_P d
#include "batch_api.h"

const bt_api *const bt_apis[2] = {&bt_api_s, &bt_api_d};

const char *const bt_layout_names[BT_LAYOUT_COUNT] = {"strided row-major", "strided col-major",
                                                      "interleaved", "pointers row-major",
                                                      "pointers col-major"};

int bt_initial_device(void) {
#ifdef _OPENMP
    return omp_get_initial_device();
#else
    return TDLS_HOST;
#endif
}

int bt_num_devices(void) {
#ifdef _OPENMP
    return omp_get_num_devices();
#else
    return 0;
#endif
}

static int is_ptr(bt_layout layout) {
    return layout == BT_PTR_ROW || layout == BT_PTR_COL;
}

int bt_order(const bt_batch *bt) {
    return bt->layout == BT_ROW || bt->layout == BT_PTR_ROW ? TDLS_ROW_MAJOR : TDLS_COL_MAJOR;
}

void bt_init(bt_batch *bt, const bt_api *api, bt_layout layout, int n, int nrhs, int64_t batch,
             int pad) {
    memset(bt, 0, sizeof *bt);
    bt->api = api;
    bt->layout = layout;
    bt->n = n;
    bt->nrhs = nrhs;
    bt->batch = batch;
    bt->es = tdls_test_size(api->type);
    const int row = bt_order(bt) == TDLS_ROW_MAJOR;
    if (layout == BT_IL) {
        bt->lda = n;
        bt->ldb = n;
        bt->a_count = (int64_t)n * n * batch;
        bt->b_count = (int64_t)n * nrhs * batch;
        bt->ipiv_count = (int64_t)n * batch;
    } else {
        /* LAPACK's max(1, .): a leading dimension of 0 is never valid. */
        bt->lda = (n > 0 ? n : 1) + pad;
        const int bcols = row ? nrhs : n;
        bt->ldb = (bcols > 0 ? bcols : 1) + pad;
        const int64_t a_sys = (int64_t)n * bt->lda;
        const int64_t b_sys = (int64_t)(row ? n : nrhs) * bt->ldb;
        bt->stride_a = a_sys + 3 * pad;
        bt->stride_b = b_sys + 3 * pad;
        bt->stride_ipiv = n + 3 * pad;
        bt->ipiv_count = bt->stride_ipiv * batch;
        if (is_ptr(layout)) {
            /* Reverse order, pad elements apart: the pointers, not the
               index, must place each system. */
            bt->a_off = tdls_test_xmalloc(sizeof(int64_t) * (size_t)(batch + 1));
            bt->b_off = tdls_test_xmalloc(sizeof(int64_t) * (size_t)(batch + 1));
            for (int64_t k = 0; k < batch; ++k) {
                bt->a_off[k] = (batch - 1 - k) * (a_sys + pad);
                bt->b_off[k] = (batch - 1 - k) * (b_sys + pad);
            }
            bt->a_count = batch * (a_sys + pad);
            bt->b_count = batch * (b_sys + pad);
        } else {
            bt->a_count = bt->stride_a * batch;
            bt->b_count = bt->stride_b * batch;
        }
    }
    bt->a = tdls_test_xmalloc(bt->es * (size_t)(bt->a_count + 1));
    bt->b = tdls_test_xmalloc(bt->es * (size_t)(bt->b_count + 1));
    bt->ipiv = tdls_test_xmalloc(sizeof(int) * (size_t)(bt->ipiv_count + 1));
    bt->info = tdls_test_xmalloc(sizeof(int) * (size_t)(batch + 1));
    for (int64_t i = 0; i < bt->a_count; ++i)
        tdls_test_set(api->type, bt->a, i, BT_SENTINEL);
    for (int64_t i = 0; i < bt->b_count; ++i)
        tdls_test_set(api->type, bt->b, i, BT_SENTINEL);
    for (int64_t i = 0; i < bt->ipiv_count; ++i)
        bt->ipiv[i] = BT_INT_SENTINEL;
    for (int64_t k = 0; k < batch; ++k)
        bt->info[k] = BT_INT_SENTINEL;
}

void bt_free(bt_batch *bt) {
    free(bt->a);
    free(bt->b);
    free(bt->ipiv);
    free(bt->info);
    free(bt->a_off);
    free(bt->b_off);
    memset(bt, 0, sizeof *bt);
}

/* Entry (i,j) of system k of an operand whose systems start at base (a
   strided or pointer layout) with leading dimension ld, or, interleaved,
   at (i + j*n) * batch + k. */
static int64_t operand_at(const bt_batch *bt, int64_t base, int ld, int64_t k, int i, int j) {
    if (bt->layout == BT_IL)
        return ((int64_t)i + (int64_t)j * bt->n) * bt->batch + k;
    return base + (bt_order(bt) == TDLS_ROW_MAJOR ? (int64_t)i * ld + j : i + (int64_t)j * ld);
}

int64_t bt_a_at(const bt_batch *bt, int64_t k, int i, int j) {
    const int64_t base = is_ptr(bt->layout) ? bt->a_off[k] : k * bt->stride_a;
    return operand_at(bt, base, bt->lda, k, i, j);
}

int64_t bt_b_at(const bt_batch *bt, int64_t k, int i, int r) {
    const int64_t base = is_ptr(bt->layout) ? bt->b_off[k] : k * bt->stride_b;
    return operand_at(bt, base, bt->ldb, k, i, r);
}

int64_t bt_ipiv_at(const bt_batch *bt, int64_t k, int i) {
    return bt->layout == BT_IL ? (int64_t)i * bt->batch + k : k * bt->stride_ipiv + i;
}

void bt_set_b(bt_batch *bt, int64_t k, const long double *b) {
    for (int i = 0; i < bt->n; ++i)
        for (int r = 0; r < bt->nrhs; ++r)
            tdls_test_set(bt->api->type, bt->b, bt_b_at(bt, k, i, r), b[i * bt->nrhs + r]);
}

void bt_set_system(bt_batch *bt, int64_t k, const long double *a, const long double *b) {
    for (int i = 0; i < bt->n; ++i)
        for (int j = 0; j < bt->n; ++j)
            tdls_test_set(bt->api->type, bt->a, bt_a_at(bt, k, i, j), a[i * bt->n + j]);
    bt_set_b(bt, k, b);
}

void bt_get_a(const bt_batch *bt, int64_t k, long double *a) {
    for (int i = 0; i < bt->n; ++i)
        for (int j = 0; j < bt->n; ++j)
            a[i * bt->n + j] = tdls_test_get(bt->api->type, bt->a, bt_a_at(bt, k, i, j));
}

void bt_get_b(const bt_batch *bt, int64_t k, long double *b) {
    for (int i = 0; i < bt->n; ++i)
        for (int r = 0; r < bt->nrhs; ++r)
            b[i * bt->nrhs + r] = tdls_test_get(bt->api->type, bt->b, bt_b_at(bt, k, i, r));
}

void bt_get_ipiv(const bt_batch *bt, int64_t k, int *ipiv) {
    for (int i = 0; i < bt->n; ++i)
        ipiv[i] = bt->ipiv[bt_ipiv_at(bt, k, i)];
}

void bt_set_ipiv(bt_batch *bt, int64_t k, const int *ipiv) {
    for (int i = 0; i < bt->n; ++i)
        bt->ipiv[bt_ipiv_at(bt, k, i)] = ipiv[i];
}

/* The ill-conditioned generator costs milliseconds at order 64
   (Householder products), and every suite regenerates its systems to check
   them: a direct-mapped cache of the larger matrices keeps the suites' run
   time in the solver rather than in the generator. Test code is
   single-threaded (OpenMP only runs inside the library). */
enum { CACHE_SLOTS = 512, CACHE_MIN_ORDER = 9 };
static struct {
    int used, n, kind;
    tdls_test_type type;
    uint64_t seed;
    long double *a;
} cache[CACHE_SLOTS];

static void generate_cached(tdls_test_kind kind, tdls_test_type type, int n, uint64_t seed,
                            long double *a) {
    const size_t nn = (size_t)n * (size_t)n;
    if (n < CACHE_MIN_ORDER) {
        tdls_test_generate(kind, type, n, seed, a);
        return;
    }
    const uint64_t h =
        (seed * 0x9e3779b97f4a7c15u) ^ ((uint64_t)n << 8) ^ (uint64_t)kind ^ ((uint64_t)type << 16);
    const size_t slot = (size_t)((h ^ (h >> 29)) % CACHE_SLOTS);
    if (cache[slot].used && cache[slot].n == n && cache[slot].kind == (int)kind
        && cache[slot].type == type && cache[slot].seed == seed) {
        memcpy(a, cache[slot].a, sizeof *a * nn);
        return;
    }
    tdls_test_generate(kind, type, n, seed, a);
    if (!cache[slot].a)
        cache[slot].a = tdls_test_xmalloc(sizeof *a * BT_NMAX * BT_NMAX);
    memcpy(cache[slot].a, a, sizeof *a * nn);
    cache[slot].used = 1;
    cache[slot].n = n;
    cache[slot].kind = (int)kind;
    cache[slot].type = type;
    cache[slot].seed = seed;
}

/* The right-hand sides of system k, rounded to the type. */
static void make_rhs(tdls_test_type type, int n, int nrhs, uint64_t s, long double *b) {
    long double v[BT_NMAX];
    long double t[1]; /* aligned for any of the types */
    for (int r = 0; r < nrhs; ++r) {
        tdls_test_random_vec(n, s * 7u + (uint64_t)r, v);
        for (int i = 0; i < n; ++i) {
            tdls_test_set(type, t, 0, v[i]);
            b[i * nrhs + r] = tdls_test_get(type, t, 0);
        }
    }
}

void bt_make_system(tdls_test_type type, int n, int nrhs, uint64_t seed, int64_t k, int kind,
                    long double *a, long double *b) {
    const uint64_t s = seed * 1000003u + (uint64_t)k;
    generate_cached((tdls_test_kind)bt_kind(seed, k, kind), type, n, s, a);
    /* Round to the type, so that the ratios see what the solver sees. */
    long double t[1];
    for (int i = 0; i < n * n; ++i) {
        tdls_test_set(type, t, 0, a[i]);
        a[i] = tdls_test_get(type, t, 0);
    }
    make_rhs(type, n, nrhs, s, b);
}

int bt_kind(uint64_t seed, int64_t k, int kind) {
    return kind >= 0 ? kind : (int)((seed + (uint64_t)k) % TDLS_TEST_KIND_COUNT);
}

void bt_fill(bt_batch *bt, uint64_t seed, int kind) {
    long double *a = tdls_test_xmalloc(sizeof *a * BT_NMAX * BT_NMAX);
    long double b[BT_NMAX * BT_RHS_MAX];
    for (int64_t k = 0; k < bt->batch; ++k) {
        bt_make_system(bt->api->type, bt->n, bt->nrhs, seed, k, kind, a, b);
        bt_set_system(bt, k, a, b);
    }
    free(a);
}

void bt_fill_b(bt_batch *bt, uint64_t seed, int kind) {
    (void)kind; /* the right-hand sides do not depend on the matrix kind */
    long double b[BT_NMAX * BT_RHS_MAX];
    for (int64_t k = 0; k < bt->batch; ++k) {
        make_rhs(bt->api->type, bt->n, bt->nrhs, seed * 1000003u + (uint64_t)k, b);
        bt_set_b(bt, k, b);
    }
}

void bt_copy_systems(bt_batch *dst, const bt_batch *src) {
    long double *a = tdls_test_xmalloc(sizeof *a * BT_NMAX * BT_NMAX);
    long double b[BT_NMAX * BT_RHS_MAX];
    int ipiv[BT_NMAX];
    for (int64_t k = 0; k < src->batch; ++k) {
        bt_get_a(src, k, a);
        bt_get_b(src, k, b);
        bt_set_system(dst, k, a, b);
        bt_get_ipiv(src, k, ipiv);
        bt_set_ipiv(dst, k, ipiv);
        dst->info[k] = src->info[k];
    }
    free(a);
}

/* ---- runs ------------------------------------------------------------------ */

static int call(bt_batch *bt, bt_op op, char trans, int device, void *a, void *b, int *ipiv,
                int *info, void *a_array, void *b_array) {
    const bt_api *f = bt->api;
    const int order = bt_order(bt);
    if (bt->layout == BT_IL) {
        if (op == BT_GESV)
            return f->gesv_il(bt->n, bt->nrhs, a, ipiv, b, info, bt->batch, device);
        if (op == BT_GETRF)
            return f->getrf_il(bt->n, a, ipiv, info, bt->batch, device);
        return f->getrs_il(trans, bt->n, bt->nrhs, a, ipiv, b, bt->batch, device);
    }
    if (is_ptr(bt->layout)) {
        if (op != BT_GESV) {
            fprintf(stderr, "batch tests: getrf and getrs have no pointer-array form\n");
            abort();
        }
        return f->gesv_ptr(order, bt->n, bt->nrhs, a_array, bt->lda, ipiv, bt->stride_ipiv, b_array,
                           bt->ldb, info, bt->batch, device);
    }
    if (op == BT_GESV)
        return f->gesv(order, bt->n, bt->nrhs, a, bt->lda, bt->stride_a, ipiv, bt->stride_ipiv, b,
                       bt->ldb, bt->stride_b, info, bt->batch, device);
    if (op == BT_GETRF)
        return f->getrf(order, bt->n, a, bt->lda, bt->stride_a, ipiv, bt->stride_ipiv, info,
                        bt->batch, device);
    return f->getrs(order, trans, bt->n, bt->nrhs, a, bt->lda, bt->stride_a, ipiv, bt->stride_ipiv,
                    b, bt->ldb, bt->stride_b, bt->batch, device);
}

/* Typed pointer arrays to the systems of a and b (host or device bases). */
static void make_arrays(const bt_batch *bt, char *a, char *b, void **a_array, void **b_array) {
    *a_array = tdls_test_xmalloc(sizeof(void *) * (size_t)(bt->batch + 1));
    *b_array = tdls_test_xmalloc(sizeof(void *) * (size_t)(bt->batch + 1));
    for (int64_t k = 0; k < bt->batch; ++k) {
        bt->api->set_ptr(*a_array, k, a + (size_t)bt->a_off[k] * bt->es);
        bt->api->set_ptr(*b_array, k, b + (size_t)bt->b_off[k] * bt->es);
    }
}

/* Only offload builds link libomptarget (omp_target_alloc and friends);
   a CPU-only clang build has none. */
#if TDLS_TEST_OFFLOAD
static void *to_device(const void *host, size_t size, int device) {
    void *d = omp_target_alloc(size ? size : 1, device);
    if (!d) {
        fprintf(stderr, "batch tests: omp_target_alloc(%zu, %d) failed\n", size, device);
        abort();
    }
    if (size && omp_target_memcpy(d, host, size, 0, 0, device, omp_get_initial_device())) {
        fprintf(stderr, "batch tests: omp_target_memcpy to device %d failed\n", device);
        abort();
    }
    return d;
}

static void from_device(void *host, void *d, size_t size, int device) {
    if (size && omp_target_memcpy(host, d, size, 0, 0, omp_get_initial_device(), device)) {
        fprintf(stderr, "batch tests: omp_target_memcpy from device %d failed\n", device);
        abort();
    }
    omp_target_free(d, device);
}
#endif

int bt_run(bt_batch *bt, bt_op op, char trans, int device) {
    void *a_array = NULL, *b_array = NULL;
    int ret;
#if TDLS_TEST_OFFLOAD
    /* A real offload device: its own memory. An out-of-range number goes
       to the API with host pointers, which it must reject untouched. */
    if (device >= 0 && device < omp_get_num_devices() && device != omp_get_initial_device()) {
        const size_t sa = bt->es * (size_t)bt->a_count, sb = bt->es * (size_t)bt->b_count;
        const size_t si = sizeof(int) * (size_t)bt->ipiv_count;
        const size_t sn = sizeof(int) * (size_t)bt->batch;
        void *a = to_device(bt->a, sa, device), *b = to_device(bt->b, sb, device);
        int *ipiv = to_device(bt->ipiv, si, device), *info = to_device(bt->info, sn, device);
        void *da = NULL, *db = NULL;
        if (is_ptr(bt->layout)) {
            make_arrays(bt, a, b, &a_array, &b_array);
            da = to_device(a_array, sizeof(void *) * (size_t)bt->batch, device);
            db = to_device(b_array, sizeof(void *) * (size_t)bt->batch, device);
        }
        ret = call(bt, op, trans, device, a, b, ipiv, info, da, db);
        from_device(bt->a, a, sa, device);
        from_device(bt->b, b, sb, device);
        from_device(bt->ipiv, ipiv, si, device);
        from_device(bt->info, info, sn, device);
        if (da) {
            omp_target_free(da, device);
            omp_target_free(db, device);
        }
        free(a_array);
        free(b_array);
        return ret;
    }
#endif
    if (is_ptr(bt->layout))
        make_arrays(bt, bt->a, bt->b, &a_array, &b_array);
    ret = call(bt, op, trans, device, bt->a, bt->b, bt->ipiv, bt->info, a_array, b_array);
    free(a_array);
    free(b_array);
    return ret;
}

/* ---- comparison ------------------------------------------------------------ */

static int same_bits(const void *x, const void *y, size_t size) {
    return memcmp(x, y, size) == 0;
}

int bt_system_differs(const bt_batch *x, const bt_batch *y, int64_t k, const char **what) {
    const size_t es = x->es;
    for (int i = 0; i < x->n; ++i) {
        for (int j = 0; j < x->n; ++j)
            if (!same_bits((const char *)x->a + (size_t)bt_a_at(x, k, i, j) * es,
                           (const char *)y->a + (size_t)bt_a_at(y, k, i, j) * es, es)) {
                *what = "factors";
                return 1;
            }
        for (int r = 0; r < x->nrhs; ++r)
            if (!same_bits((const char *)x->b + (size_t)bt_b_at(x, k, i, r) * es,
                           (const char *)y->b + (size_t)bt_b_at(y, k, i, r) * es, es)) {
                *what = "right-hand sides";
                return 1;
            }
        if (x->ipiv[bt_ipiv_at(x, k, i)] != y->ipiv[bt_ipiv_at(y, k, i)]) {
            *what = "ipiv";
            return 1;
        }
    }
    if (x->info[k] != y->info[k]) {
        *what = "info";
        return 1;
    }
    *what = "nothing";
    return 0;
}

int bt_same_b(const bt_batch *x, const bt_batch *y, int64_t k) {
    for (int i = 0; i < x->n; ++i)
        for (int r = 0; r < x->nrhs; ++r)
            if (!same_bits((const char *)x->b + (size_t)bt_b_at(x, k, i, r) * x->es,
                           (const char *)y->b + (size_t)bt_b_at(y, k, i, r) * y->es, x->es))
                return 0;
    return 1;
}

int64_t bt_first_difference(const bt_batch *x, const bt_batch *y, const char **what) {
    for (int64_t k = 0; k < x->batch; ++k)
        if (bt_system_differs(x, y, k, what))
            return k;
    *what = "nothing";
    return -1;
}

/* mark[i] = 1 for the elements of a, b and ipiv that belong to a system. */
static void system_masks(const bt_batch *bt, unsigned char *ma, unsigned char *mb,
                         unsigned char *mi) {
    memset(ma, 0, (size_t)bt->a_count + 1);
    memset(mb, 0, (size_t)bt->b_count + 1);
    memset(mi, 0, (size_t)bt->ipiv_count + 1);
    for (int64_t k = 0; k < bt->batch; ++k)
        for (int i = 0; i < bt->n; ++i) {
            for (int j = 0; j < bt->n; ++j)
                ma[bt_a_at(bt, k, i, j)] = 1;
            for (int r = 0; r < bt->nrhs; ++r)
                mb[bt_b_at(bt, k, i, r)] = 1;
            mi[bt_ipiv_at(bt, k, i)] = 1;
        }
}

int64_t bt_padding_damage(const bt_batch *bt) {
    unsigned char *ma = tdls_test_xmalloc((size_t)bt->a_count + 1);
    unsigned char *mb = tdls_test_xmalloc((size_t)bt->b_count + 1);
    unsigned char *mi = tdls_test_xmalloc((size_t)bt->ipiv_count + 1);
    system_masks(bt, ma, mb, mi);
    int64_t damage = 0;
    for (int64_t i = 0; i < bt->a_count; ++i)
        damage += !ma[i] && tdls_test_get(bt->api->type, bt->a, i) != BT_SENTINEL;
    for (int64_t i = 0; i < bt->b_count; ++i)
        damage += !mb[i] && tdls_test_get(bt->api->type, bt->b, i) != BT_SENTINEL;
    for (int64_t i = 0; i < bt->ipiv_count; ++i)
        damage += !mi[i] && bt->ipiv[i] != BT_INT_SENTINEL;
    free(ma);
    free(mb);
    free(mi);
    return damage;
}

int bt_untouched(const bt_batch *bt) {
    int64_t changed = 0;
    for (int64_t i = 0; i < bt->a_count; ++i)
        changed += tdls_test_get(bt->api->type, bt->a, i) != BT_SENTINEL;
    for (int64_t i = 0; i < bt->b_count; ++i)
        changed += tdls_test_get(bt->api->type, bt->b, i) != BT_SENTINEL;
    for (int64_t i = 0; i < bt->ipiv_count; ++i)
        changed += bt->ipiv[i] != BT_INT_SENTINEL;
    for (int64_t k = 0; k < bt->batch; ++k)
        changed += bt->info[k] != BT_INT_SENTINEL;
    return changed == 0;
}

/* ---- snapshots --------------------------------------------------------------- */

bt_snapshot bt_snapshot_take(const bt_batch *bt) {
    bt_snapshot s = {tdls_test_xmalloc(bt->es * (size_t)(bt->a_count + 1)),
                     tdls_test_xmalloc(bt->es * (size_t)(bt->b_count + 1)),
                     tdls_test_xmalloc(sizeof(int) * (size_t)(bt->ipiv_count + 1)),
                     tdls_test_xmalloc(sizeof(int) * (size_t)(bt->batch + 1))};
    memcpy(s.a, bt->a, bt->es * (size_t)bt->a_count);
    memcpy(s.b, bt->b, bt->es * (size_t)bt->b_count);
    memcpy(s.ipiv, bt->ipiv, sizeof(int) * (size_t)bt->ipiv_count);
    memcpy(s.info, bt->info, sizeof(int) * (size_t)bt->batch);
    return s;
}

int bt_snapshot_same(const bt_batch *bt, const bt_snapshot *s) {
    return same_bits(s->a, bt->a, bt->es * (size_t)bt->a_count)
           && same_bits(s->b, bt->b, bt->es * (size_t)bt->b_count)
           && same_bits(s->ipiv, bt->ipiv, sizeof(int) * (size_t)bt->ipiv_count)
           && same_bits(s->info, bt->info, sizeof(int) * (size_t)bt->batch);
}

void bt_snapshot_free(bt_snapshot *s) {
    free(s->a);
    free(s->b);
    free(s->ipiv);
    free(s->info);
}

/* ---- the results of a bridge ----------------------------------------------------- */

int bt_has_getrf(bt_layout layout) {
    return !is_ptr(layout);
}

void bt_results_init(bt_results *r, const bt_api *api, bt_layout layout, int n, int nrhs,
                     int64_t batch, int pad, uint64_t seed, int kind) {
    r->full = bt_has_getrf(layout);
    r->seed = seed;
    r->kind = kind;
    bt_init(&r->gesv, api, layout, n, nrhs, batch, pad);
    bt_fill(&r->gesv, seed, kind);
    if (!r->full)
        return;
    bt_init(&r->getrs_n, api, layout, n, nrhs, batch, pad);
    bt_fill(&r->getrs_n, seed, kind);
    bt_init(&r->getrs_t, api, layout, n, nrhs, batch, pad);
}

int bt_results_run(bt_results *r, int device, const char **op) {
    int ret;
    *op = "gesv";
    if ((ret = bt_run(&r->gesv, BT_GESV, 'N', device)) != 0 || !r->full)
        return ret;
    *op = "getrf";
    if ((ret = bt_run(&r->getrs_n, BT_GETRF, 'N', device)) != 0)
        return ret;
    /* getrs T starts from getrf's factors, before getrs N overwrites b. */
    bt_copy_systems(&r->getrs_t, &r->getrs_n);
    bt_fill_b(&r->getrs_t, r->seed, r->kind);
    *op = "getrs N";
    if ((ret = bt_run(&r->getrs_n, BT_GETRS, 'N', device)) != 0)
        return ret;
    *op = "getrs T";
    return bt_run(&r->getrs_t, BT_GETRS, 'T', device);
}

void bt_results_solve(bt_results *r, int device) {
    const char *op;
    const int ret = bt_results_run(r, device, &op);
    cr_assert_eq(ret, 0, "%s returned %d, device %d", op, ret, device);
}

void bt_results_free(bt_results *r) {
    bt_free(&r->gesv);
    if (r->full) {
        bt_free(&r->getrs_n);
        bt_free(&r->getrs_t);
    }
}

void bt_results_expect_same(const bt_results *x, const bt_results *y, int64_t count,
                            const char *bridge) {
    const bt_batch *const xs[3] = {&x->gesv, &x->getrs_n, &x->getrs_t};
    const bt_batch *const ys[3] = {&y->gesv, &y->getrs_n, &y->getrs_t};
    static const char *const ops[3] = {"gesv", "getrf+getrs N", "getrs T"};
    const int m = x->full && y->full ? 3 : 1;
    for (int o = 0; o < m; ++o)
        for (int64_t k = 0; k < count; ++k) {
            const char *what;
            cr_assert(!bt_system_differs(xs[o], ys[o], k, &what),
                      "%s bridge, %s %s: %s vs %s, n=%d nrhs=%d, system %lld: the %s differ",
                      bridge, xs[o]->api->prefix, ops[o], bt_layout_names[xs[o]->layout],
                      bt_layout_names[ys[o]->layout], xs[o]->n, xs[o]->nrhs, (long long)k, what);
        }
}

/* ---- ratios ------------------------------------------------------------------ */

long double bt_factor_ratio(int n, const long double *a0, const long double *lu, const int *ipiv,
                            long double eps) {
    if (n == 0)
        return 0;
    long double *f = tdls_test_xmalloc(sizeof *f * (size_t)n * (size_t)n);
    int piv[BT_NMAX];
    memcpy(f, lu, sizeof *f * (size_t)n * (size_t)n);
    /* The oracle's format keeps 1/u_kk on the diagonal and 0-based
       interchanges; LAPACK keeps u_kk and 1-based ones. The oracle checks
       that each interchange lies in [j, n). */
    for (int i = 0; i < n; ++i) {
        f[i * n + i] = 1.0L / f[i * n + i];
        piv[i] = ipiv[i] - 1;
    }
    const long double r = tdls_oracle_factor_ratio(n, a0, f, piv, 0, eps);
    free(f);
    return r;
}

long double bt_solve_ratio(int n, int nrhs, const long double *a0, int trans, const long double *x,
                           const long double *b, long double eps) {
    long double *a = tdls_test_xmalloc(sizeof *a * (size_t)n * (size_t)n + 1);
    long double xc[BT_NMAX], bc[BT_NMAX];
    if (trans)
        tdls_test_transpose(n, a0, a);
    else
        memcpy(a, a0, sizeof *a * (size_t)n * (size_t)n);
    long double worst = 0;
    for (int r = 0; r < nrhs; ++r) {
        for (int i = 0; i < n; ++i) {
            xc[i] = x[i * nrhs + r];
            bc[i] = b[i * nrhs + r];
        }
        const long double s = tdls_oracle_solve_ratio(n, a, xc, bc, eps);
        if (!(s <= worst)) /* a NaN ratio becomes infinite: it must fail the bound */
            worst = s != s ? (long double)INFINITY : s;
    }
    free(a);
    return worst;
}

/* Every system of bt, after op (getrs: with trans), against the systems
   bt_make_system(seed, k, kind) it was filled with: info 0, the factor
   ratio of what getrf/gesv left in a, the solve ratio of what gesv/getrs
   left in b. */
void bt_check_ratios(const bt_batch *bt, bt_op op, int trans, uint64_t seed, int kind,
                     const char *what) {
    const tdls_test_type type = bt->api->type;
    const long double eps = tdls_test_eps(type);
    const int n = bt->n, nrhs = bt->nrhs;
    long double *a0 = tdls_test_xmalloc(sizeof *a0 * BT_NMAX * BT_NMAX);
    long double *lu = tdls_test_xmalloc(sizeof *lu * BT_NMAX * BT_NMAX);
    long double b0[BT_NMAX * BT_RHS_MAX], x[BT_NMAX * BT_RHS_MAX];
    int ipiv[BT_NMAX];
    for (int64_t k = 0; k < bt->batch; ++k) {
        bt_make_system(type, n, nrhs, seed, k, kind, a0, b0);
        if (op != BT_GETRS) {
            cr_assert_eq(bt->info[k], 0, "%s %s n=%d system %lld: info %d", bt->api->prefix, what,
                         n, (long long)k, bt->info[k]);
            bt_get_a(bt, k, lu);
            bt_get_ipiv(bt, k, ipiv);
            const long double fr = bt_factor_ratio(n, a0, lu, ipiv, eps);
            cr_assert(fr < BT_RATIO_BOUND, "%s %s n=%d system %lld: factor ratio %g",
                      bt->api->prefix, what, n, (long long)k, (double)fr);
        }
        if (op != BT_GETRF) {
            bt_get_b(bt, k, x);
            const long double sr = bt_solve_ratio(n, nrhs, a0, trans, x, b0, eps);
            cr_assert(sr < BT_RATIO_BOUND, "%s %s%s n=%d nrhs=%d system %lld: solve ratio %g",
                      bt->api->prefix, what, trans ? " (A^T)" : "", n, nrhs, (long long)k,
                      (double)sr);
        }
    }
    free(a0);
    free(lu);
}

/* ---- Criterion parameters ---------------------------------------------------- */

static void free_params(struct criterion_test_params *crp) {
    cr_free(crp->params);
}

struct criterion_test_params bt_params(int first, int last) {
    const size_t count = 2 * (size_t)(last - first + 1);
    bt_param *p = cr_malloc(sizeof *p * count);
    size_t i = 0;
    for (int t = 0; t < 2; ++t)
        for (int l = first; l <= last; ++l)
            p[i++] = (bt_param){t, l};
    return cr_make_param_array(bt_param, p, count, free_params);
}
