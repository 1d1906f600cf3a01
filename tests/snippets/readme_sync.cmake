# SPDX-License-Identifier: BSD-3-Clause
# Fails unless README.md shows the code of a snippet program verbatim: the
# lines between its "snippet:begin" and "snippet:end" markers. The README
# can then never document code that does not compile and run.
#   cmake -DREADME=README.md -DSNIPPET=x.c -P readme_sync.cmake
file(READ "${SNIPPET}" source)
string(FIND "${source}" "/* snippet:begin */\n" begin)
string(FIND "${source}" "/* snippet:end */" end)
if(begin EQUAL -1 OR end EQUAL -1)
    message(FATAL_ERROR "${SNIPPET}: no snippet:begin / snippet:end markers")
endif()
math(EXPR begin "${begin} + 20")
string(SUBSTRING "${source}" ${begin} -1 rest)
string(FIND "${rest}" "/* snippet:end */" end)
string(SUBSTRING "${rest}" 0 ${end} code)
# The end marker may be indented: drop the indentation it leaves behind.
string(REGEX REPLACE "[ ]+$" "" code "${code}")
file(READ "${README}" readme)
string(FIND "${readme}" "${code}" found)
if(found EQUAL -1)
    message(FATAL_ERROR "README.md does not show the code of ${SNIPPET} verbatim:\n${code}")
endif()
message(STATUS "README.md shows ${SNIPPET}")
