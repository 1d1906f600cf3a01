# SPDX-License-Identifier: BSD-3-Clause
# For the helper scripts run with `cmake -P script.cmake -- <command...>`:
# sets `cmd` to the command after "--", the part that cmake itself ignores.
set(cmd "")
set(seen_dashes OFF)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE 1 ${last})
    if(seen_dashes)
        list(APPEND cmd "${CMAKE_ARGV${i}}")
    elseif(CMAKE_ARGV${i} STREQUAL "--")
        set(seen_dashes ON)
    endif()
endforeach()
