#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs every test, snippet and benchmark of an offload build on a GPU machine
# that has the GPU driver but neither LLVM, CMake/CTest nor the test libraries.
#
# usage: scripts/gpu-check.sh [BUILD] [RUNTIME_ARCHIVE]
#   BUILD            the archive that `make gpu-prepare` leaves in
#                    .gpu/build.tar.xz (the default), or a build directory made
#                    elsewhere with TDLS_OFFLOAD_ARCH=sm_90 (or a GPU list) after
#                    `cmake --build BUILD --target tdls-gpu-libs`
#   RUNTIME_ARCHIVE  the OpenMP offload runtime packed by pack-offload-runtime.sh;
#                    default .gpu/omp-runtime.tar.xz
# Writes summary.txt and gpu-check.log into $OUT (default ./gpu-out) and exits
# non-zero if any program failed. TDLS_GPU_TIMEOUT (s, default 600) bounds each.
set -euo pipefail

build=${1:-.gpu/build.tar.xz}
runtime=${2:-.gpu/omp-runtime.tar.xz}
out=${OUT:-./gpu-out}
per_program_timeout=${TDLS_GPU_TIMEOUT:-600}

die() { echo "gpu-check: $*" >&2; exit 2; }
[ -e "$build" ] || die "no $build: run make gpu-prepare on the build machine"
[ -f "$runtime" ] || die "no $runtime: run pack-offload-runtime.sh (make gpu-prepare) on the build machine"
mkdir -p "$out"
out=$(cd "$out" && pwd)

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
if [ -f "$build" ]; then
    mkdir "$stage/build"
    tar -xJf "$build" -C "$stage/build"
    build=$stage/build
fi
[ -f "$build/tdls-manifest.txt" ] || die "no $build/tdls-manifest.txt: build with -DTDLS_BUILD_TESTS=ON first"
build=$(cd "$build" && pwd)
mkdir -p "$stage/omprt"
tar -xJf "$runtime" -C "$stage/omprt"
libpath=$stage/omprt/lib
if [ -f "$build/gpu-libs.tar.xz" ]; then
    tar -xJf "$build/gpu-libs.tar.xz" -C "$stage"
    libpath=$libpath:$stage/gpu-libs
else
    echo "gpu-check: no $build/gpu-libs.tar.xz; relying on this machine's libraries" >&2
fi
export LD_LIBRARY_PATH=$libpath${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# Nothing may fall back to the host silently: that is what is being checked.
export OMP_TARGET_OFFLOAD=MANDATORY

log=$out/gpu-check.log
summary=$out/summary.txt
: >"$log"
{
    echo "# gpu-check $(date -u +%Y-%m-%dT%H:%M:%SZ) build=$build"
    if command -v nvidia-smi >/dev/null 2>&1; then
        nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | sed 's/^/# gpu: /'
    fi
} >"$summary"

pass=0
fail=0
while read -r kind name path args; do
    case $kind in '' | '#'*) continue ;; esac
    exe=$build/$path
    start=$SECONDS
    {
        echo "=================== $kind $name ($path $args)"
        if ldd "$exe" 2>/dev/null | grep -q 'not found'; then
            ldd "$exe" | grep 'not found'
        fi
    } >>"$log"
    set +e
    # shellcheck disable=SC2086 # args are word lists by design
    (cd "$(dirname "$exe")" && timeout "$per_program_timeout" "$exe" $args) </dev/null >>"$log" 2>&1
    rc=$?
    set -e
    secs=$((SECONDS - start))
    if [ $rc -eq 0 ]; then
        status=PASS
        pass=$((pass + 1))
    else
        status="FAIL(rc=$rc)"
        [ $rc -eq 124 ] && status="FAIL(timeout ${per_program_timeout}s)"
        fail=$((fail + 1))
    fi
    printf '%-14s %-8s %-40s %4ss\n' "$status" "$kind" "$name" "$secs" | tee -a "$summary"
    echo "--- $status after ${secs}s" >>"$log"
done <"$build/tdls-manifest.txt"

echo "gpu-check: $pass passed, $fail failed (logs: $out)" | tee -a "$summary"
[ $((pass + fail)) -gt 0 ] || die "the manifest lists no programs"
[ $fail -eq 0 ]
