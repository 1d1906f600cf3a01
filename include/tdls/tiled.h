/* SPDX-License-Identifier: BSD-3-Clause */
/* Ready-made TiledLUpp instantiations with the default knobs and a runtime
   order: tdls_stiled_* for float and tdls_dtiled_* for double, callable on
   the host and inside target regions. Include <tdls/tiled_lupp.h> directly
   for any other configuration. */
#ifndef TDLS_TILED_H
#define TDLS_TILED_H

#define TDLS_TILED_NAME tdls_stiled
#define TDLS_TILED_REAL float
#include <tdls/tiled_lupp.h>

#define TDLS_TILED_NAME tdls_dtiled
#define TDLS_TILED_REAL double
#include <tdls/tiled_lupp.h>

#endif
