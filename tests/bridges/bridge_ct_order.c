/* SPDX-License-Identifier: BSD-3-Clause */
/* Compile-time vs runtime order at order BR_N, on strided and caller-local
   operands (see ct_cfg.h). The build compiles one object per order and
   picks the configuration with BR_SEL, rotating the type and the
   (schedule, interchange, tile) triple across orders: every pair is
   covered at several orders, at a fraction of the compile time. */
#include "bridge_common.h"

#if !defined(BR_N) || !defined(BR_SEL)
#error "bridge_ct_order.c: the build defines BR_N (order) and BR_SEL (0..5, configuration)."
#endif

#if BR_SEL % 2
#define BR_T   double
#define BR_SFX d
#else
#define BR_T   float
#define BR_SFX f
#endif
#include "bridge_typed.h"

#if BR_SEL % 3 == 0
#define BR_TS    4
#define BR_SCHED TDLS_RIGHT_LOOKING
#define BR_XCHG  TDLS_LOGICAL
#define BR_ID    BR_CAT3(BR_SFX, _rl4_, BR_N)
#elif BR_SEL % 3 == 1
#define BR_TS    3
#define BR_SCHED TDLS_LEFT_LOOKING
#define BR_XCHG  TDLS_LOGICAL
#define BR_ID    BR_CAT3(BR_SFX, _ll3_, BR_N)
#else
#define BR_TS    4
#define BR_SCHED TDLS_RIGHT_LOOKING
#define BR_XCHG  TDLS_PHYSICAL
#define BR_ID    BR_CAT3(BR_SFX, _ph_, BR_N)
#endif

/* Forced unrolling is the default and what GPU users build; above order 8
   it costs gcc 30 s to 90 s per instantiation, so larger orders bridge the
   non-unrolled build of the same knobs. */
#define BR_UNROLL (BR_N <= 8)
#include "ct_cfg.h"
