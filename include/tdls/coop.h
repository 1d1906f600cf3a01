/* SPDX-License-Identifier: BSD-3-Clause */
/* Ready-made CooperativeLUpp instantiations with the default knobs and a
   runtime order: tdls_scoop_* for float and tdls_dcoop_* for double,
   callable by the threads of a host parallel region and inside target
   regions. Include <tdls/coop_lupp.h> directly for any other configuration. */
#ifndef TDLS_COOP_H
#define TDLS_COOP_H

#define TDLS_COOP_NAME tdls_scoop
#define TDLS_COOP_REAL float
#include <tdls/coop_lupp.h>

#define TDLS_COOP_NAME tdls_dcoop
#define TDLS_COOP_REAL double
#include <tdls/coop_lupp.h>

#endif
