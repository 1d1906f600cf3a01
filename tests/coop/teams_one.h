/* SPDX-License-Identifier: BSD-3-Clause */
/* One configuration of teams_body.h: type TB_T, prefix TB_P, layout
   TB_LAYOUT, interchange TB_ICHG and rows_per_thread TEAMS_RPT, named
   <TB_P>_r<TEAMS_RPT>. Undefines TEAMS_RPT for the next one. */
#define COOP_TEST_NAME            TDLS_CAT(TB_P, TDLS_CAT(_r, TEAMS_RPT))
#define TDLS_COOP_REAL            TB_T
#define TDLS_COOP_LAYOUT          TB_LAYOUT
#define TDLS_COOP_ROW_INTERCHANGE TB_ICHG
#define TDLS_COOP_ROWS_PER_THREAD TEAMS_RPT
#include "coop_instance.h"
#undef TEAMS_RPT
