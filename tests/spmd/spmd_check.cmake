# SPDX-License-Identifier: BSD-3-Clause
# Compiles SOURCE for one GPU architecture (device pass only, the bitcode
# that device LTO links) and checks that every kernel runs in SPMD mode and
# that no team-shared variable is left in global memory:
#   * the ExecMode of each <kernel>_kernel_environment (2: SPMD from the
#     start, 3: generic turned SPMD by OpenMPOpt, 1: generic) must be SPMD;
#   * no __kmpc_alloc_shared call may remain (a team variable that was not
#     moved to shared memory or the stack), and OpenMPOpt must report the
#     workspace in shared memory (OMP111);
#   * no remark may say why a kernel stays generic or data stays global
#     (OMP112, OMP113, OMP121, OMP13x).
# cmake -DCOMPILER=clang-19 -DARCH=sm_90 -DSOURCE=f.c -DWORK=<dir> -P spmd_check.cmake -- flags...

cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/TdlsCommandArgs.cmake)
foreach(v COMPILER ARCH SOURCE WORK)
    if(NOT DEFINED ${v})
        message(FATAL_ERROR "spmd_check.cmake: pass -D${v}=...")
    endif()
endforeach()

get_filename_component(stem "${SOURCE}" NAME_WE)
set(ir "${WORK}/${stem}-${ARCH}.ll")
file(MAKE_DIRECTORY "${WORK}")
execute_process(
    COMMAND ${COMPILER} -std=c11 -O2 -fopenmp --offload-arch=${ARCH} -foffload-lto
            --offload-device-only -S -emit-llvm -Rpass=openmp-opt -Rpass-analysis=openmp-opt
            ${cmd} "${SOURCE}" -o "${ir}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "spmd check: the device compile of ${SOURCE} for ${ARCH} failed:\n${out}")
endif()

file(STRINGS "${ir}" envs REGEX "_kernel_environment = ")
set(problems "")
set(kernels 0)
set(transformed 0)
foreach(line IN LISTS envs)
    if(NOT line MATCHES "^@(__omp_offloading_[A-Za-z0-9_]+)_kernel_environment = .*ConfigurationEnvironmentTy { i8 [0-9]+, i8 [0-9]+, i8 ([0-9]+),")
        message(FATAL_ERROR "spmd check: unreadable kernel environment in ${ir}:\n${line}")
    endif()
    set(kernel ${CMAKE_MATCH_1})
    set(mode ${CMAKE_MATCH_2})
    math(EXPR kernels "${kernels} + 1")
    if(mode EQUAL 2)
        message("${ARCH} ${kernel}: SPMD from the start")
    elseif(mode EQUAL 3)
        message("${ARCH} ${kernel}: generic, transformed to SPMD")
        math(EXPR transformed "${transformed} + 1")
    else()
        message("${ARCH} ${kernel}: ExecMode ${mode}")
        list(APPEND problems "GENERIC-MODE KERNEL ${kernel} (ExecMode ${mode}): it stays in generic mode")
    endif()
endforeach()
if(kernels EQUAL 0)
    message(FATAL_ERROR "spmd check: no kernel environment in ${ir}: nothing was checked")
endif()

string(REGEX MATCHALL "remark: [^\n]*\\[OMP120\\]" omp120 "${out}")
string(REGEX MATCHALL "remark: [^\n]*\\[OMP111\\]" omp111 "${out}")
string(REGEX MATCHALL "[^\n]*remark: [^\n]*\\[OMP(112|113|121|13[0-9])\\][^\n]*" blockers "${out}")
list(LENGTH omp120 n120)
list(LENGTH omp111 n111)
if(transformed GREATER n120)
    list(APPEND problems "${transformed} kernels turned SPMD but ${n120} OMP120 remarks")
endif()
if(transformed GREATER 0 AND n111 EQUAL 0)
    list(APPEND problems "no OMP111 remark: the team workspace did not go to shared memory")
endif()
file(STRINGS "${ir}" alloc_shared REGEX "call .*@__kmpc_alloc_shared\\(")
if(alloc_shared)
    list(APPEND problems "a team-shared variable is left in global memory (__kmpc_alloc_shared)")
endif()
foreach(remark IN LISTS blockers)
    list(APPEND problems "${remark}")
endforeach()

message("${ARCH} ${stem}: ${kernels} kernels, ${transformed} turned SPMD (OMP120 x${n120}), "
        "OMP111 (shared memory) x${n111}")
if(problems)
    list(JOIN problems "\n  " problems)
    message(FATAL_ERROR "spmd check of ${SOURCE} for ${ARCH} failed:\n  ${problems}")
endif()
