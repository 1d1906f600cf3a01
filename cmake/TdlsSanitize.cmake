# SPDX-License-Identifier: BSD-3-Clause
# TDLS_SANITIZE=thread: every program of the build is compiled with
# ThreadSanitizer, the tests run against the Criterion shim of tests/race/shim
# (Criterion's forked workers do not run under the sanitizer) and with the
# Archer OMPT tool, which tells ThreadSanitizer what OpenMP barriers order.
# A missing piece (the sanitizer runtime, libarcher) stops the configure step.
#
# Sets: TDLS_SANITIZE_ENVIRONMENT (for every test), TDLS_SANITIZE_FAIL_REGEX
# (output that fails any test), TDLS_ARCHER (the OMPT tool library), and the
# target tdls_criterion (the shim) when tests are built.

include_guard(GLOBAL)
include(CheckCSourceCompiles)

set(TDLS_SANITIZE_ENVIRONMENT "")
set(TDLS_SANITIZE_FAIL_REGEX "")
if(NOT TDLS_SANITIZE)
    return()
endif()
if(NOT TDLS_SANITIZE STREQUAL "thread")
    message(FATAL_ERROR "TDLS_SANITIZE: '${TDLS_SANITIZE}' is not supported (empty or thread).")
endif()
# Without OpenMP there are no threads to check; libgomp and the offload
# runtime carry no Archer, so their barriers would read as races.
if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang" OR NOT TDLS_OPENMP OR TDLS_OFFLOAD)
    message(FATAL_ERROR "TDLS_SANITIZE=thread needs clang with OpenMP on and no offload "
        "(-DCMAKE_C_COMPILER=clang-19 -DTDLS_OPENMP=ON -DTDLS_OFFLOAD_ARCH=).")
endif()

string(REGEX MATCH "^[0-9]+" _tdls_major "${CMAKE_C_COMPILER_VERSION}")
set(TDLS_ARCHER "${TDLS_LLVM_LIBDIR}/libarcher.so")
if(NOT EXISTS "${TDLS_ARCHER}")
    message(FATAL_ERROR "No ${TDLS_ARCHER}: OpenMP barriers would read as races without the "
        "Archer tool. Install libomp-${_tdls_major}-dev "
        "(scripts/install-deps.sh does it).")
endif()

set(_tdls_tsan_flags -fsanitize=thread -g)
set(CMAKE_REQUIRED_QUIET ON)
list(JOIN TDLS_OMP_FLAGS " " CMAKE_REQUIRED_FLAGS)
set(CMAKE_REQUIRED_LINK_OPTIONS ${_tdls_tsan_flags} ${TDLS_OMP_FLAGS})
string(APPEND CMAKE_REQUIRED_FLAGS " -fsanitize=thread")
unset(TDLS_TSAN_LINKS CACHE)
check_c_source_compiles([[
#include <omp.h>
int main(void) {
    int sum = 0;
#pragma omp parallel reduction(+ : sum)
    sum += omp_get_thread_num();
    return sum < 0;
}]] TDLS_TSAN_LINKS)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)
if(NOT TDLS_TSAN_LINKS)
    message(FATAL_ERROR "${CMAKE_C_COMPILER} cannot link an OpenMP program with -fsanitize=thread: "
        "install libclang-rt-${_tdls_major}-dev (scripts/install-deps.sh does "
        "it); see CMakeFiles/CMakeConfigureLog.yaml for the compiler's message.")
endif()

# The whole build, library included: a race is only seen where both
# accesses are instrumented.
add_compile_options(${_tdls_tsan_flags})
add_link_options(${_tdls_tsan_flags})

# Archer asks ThreadSanitizer to ignore the uninstrumented libomp, whose own
# synchronization it replaces with the OpenMP semantics. The first race ends
# the program (exit status 66); its report is what fails the test.
list(APPEND TDLS_SANITIZE_ENVIRONMENT "OMP_TOOL_LIBRARIES=${TDLS_ARCHER}"
    "TSAN_OPTIONS=ignore_noninstrumented_modules=1:halt_on_error=1:exitcode=66")
set(TDLS_SANITIZE_FAIL_REGEX "ThreadSanitizer")

if(TDLS_BUILD_TESTS)
    # Takes the place of Criterion (cmake/TdlsTesting.cmake keeps a
    # tdls_criterion that exists).
    add_library(tdls_criterion STATIC ${PROJECT_SOURCE_DIR}/tests/race/shim/criterion.c)
    target_include_directories(tdls_criterion PUBLIC ${PROJECT_SOURCE_DIR}/tests/race/shim)
    target_compile_options(tdls_criterion PRIVATE ${TDLS_OMP_FLAGS} ${TDLS_WARNING_FLAGS})
    target_link_options(tdls_criterion INTERFACE ${TDLS_OMP_FLAGS} ${TDLS_OMP_LINK_FLAGS})
endif()
message(STATUS "tdls: ThreadSanitizer with ${TDLS_ARCHER}")
