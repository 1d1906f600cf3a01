# SPDX-License-Identifier: BSD-3-Clause
# The unroll knob, checked in the build itself: clang's loop-unroll remarks
# for unroll_knob.c must report markedly more loops of tiled_lupp.h fully
# unrolled with TDLS_TILED_UNROLL_LOOPS=1 than with 0 (clang unrolls a few
# short tile loops on its own either way).
# cmake -DCOMPILER=clang-19 -DSOURCE=unroll_knob.c -DINCLUDE=<include dir> -P unroll_knob.cmake

foreach(v COMPILER SOURCE INCLUDE)
    if(NOT DEFINED ${v})
        message(FATAL_ERROR "unroll_knob.cmake: pass -D${v}=...")
    endif()
endforeach()

foreach(knob 0 1)
    execute_process(COMMAND ${COMPILER} -std=c11 -O2 -I${INCLUDE} -DTDLS_TILED_UNROLL_LOOPS=${knob}
                            -Rpass=loop-unroll -c ${SOURCE} -o /dev/null
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "compile with TDLS_TILED_UNROLL_LOOPS=${knob} failed:\n${out}")
    endif()
    string(REGEX MATCHALL "tiled_lupp\\.h:[0-9]+:[0-9]+: remark: completely unrolled loop" hits
           "${out}")
    list(LENGTH hits unrolled${knob})
    message("TDLS_TILED_UNROLL_LOOPS=${knob}: ${unrolled${knob}} loops of tiled_lupp.h fully unrolled")
endforeach()

math(EXPR twice0 "2 * ${unrolled0}")
if(unrolled1 LESS 10 OR unrolled1 LESS twice0)
    message(FATAL_ERROR "the unroll knob does not show in the build: ${unrolled1} fully unrolled "
            "loops with UNROLL_LOOPS=1, ${unrolled0} with 0 (expected at least 10 and twice as many)")
endif()
