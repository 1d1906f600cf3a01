/* SPDX-License-Identifier: BSD-3-Clause */
/* The version and build-configuration strings of the compiled host library.
 * Both come from CMake (TDLS_VERSION_STRING, TDLS_BUILD_CONFIGURATION_STRING)
 * so that they cannot drift from the project version and the flags used. */
#include <tdls.h>

#ifndef TDLS_VERSION_STRING
#error "TDLS_VERSION_STRING must be defined by the build system"
#endif
#ifndef TDLS_BUILD_CONFIGURATION_STRING
#error "TDLS_BUILD_CONFIGURATION_STRING must be defined by the build system"
#endif

const char *tdls_version(void) {
    return TDLS_VERSION_STRING;
}

const char *tdls_build_configuration(void) {
    return TDLS_BUILD_CONFIGURATION_STRING;
}
