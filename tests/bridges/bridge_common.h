/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the bitwise bridge tests: a seeded generator, the matrix kinds
   the bridges run on, batch layouts (AoS, SoA, AoSoA) as offset + stride,
   and the bitwise assertion. Type-dependent helpers are in bridge_typed.h. */
#ifndef TDLS_BRIDGE_COMMON_H
#define TDLS_BRIDGE_COMMON_H

#include <criterion/criterion.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BR_CAT_(a, b)    a##b
#define BR_CAT(a, b)     BR_CAT_(a, b)
#define BR_CAT3(a, b, c) BR_CAT(a, BR_CAT(b, c))
#define BR_STR_(x)       #x
#define BR_STR(x)        BR_STR_(x)
/* Criterion pastes the test name: expand configuration macros first. */
#define BR_TEST(suite, name) Test(suite, name)

/* The orders every runtime-order bridge visits. */
static const int br_orders[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,
                                13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
                                25, 26, 27, 28, 29, 30, 31, 32, 33, 48, 64};
#define BR_NORDERS ((int)(sizeof br_orders / sizeof br_orders[0]))

/* Matrix kinds. Dense uniform entries rarely need the search below a tile;
   the anti-triangular kind (zero above the anti-diagonal) forces it at
   every tile whose rows do not reach the anti-diagonal, so the out-of-tile
   path is part of every bridge. */
enum { BR_DENSE, BR_ANTI, BR_NKINDS };

static inline uint64_t br_next(uint64_t *s) { /* splitmix64 */
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [-1, 1), exactly representable in float. */
static inline double br_uniform(uint64_t *s) {
    return (double)(int64_t)(br_next(s) >> 40) / (double)(1 << 23) - 1.0;
}

static inline void *br_alloc(size_t bytes) {
    void *p = calloc(bytes ? bytes : 1, 1);
    cr_assert_not_null(p, "out of memory (%zu bytes)", bytes);
    return p;
}

/* Batch layouts of count-element operands: system k starts at
   br_offset(...) and its consecutive elements lie br_stride(...) apart. */
enum { BR_AOS, BR_SOA, BR_AOSOA, BR_NLAYOUTS };
#define BR_AOSOA_V 4
static const char *const br_layout_names[] = {"AoS", "SoA", "AoSoA"};

static inline ptrdiff_t br_stride(int layout, int batch) {
    return layout == BR_AOS ? 1 : layout == BR_SOA ? batch : BR_AOSOA_V;
}
static inline ptrdiff_t br_offset(int layout, int k, int count) {
    if (layout == BR_AOS)
        return (ptrdiff_t)k * count;
    if (layout == BR_SOA)
        return k;
    return (ptrdiff_t)(k / BR_AOSOA_V) * count * BR_AOSOA_V + k % BR_AOSOA_V;
}
static inline size_t br_extent(int layout, int batch, int count) {
    if (layout == BR_AOSOA)
        batch = (batch + BR_AOSOA_V - 1) / BR_AOSOA_V * BR_AOSOA_V;
    return (size_t)batch * (size_t)count;
}

#define BR_NMAX 64

static inline void br_iget(int count, const int *src, ptrdiff_t ss, int *dst) {
    for (int i = 0; i < count; ++i)
        dst[i] = src[(ptrdiff_t)i * ss];
}

/* Bitwise equality, with the case in the message of a failure. */
#define BR_ASSERT_SAME(p, q, bytes, ...) cr_assert(memcmp((p), (q), (bytes)) == 0, __VA_ARGS__)

#endif
