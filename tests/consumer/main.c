/* SPDX-License-Identifier: BSD-3-Clause */
/* A user program built against an installed tdls. Its own target region and
 * the library's probe both need the flags that tdls::tdls / tdls.pc export;
 * with argument "offload" it fails unless both really ran on a device. */
#include <stdio.h>
#include <string.h>
#include <tdls.h>

#ifdef _OPENMP
#include <omp.h>
#endif

int main(int argc, char **argv) {
    int expect_offload = argc > 1 && strcmp(argv[1], "offload") == 0;
    int mine_on_host = 1;
    int probe = 1;
#ifdef _OPENMP
#pragma omp target map(from : mine_on_host)
    mine_on_host = omp_is_initial_device();
    probe = tdls_offload_probe(omp_get_default_device());
#endif
    printf("tdls %s (%s): user region on %s, library region on %s\n", tdls_version(),
           tdls_build_configuration(), mine_on_host ? "host" : "device",
           probe == 0 ? "device" : "host");
    if (expect_offload && (mine_on_host || probe != 0)) {
        fprintf(stderr, "tdls-consumer: expected both target regions on an offload device\n");
        return 1;
    }
    return 0;
}
