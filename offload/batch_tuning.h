/* SPDX-License-Identifier: BSD-3-Clause */
/* The dispatch table of the batched API on GPUs: which family solves an
   order, and with how many threads. Compile-time macros, so that a build
   retunes them with -D (see the README: tdls-bench --device measures every
   order; a change is kept when it wins there). */
#ifndef TDLS_OFFLOAD_BATCH_TUNING_H
#define TDLS_OFFLOAD_BATCH_TUNING_H

/* Up to these orders (0 to 16; 0: none) one thread solves one system with
   TiledLUpp on caller-local arrays, which live in registers: n^2 values of
   the matrix, so about 8 (double) and 12 (float) before a thread of sm_90
   runs out of its 255 registers and spills. perf/gpu_tune.sh measures
   every order both ways on a GPU. */
#ifndef TDLS_BATCH_GPU_TILED_MAX_N_DOUBLE
#define TDLS_BATCH_GPU_TILED_MAX_N_DOUBLE 8
#endif
#ifndef TDLS_BATCH_GPU_TILED_MAX_N_FLOAT
#define TDLS_BATCH_GPU_TILED_MAX_N_FLOAT 12
#endif

/* Above, a group of threads solves one system with CooperativeLUpp in team
   scratch (shared memory), G groups per team, for three classes of orders
   up to 16, 32 and 64: rows per thread (group size ceil(n / R)) and groups
   per team. The scratch of a team, G x (n^2 + n x 4 + 3n + 3) values of the
   class's largest n, stays under the 48 KiB of static shared memory. */
#ifndef TDLS_BATCH_GPU_COOP16_ROWS_PER_THREAD
#define TDLS_BATCH_GPU_COOP16_ROWS_PER_THREAD 1
#endif
#ifndef TDLS_BATCH_GPU_COOP16_GROUPS
#define TDLS_BATCH_GPU_COOP16_GROUPS 8
#endif
#ifndef TDLS_BATCH_GPU_COOP32_ROWS_PER_THREAD
#define TDLS_BATCH_GPU_COOP32_ROWS_PER_THREAD 1
#endif
#ifndef TDLS_BATCH_GPU_COOP32_GROUPS
#define TDLS_BATCH_GPU_COOP32_GROUPS 4
#endif
#ifndef TDLS_BATCH_GPU_COOP64_ROWS_PER_THREAD
#define TDLS_BATCH_GPU_COOP64_ROWS_PER_THREAD 2
#endif
#ifndef TDLS_BATCH_GPU_COOP64_GROUPS
#define TDLS_BATCH_GPU_COOP64_GROUPS 1
#endif

/* Right-hand sides the cooperative kernel solves at once. */
#define TDLS_BATCH_GPU_RHS_CHUNK 4

#endif
