/* SPDX-License-Identifier: BSD-3-Clause */
/* Portability macros shared by every family: OpenMP declare-target
   brackets, forced inlining, restrict, forced unrolling, and token pasting
   for the function names of a configuration. */
#ifndef TDLS_CORE_PORTABILITY_H
#define TDLS_CORE_PORTABILITY_H

/* The solver bodies are device functions when OpenMP is on, so that a
   user's target region can call them; without OpenMP the pragmas vanish and
   the same source is plain C. */
#if defined(_OPENMP)
#define TDLS_DECLARE_TARGET_BEGIN _Pragma("omp declare target")
#define TDLS_DECLARE_TARGET_END   _Pragma("omp end declare target")
#else
#define TDLS_DECLARE_TARGET_BEGIN
#define TDLS_DECLARE_TARGET_END
#endif

/* Device code only runs fast when the solver is inlined into the kernel:
   the tiles are then indexed at compile time and stay in registers. */
#if defined(__GNUC__) || defined(__clang__)
#define TDLS_INLINE   static inline __attribute__((always_inline))
#define TDLS_RESTRICT __restrict__
#define TDLS_UNUSED   __attribute__((unused))
#else
#define TDLS_INLINE   static inline
#define TDLS_RESTRICT restrict
#define TDLS_UNUSED
#endif

/* Forced full unrolling of the next loop. clang unrolls a loop with a
   constant trip count completely; gcc needs an explicit factor, and 64 is
   the largest order the library targets. */
#if defined(__clang__)
#define TDLS_PRAGMA_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define TDLS_PRAGMA_UNROLL _Pragma("GCC unroll 64")
#else
#define TDLS_PRAGMA_UNROLL
#endif

#define TDLS_CAT_(a, b) a##b
#define TDLS_CAT(a, b)  TDLS_CAT_(a, b)

#endif
