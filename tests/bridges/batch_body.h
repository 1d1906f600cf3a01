/* SPDX-License-Identifier: BSD-3-Clause */
/* Template of bridge_batch.c for one runtime-order configuration BR_CFG of
   type BR_T (suffix BR_SFX): a batch of systems solved in every layout, in
   a target region, and with different thread counts, against the AoS run. */

#define BR_F(x) BR_CAT(BR_CFG, BR_CAT(_, x))
#define BR_H(x) BR_CAT3(br_, BR_SFX, BR_CAT(_, x))
#define BR_B(x) BR_CAT3(batch_, BR_SFX, BR_CAT(_, x))

/* A batch in one layout: factors, pivots, b, x = A^-1 b, xt = A^-T b. */
typedef struct {
    BR_T *a, *b, *x, *xt;
    int *piv;
    int layout, n;
} BR_B(t);

static void BR_B(make)(BR_B(t) * s, int layout, int n) {
    s->layout = layout;
    s->n = n;
    s->a = br_alloc(sizeof(BR_T) * br_extent(layout, BR_BATCH, n * n));
    s->b = br_alloc(sizeof(BR_T) * br_extent(layout, BR_BATCH, n));
    s->x = br_alloc(sizeof(BR_T) * br_extent(layout, BR_BATCH, n));
    s->xt = br_alloc(sizeof(BR_T) * br_extent(layout, BR_BATCH, n));
    s->piv = br_alloc(sizeof(int) * br_extent(layout, BR_BATCH, n));
    for (int k = 0; k < BR_BATCH; ++k) {
        BR_T A[BR_NMAX * BR_NMAX], b[BR_NMAX];
        BR_H(fill)(n, k % BR_NKINDS, (uint64_t)k, A);
        BR_H(fill_vec)(n, (uint64_t)k, b);
        const ptrdiff_t st = br_stride(layout, BR_BATCH);
        BR_H(put)((size_t)n * n, A, s->a + br_offset(layout, k, n * n), st);
        BR_H(put)((size_t)n, b, s->b + br_offset(layout, k, n), st);
    }
}

static void BR_B(free)(BR_B(t) * s) {
    free(s->a);
    free(s->b);
    free(s->x);
    free(s->xt);
    free(s->piv);
}

/* System k, solved on the host where it is stored. */
static void BR_B(solve_one)(BR_B(t) * s, int k) {
    const int n = s->n;
    const ptrdiff_t st = br_stride(s->layout, BR_BATCH), om = br_offset(s->layout, k, n * n),
                    ov = br_offset(s->layout, k, n);
    const int info = BR_F(factorize)(n, s->a + om, st, s->piv + ov, st);
    cr_assert_eq(info, 0, "%s n=%d system %d: info %d", br_layout_names[s->layout], n, k, info);
    BR_F(substitute)(n, s->a + om, st, s->piv + ov, st, s->b + ov, s->x + ov, st);
    BR_F(substitute_trans)(n, s->a + om, st, s->piv + ov, st, s->b + ov, s->xt + ov, st);
}

/* Every system of t bitwise equal to the same system of ref. */
static void BR_B(compare)(const BR_B(t) * ref, const BR_B(t) * t, const char *what) {
    const int n = ref->n;
    for (int k = 0; k < BR_BATCH; ++k) {
        BR_T p[BR_NMAX * BR_NMAX], q[BR_NMAX * BR_NMAX];
        int ip[BR_NMAX], iq[BR_NMAX];
        const ptrdiff_t rst = br_stride(ref->layout, BR_BATCH),
                        tst = br_stride(t->layout, BR_BATCH);
        const ptrdiff_t rm = br_offset(ref->layout, k, n * n), tm = br_offset(t->layout, k, n * n);
        const ptrdiff_t rv = br_offset(ref->layout, k, n), tv = br_offset(t->layout, k, n);
        BR_H(get)((size_t)n * n, ref->a + rm, rst, p);
        BR_H(get)((size_t)n * n, t->a + tm, tst, q);
        BR_ASSERT_SAME(p, q, sizeof(BR_T) * n * n, "%s n=%d system %d: factors differ", what, n, k);
        br_iget(n, ref->piv + rv, rst, ip);
        br_iget(n, t->piv + tv, tst, iq);
        BR_ASSERT_SAME(ip, iq, sizeof(int) * n, "%s n=%d system %d: pivots differ", what, n, k);
        BR_H(get)((size_t)n, ref->x + rv, rst, p);
        BR_H(get)((size_t)n, t->x + tv, tst, q);
        BR_ASSERT_SAME(p, q, sizeof(BR_T) * n, "%s n=%d system %d: solutions differ", what, n, k);
        BR_H(get)((size_t)n, ref->xt + rv, rst, p);
        BR_H(get)((size_t)n, t->xt + tv, tst, q);
        BR_ASSERT_SAME(p, q, sizeof(BR_T) * n, "%s n=%d system %d: transposed solutions differ",
                       what, n, k);
    }
}

/* The residuals of every system of an AoS batch: the anchor of the bridges. */
static void BR_B(anchor)(const BR_B(t) * s) {
    const int n = s->n;
    for (int k = 0; k < BR_BATCH; ++k) {
        BR_T A[BR_NMAX * BR_NMAX];
        BR_H(fill)(n, k % BR_NKINDS, (uint64_t)k, A);
        const BR_T *lu = s->a + (ptrdiff_t)k * n * n, *b = s->b + k * n;
        long double sc[2];
        BR_H(lu_norms)(n, lu, 1, s->piv + k * n, sc);
        const long double r = BR_H(residual)(n, A, 0, s->x + k * n, 1, b, 1, sc[0]);
        const long double rt = BR_H(residual)(n, A, 1, s->xt + k * n, 1, b, 1, sc[1]);
        cr_assert(r < 30 && rt < 30, "n=%d system %d: residual ratios %Lg %Lg", n, k, r, rt);
    }
}

/* AoS, SoA and AoSoA storage of one batch give the same bits: the stride
   only addresses the operands, it takes no part in the arithmetic. */
BR_TEST(batch_layouts, BR_SFX) {
    for (int o = 0; o < BR_NORDERS; ++o) {
        BR_B(t) s[BR_NLAYOUTS];
        for (int l = 0; l < BR_NLAYOUTS; ++l) {
            BR_B(make)(&s[l], l, br_orders[o]);
            for (int k = 0; k < BR_BATCH; ++k)
                BR_B(solve_one)(&s[l], k);
        }
        BR_B(anchor)(&s[BR_AOS]);
        for (int l = 1; l < BR_NLAYOUTS; ++l)
            BR_B(compare)(&s[BR_AOS], &s[l], br_layout_names[l]);
        for (int l = 0; l < BR_NLAYOUTS; ++l)
            BR_B(free)(&s[l]);
    }
}

/* Host loop vs one system per thread of a target region, SoA: the same
   device-callable code. In offload builds the region must really run on the
   device (OMP_TARGET_OFFLOAD=MANDATORY also makes it fail otherwise). */
BR_TEST(host_vs_target, BR_SFX) {
    for (int o = 0; o < BR_NORDERS; ++o) {
        const int n = br_orders[o];
        BR_B(t) h, d;
        BR_B(make)(&h, BR_AOS, n);
        for (int k = 0; k < BR_BATCH; ++k)
            BR_B(solve_one)(&h, k);
        BR_B(anchor)(&h);
        BR_B(make)(&d, BR_SOA, n);
        BR_T *a = d.a, *b = d.b, *x = d.x, *xt = d.xt;
        int *piv = d.piv, info[BR_BATCH], initial[BR_BATCH];
        const size_t nm = (size_t)BR_BATCH * n * n, nv = (size_t)BR_BATCH * n;
        /* clang-format 14 respaces the array sections of OpenMP clauses. */
        /* clang-format off */
#pragma omp target teams distribute parallel for map(tofrom : a[0 : nm]) map(to : b[0 : nv])       \
    map(from : x[0 : nv], xt[0 : nv], piv[0 : nv], info, initial)
        /* clang-format on */
        for (int k = 0; k < BR_BATCH; ++k) {
#if defined(_OPENMP)
            initial[k] = omp_is_initial_device();
#else
            initial[k] = 1;
#endif
            info[k] = BR_F(factorize)(n, a + k, BR_BATCH, piv + k, BR_BATCH);
            BR_F(substitute)(n, a + k, BR_BATCH, piv + k, BR_BATCH, b + k, x + k, BR_BATCH);
            BR_F(substitute_trans)(n, a + k, BR_BATCH, piv + k, BR_BATCH, b + k, xt + k, BR_BATCH);
        }
        for (int k = 0; k < BR_BATCH; ++k) {
            cr_assert_eq(info[k], 0, "n=%d system %d: info %d in the target region", n, k, info[k]);
            cr_assert_eq(initial[k], !TDLS_TEST_OFFLOAD,
                         "n=%d system %d: omp_is_initial_device() = %d in the target region of %s "
                         "build",
                         n, k, initial[k], TDLS_TEST_OFFLOAD ? "an offload" : "a CPU-only");
        }
        BR_B(compare)(&h, &d, "target region");
        BR_B(free)(&h);
        BR_B(free)(&d);
    }
}

/* 1 vs 4 threads over the systems of a batch: each system is solved by one
   thread with no shared state, so the schedule cannot change a bit. */
BR_TEST(thread_counts, BR_SFX) {
    for (int o = 0; o < BR_NORDERS; ++o) {
        const int n = br_orders[o];
        BR_B(t) s[2];
        int team[2] = {1, 1};
        for (int t = 0; t < 2; ++t) {
            BR_B(make)(&s[t], BR_SOA, n);
            BR_B(t) *st = &s[t];
#pragma omp parallel for num_threads(t ? 4 : 1) schedule(static, 1)
            for (int k = 0; k < BR_BATCH; ++k) {
#if defined(_OPENMP)
                if (k == 0)
                    team[t] = omp_get_num_threads();
#endif
                BR_B(solve_one)(st, k);
            }
        }
#if defined(_OPENMP)
        cr_assert(team[0] == 1 && team[1] == 4, "n=%d: teams of %d and %d threads, not 1 and 4", n,
                  team[0], team[1]);
#endif
        BR_B(compare)(&s[0], &s[1], "4 threads vs 1");
        BR_B(free)(&s[0]);
        BR_B(free)(&s[1]);
    }
}

#undef BR_F
#undef BR_H
#undef BR_B
#undef BR_CFG
