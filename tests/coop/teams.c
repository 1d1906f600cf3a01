/* SPDX-License-Identifier: BSD-3-Clause */
/* CooperativeLUpp in target teams: one system per team and two groups per
   team, the workspace declared in the teams region, against the same
   configuration run by host parallel groups, bit for bit. A team gets the
   threads its device gives (libomp's host teams: one or two), so each
   team picks the smallest rows_per_thread whose group fits. */
#include <criterion/criterion.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "coop_test.h"

#ifndef TDLS_TEST_OFFLOAD
#error "teams.c: the build defines TDLS_TEST_OFFLOAD (1 in offload builds)."
#endif

#define TEAMS_NSYS 4 /* a multiple of the groups per team */
#define TEAMS_NCFG 7 /* rows_per_thread 1, 2, 4, ..., 64 */
#define TEAMS_GMAX 2

/* Criterion pastes the test name: expand it first. */
#define TEAMS_TEST(suite, name) Test(suite, name)

/* What the target region reports per system: the configuration the team
   picked, the threads it had, omp_is_initial_device(), info. */
typedef struct {
    int n, groups;
    int piv[TEAMS_NSYS * COOP_NMAX];
    int info[TEAMS_NSYS], cfg[TEAMS_NSYS], threads[TEAMS_NSYS], initial[TEAMS_NSYS];
} teams_run;

#define TB_T      float
#define TB_P      tt_f
#define TB_LAYOUT TDLS_ROW_MAJOR
#define TB_ICHG   TDLS_LOGICAL
#include "teams_body.h"

#define TB_T      double
#define TB_P      tt_d
#define TB_LAYOUT TDLS_COL_MAJOR
#define TB_ICHG   TDLS_PHYSICAL
#include "teams_body.h"
