# SPDX-License-Identifier: BSD-3-Clause
# Helpers that tests/ and perf/ call to add programs. Each program is also
# written to <build>/tdls-manifest.txt, so that scripts/gpu-check.sh can run
# the same programs on a GPU machine that has no CMake/CTest, and so that the
# device-image check knows what to inspect.
#
#   tdls_add_test(NAME n SOURCES s... [LABELS l...] [LIBS lib...] [TIMEOUT sec] [HEADERS_ONLY])
#   tdls_add_compile_fail_test(NAME n SOURCE f [DEFINES D=V...] REGEX re)
#   tdls_add_snippet(NAME n SOURCE f [LIBS lib...] [HEADERS_ONLY])
#   tdls_add_perf(NAME n SOURCES s... [LIBS lib...] [GPU_ARGS a...] [HEADERS_ONLY])
#   tdls_lapacke: LAPACKE over OpenBLAS, for oracles and peer timings.
#
# A program links tdls::tdls, or with HEADERS_ONLY tdls::headers, as users
# of the header families should: clang 19 would otherwise device-link the
# batched API's kernels of a static libtdls into it (~11 s per program in
# the host-offload build, ~25 s in a GPU build). A program that calls
# libtdls and says HEADERS_ONLY fails to link.

include_guard(GLOBAL)

set(TDLS_TESTING_DIR "${CMAKE_CURRENT_LIST_DIR}")
set_property(GLOBAL PROPERTY TDLS_MANIFEST_LINES "")
set_property(GLOBAL PROPERTY TDLS_MANIFEST_TARGETS "")

# Strict C11 hides POSIX (clock_gettime, posix_memalign); tests and
# benchmarks may use it, the library itself must not.
set(TDLS_PROGRAM_DEFINES _POSIX_C_SOURCE=200809L
    TDLS_TEST_OFFLOAD=$<BOOL:${TDLS_OFFLOAD}>
    TDLS_TEST_OFFLOAD_HOST=$<BOOL:${TDLS_OFFLOAD_HOST}>)

# In offload builds a target region that cannot run on its device must fail
# the test instead of quietly running on the host.
set(TDLS_TEST_ENVIRONMENT "")
if(TDLS_OFFLOAD)
    list(APPEND TDLS_TEST_ENVIRONMENT OMP_TARGET_OFFLOAD=MANDATORY)
endif()
# TDLS_SANITIZE (cmake/TdlsSanitize.cmake): the sanitizer's runtime settings.
list(APPEND TDLS_TEST_ENVIRONMENT ${TDLS_SANITIZE_ENVIRONMENT})

find_package(PkgConfig REQUIRED)
if(TDLS_BUILD_TESTS AND NOT TARGET tdls_criterion)
    pkg_check_modules(TDLS_CRITERION IMPORTED_TARGET criterion)
    if(TDLS_CRITERION_FOUND)
        add_library(tdls_criterion INTERFACE)
        target_link_libraries(tdls_criterion INTERFACE PkgConfig::TDLS_CRITERION)
    else()
        find_path(TDLS_CRITERION_INCLUDE_DIR criterion/criterion.h)
        find_library(TDLS_CRITERION_LIBRARY criterion)
        if(NOT TDLS_CRITERION_INCLUDE_DIR OR NOT TDLS_CRITERION_LIBRARY)
            message(FATAL_ERROR "TDLS_BUILD_TESTS=ON needs Criterion: install libcriterion-dev "
                "(scripts/install-deps.sh), or configure with -DTDLS_BUILD_TESTS=OFF.")
        endif()
        add_library(tdls_criterion INTERFACE)
        target_include_directories(tdls_criterion INTERFACE ${TDLS_CRITERION_INCLUDE_DIR})
        target_link_libraries(tdls_criterion INTERFACE ${TDLS_CRITERION_LIBRARY})
    endif()
endif()

if(NOT TARGET tdls_lapacke)
    pkg_check_modules(TDLS_PC_LAPACKE IMPORTED_TARGET lapacke)
    pkg_check_modules(TDLS_PC_OPENBLAS IMPORTED_TARGET openblas)
    add_library(tdls_lapacke INTERFACE)
    if(TDLS_PC_LAPACKE_FOUND AND TDLS_PC_OPENBLAS_FOUND)
        target_link_libraries(tdls_lapacke INTERFACE PkgConfig::TDLS_PC_LAPACKE PkgConfig::TDLS_PC_OPENBLAS)
    else()
        find_path(TDLS_LAPACKE_INCLUDE_DIR lapacke.h)
        find_library(TDLS_LAPACKE_LIBRARY lapacke)
        find_library(TDLS_OPENBLAS_LIBRARY openblas)
        if(NOT TDLS_LAPACKE_INCLUDE_DIR OR NOT TDLS_LAPACKE_LIBRARY OR NOT TDLS_OPENBLAS_LIBRARY)
            message(FATAL_ERROR "Tests and benchmarks need LAPACKE and OpenBLAS: install "
                "liblapacke-dev and libopenblas-dev (scripts/install-deps.sh).")
        endif()
        target_include_directories(tdls_lapacke INTERFACE ${TDLS_LAPACKE_INCLUDE_DIR})
        target_link_libraries(tdls_lapacke INTERFACE ${TDLS_LAPACKE_LIBRARY} ${TDLS_OPENBLAS_LIBRARY})
    endif()
    # liblapacke itself depends on the generic liblapack.so.3/libblas.so.3;
    # keeping libopenblas as a direct dependency makes it the first provider
    # of the LAPACK and BLAS symbols whatever the system alternatives say.
    target_link_options(tdls_lapacke INTERFACE "LINKER:--no-as-needed")
endif()

function(_tdls_manifest kind name target)
    set(path "$<PATH:RELATIVE_PATH,$<TARGET_FILE:${target}>,${PROJECT_BINARY_DIR}>")
    list(JOIN ARGN " " args)
    set_property(GLOBAL APPEND_STRING PROPERTY TDLS_MANIFEST_LINES "${kind} ${name} ${path} ${args}\n")
    set_property(GLOBAL APPEND PROPERTY TDLS_MANIFEST_TARGETS ${target})
endfunction()

# _tdls_program(target [headers_only]): a true second argument (e.g.
# HEADERS_ONLY) links tdls::headers instead of tdls::tdls.
function(_tdls_program target)
    set(tdls tdls::tdls)
    if(ARGC GREATER 1 AND ARGV1)
        set(tdls tdls::headers)
    endif()
    target_link_libraries(${target} PRIVATE ${tdls} m)
    target_compile_definitions(${target} PRIVATE ${TDLS_PROGRAM_DEFINES})
    target_compile_options(${target} PRIVATE ${TDLS_WARNING_FLAGS})
endfunction()

# Registers a built program with ctest (its labels, timeout, the offload
# and sanitizer environment, and the sanitizer's reports as failures) and
# lists it in the manifest under kind.
function(_tdls_run kind name timeout labels)
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES
        LABELS "${labels}" TIMEOUT ${timeout} ENVIRONMENT "${TDLS_TEST_ENVIRONMENT}")
    if(TDLS_SANITIZE_FAIL_REGEX)
        set_tests_properties(${name} PROPERTIES FAIL_REGULAR_EXPRESSION "${TDLS_SANITIZE_FAIL_REGEX}")
    endif()
    _tdls_manifest(${kind} ${name} ${name})
endfunction()

function(tdls_add_test)
    cmake_parse_arguments(PARSE_ARGV 0 arg "HEADERS_ONLY" "NAME;TIMEOUT" "SOURCES;LABELS;LIBS")
    if(NOT arg_NAME OR NOT arg_SOURCES)
        message(FATAL_ERROR "tdls_add_test: NAME and SOURCES are required")
    endif()
    if(NOT arg_TIMEOUT)
        set(arg_TIMEOUT 600)
    endif()
    add_executable(${arg_NAME} ${arg_SOURCES})
    _tdls_program(${arg_NAME} ${arg_HEADERS_ONLY})
    target_link_libraries(${arg_NAME} PRIVATE tdls_criterion ${arg_LIBS})
    set(labels unit ${arg_LABELS})
    _tdls_run(test ${arg_NAME} ${arg_TIMEOUT} "${labels}")
endfunction()

function(tdls_add_snippet)
    cmake_parse_arguments(PARSE_ARGV 0 arg "HEADERS_ONLY" "NAME;SOURCE" "LIBS")
    if(NOT arg_NAME OR NOT arg_SOURCE)
        message(FATAL_ERROR "tdls_add_snippet: NAME and SOURCE are required")
    endif()
    add_executable(${arg_NAME} ${arg_SOURCE})
    _tdls_program(${arg_NAME} ${arg_HEADERS_ONLY})
    target_link_libraries(${arg_NAME} PRIVATE ${arg_LIBS})
    _tdls_run(snippet ${arg_NAME} 120 snippets)
endfunction()

# A compile that must stop with a given message (the #error checks of
# config.h and the family headers). The driver script reports a compile
# that succeeds with a marker that FAIL_REGULAR_EXPRESSION catches, because
# PASS_REGULAR_EXPRESSION on its own ignores the exit status.
function(tdls_add_compile_fail_test)
    cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;SOURCE;REGEX" "DEFINES")
    if(NOT arg_NAME OR NOT arg_SOURCE OR NOT arg_REGEX)
        message(FATAL_ERROR "tdls_add_compile_fail_test: NAME, SOURCE and REGEX are required")
    endif()
    get_filename_component(source "${arg_SOURCE}" ABSOLUTE)
    set(flags ${TDLS_OMP_FLAGS} -std=c11 -I${PROJECT_SOURCE_DIR}/include)
    foreach(d IN LISTS arg_DEFINES)
        list(APPEND flags -D${d})
    endforeach()
    add_test(NAME ${arg_NAME}
        COMMAND ${CMAKE_COMMAND} -P ${TDLS_TESTING_DIR}/TdlsCompileFail.cmake --
                ${CMAKE_C_COMPILER} -fsyntax-only ${flags} ${source})
    set_tests_properties(${arg_NAME} PROPERTIES LABELS "compile-fail"
        PASS_REGULAR_EXPRESSION "${arg_REGEX}"
        FAIL_REGULAR_EXPRESSION "TDLS_UNEXPECTED_COMPILE_SUCCESS")
endfunction()

# A benchmark or demo program: built (and its device images checked) with
# the tests, never run by ctest. GPU_ARGS are what scripts/gpu-check.sh passes
# for a short run on a GPU machine.
function(tdls_add_perf)
    cmake_parse_arguments(PARSE_ARGV 0 arg "HEADERS_ONLY" "NAME" "SOURCES;LIBS;GPU_ARGS")
    if(NOT arg_NAME OR NOT arg_SOURCES)
        message(FATAL_ERROR "tdls_add_perf: NAME and SOURCES are required")
    endif()
    add_executable(${arg_NAME} ${arg_SOURCES})
    _tdls_program(${arg_NAME} ${arg_HEADERS_ONLY})
    target_link_libraries(${arg_NAME} PRIVATE ${arg_LIBS})
    _tdls_manifest(perf ${arg_NAME} ${arg_NAME} ${arg_GPU_ARGS})
endfunction()

# Called once at the end of the top-level CMakeLists.txt, after every
# directory has added its programs.
function(tdls_finalize_programs)
    get_property(lines GLOBAL PROPERTY TDLS_MANIFEST_LINES)
    get_property(targets GLOBAL PROPERTY TDLS_MANIFEST_TARGETS)
    file(GENERATE OUTPUT "${PROJECT_BINARY_DIR}/tdls-manifest.txt"
        CONTENT "# kind name path-relative-to-build-dir [args]\n${lines}")
    if(NOT TDLS_OFFLOAD OR NOT targets)
        return()
    endif()
    # Every program must carry an image for every configured architecture:
    # a missing one would only show up as a runtime failure on that GPU.
    add_test(NAME device_images
        COMMAND ${CMAKE_COMMAND} -DOBJDUMP=${TDLS_LLVM_OBJDUMP}
                "-DARCHS=${TDLS_OFFLOAD_IMAGES}" -DBUILD_DIR=${PROJECT_BINARY_DIR}
                -P ${TDLS_TESTING_DIR}/TdlsCheckImages.cmake)
    set_tests_properties(device_images PROPERTIES LABELS device-build)
    if(TDLS_OFFLOAD_NVPTX OR TDLS_OFFLOAD_AMDGCN)
        # The shared libraries the programs need besides libc and the OpenMP
        # runtime (Criterion, LAPACKE, OpenBLAS, ...), for GPU machines that
        # have none of them; see scripts/gpu-check.sh.
        add_custom_target(tdls-gpu-libs
            COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR}
                    -DLLVM_LIBDIR=${TDLS_LLVM_LIBDIR} -P ${TDLS_TESTING_DIR}/TdlsGpuLibs.cmake
            COMMENT "Collecting shared libraries for scripts/gpu-check.sh" VERBATIM)
        add_dependencies(tdls-gpu-libs ${targets})
    endif()
endfunction()
