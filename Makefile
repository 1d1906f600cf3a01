# SPDX-License-Identifier: BSD-3-Clause
# Entry points: `make check` (what CI runs), `make demo`, `make format`.
# Every configuration of the test matrix is an ordinary CMake build directory
# under build/, so a failing one can be rebuilt and rerun by hand.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := check

CLANG ?= clang-19
GCC ?= gcc
CLANG_FORMAT ?= clang-format-19
JOBS ?= $(shell nproc)
BUILD ?= build
# The architectures whose device images CI links (no GPU runs them there).
DEVICE_ARCHS ?= sm_90,gfx90a
# What `make gpu-prepare` builds for scripts/gpu-check.sh.
GPU_ARCH ?= sm_90
# The OpenMP offload runtime packer; lives beside the repository, not in it.
PACK_RUNTIME ?= ../shared/tools/pack-offload-runtime.sh
CMAKE_ARGS ?=
CTEST = ctest --output-on-failure --no-tests=error -j $(JOBS) --test-dir

# `make demo` picks the GPU this machine has (clang's nvptx-arch/amdgpu-arch
# ask the driver), else host offload. Override: make demo TDLS_OFFLOAD_ARCH=sm_90
LLVM_BINDIR := $(shell $(CLANG) -print-resource-dir 2>/dev/null | sed 's|/lib/clang/.*||')/bin
TDLS_OFFLOAD_ARCH ?= $(or $(shell $(LLVM_BINDIR)/nvptx-arch 2>/dev/null | head -n 1),$(shell $(LLVM_BINDIR)/amdgpu-arch 2>/dev/null | head -n 1),host)
DEMO_ARGS ?=

CONFIGS := gcc clang host-offload device install-consumer tsan lapack-pivots

# configure <dir> <compiler> <offload archs> [extra cmake args]
define configure
cmake -S . -B $(BUILD)/$(1) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(2) \
	"-DTDLS_OFFLOAD_ARCH=$(3)" -DTDLS_BUILD_TESTS=ON -DTDLS_BUILD_PERF=ON $(4) $(CMAKE_ARGS)
cmake --build $(BUILD)/$(1) -j $(JOBS) -- --no-print-directory
endef

.PHONY: check deps $(addprefix check-,$(CONFIGS)) demo gpu-prepare gpu-check clean format format-check

deps:
	scripts/install-deps.sh

# Runs every configuration even when one fails, so that one CI log shows all
# failures; then prints one line per configuration and fails if any did.
check: deps
	@mkdir -p $(BUILD); summary=$(BUILD)/check-summary.txt; : > $$summary; failed=0; \
	for c in $(CONFIGS); do \
		start=$$(date +%s); \
		if $(MAKE) --no-print-directory check-$$c; then status=PASS; else status=FAIL; failed=1; fi; \
		printf 'check %-17s %s  %4ss\n' "$$c" "$$status" "$$(( $$(date +%s) - start ))" >> $$summary; \
	done; \
	echo "=== make check summary ==="; cat $$summary; exit $$failed

check-gcc:
	$(call configure,gcc,$(GCC),)
	$(CTEST) $(BUILD)/gcc

check-clang:
	$(call configure,clang,$(CLANG),)
	$(CTEST) $(BUILD)/clang

check-host-offload:
	$(call configure,host-offload,$(CLANG),host)
	$(CTEST) $(BUILD)/host-offload

# ThreadSanitizer with the Archer OMPT tool (TDLS_SANITIZE=thread, clang,
# CPU only) over what runs groups of OpenMP threads: the cooperative suite
# on its short order list, the cooperative snippets, and the checks of
# tests/race (a missing barrier is reported; the shim fails a failing test).
# Only those are built: sanitized, the other suites take minutes to compile
# and their threads never share a system. coop_teams is left out: in a
# CPU-only build its target regions run as libomp host teams, and under load
# Archer now and then reports a write inside the league against the
# initialization of the same data before the region (not reproducible in
# 18 runs on a quiet machine); the cooperative solves it calls run under
# Archer in the other coop programs, and the coop snippets run host teams.
TSAN_SNIPPETS := $(patsubst tests/snippets/%.c,snippet_%,$(wildcard tests/snippets/coop_*.c))
check-tsan:
	cmake -S . -B $(BUILD)/tsan -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(CLANG) \
		-DTDLS_OFFLOAD_ARCH= -DTDLS_BUILD_TESTS=ON -DTDLS_BUILD_PERF=OFF -DTDLS_SANITIZE=thread $(CMAKE_ARGS)
	for d in race coop; do $(MAKE) -C $(BUILD)/tsan/tests/$$d -j $(JOBS) --no-print-directory; done
	cmake --build $(BUILD)/tsan -j $(JOBS) --target $(TSAN_SNIPPETS) -- --no-print-directory
	TDLS_COOP_TEST_QUICK=1 $(CTEST) $(BUILD)/tsan -L '^(coop|race)$$' -E '^coop_teams$$'
	$(CTEST) $(BUILD)/tsan -R '^snippet_coop_'

# Links every test and benchmark for the GPUs; without a GPU only the check
# that each program carries all device images runs. libtdls is shared here:
# clang 19's offload linker takes every member of a static archive that has
# public device symbols, so each program that links libtdls (the batched
# API's tests, snippets and benchmarks; the others link tdls::headers) would
# link the batched API's kernels again, about 25 s of device LTO each;
# shared, they are linked once, into libtdls.so.
# The other configurations keep the static library.
check-device:
	$(call configure,device,$(CLANG),$(DEVICE_ARCHS),-DBUILD_SHARED_LIBS=ON)
	$(CTEST) $(BUILD)/device -L device-build

# The batched API built with LAPACK's pivot rule (README, "Pivoting"): a
# relative pivot threshold of 1 for the whole library, on the host and on
# the host-offload device. Its suite then also requires LAPACK's
# interchanges; the other suites do not depend on the library's threshold.
LAPACK_PIVOT_TESTS := batch_accuracy batch_singular batch_bridges bridge_batch
space := $(subst ,, )
check-lapack-pivots:
	cmake -S . -B $(BUILD)/lapack-pivots -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(CLANG) \
		-DTDLS_OFFLOAD_ARCH=host -DTDLS_BUILD_TESTS=ON -DTDLS_BUILD_PERF=OFF \
		-DCMAKE_C_FLAGS=-DTDLS_DEFAULT_RELATIVE_PIVOT_THRESHOLD=1 $(CMAKE_ARGS)
	cmake --build $(BUILD)/lapack-pivots -j $(JOBS) -- --no-print-directory $(LAPACK_PIVOT_TESTS)
	$(CTEST) $(BUILD)/lapack-pivots -R '^($(subst $(space),|,$(LAPACK_PIVOT_TESTS)))$$'

# Installs the host-offload build and builds a consumer against it, through
# find_package(tdls) and through pkg-config.
check-install-consumer:
	$(call configure,host-offload,$(CLANG),host)
	rm -rf $(BUILD)/install-consumer
	cmake --install $(BUILD)/host-offload --prefix $(BUILD)/install-consumer/prefix > /dev/null
	tests/consumer/run.sh $(BUILD)/install-consumer/prefix $(BUILD)/install-consumer $(CLANG) offload

demo: deps
	@test -f perf/demo.c || { echo "make demo: perf/demo.c does not exist yet" >&2; exit 1; }
	cmake -S . -B $(BUILD)/demo -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=$(CLANG) \
		"-DTDLS_OFFLOAD_ARCH=$(TDLS_OFFLOAD_ARCH)" -DTDLS_BUILD_TESTS=OFF -DTDLS_BUILD_PERF=ON $(CMAKE_ARGS)
	cmake --build $(BUILD)/demo -j $(JOBS) --target tdls-demo -- --no-print-directory
	OMP_TARGET_OFFLOAD=MANDATORY $(BUILD)/demo/perf/tdls-demo $(DEMO_ARGS)

# On this machine: build for $(GPU_ARCH) and pack into .gpu/ (git-ignored)
# everything a GPU machine without LLVM needs: .gpu/build.tar.xz (the
# manifest, its programs, and the shared libraries they load, libtdls.so
# among them) and the OpenMP offload runtime. libtdls is shared, as in
# check-device: its kernels are then in one library instead of in each of
# the programs that link it, and .gpu stays within what one run on a GPU
# machine can carry (64 MiB; with the static library, 104 MiB unpacked).
# There: scripts/gpu-check.sh (or make gpu-check).
gpu-prepare: deps
	$(call configure,$(GPU_ARCH),$(CLANG),$(GPU_ARCH),-DBUILD_SHARED_LIBS=ON)
	cmake --build $(BUILD)/$(GPU_ARCH) --target tdls-gpu-libs -- --no-print-directory
	rm -rf .gpu/build .gpu/build.tar.xz && mkdir -p .gpu
	grep -v '^#' $(BUILD)/$(GPU_ARCH)/tdls-manifest.txt | awk '{ print $$3 }' | \
		tar -cJf .gpu/build.tar.xz -C $(BUILD)/$(GPU_ARCH) tdls-manifest.txt gpu-libs.tar.xz -T -
	@if [ ! -s .gpu/omp-runtime.tar.xz ]; then \
		test -x $(PACK_RUNTIME) || { echo "no $(PACK_RUNTIME): set PACK_RUNTIME=" >&2; exit 1; }; \
		$(PACK_RUNTIME) .gpu; fi
	@du -sh .gpu .gpu/*

gpu-check:
	scripts/gpu-check.sh .gpu/build.tar.xz .gpu/omp-runtime.tar.xz

clean:
	rm -rf $(BUILD) gpu-out

format:
	git ls-files -z '*.c' '*.h' | xargs -0 -r $(CLANG_FORMAT) -i

format-check:
	git ls-files -z '*.c' '*.h' | xargs -0 -r $(CLANG_FORMAT) --dry-run --Werror
