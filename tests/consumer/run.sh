#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds and runs tests/consumer against an installed tdls, once through
# find_package(tdls) and once through pkg-config, as a user would.
# usage: tests/consumer/run.sh PREFIX WORK_DIR C_COMPILER [offload]
set -euo pipefail
prefix=$(cd "$1" && pwd)
work=$2
cc=$3
expect=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
# Nothing may fall back to the host silently.
[ "$expect" = offload ] && export OMP_TARGET_OFFLOAD=MANDATORY

cmake -S "$here" -B "$work/cmake" -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 ||
    { cat "$work/cmake.log"; exit 1; }
cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
echo "find_package: $("$work/cmake/tdls-consumer" $expect)"

pc=$(find "$prefix" -name tdls.pc -print -quit)
[ -n "$pc" ] || { echo "no tdls.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
flags=$(pkg-config --cflags --libs tdls)
mkdir -p "$work/pkg-config"
# shellcheck disable=SC2086 # pkg-config output is a word list
"$cc" -std=c11 "$here/main.c" $flags -o "$work/pkg-config/tdls-consumer"
echo "pkg-config:   $("$work/pkg-config/tdls-consumer" $expect)"
