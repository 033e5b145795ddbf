#!/usr/bin/env bash
# Builds what the build-file migration made of tests/build_files/cuda_project
# with CMake's HIP language (issue 11, item 4), on Debian 12's HIP 5.2.3 and
# clang 22 through cmake/debian-hip/hipwright-debian-hip.cmake:
#  - configure succeeds (hipBLAS is not packaged by Debian: an empty
#    stand-in package lets configure run; saxpy_app, the one target that
#    needs it, is configured but not built);
#  - the static library `kernels` (separable compilation, hipRAND) builds,
#    its objects carrying gfx942 and gfx950 device code;
#  - the executable fill_demo links it with -fgpu-rdc --hip-link, and the
#    library's saxpy kernel is in fill_demo's gfx942 and gfx950 code objects;
#  - make builds the migrated tests/build_files/make_project with clang 22
#    (no nvcc called), its kernel in the gfx942 and gfx950 code objects.
# Exit 77 (skipped) when a tool is missing, unless HIPWRIGHT_REQUIRE_TOOLCHAIN=1.
#
#   build_files_cmake_build_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
llvm=/usr/lib/llvm-22/bin

missing() {
  if [ "${HIPWRIGHT_REQUIRE_TOOLCHAIN:-}" = 1 ]; then
    echo "FAIL: $1 (HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes this an error)"
    exit 1
  fi
  echo "SKIP: $1"
  exit 77
}
command -v cmake >/dev/null || missing "no cmake"
command -v ninja >/dev/null || missing "no ninja"
for t in clang++ clang-offload-bundler llvm-objcopy llvm-readelf; do
  [ -x "$llvm/$t" ] || missing "no $llvm/$t (clang-22, llvm-22, clang-tools-22)"
done
[ -d /usr/lib/x86_64-linux-gnu/cmake/hip-lang ] || missing "no hip-lang CMake package (libamdhip64-dev)"
[ -d /usr/lib/x86_64-linux-gnu/cmake/hiprand ] || missing "no hipRAND CMake package (libhiprand-dev)"

run 0 "port the sample project" "$hw" port "$root/tests/build_files/cuda_project" \
  --out-root "$work/src" --copy-unchanged --no-analyzers -q

# The device-library overlay, built by the compile check (which also checks
# one ported source compiles for both targets).
run 0 "compile check builds the device-library overlay" \
  env HIPWRIGHT="$hw" bash "$root/tests/compile/hip_compile_check.sh" --work "$work/cc" \
  --targets gfx942,gfx950 "$work/src/src/saxpy.cu"
devlibs=$(ls -d "$work"/cc/devlibs-* 2>/dev/null | head -1)
[ -n "$devlibs" ] || { fail "no device-library overlay in $work/cc"; exit 1; }

mkdir -p "$work/stub/hipblas"
cat >"$work/stub/hipblas/hipblas-config.cmake" <<'CM'
# Stand-in: Debian 12 does not package hipBLAS. Configure-only.
add_library(roc::hipblas INTERFACE IMPORTED)
set(hipblas_FOUND TRUE)
CM
run 0 "configure the migrated project" cmake -S "$work/src" -B "$work/build" -G Ninja \
  --toolchain "$root/cmake/debian-hip/hipwright-debian-hip.cmake" \
  "-DHIPWRIGHT_DEVICE_LIBS=$devlibs" "-Dhipblas_DIR=$work/stub/hipblas"
grep -q "The HIP compiler identification is Clang" "$work/out.txt" || fail "HIP language not enabled"
grep -q -- "--offload-arch=gfx942 --offload-arch=gfx950" "$work/build/build.ninja" ||
  fail "HIP_ARCHITECTURES did not reach the compile lines"

run 0 "build kernels and fill_demo" ninja -C "$work/build" kernels fill_demo
obj="$work/build/src/CMakeFiles/kernels.dir/saxpy.cu.o"
bundles=$("$llvm/clang-offload-bundler" --list --type=o --input="$obj" 2>&1 || true)
for t in gfx942 gfx950; do
  grep -q "amdgcn-amd-amdhsa--$t" <<<"$bundles" || fail "saxpy.cu.o has no $t code: $bundles"
done
"$llvm/llvm-objcopy" --dump-section ".hip_fatbin=$work/fatbin" "$work/build/app/fill_demo" ||
  fail "fill_demo has no .hip_fatbin"
for t in gfx942 gfx950; do
  "$llvm/clang-offload-bundler" --unbundle --type=o --input="$work/fatbin" \
    "--targets=hipv4-amdgcn-amd-amdhsa--$t" "--output=$work/$t.co" ||
    { fail "fill_demo: no $t code object"; continue; }
  # Read whole before grep -q: under pipefail an early exit is a SIGPIPE.
  syms=$("$llvm/llvm-readelf" --syms "$work/$t.co")
  grep -q "_Z5saxpyifPKfPf.kd" <<<"$syms" ||
    fail "fill_demo's $t code object lacks the library's saxpy kernel (device link)"
done

# ---- the migrated Makefile, built by make with clang 22 ----------------------
if command -v make >/dev/null; then
  run 0 "port the Makefile project" "$hw" port "$root/tests/build_files/make_project" \
    --out-root "$work/mk" --no-analyzers -q
  # HIPCXX and ROCM_PATH are the migrated Makefile's knobs; the flags are
  # what Debian's HIP needs with clang 22 (as for CMake above).
  hipcxx="$llvm/clang++ --rocm-path=/usr --rocm-device-lib-path=$devlibs -mcode-object-version=5"
  hipcxx+=" -include $root/include/hipwright/hip_prelude.h -I$root/include"
  run 0 "make builds the migrated Makefile" make -C "$work/mk" "HIPCXX=$hipcxx" ROCM_PATH=/usr
  grep -q nvcc "$work/out.txt" && fail "make called nvcc"
  "$llvm/llvm-objcopy" --dump-section ".hip_fatbin=$work/mk-fatbin" "$work/mk/fill" ||
    fail "fill has no .hip_fatbin"
  for t in gfx942 gfx950; do
    "$llvm/clang-offload-bundler" --unbundle --type=o --input="$work/mk-fatbin" \
      "--targets=hipv4-amdgcn-amd-amdhsa--$t" "--output=$work/mk-$t.co" ||
      { fail "fill: no $t code object"; continue; }
    syms=$("$llvm/llvm-readelf" --syms "$work/mk-$t.co")
    grep -q "_Z8scaleAllPfi.kd" <<<"$syms" ||
      fail "fill's $t code object lacks its kernel"
  done
else
  missing "no make"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "the migrated CMake project configures and builds for gfx942 and gfx950"
