# SPDX-License-Identifier: BSD-3-Clause
# Turns TDLS_OPENMP and TDLS_OFFLOAD_ARCH into the compile and link flags that
# tdls::headers (and so tdls::tdls) exports, and checks that this toolchain
# can actually build them, so that a missing piece stops the configure step
# instead of a test.
#
# Sets: TDLS_OMP_FLAGS (compile and link), TDLS_OMP_LINK_FLAGS (link only),
# TDLS_OFFLOAD (any offload arch), TDLS_OFFLOAD_HOST, TDLS_OFFLOAD_NVPTX,
# TDLS_OFFLOAD_AMDGCN, TDLS_OFFLOAD_IMAGES (arch names the device images carry),
# TDLS_LLVM_LIBDIR, TDLS_LLVM_OBJDUMP, TDLS_BUILD_CONFIGURATION.

include_guard(GLOBAL)
include(CheckCSourceCompiles)

set(TDLS_OMP_FLAGS "")
set(TDLS_OMP_LINK_FLAGS "")
set(TDLS_OFFLOAD OFF)
set(TDLS_OFFLOAD_HOST OFF)
set(TDLS_OFFLOAD_NVPTX OFF)
set(TDLS_OFFLOAD_AMDGCN OFF)
set(TDLS_OFFLOAD_IMAGES "")
set(TDLS_LLVM_LIBDIR "")
unset(TDLS_LLVM_OBJDUMP)

set(_tdls_is_clang OFF)
if(CMAKE_C_COMPILER_ID MATCHES "Clang")
    set(_tdls_is_clang ON)
endif()

# Accept "sm_90,gfx90a" as well as "sm_90;gfx90a": the comma form survives
# shells and make variables without quoting.
string(REPLACE "," ";" _tdls_archs "${TDLS_OFFLOAD_ARCH}")
list(TRANSFORM _tdls_archs STRIP)
list(REMOVE_ITEM _tdls_archs "")
list(REMOVE_DUPLICATES _tdls_archs)

if(_tdls_archs)
    set(TDLS_OFFLOAD ON)
    if(NOT TDLS_OPENMP)
        message(FATAL_ERROR "TDLS_OFFLOAD_ARCH=${TDLS_OFFLOAD_ARCH} needs TDLS_OPENMP=ON.")
    endif()
    if(NOT _tdls_is_clang)
        message(FATAL_ERROR
            "TDLS_OFFLOAD_ARCH=${TDLS_OFFLOAD_ARCH} needs clang (clang-19 is the tested one); "
            "${CMAKE_C_COMPILER_ID} cannot offload tdls. Configure with -DCMAKE_C_COMPILER=clang-19, "
            "or leave TDLS_OFFLOAD_ARCH empty for a CPU-only build.")
    endif()
    set(_tdls_gpu_archs "")
    foreach(arch IN LISTS _tdls_archs)
        if(arch STREQUAL "host")
            set(TDLS_OFFLOAD_HOST ON)
        elseif(arch MATCHES "^sm_[0-9]+[a-z]?$")
            set(TDLS_OFFLOAD_NVPTX ON)
            list(APPEND _tdls_gpu_archs ${arch})
        elseif(arch MATCHES "^gfx[0-9a-f]+$")
            set(TDLS_OFFLOAD_AMDGCN ON)
            list(APPEND _tdls_gpu_archs ${arch})
        else()
            message(FATAL_ERROR "TDLS_OFFLOAD_ARCH: unknown architecture '${arch}' "
                "(expected host, sm_NN or gfxNNN).")
        endif()
    endforeach()
    if(TDLS_OFFLOAD_HOST AND _tdls_gpu_archs)
        message(FATAL_ERROR "TDLS_OFFLOAD_ARCH: 'host' cannot be combined with GPU architectures; "
            "configure a separate build for each.")
    endif()
endif()

if(TDLS_OPENMP)
    if(_tdls_is_clang)
        # The offload runtime (libomptarget, libomp) must be the one of this
        # clang: record its directory as rpath instead of trusting ld.so.conf.
        execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libomp.so
            OUTPUT_VARIABLE _tdls_libomp OUTPUT_STRIP_TRAILING_WHITESPACE)
        if(IS_ABSOLUTE "${_tdls_libomp}" AND EXISTS "${_tdls_libomp}")
            get_filename_component(TDLS_LLVM_LIBDIR "${_tdls_libomp}" DIRECTORY)
            get_filename_component(TDLS_LLVM_LIBDIR "${TDLS_LLVM_LIBDIR}" REALPATH)
        else()
            string(REGEX MATCH "^[0-9]+" _tdls_clang_major "${CMAKE_C_COMPILER_VERSION}")
            message(FATAL_ERROR "${CMAKE_C_COMPILER} cannot find its OpenMP runtime (libomp.so). "
                "On Debian: apt-get install libomp-${_tdls_clang_major}-dev "
                "(scripts/install-deps.sh does it).")
        endif()
        list(APPEND TDLS_OMP_FLAGS -fopenmp)
        list(APPEND TDLS_OMP_LINK_FLAGS "-Wl,-rpath,${TDLS_LLVM_LIBDIR}")
    elseif(CMAKE_C_COMPILER_ID STREQUAL "GNU")
        # gcc's offload plugins are not supported: without this, a gcc with
        # nvptx/amdgcn offload compilers installed would try to build them.
        list(APPEND TDLS_OMP_FLAGS -fopenmp -foffload=disable)
    else()
        find_package(OpenMP REQUIRED COMPONENTS C)
        separate_arguments(_tdls_omp UNIX_COMMAND "${OpenMP_C_FLAGS}")
        list(APPEND TDLS_OMP_FLAGS ${_tdls_omp})
    endif()
endif()

if(TDLS_OFFLOAD)
    string(REGEX MATCH "^[0-9]+" _tdls_clang_major "${CMAKE_C_COMPILER_VERSION}")
    get_filename_component(_tdls_llvm_root "${TDLS_LLVM_LIBDIR}" DIRECTORY)
    if(NOT EXISTS "${TDLS_LLVM_LIBDIR}/libomptarget.so")
        message(FATAL_ERROR "No libomptarget.so next to ${TDLS_LLVM_LIBDIR}/libomp.so: "
            "install libomp-${_tdls_clang_major}-dev.")
    endif()
    find_program(TDLS_LLVM_OBJDUMP NAMES llvm-objdump-${_tdls_clang_major} llvm-objdump
        HINTS "${_tdls_llvm_root}/bin" NO_CACHE)
    if(NOT TDLS_LLVM_OBJDUMP)
        message(FATAL_ERROR "llvm-objdump not found (needed to check device images): "
            "install llvm-${_tdls_clang_major}.")
    endif()

    if(TDLS_OFFLOAD_HOST)
        execute_process(COMMAND ${CMAKE_C_COMPILER} -print-target-triple
            OUTPUT_VARIABLE _tdls_triple OUTPUT_STRIP_TRAILING_WHITESPACE)
        list(APPEND TDLS_OMP_FLAGS -fopenmp-targets=${_tdls_triple})
        string(REGEX REPLACE "-.*" "" TDLS_OFFLOAD_IMAGES "${_tdls_triple}")
    else()
        list(JOIN _tdls_gpu_archs "," _tdls_arch_csv)
        list(APPEND TDLS_OMP_FLAGS --offload-arch=${_tdls_arch_csv})
        set(TDLS_OFFLOAD_IMAGES ${_tdls_gpu_archs})
    endif()
    if(TDLS_OFFLOAD_NVPTX)
        find_program(TDLS_PTXAS ptxas PATHS /usr/local/cuda/bin ENV CUDA_PATH PATH_SUFFIXES bin)
        if(NOT TDLS_PTXAS)
            message(FATAL_ERROR "nvptx offload needs CUDA's ptxas and nvlink: run "
                "scripts/install-deps.sh (it installs Debian's nvidia-cuda-toolkit when no CUDA is found).")
        endif()
    endif()
    if(TDLS_OFFLOAD_AMDGCN)
        find_path(TDLS_ROCM_DEVICE_LIB_PATH NAMES ocml.bc
            PATH_SUFFIXES amdgcn/bitcode lib/${CMAKE_LIBRARY_ARCHITECTURE}/amdgcn/bitcode
            PATHS /opt/rocm ENV ROCM_PATH
            DOC "Directory of the ROCm device library bitcode (ocml.bc, ockl.bc, ...)")
        if(NOT TDLS_ROCM_DEVICE_LIB_PATH)
            message(FATAL_ERROR "amdgcn offload needs the ROCm device libraries (ocml.bc): "
                "install rocm-device-libs, or set TDLS_ROCM_DEVICE_LIB_PATH.")
        endif()
        list(APPEND TDLS_OMP_FLAGS --rocm-device-lib-path=${TDLS_ROCM_DEVICE_LIB_PATH})
    endif()
    # Without device LTO clang looks for a per-arch libomptarget-nvptx-sm_NN.bc
    # that Debian does not ship; with it the device runtime is linked as bitcode
    # and inlined into the kernels, which is what makes device calls cheap.
    list(APPEND TDLS_OMP_FLAGS -foffload-lto)

    # Fail here, with the flags in the message, rather than in the first test.
    set(CMAKE_REQUIRED_QUIET ON)
    set(CMAKE_REQUIRED_FLAGS "")
    set(CMAKE_REQUIRED_LINK_OPTIONS ${TDLS_OMP_FLAGS} ${TDLS_OMP_LINK_FLAGS})
    list(JOIN TDLS_OMP_FLAGS " " CMAKE_REQUIRED_FLAGS)
    unset(TDLS_OFFLOAD_LINKS CACHE)
    check_c_source_compiles([[
#include <omp.h>
int main(void) {
    int on_host = 1;
#pragma omp target map(from : on_host)
    on_host = omp_is_initial_device();
    return on_host == 42;
}]] TDLS_OFFLOAD_LINKS)
    unset(CMAKE_REQUIRED_FLAGS)
    unset(CMAKE_REQUIRED_LINK_OPTIONS)
    if(NOT TDLS_OFFLOAD_LINKS)
        list(JOIN TDLS_OMP_FLAGS " " _tdls_flags)
        message(FATAL_ERROR "${CMAKE_C_COMPILER} cannot build an OpenMP target region with "
            "'${_tdls_flags}'. Run scripts/install-deps.sh; see CMakeFiles/CMakeConfigureLog.yaml "
            "(or CMakeError.log) for the compiler's message.")
    endif()
endif()

if(TDLS_OPENMP)
    set(_tdls_omp_word "on")
else()
    set(_tdls_omp_word "off")
endif()
if(TDLS_OFFLOAD)
    list(JOIN _tdls_archs " " _tdls_offload_word)
else()
    set(_tdls_offload_word "none")
endif()
set(TDLS_BUILD_CONFIGURATION
    "${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER_VERSION}, OpenMP ${_tdls_omp_word}, offload ${_tdls_offload_word}")
message(STATUS "tdls: ${TDLS_BUILD_CONFIGURATION}")
