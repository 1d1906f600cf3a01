/* SPDX-License-Identifier: BSD-3-Clause */
/* The per-thread GPU kernels of one precision, one per compile-time order
   up to TDLS_BG_TILED_MAX (at most 16), and the switch that picks one.
   Included with TDLS_BG_P, TDLS_BG_REAL and TDLS_BG_TILED_MAX defined. */

#if TDLS_BG_TILED_MAX > 16
#error "batch_gpu_orders.h: the per-thread GPU kernels stop at order 16."
#endif

#if TDLS_BG_TILED_MAX >= 1
#define TDLS_BG_N 1
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 2
#define TDLS_BG_N 2
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 3
#define TDLS_BG_N 3
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 4
#define TDLS_BG_N 4
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 5
#define TDLS_BG_N 5
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 6
#define TDLS_BG_N 6
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 7
#define TDLS_BG_N 7
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 8
#define TDLS_BG_N 8
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 9
#define TDLS_BG_N 9
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 10
#define TDLS_BG_N 10
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 11
#define TDLS_BG_N 11
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 12
#define TDLS_BG_N 12
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 13
#define TDLS_BG_N 13
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 14
#define TDLS_BG_N 14
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 15
#define TDLS_BG_N 15
#include "batch_gpu_tiled.h"
#endif
#if TDLS_BG_TILED_MAX >= 16
#define TDLS_BG_N 16
#include "batch_gpu_tiled.h"
#endif

/* Runs the per-thread kernel of order job->n <= TDLS_BG_TILED_MAX (with a
   maximum of 0, a table that sends every order to the groups, there is
   none to run and device goes unused). */
static void TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), _tiled)(const tdls_batch *job,
                                                            const int device) {
    (void)device;
    switch (job->n) {
#if TDLS_BG_TILED_MAX >= 1
        case 1:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 1_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 2
        case 2:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 2_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 3
        case 3:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 3_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 4
        case 4:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 4_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 5
        case 5:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 5_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 6
        case 6:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 6_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 7
        case 7:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 7_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 8
        case 8:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 8_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 9
        case 9:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 9_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 10
        case 10:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 10_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 11
        case 11:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 11_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 12
        case 12:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 12_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 13
        case 13:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 13_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 14
        case 14:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 14_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 15
        case 15:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 15_run)(job, device);
            return;
#endif
#if TDLS_BG_TILED_MAX >= 16
        case 16:
            TDLS_CAT(TDLS_CAT(tdls_bg_, TDLS_BG_P), 16_run)(job, device);
            return;
#endif
        default:
            return;
    }
}

#undef TDLS_BG_P
#undef TDLS_BG_REAL
#undef TDLS_BG_TILED_MAX
