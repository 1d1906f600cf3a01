/* SPDX-License-Identifier: BSD-3-Clause */
/* Strided addressing: every operand is a pointer plus an element stride, so
   that one code path serves systems stored contiguously (stride 1),
   interleaved across a batch (stride = batch) and in blocked layouts. */
#ifndef TDLS_CORE_STRIDED_H
#define TDLS_CORE_STRIDED_H

#include <stddef.h>

/* Offset of entry (i, j) of an n x n row-major array whose consecutive
   entries lie stride elements apart. 64-bit arithmetic: an interleaved batch
   easily exceeds 2^31 elements. */
#define TDLS_AT(i, j, n, stride) (((ptrdiff_t)(i) * (n) + (j)) * (ptrdiff_t)(stride))

#endif
