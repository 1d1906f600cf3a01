#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds perf/gpu_regs.c for sm_90 (no GPU needed: nvlink reports the
# kernel's resources at link time) over N x type x interchange, and prints
# registers, stack frame, spills and local memory per configuration.
# Usage: perf/gpu_regs.sh [extra configs as "N real interchange tile schedule unroll"...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-clang-19}
arch=${TDLS_GPU_ARCH:-sm_90}
work=$(mktemp -d /tmp/tdls-gpu-regs.XXXXXX)
trap 'rm -rf "$work"' EXIT

configs=()
for n in 4 6 8 12 16; do
    for real in double float; do
        configs+=("$n $real LOGICAL 4 RIGHT_LOOKING 1" "$n $real PHYSICAL 4 RIGHT_LOOKING 1")
    done
done
configs+=("$@")

build() { # N real interchange tile schedule unroll -> one report line
    local n=$1 real=$2 inter=$3 tile=$4 sched=$5 unroll=$6
    local tag="$n-$real-$inter-$tile-$sched-$unroll" log
    log="$work/$tag.log"
    if ! "$cc" -std=c11 -O3 -fopenmp --offload-arch="$arch" -foffload-lto \
        -I"$here/../include" -DTDLS_REGS_N="$n" -DTDLS_REGS_REAL="$real" \
        -DTDLS_REGS_INTERCHANGE="TDLS_$inter" -DTDLS_REGS_TILE="$tile" \
        -DTDLS_REGS_SCHEDULE="TDLS_$sched" -DTDLS_REGS_UNROLL="$unroll" \
        -Xoffload-linker -v "$here/gpu_regs.c" -o "$work/$tag" >"$log" 2>&1; then
        echo "$n $real $inter $tile $sched $unroll BUILD-FAILED"
        return
    fi
    # nvlink: "used R registers, used B barriers, S stack, ... L bytes lmem";
    # ptxas: "S bytes stack frame, W bytes spill stores, R bytes spill loads".
    local regs stack lmem spills
    regs=$(grep -o 'used [0-9]* registers' "$log" | tail -1 | awk '{print $2}')
    stack=$(grep -o '[0-9]* stack,' "$log" | tail -1 | awk '{print $1}')
    lmem=$(grep -o '[0-9]* bytes lmem' "$log" | tail -1 | awk '{print $1}')
    spills=$(grep -o '[0-9]* bytes spill stores, [0-9]* bytes spill loads' "$log" | tail -1 |
        awk '{print $1 "/" $5}')
    echo "$n $real $inter $tile $sched $unroll ${regs:-?} ${stack:-?} ${lmem:-?} ${spills:-?}"
}
export -f build
export here cc arch work

printf '%-3s %-7s %-9s %-4s %-6s %-6s %5s %6s %5s %s\n' N type interch tile sched unroll \
    regs stack lmem spill_st/ld
printf '%s\n' "${configs[@]}" | xargs -P "${JOBS:-2}" -I{} bash -c 'build {}' |
    sort -k1,1n -k2,2 -k3,3 -k4,4n -k5,5 |
    awk '{ s = ($5 == "RIGHT_LOOKING") ? "right" : "left";
           printf "%-3s %-7s %-9s %-4s %-6s %-6s %5s %6s %5s %s\n",
                  $1, $2, tolower($3), $4, s, $6, $7, $8, $9, $10 }'
