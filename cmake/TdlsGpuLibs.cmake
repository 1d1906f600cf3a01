# SPDX-License-Identifier: BSD-3-Clause
# Packs the shared libraries that the programs of <build>/tdls-manifest.txt
# load, except the C runtime every Linux has and the OpenMP runtime that
# .gpu/omp-runtime.tar.xz carries, into <build>/gpu-libs.tar.xz: a GPU machine
# with a driver but without Criterion, LAPACKE or OpenBLAS can then run them.
# Run with -DBUILD_DIR=<dir> -DLLVM_LIBDIR=<dir> (target tdls-gpu-libs).

cmake_minimum_required(VERSION 3.25)

file(STRINGS "${BUILD_DIR}/tdls-manifest.txt" lines REGEX "^[a-z]")
set(stage "${BUILD_DIR}/gpu-libs")
file(REMOVE_RECURSE "${stage}")
file(MAKE_DIRECTORY "${stage}")
# What libomptarget loads is in the runtime archive already.
set(copied "")
execute_process(COMMAND ldd "${LLVM_LIBDIR}/libomptarget.so" OUTPUT_VARIABLE out)
string(REGEX MATCHALL "[^\n\t ]+ => " runtime "${out}")
foreach(dep IN LISTS runtime)
    string(REPLACE " => " "" dep "${dep}")
    list(APPEND copied ${dep})
endforeach()
set(from_runtime ${copied})
foreach(line IN LISTS lines)
    string(REPLACE " " ";" fields "${line}")
    list(GET fields 2 path)
    execute_process(COMMAND ldd "${BUILD_DIR}/${path}" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "ldd ${path} failed")
    endif()
    string(REGEX MATCHALL "[^\n\t ]+ => [^\n\t ]+" deps "${out}")
    foreach(dep IN LISTS deps)
        string(REGEX REPLACE " => .*" "" soname "${dep}")
        string(REGEX REPLACE ".* => " "" file "${dep}")
        if(soname MATCHES "^(libc|libm|libdl|librt|libpthread|libresolv|libutil|libanl|libstdc\\+\\+|libgcc_s|ld-linux.*)\\.so"
           OR soname MATCHES "^lib(omp|omptarget|LLVM)[.-]" OR soname IN_LIST copied)
            continue()
        endif()
        if(NOT EXISTS "${file}")
            message(FATAL_ERROR "${path} needs ${soname}, which is not found here")
        endif()
        file(COPY_FILE "${file}" "${stage}/${soname}")
        list(APPEND copied ${soname})
    endforeach()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E tar cJf "${BUILD_DIR}/gpu-libs.tar.xz" gpu-libs
    WORKING_DIRECTORY "${BUILD_DIR}" RESULT_VARIABLE rc)
file(REMOVE_RECURSE "${stage}")
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "packing gpu-libs.tar.xz failed")
endif()
list(REMOVE_ITEM copied ${from_runtime})
list(LENGTH copied n)
message(STATUS "gpu-libs.tar.xz: ${n} libraries")
