/* SPDX-License-Identifier: BSD-3-Clause */
/* <criterion/logging.h> of the ThreadSanitizer build: criterion.h of the shim
   declares the whole API it supports. */
#include "criterion.h"
