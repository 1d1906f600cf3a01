/* SPDX-License-Identifier: BSD-3-Clause */
/* Template of teams.c for one type TB_T (prefix TB_P, layout TB_LAYOUT,
   interchange TB_ICHG): configurations of rows_per_thread 1, 2, 4, ...,
   64, solved in target teams and by host groups. */

#define TEAMS_RPT 1
#include "teams_one.h"
#define TEAMS_RPT 2
#include "teams_one.h"
#define TEAMS_RPT 4
#include "teams_one.h"
#define TEAMS_RPT 8
#include "teams_one.h"
#define TEAMS_RPT 16
#include "teams_one.h"
#define TEAMS_RPT 32
#include "teams_one.h"
#define TEAMS_RPT 64
#include "teams_one.h"

#define TB_N(x)        TDLS_CAT(TB_P, TDLS_CAT(_, x))
#define TB_CFG(rpt, x) TDLS_CAT(TB_P, TDLS_CAT(_r, TDLS_CAT(rpt, TDLS_CAT(_, x))))
#define TB_DESC(rpt)   &TDLS_CAT(coop_solver_, TDLS_CAT(TB_P, TDLS_CAT(_r, rpt)))

static const coop_solver *const TB_N(configs)[TEAMS_NCFG] = {
    TB_DESC(1), TB_DESC(2), TB_DESC(4), TB_DESC(8), TB_DESC(16), TB_DESC(32), TB_DESC(64),
};

/* Configuration c solves system k with its factors, then the transposed
   system, in group g. clang-format 14 parts a call through a macro-made
   name from its arguments. */
/* clang-format off */
#define TB_CASE(c, rpt)                                                                            \
    case c:                                                                                        \
        r = TB_CFG(rpt, solve)(n, tx, a + k * nn, 1, piv + k * n, 1, b + k * n, x + k * n, 1,      \
                               work[g]);                                                           \
        TB_CFG(rpt, substitute_trans)(n, tx, a + k * nn, 1, piv + k * n, 1, b + k * n, xt + k * n, \
                                      1, work[g]);                                                 \
        break;
/* clang-format on */

/* The systems of r, each by a group of its team; see teams.c. */
static void TB_N(target)(teams_run *r_, TB_T *a, const TB_T *b, TB_T *x, TB_T *xt) {
    const int n = r_->n, groups = r_->groups, nn = n * n;
    const size_t nm = (size_t)TEAMS_NSYS * nn, nv = (size_t)TEAMS_NSYS * n;
    int *piv = r_->piv, *info = r_->info, *cfg = r_->cfg, *threads = r_->threads,
        *initial = r_->initial;
    /* clang-format 14 respaces the array sections of OpenMP clauses. */
    /* clang-format off */
#pragma omp target teams num_teams(groups == 1 ? TEAMS_NSYS : 1) map(tofrom : a[0 : nm])           \
    map(to : b[0 : nv]) map(from : x[0 : nv], xt[0 : nv], piv[0 : nv])                             \
    map(tofrom : info[0 : TEAMS_NSYS], cfg[0 : TEAMS_NSYS], threads[0 : TEAMS_NSYS],               \
            initial[0 : TEAMS_NSYS])
    /* clang-format on */
    {
        /* Team scratch: one workspace per group, declared outside parallel. */
        TB_T work[TEAMS_GMAX][TDLS_COOP_WORKSPACE(COOP_NMAX)];
#pragma omp parallel
        {
            const int p = omp_get_num_threads(), t = omp_get_thread_num();
            const int team = omp_get_team_num(), teams = omp_get_num_teams();
            const int s = p / groups;
            /* The smallest rows_per_thread whose group fits in s threads. */
            int c = 0;
            while (c < TEAMS_NCFG && (s == 0 || (n + (1 << c) - 1) >> c > s))
                ++c;
            const int g = s == 0 ? 0 : t / s < groups ? t / s : groups - 1;
            const int tx = t - g * s;
            for (int base = team * groups; base < TEAMS_NSYS; base += teams * groups) {
                const int k = base + g;
                int r = -2;
                switch (c) {
                    TB_CASE(0, 1)
                    TB_CASE(1, 2)
                    TB_CASE(2, 4)
                    TB_CASE(3, 8)
                    TB_CASE(4, 16)
                    TB_CASE(5, 32)
                    TB_CASE(6, 64)
                    default:
                        break;
                }
                if (tx == 0) {
                    info[k] = r;
                    cfg[k] = c;
                    threads[k] = p;
                    initial[k] = omp_is_initial_device();
                }
            }
        }
    }
}

/* Every system of one order in target teams, then by host groups of the
   configuration the team picked: the same bits. */
static void TB_N(check)(int n, int groups) {
    coop_sys *y[TEAMS_NSYS];
    const size_t es = sizeof(TB_T);
    TB_T *a = tdls_test_xcalloc((size_t)TEAMS_NSYS * n * n, es),
         *b = tdls_test_xcalloc((size_t)TEAMS_NSYS * n, es);
    TB_T *x = tdls_test_xcalloc((size_t)TEAMS_NSYS * n, es),
         *xt = tdls_test_xcalloc((size_t)TEAMS_NSYS * n, es);
    teams_run run = {.n = n, .groups = groups};
    for (int k = 0; k < TEAMS_NSYS; ++k) {
        /* Every configuration of the type stores the system alike. */
        y[k] = coop_sys_new(TB_N(configs)[0], (tdls_test_kind)(k % TDLS_TEST_KIND_COUNT), n, 1,
                            (uint64_t)k, 1);
        memcpy(a + (size_t)k * n * n, y[k]->a, es * (size_t)n * (size_t)n);
        memcpy(b + (size_t)k * n, y[k]->b, es * (size_t)n);
        run.cfg[k] = -1;
    }
    TB_N(target)(&run, a, b, x, xt);
    for (int k = 0; k < TEAMS_NSYS; ++k) {
        cr_assert(run.cfg[k] >= 0 && run.cfg[k] < TEAMS_NCFG,
                  "n=%d system %d: no configuration fits %d groups in a team of %d threads "
                  "(configuration %d)",
                  n, k, groups, run.threads[k], run.cfg[k]);
        cr_expect_eq(run.initial[k], !TDLS_TEST_OFFLOAD,
                     "n=%d system %d: omp_is_initial_device() = %d in the target region", n, k,
                     run.initial[k]);
        const coop_solver *s = TB_N(configs)[run.cfg[k]];
        coop_sys *h =
            coop_sys_new(s, (tdls_test_kind)(k % TDLS_TEST_KIND_COUNT), n, 1, (uint64_t)k, 1);
        const int t = s->threads_per_system(n);
        coop_args args = coop_sys_args(h, h->x);
        coop_run(s, COOP_SOLVE, n, 1, -1, t, t, 1, &args, &h->info);
        args.x = h->xt;
        int ret;
        coop_run(s, COOP_SUBSTITUTE_TRANS, n, 1, -1, t, t, 1, &args, &ret);
        cr_expect_eq(h->info, 0, "%s n=%d system %d: info %d", s->name, n, k, h->info);
        /* The team's results in a system of their own for the comparison. */
        memcpy(y[k]->a, a + (size_t)k * n * n, es * (size_t)n * (size_t)n);
        memcpy(y[k]->piv, run.piv + k * n, sizeof(int) * (size_t)n);
        memcpy(y[k]->x, x + (size_t)k * n, es * (size_t)n);
        memcpy(y[k]->xt, xt + (size_t)k * n, es * (size_t)n);
        y[k]->info = run.info[k];
        coop_expect_same_sys(h, y[k], s->name);
        coop_sys_free(h);
        coop_sys_free(y[k]);
    }
    free(a);
    free(b);
    free(x);
    free(xt);
}

TEAMS_TEST(coop_teams, TB_N(one_system_per_team)) {
    const int *orders;
    const int norders = coop_orders(1, &orders);
    for (int o = 0; o < norders; ++o)
        TB_N(check)(orders[o], 1);
}

TEAMS_TEST(coop_teams, TB_N(two_groups_per_team)) {
    const int *orders;
    const int norders = coop_orders(1, &orders);
    for (int o = 0; o < norders; ++o)
        TB_N(check)(orders[o], 2);
}

#undef TB_N
#undef TB_CFG
#undef TB_DESC
#undef TB_CASE
#undef TB_T
#undef TB_P
#undef TB_LAYOUT
#undef TB_ICHG
