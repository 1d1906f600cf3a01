# SPDX-License-Identifier: BSD-3-Clause
# tdls-bench-coop: CooperativeLUpp against the per-thread TiledLUpp on the
# default OpenMP device (perf/bench_coop.c). Its teams and barriers need
# OpenMP; without it the cooperative kernels cannot run at all.
if(TDLS_OPENMP)
    # On a GPU: every order, 256 MiB of matrices per batch (16 384 systems
    # at n = 64, 262 144 at n = 16), well under a minute with the checks.
    tdls_add_perf(NAME tdls-bench-coop SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/bench_coop.c
                  LIBS tdls_lapacke GPU_ARGS --mib 256 --reps 5)
else()
    message(STATUS "tdls-bench-coop needs TDLS_OPENMP=ON (teams and barriers): not configured")
endif()
