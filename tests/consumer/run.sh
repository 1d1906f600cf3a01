#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds and runs tests/consumer against an installed tdls, once through
# find_package(tdls) and once through pkg-config, as a user would: main.c
# through tdls::tdls / tdls.pc, headers.c through tdls::headers /
# tdls-headers.pc, which must leave libtdls's kernels out of the program.
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

# The number of libtdls kernels (their enclosing functions are tdls_*) in a
# program's offload images. clang 19 device-links them into every program
# that links the static libtdls, whether it calls libtdls or not; the host
# linker leaves the unused host code out, so nm would show nothing.
libtdls_kernels() { strings "$1" | grep -cE '__omp_offloading_[0-9a-f]+_[0-9a-f]+_tdls_' || true; }
# The tdls::tdls program of an offload build with the static libtdls must
# carry some, or a count of zero for the header-only one would prove nothing.
control=
if [ "$expect" = offload ] && compgen -G "$prefix/lib*/libtdls.a" >/dev/null; then
    control=yes
fi

# run_both <how> <dir>: runs the two programs built in <dir>.
run_both() {
    echo "$1: $("$2/tdls-consumer" $expect)"
    echo "$1, header families only: $("$2/tdls-headers-consumer" $expect)"
    local theirs mine
    theirs=$(libtdls_kernels "$2/tdls-consumer")
    mine=$(libtdls_kernels "$2/tdls-headers-consumer")
    echo "$1: libtdls kernels in the programs: $theirs with libtdls, $mine header families only"
    if [ "$mine" -ne 0 ]; then
        echo "$2/tdls-headers-consumer carries libtdls kernels: it was linked with libtdls" >&2
        exit 1
    fi
    if [ -n "$control" ] && [ "$theirs" -eq 0 ]; then
        echo "$2/tdls-consumer carries no libtdls kernel: the check cannot see them" >&2
        exit 1
    fi
}

cmake -S "$here" -B "$work/cmake" -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 ||
    { cat "$work/cmake.log"; exit 1; }
cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
run_both find_package "$work/cmake"

pc=$(find "$prefix" -name tdls.pc -print -quit)
[ -n "$pc" ] || { echo "no tdls.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
flags=$(pkg-config --cflags --libs tdls)
headers_flags=$(pkg-config --cflags --libs tdls-headers)
case " $headers_flags " in
*" -ltdls "*) echo "pkg-config tdls-headers links libtdls: $headers_flags" >&2; exit 1 ;;
esac
mkdir -p "$work/pkg-config"
# shellcheck disable=SC2086 # pkg-config output is a word list
"$cc" -std=c11 "$here/main.c" $flags -o "$work/pkg-config/tdls-consumer"
# shellcheck disable=SC2086
"$cc" -std=c11 "$here/headers.c" $headers_flags -o "$work/pkg-config/tdls-headers-consumer"
run_both pkg-config "$work/pkg-config"
