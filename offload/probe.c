/* SPDX-License-Identifier: BSD-3-Clause */
/* tdls_offload_probe: runs an empty OpenMP target region and reports whether
 * it executed on an offload device. Tests, the demo and users call it to make
 * sure the offload path they measure is the one that actually ran. */
#include <tdls.h>

#ifdef _OPENMP
#include <omp.h>
#endif

int tdls_offload_probe(int device) {
#ifdef _OPENMP
    /* omp_get_num_devices() is the host's own device number. */
    if (device < 0 || device > omp_get_num_devices())
        return -1;
    int on_host = 1;
#pragma omp target device(device) map(from : on_host)
    on_host = omp_is_initial_device();
    return on_host != 0;
#else
    return device == 0 ? 1 : -1;
#endif
}
