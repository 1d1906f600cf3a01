/* SPDX-License-Identifier: BSD-3-Clause */
/* The contract between the benchmark harness (bench_tiled.c) and the kernel
   translation units (bench_tiled_kernels.c, compiled once per order and
   configuration): the knob space, and the batch loops of each point of it. */
#ifndef TDLS_BENCH_TILED_H
#define TDLS_BENCH_TILED_H

#include <stddef.h>

/* AoS batch: system k at A + k*n*n (row-major), B + k*n, X + k*n. Returns
   the number of systems with info != 0. */
typedef int (*tdls_bench_aos_fn)(long count, const double *A, const double *B, double *X);
/* SoA batch: entry (i,j) of system k at A[(i*n+j)*count + k], entry i at
   [i*count + k]; A is factored in place. */
typedef int (*tdls_bench_soa_fn)(long count, double *A, int *piv, const double *B, double *X);

struct tdls_bench_variant {
    int n, tile, schedule, interchange; /* tdls/config.h values */
    tdls_bench_aos_fn aos;
    tdls_bench_soa_fn soa;
};

/* The knob space, by configuration index i: tile 2..8 right-looking
   (i = 0..6), tile 2..8 left-looking (7..13), both with logical
   interchanges, physical interchanges (14), which ignore tile and schedule
   (one tile, LAPACK's order of operations), and one logical tile of 64,
   at least every order (15). Plain arithmetic on the values of
   tdls/config.h, so that the solver header's #if can use it. */
#define TDLS_BENCH_NCONFIG        16
#define TDLS_BENCH_TILE(i)        ((i) < 14 ? 2 + (i) % 7 : (i) == 15 ? 64 : 4)
#define TDLS_BENCH_SCHEDULE(i)    ((i) < 7 || (i) >= 14 ? 1 : 2)
#define TDLS_BENCH_INTERCHANGE(i) ((i) == 14 ? 2 : 1)
#define TDLS_BENCH_DEFAULT_CONFIG 2 /* tile 4, right-looking, logical: tdls/config.h */

/* A quick build may restrict the orders: -DTDLS_BENCH_ORDERS(X)="X(12)". */
#ifndef TDLS_BENCH_ORDERS
#define TDLS_BENCH_ORDERS(X) X(4) X(8) X(12) X(16) X(19) X(24) X(32)
#endif
/* clang-format does not settle on one layout for this list. */
/* clang-format off */
#define TDLS_BENCH_CONFIGS(X, n) \
    X(n, 0) X(n, 1) X(n, 2) X(n, 3) X(n, 4) X(n, 5) X(n, 6) X(n, 7) \
    X(n, 8) X(n, 9) X(n, 10) X(n, 11) X(n, 12) X(n, 13) X(n, 14) X(n, 15)
/* clang-format on */

/* Configuration i at order n, defined by bench_tiled_kernels.c. */
#define TDLS_BENCH_VARIANT_NAME(n, i)  TDLS_BENCH_VARIANT_NAME_(n, i)
#define TDLS_BENCH_VARIANT_NAME_(n, i) tdls_bench_v_##n##_##i

#endif
