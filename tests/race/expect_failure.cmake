# SPDX-License-Identifier: BSD-3-Clause
# cmake -DPROGRAM=p -DEXPECT="a|b" [-DFORBID="c|d"] -P expect_failure.cmake:
# passes when p exits non-zero, prints every EXPECT text and no FORBID text
# (literals). The checks that must see a failure: ctest's own
# PASS_REGULAR_EXPRESSION takes one regex and ignores the exit status.
execute_process(COMMAND ${PROGRAM} OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
message("${out}")
set(problems "")
if(rc EQUAL 0)
    string(APPEND problems "\n  exited with status 0")
endif()
foreach(kind IN ITEMS EXPECT FORBID)
    string(REPLACE "|" ";" texts "${${kind}}")
    foreach(text IN LISTS texts)
        string(FIND "${out}" "${text}" at)
        if(kind STREQUAL "EXPECT" AND at LESS 0)
            string(APPEND problems "\n  missing: ${text}")
        elseif(kind STREQUAL "FORBID" AND at GREATER_EQUAL 0)
            string(APPEND problems "\n  present: ${text}")
        endif()
    endforeach()
endforeach()
if(problems)
    message(FATAL_ERROR "${PROGRAM} (status ${rc}):${problems}")
endif()
