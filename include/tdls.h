/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls: solvers for tiny dense linear systems. The batched host API and the
 * facts about this build of the library; the device-callable solver bodies
 * live in the family headers under tdls/. */
#ifndef TDLS_H
#define TDLS_H

/* The knob values, among them the storage orders TDLS_ROW_MAJOR and
 * TDLS_COL_MAJOR (LAPACKE's values). */
#include <tdls/config.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, "MAJOR.MINOR.PATCH". */
const char *tdls_version(void);

/* How this copy of the library was built: compiler and version, OpenMP on or
 * off, and the offload architectures, e.g.
 * "Clang 19.1.7, OpenMP on, offload sm_90 gfx90a". */
const char *tdls_build_configuration(void);

/* Where an OpenMP target region on device number `device` actually runs:
 * returns 0 when it ran on an offload device, 1 when it ran on the host
 * (CPU-only builds, no such device, or the runtime fell back to the host),
 * and -1 when `device` is not in [0, omp_get_num_devices()]
 * (omp_get_num_devices() itself names the host). With OMP_TARGET_OFFLOAD=MANDATORY
 * a device that cannot run the region stops the program instead. */
int tdls_offload_probe(int device);

#ifdef __cplusplus
}
#endif

#endif /* TDLS_H */
