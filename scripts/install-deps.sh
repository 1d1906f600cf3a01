#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs what building and testing tdls needs on Debian 12 (bookworm), and
# nothing that is already there: safe to run before every build.
# Prints one summary line; the apt log is shown only when something fails.
set -euo pipefail

# clang-tools-19 carries clang-linker-wrapper (every offload link goes through
# it) and llvm-19 carries llvm-objdump-19 (the device-image check); clang-19
# only recommends them, and we install without recommends.
# libclang-rt-19-dev carries the ThreadSanitizer runtime and libomp-19-dev the
# Archer OMPT tool (libarcher.so) of `make check-tsan`.
packages=(
    clang-19 clang-tools-19 llvm-19 libomp-19-dev lld-19 libclang-rt-19-dev
    libcriterion-dev rocm-device-libs liblapacke-dev libopenblas-dev
    cmake make gcc pkg-config xz-utils clang-format-19
)

log=$(mktemp /tmp/tdls-install-deps.XXXXXX.log)
trap 'rm -f "$log"' EXIT
fail() {
    echo "install-deps: $*" >&2
    if [ -s "$log" ]; then
        echo "--- apt log ---" >&2
        tail -n 40 "$log" >&2
    fi
    exit 1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        fail "need root (or sudo) to run: $*"
    fi
}

apt_install() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -y \
        -o DPkg::Lock::Timeout=600 install --no-install-recommends "$@" >>"$log" 2>&1
}

is_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]
}

command -v dpkg-query >/dev/null 2>&1 || fail "this script supports Debian/Ubuntu (dpkg) only"

start=$SECONDS
missing=()
for p in "${packages[@]}"; do
    is_installed "$p" || missing+=("$p")
done
updated=no
if [ ${#missing[@]} -gt 0 ]; then
    as_root apt-get -q -o DPkg::Lock::Timeout=600 update >>"$log" 2>&1 ||
        fail "apt-get update failed"
    updated=yes
    apt_install "${missing[@]}" || fail "apt-get install ${missing[*]} failed"
fi

# nvptx links need CUDA's ptxas and nvlink. Machines of this project ship
# CUDA under /usr/local/cuda; elsewhere Debian's non-free toolkit (CUDA 11.8,
# enough for sm_90) provides them.
find_cuda_tool() {
    command -v "$1" 2>/dev/null || { [ -x "/usr/local/cuda/bin/$1" ] && echo "/usr/local/cuda/bin/$1"; } || true
}
ptxas=$(find_cuda_tool ptxas)
nvlink=$(find_cuda_tool nvlink)
cuda_note=""
if [ -z "$ptxas" ] || [ -z "$nvlink" ]; then
    src=/etc/apt/sources.list.d/tdls-debian-non-free.sources
    if [ ! -f "$src" ]; then
        as_root tee "$src" >/dev/null <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: contrib non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
    fi
    as_root apt-get -q -o DPkg::Lock::Timeout=600 update >>"$log" 2>&1 ||
        fail "apt-get update (non-free) failed"
    updated=yes
    apt_install nvidia-cuda-toolkit || fail "apt-get install nvidia-cuda-toolkit failed"
    missing+=(nvidia-cuda-toolkit)
    ptxas=$(find_cuda_tool ptxas)
    nvlink=$(find_cuda_tool nvlink)
    [ -n "$ptxas" ] && [ -n "$nvlink" ] || fail "ptxas/nvlink still missing after installing nvidia-cuda-toolkit"
    cuda_note=" (from nvidia-cuda-toolkit)"
fi
cuda_version=$("$ptxas" --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\).*/\1/p' | head -n 1)

if [ ${#missing[@]} -eq 0 ]; then
    what="all ${#packages[@]} packages already present"
else
    what="installed ${missing[*]} in $((SECONDS - start))s (apt-get update: $updated)"
fi
echo "install-deps: $what; ptxas $ptxas (CUDA ${cuda_version:-?})$cuda_note"
