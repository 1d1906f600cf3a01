/* SPDX-License-Identifier: BSD-3-Clause */
/* Bitwise bridges of the runtime-order solver in double over n = 1..33, 48, 64:
   entry points inside a configuration, right- vs left-looking, physical vs
   logical interchanges, row- vs column-major layout (see entry_body.h). */
#include <stdio.h>

#include "bridge_common.h"

#define BR_T   double
#define BR_SFX d
#include "bridge_typed.h"
#include "entry_body.h"
