#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Retunes the batched API's GPU dispatch table (offload/batch_tuning.h):
# up to which order one thread solves a system (TiledLUpp) rather than a
# group of threads (CooperativeLUpp).
#
#   perf/gpu_tune.sh build [ARCH] [NAME=FLAGS]...
#       On the build machine (clang-19, no GPU needed; ARCH default sm_90):
#       builds a shared libtdls and tdls-gpu-tune once per candidate table,
#       packed as NAME/ into .gpu/tune.tar.xz (a few MiB: it travels beside
#       the offload runtime). The candidates: "thread" (every order up to 16
#       per thread), "group" (every order cooperative), and any NAME=FLAGS
#       given (FLAGS: -D... settings of batch_tuning.h, as CMAKE_C_FLAGS).
#   perf/gpu_tune.sh run [TUNE_ARCHIVE] [RUNTIME_ARCHIVE]
#       On the GPU machine (TUNE_ARCHIVE default .gpu/tune.tar.xz, RUNTIME_ARCHIVE
#       default .gpu/omp-runtime.tar.xz, from make gpu-prepare): runs every
#       candidate, writes $OUT/gpu-tune.csv (default ./gpu-out), prints per
#       precision and order the rate of each candidate, and, from "thread"
#       against "group", the largest order up to which one thread per system
#       wins at every order (mean of the random and diagonally dominant
#       rates): the value for TDLS_BATCH_GPU_TILED_MAX_N_DOUBLE / _FLOAT.
# TDLS_GPU_TUNE_ARGS (default "--nmax 16 --reps 5") goes to tdls-gpu-tune.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "gpu_tune: $*" >&2; exit 2; }

build() {
    local arch=${1:-sm_90}
    shift || true
    local stage_dir
    stage_dir=$(mktemp -d)
    local candidates=("thread=-DTDLS_BATCH_GPU_TILED_MAX_N_DOUBLE=16 -DTDLS_BATCH_GPU_TILED_MAX_N_FLOAT=16"
        "group=-DTDLS_BATCH_GPU_TILED_MAX_N_DOUBLE=0 -DTDLS_BATCH_GPU_TILED_MAX_N_FLOAT=0" "$@")
    for c in "${candidates[@]}"; do
        local name=${c%%=*} flags=${c#*=} dir
        [[ $name =~ ^[A-Za-z0-9_-]+$ ]] || die "candidate name '$name': letters, digits, _ and - only"
        dir=$here/build/tune-$name
        cmake -S "$here" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="${CC:-clang-19}" \
            -DTDLS_OFFLOAD_ARCH="$arch" -DBUILD_SHARED_LIBS=ON -DTDLS_BUILD_TESTS=OFF \
            -DTDLS_BUILD_PERF=ON "-DCMAKE_C_FLAGS=$flags" >/dev/null
        cmake --build "$dir" -j "$(nproc)" --target tdls-gpu-tune -- --no-print-directory >/dev/null
        # The library under its soname, which the program asks for.
        local soname
        soname=$(readelf -d "$dir/lib/libtdls.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
        mkdir -p "$stage_dir/$name"
        cp "$dir/perf/tdls-gpu-tune" "$stage_dir/$name/"
        cp -L "$dir/lib/$soname" "$stage_dir/$name/"
        echo "$flags" >"$stage_dir/$name/flags.txt"
        echo "gpu_tune: built $name ($flags)"
    done
    mkdir -p "$here/.gpu"
    tar -cJf "$here/.gpu/tune.tar.xz" -C "$stage_dir" .
    rm -rf "$stage_dir"
    du -h "$here/.gpu/tune.tar.xz"
}

run() {
    local archive=${1:-.gpu/tune.tar.xz} runtime=${2:-.gpu/omp-runtime.tar.xz} out=${OUT:-./gpu-out}
    [ -f "$archive" ] || die "no $archive: run 'perf/gpu_tune.sh build' on the build machine"
    [ -f "$runtime" ] || die "no $runtime: run 'make gpu-prepare' on the build machine"
    mkdir -p "$out"
    local csv=$out/gpu-tune.csv
    stage=$(mktemp -d) # global: the EXIT trap reads it after run returns
    trap 'rm -rf "$stage"' EXIT
    tar -xJf "$runtime" -C "$stage"
    mkdir "$stage/tune"
    tar -xJf "$archive" -C "$stage/tune"
    export OMP_TARGET_OFFLOAD=MANDATORY
    echo "candidate,type,n,matrix,batch,systems_per_s,gb_per_s,bad_info" >"$csv"
    for dir in "$stage"/tune/*/; do
        local name
        name=$(basename "$dir")
        echo "gpu_tune: running $name ($(cat "$dir/flags.txt"))"
        # shellcheck disable=SC2086 # an argument list by design
        LD_LIBRARY_PATH=$dir:$stage/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
            "$dir/tdls-gpu-tune" ${TDLS_GPU_TUNE_ARGS:---nmax 16 --reps 5} | tee "$out/gpu-tune-$name.txt" |
            awk -v c="$name" '!/^#/ && !/^type,/ { print c "," $0 }' >>"$csv"
    done
    awk -F, 'NR > 1 { rate[$2 " " $3 " " $1] += $6 / 2; seen[$2 " " $3] = 1; cand[$1] = 1 }
        END {
            for (t = 0; t < 2; ++t) {
                type = t ? "s" : "d"; line = "order"; for (c in cand) line = line "  " c
                print (type == "d" ? "double" : "float") ", systems/s (mean of random and diagdom)"
                print line
                best = 0; broken = 0
                for (n = 1; n <= 64; ++n) {
                    if (!((type " " n) in seen)) continue
                    line = sprintf("%5d", n)
                    for (c in cand) line = line sprintf("  %.3g", rate[type " " n " " c])
                    print line
                    th = rate[type " " n " thread"]; gr = rate[type " " n " group"]
                    if (th > 0 && gr > 0 && !broken) { if (th >= gr) best = n; else broken = 1 }
                }
                printf "TDLS_BATCH_GPU_TILED_MAX_N_%s: %d (thread wins at every order up to it)\n\n",
                    type == "d" ? "DOUBLE" : "FLOAT", best
            }
        }' "$csv" | tee "$out/gpu-tune-summary.txt"
}

case ${1:-} in
    build) shift; build "$@" ;;
    run) shift; run "$@" ;;
    *) die "usage: perf/gpu_tune.sh build [ARCH] [NAME=FLAGS]... | run [TUNE_ARCHIVE] [RUNTIME_ARCHIVE]" ;;
esac
