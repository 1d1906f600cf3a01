# SPDX-License-Identifier: BSD-3-Clause
# The device-build check: every program of <build>/tdls-manifest.txt, and
# libtdls.so in a shared build (which carries the batched API's kernels),
# must embed an offload image for each configured architecture. Run by ctest
# (label device-build) with -DOBJDUMP=<llvm-objdump> -DARCHS=<a;b> -DBUILD_DIR=<dir>.

cmake_minimum_required(VERSION 3.25)

file(STRINGS "${BUILD_DIR}/tdls-manifest.txt" lines REGEX "^[a-z]")
set(paths "")
foreach(line IN LISTS lines)
    string(REPLACE " " ";" fields "${line}")
    list(GET fields 2 path)
    list(APPEND paths ${path})
endforeach()
if(EXISTS "${BUILD_DIR}/lib/libtdls.so")
    list(APPEND paths lib/libtdls.so)
endif()
set(failures 0)
set(checked 0)
foreach(path IN LISTS paths)
    execute_process(COMMAND ${OBJDUMP} --offloading "${BUILD_DIR}/${path}"
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    string(REGEX MATCHALL "arch[ \t]+[A-Za-z0-9_]+|triple[ \t]+[A-Za-z0-9_-]+" found "${out}")
    set(missing "")
    foreach(arch IN LISTS ARCHS)
        # llvm-objdump names GPU images by arch and host-offload images by
        # triple only (their arch field is empty).
        if(NOT found MATCHES "(arch|triple)[ \t]+${arch}(;|-|$)")
            list(APPEND missing ${arch})
        endif()
    endforeach()
    math(EXPR checked "${checked} + 1")
    if(NOT rc EQUAL 0 OR missing)
        math(EXPR failures "${failures} + 1")
        message("FAIL ${path}: missing image(s) ${missing} ${err}")
    else()
        message("ok   ${path}: ${ARCHS}")
    endif()
endforeach()
if(checked EQUAL 0)
    message(FATAL_ERROR "no programs listed in ${BUILD_DIR}/tdls-manifest.txt")
endif()
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} of ${checked} programs lack a device image")
endif()
list(JOIN ARCHS " " archs)
message("all ${checked} programs carry images for: ${archs}")
