/* SPDX-License-Identifier: BSD-3-Clause */
/* Checks that target regions run where the build says they should: on an
 * offload device in offload builds (host offload here, a GPU on a GPU
 * machine), on the host in CPU-only builds. Every other offload test relies
 * on this, since a silent host fallback would make them test the wrong path. */
#include <criterion/criterion.h>
#include <string.h>
#include <tdls.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* Criterion runs each test in a worker that it forks and then re-executes
 * (BoxFort), so every worker starts libomptarget afresh: no device state
 * crosses a fork. */

#if TDLS_TEST_OFFLOAD

Test(offload_probe, a_device_is_present) {
    cr_assert_gt(omp_get_num_devices(), 0, "no OpenMP offload device is visible");
}

Test(offload_probe, default_device_runs_target_regions) {
    int device = omp_get_default_device();
    cr_assert_eq(tdls_offload_probe(device), 0, "a target region on device %d ran on the host (%s)",
                 device, tdls_build_configuration());
}

Test(offload_probe, every_device_runs_target_regions) {
    for (int device = 0; device < omp_get_num_devices(); ++device)
        cr_expect_eq(tdls_offload_probe(device), 0, "device %d", device);
}

#else

Test(offload_probe, regions_run_on_the_host) {
#ifdef _OPENMP
    int device = omp_get_default_device();
#else
    int device = 0;
#endif
    cr_assert_eq(tdls_offload_probe(device), 1, "%s", tdls_build_configuration());
}

#endif

Test(offload_probe, the_host_device_number_runs_on_the_host) {
#ifdef _OPENMP
    cr_assert_eq(tdls_offload_probe(omp_get_initial_device()), 1);
#else
    cr_assert_eq(tdls_offload_probe(0), 1);
#endif
}

Test(offload_probe, invalid_device_numbers_are_rejected) {
#ifdef _OPENMP
    int past_the_host = omp_get_num_devices() + 1;
#else
    int past_the_host = 1;
#endif
    cr_assert_eq(tdls_offload_probe(-7), -1);
    cr_assert_eq(tdls_offload_probe(past_the_host), -1);
}

Test(offload_probe, version_and_configuration) {
    cr_assert_str_eq(tdls_version(), "0.1.0");
    cr_assert_not_null(strstr(tdls_build_configuration(), "OpenMP"));
}
