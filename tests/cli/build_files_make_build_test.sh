#!/usr/bin/env bash
# The Makefile idioms of real CUDA trees (issue 25), each ported and built by
# make with clang 22 against real ROCm 7.2 (scripts/fetch-rocm.sh):
#  - tests/build_files/make_template: one template for many programs, CC =
#    nvcc, ARCH = sm_60 read as -arch=$(ARCH), every flag in CFLAGS (which
#    both compile and link read), ifeq branches, -dc objects, -Xcompiler
#    -fopenmp, -G and -use_fast_math;
#  - tests/build_files/make_samples_style: older cuda-samples' shape, nvcc
#    -ccbin $(HOST_COMPILER), $(addprefix -Xcompiler ,...), GENCODE_FLAGS
#    built from SMS with $(foreach)/$(eval), $(EXEC) in front of the compiler,
#    a module built with nvcc -fatbin (an offload bundle of both targets);
#  - tests/build_files/make_shared_flags: a variable read by g++ and nvcc
#    (nvcc's flags split into NAME_HIP), -gencode in a variable, a
#    target-specific value, a define of flags and a define template expanded
#    with $(eval $(call ...)), a compile-and-link in one command.
# For each: the migrated Makefile is byte for byte expected/<name>/Makefile;
# the summary counts no command still running nvcc; `make -n` shows neither
# nvcc nor an nvcc-only flag; make builds it, and every executable holds
# gfx942 and gfx950 code objects with the program's kernels. A Makefile that
# still runs nvcc where the migration cannot reach is counted and named.
# Exit 77 (skipped) when a tool is missing, unless HIPWRIGHT_REQUIRE_TOOLCHAIN=1.
#
#   build_files_make_build_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
trees="$root/tests/build_files"
llvm=/usr/lib/llvm-22/bin

# shellcheck source=../require_tool.sh
source "$root/tests/require_tool.sh"
command -v make >/dev/null || missing_tool "no make" make
for t in clang++ clang-offload-bundler llvm-objcopy llvm-readelf; do
  [ -x "$llvm/$t" ] || missing_tool "no $llvm/$t" "clang-22, llvm-22, clang-tools-22"
done
[ -f "$llvm/../lib/clang/22/include/omp.h" ] ||
  missing_tool "no omp.h for clang 22" libomp-22-dev
rocm=$("$hw" --version | sed -n 's/^compile checks: ROCm .* at //p')
[ -n "$rocm" ] && [ -f "$rocm/include/hip/hip_runtime.h" ] ||
  missing_tool "no ROCm (scripts/fetch-rocm.sh): $("$hw" --version | tail -1)"
libs="$rocm/lib"
[ -d "$rocm/lib/x86_64-linux-gnu" ] && libs="$rocm/lib/x86_64-linux-gnu"
# HIPCXX and ROCM_PATH are the migrated Makefiles' knobs; the flags are the
# toolchain file's (cmake/rocm/hipwright-rocm.cmake says why each is there).
hipcxx="$llvm/clang++ --rocm-path=$rocm -isystem $rocm/include -L$libs"
hipcxx+=" -Wl,-rpath-link,$libs -Wl,--allow-shlib-undefined"
nvcc_only='(^| )(-arch[= ]|-gencode|--generate-code|-code=|-Xcompiler|--compiler-options|-ccbin|-Xptxas|-rdc[= ]|-dc |-dlink|--use_fast_math|-use_fast_math|--expt-|-lineinfo|-maxrregcount|--default-stream|--threads|-G( |$)|[^ ]*/nvcc |nvcc )'

# port_and_build NAME: ports tests/build_files/NAME into $work/NAME, compares
# its Makefile, checks make -n and runs make.
port_and_build() {
  local name=$1
  run 0 "port $name" "$hw" port "$trees/$name" --out-root "$work/$name" \
    --copy-unchanged --no-analyzers
  grep -q "0 commands still running nvcc, 0 nvcc flags not placed" "$work/err.txt" ||
    fail "$name: summary: $(grep 'build files' "$work/err.txt")"
  cmp -s "$trees/expected/$name/Makefile" "$work/$name/Makefile" ||
    { fail "$name: Makefile differs from expected/$name/Makefile"
      diff -u "$trees/expected/$name/Makefile" "$work/$name/Makefile" | head -30; }
  (cd "$work/$name" && make -n -B "HIPCXX=$hipcxx" "ROCM_PATH=$rocm") >"$work/$name.n" 2>&1 ||
    fail "$name: make -n failed: $(tail -3 "$work/$name.n")"
  if grep -E -- "$nvcc_only" "$work/$name.n" >"$work/$name.bad"; then
    fail "$name: make -n shows nvcc or an nvcc-only flag: $(head -3 "$work/$name.bad")"
  fi
  (cd "$work/$name" && make "HIPCXX=$hipcxx" "ROCM_PATH=$rocm") >"$work/$name.make" 2>&1 ||
    fail "$name: make failed: $(grep -m3 -E 'error|Error' "$work/$name.make")"
  # Porting the result again changes nothing in it.
  mkdir -p "$work/again-$name"
  cp "$work/$name/Makefile" "$work/again-$name/"
  printf '__global__ void k() {}\n' >"$work/again-$name/k.cu"
  "$hw" port "$work/again-$name" --diff --no-analyzers >"$work/again.diff" 2>/dev/null || true
  if grep -q "Makefile" "$work/again.diff"; then
    fail "$name: porting the migrated Makefile again changed it: $(head -20 "$work/again.diff")"
  fi
}

port_and_build make_template
check_exe "$work/make_template/main" _Z7stencilPKfPfi
grep -q "ARCH (sm_60) names NVIDIA architectures" "$work/err.txt" ||
  fail "make_template: the architecture variable is not noted"
# -dc objects: the link says -fgpu-rdc too, so smooth() from stencil.cu links.
grep -q -- "--hip-link -fgpu-rdc" "$work/make_template.n" ||
  fail "make_template: the link of -dc objects lacks -fgpu-rdc"

port_and_build make_samples_style
check_exe "$work/make_samples_style/vectorScale" _Z11vectorScalePKfPffi
[ -x "$work/make_samples_style/bin/$(uname -m)/release/vectorScale" ] ||
  fail "make_samples_style: the recipe's copy step did not run"
grep -q "SMS (70 75 80 86 90) names NVIDIA architectures" "$work/err.txt" ||
  fail "make_samples_style: SMS is not noted"
# The module nvcc -fatbin made: the device-only compile's offload bundle.
check_bundle "$work/make_samples_style/vectorScale_kernel64.fatbin" scaleModule

port_and_build make_shared_flags
check_exe "$work/make_shared_flags/shapes" _Z4areaPKiS0_Pii
# The object the define template's rule built (shapes holds one offload
# bundle per object; the first is kernels.o's).
check_exe "$work/make_shared_flags/scale.o" _Z10scaleAreasPiii
check_exe "$work/make_shared_flags/tool" _Z4fillPfi
# The host compile never sees an nvcc flag or a HIP one, in either branch.
(cd "$work/make_shared_flags" && make -n -B DEBUG=1 "HIPCXX=$hipcxx" "ROCM_PATH=$rocm") \
  >"$work/debug.n" 2>&1 || fail "make_shared_flags: make -n DEBUG=1 failed"
host=$(grep "host.cpp" "$work/debug.n" || true)
[[ $host == g++* || $host == *" g++ "* ]] || fail "make_shared_flags: host.cpp is not compiled by g++: $host"
grep -q -- "-g -DSHAPES_VERSION=3 -Wall" <<<"$host" ||
  fail "make_shared_flags: the host compile lost or gained flags: $host"
grep -E -q -- "-lineinfo|-gline-tables-only|offload-arch" <<<"$host" &&
  fail "make_shared_flags: an nvcc or HIP flag reached g++: $host"
grep "kernels.cu" "$work/debug.n" | grep -q -- "-gline-tables-only" ||
  fail "make_shared_flags: DEBUG=1's -lineinfo did not reach the GPU compile as -gline-tables-only"
grep "kernels.cu" "$work/make_shared_flags.n" | grep -q -- "-gline-tables-only" &&
  fail "make_shared_flags: -gline-tables-only outside the DEBUG=1 branch"

# nvcc where the migration cannot reach it is counted and named.
mkdir -p "$work/left"
printf 'NVCC_VERSION := $(shell nvcc --version | tail -1)\nall:\n\t@echo $(NVCC_VERSION)\n' \
  >"$work/left/Makefile"
printf '__global__ void k() {}\n' >"$work/left/k.cu"
run 0 "port a Makefile that still runs nvcc" "$hw" port "$work/left" --out-root "$work/left-out"
grep -q "1 command still running nvcc" "$work/err.txt" ||
  fail "the nvcc left in \$(shell ...) is not counted: $(grep 'build files' "$work/err.txt")"
grep -q "Makefile:1: note: '\$(shell nvcc --version | tail -1)' still runs nvcc" "$work/err.txt" ||
  fail "the nvcc left is not named with its line: $(cat "$work/err.txt")"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "the migrated Makefiles build for gfx942 and gfx950 against ROCm 7.2 with no nvcc flag left"
