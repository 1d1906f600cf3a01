# SPDX-License-Identifier: BSD-3-Clause
# Driver of tdls_add_compile_fail_test: runs the compiler command given after
# "--" and prints its output, plus a marker when the compile succeeds so that
# the test's FAIL_REGULAR_EXPRESSION turns an unexpected success into a failure.

cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/TdlsCommandArgs.cmake)
if(NOT cmd)
    message(FATAL_ERROR "usage: cmake -P TdlsCompileFail.cmake -- <compiler> <args...>")
endif()
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(rc EQUAL 0)
    list(JOIN cmd " " shown)
    message("TDLS_UNEXPECTED_COMPILE_SUCCESS: this must not compile: ${shown}")
endif()
