# SPDX-License-Identifier: BSD-3-Clause
# Runs the link command given after "--" (one made with -Xoffload-linker -v)
# and keeps nvlink's per-kernel lines (registers, stack, local memory) in
# REPORT; prints them, and the whole output when the link fails or reports
# no kernel.

cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/TdlsCommandArgs.cmake)
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "link for the resource report failed:\n${out}")
endif()
string(REGEX MATCHALL "nvlink info[^\n]*(Function properties|used [0-9]+ registers)[^\n]*" kept "${out}")
if(NOT kept)
    message(FATAL_ERROR "the link for the resource report saw no kernel of the library:\n${out}")
endif()
list(JOIN kept "\n" kept)
file(WRITE "${REPORT}" "${kept}\n")
message("${kept}")
