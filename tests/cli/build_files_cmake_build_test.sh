#!/usr/bin/env bash
# Builds what the build-file migration made of tests/build_files/cuda_project
# with CMake's HIP language (issue 11, item 4; issue 24, item 4) against real
# ROCm 7.2 (scripts/fetch-rocm.sh) and clang 22, through ROCm's own `hip`,
# `hip-lang`, `hiprand` and `hipblas` CMake packages and
# cmake/rocm/hipwright-rocm.cmake:
#  - configure succeeds, every target of the tree (saxpy_app with hipBLAS
#    included) is configured and built;
#  - the static library `kernels` (separable compilation, hipRAND) builds,
#    its objects carrying gfx942 and gfx950 device code;
#  - the executable fill_demo links it with -fgpu-rdc --hip-link, and the
#    library's saxpy kernel is in fill_demo's gfx942 and gfx950 code objects;
#  - the custom command that ran nvcc -fatbin runs clang with the build's
#    HIP flags and targets: its module is an offload bundle of gfx942 and
#    gfx950 code objects holding the kernel module_demo loads by name;
#  - the executables need ROCm 7.2's libamdhip64.so.7 (not another HIP's);
#  - linked without --allow-shlib-undefined, the only unresolved symbols are
#    the versioned glibc 2.38 / GLIBCXX_3.4.32 / CXXABI_1.3.15 ones ROCm 7.2's Debian
#    libraries take from a newer C library than Debian 12's;
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
# The ROCm release hipwright's compile checks name (`hipwright --version`).
rocm=$("$hw" --version | sed -n 's/^compile checks: ROCm .* at //p')
[ -n "$rocm" ] && [ -f "$rocm/include/hip/hip_runtime.h" ] ||
  missing "no ROCm (scripts/fetch-rocm.sh): $("$hw" --version | tail -1)"
[ -d "$rocm/lib/x86_64-linux-gnu/cmake/hip-lang" ] || [ -d "$rocm/lib/cmake/hip-lang" ] ||
  missing "no hip-lang CMake package in $rocm"

run 0 "port the sample project" "$hw" port "$root/tests/build_files/cuda_project" \
  --out-root "$work/src" --copy-unchanged --no-analyzers -q

run 0 "configure the migrated project" cmake -S "$work/src" -B "$work/build" -G Ninja \
  --toolchain "$root/cmake/rocm/hipwright-rocm.cmake" "-DHIPWRIGHT_ROCM_ROOT=$rocm"
grep -q "The HIP compiler identification is Clang" "$work/out.txt" || fail "HIP language not enabled"
grep -q -- "--offload-arch=gfx942 --offload-arch=gfx950" "$work/build/build.ninja" ||
  fail "HIP_ARCHITECTURES did not reach the compile lines"
# ROCm's own packages, not a stand-in: the configure read them from the root.
for pkg in hip hiprand hipblas; do
  grep -q "${pkg}_DIR:PATH=$rocm/lib/" "$work/build/CMakeCache.txt" ||
    fail "$pkg was not found in $rocm: $(grep "${pkg}_DIR" "$work/build/CMakeCache.txt")"
done

run 0 "build every target" ninja -C "$work/build"
obj="$work/build/src/CMakeFiles/kernels.dir/saxpy.cu.o"
bundles=$("$llvm/clang-offload-bundler" --list --type=o --input="$obj" 2>&1 || true)
for t in gfx942 gfx950; do
  grep -q "amdgcn-amd-amdhsa--$t" <<<"$bundles" || fail "saxpy.cu.o has no $t code: $bundles"
done
# The library's saxpy kernel, in fill_demo's code objects: the device link.
check_exe "$work/build/app/fill_demo" _Z5saxpyifPKfPf

# The module the custom command built (nvcc -fatbin before): an offload
# bundle of gfx942 and gfx950 code objects holding the kernel the program
# loads by name, compiled with the build's HIP flags (-ffp-contract=fast from
# --use_fast_math in MODULE_FLAGS).
cmd=$(ninja -C "$work/build" -t commands scale_module | grep -- "--cuda-device-only" || true)
grep -q -- "--offload-arch=gfx942 --offload-arch=gfx950" <<<"$cmd" || fail "module command lacks the AMD targets: $cmd"
grep -q -- "-isystem $rocm/include" <<<"$cmd" || fail "module command lacks CMAKE_HIP_FLAGS: $cmd"
grep -q -- "-ffp-contract=fast" <<<"$cmd" || fail "module command lacks MODULE_FLAGS' translation: $cmd"
grep -q -- "gencode\|-fatbin" <<<"$cmd" && fail "module command still has nvcc flags: $cmd"
check_bundle "$work/build/app/scale_kernel.fatbin" scale
[ -x "$work/build/app/module_demo" ] || fail "module_demo was not built"

# The executables need ROCm 7.2's HIP runtime, and the link is complete but
# for what ROCm's libraries take from a newer C library than this one.
for exe in app/fill_demo app/saxpy_app; do
  needed=$("$llvm/llvm-readelf" -d "$work/build/$exe" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
  grep -qx "libamdhip64.so.7" <<<"$needed" || fail "$exe does not need libamdhip64.so.7: $needed"
  grep -q "libamdhip64.so.5" <<<"$needed" && fail "$exe needs the older libamdhip64.so.5"
done
link=$(ninja -C "$work/build" -t commands app/fill_demo | tail -1)
strict=${link//-Wl,--allow-shlib-undefined/}
[ "$strict" != "$link" ] || fail "fill_demo's link line has no --allow-shlib-undefined: $link"
rc=0
(cd "$work/build" && eval "${strict/ -o app\/fill_demo / -o strict_fill_demo }") >"$work/strict.txt" 2>&1 || rc=$?
if [ "$rc" = 0 ]; then
  echo "note: the strict link succeeded (this C library has what ROCm's libraries need)"
else
  unresolved=$(grep -o "undefined reference to \`[^']*'" "$work/strict.txt" | sort -u || true)
  [ -n "$unresolved" ] || fail "the strict link failed for another reason: $(tail -5 "$work/strict.txt")"
  while IFS= read -r u; do
    [ -n "$u" ] || continue
    case $u in
    *@GLIBC_2.38\' | *@GLIBCXX_3.4.32\' | *@CXXABI_1.3.15\') ;;
    *) fail "unresolved beyond the newer C library's versioned symbols: $u" ;;
    esac
  done <<<"$unresolved"
fi

# ---- the migrated Makefile, built by make with clang 22 ----------------------
if command -v make >/dev/null; then
  run 0 "port the Makefile project" "$hw" port "$root/tests/build_files/make_project" \
    --out-root "$work/mk" --no-analyzers -q
  # HIPCXX and ROCM_PATH are the migrated Makefile's knobs; the flags are the
  # toolchain file's (cmake/rocm/hipwright-rocm.cmake says why each is there).
  hipcxx="$llvm/clang++ --rocm-path=$rocm -isystem $rocm/include -no-hip-rt"
  hipcxx+=" -Wl,-rpath-link,$rocm/lib/x86_64-linux-gnu -Wl,--allow-shlib-undefined"
  run 0 "make builds the migrated Makefile" make -C "$work/mk" "HIPCXX=$hipcxx" "ROCM_PATH=$rocm"
  grep -q nvcc "$work/out.txt" && fail "make called nvcc"
  check_exe "$work/mk/fill" _Z8scaleAllPfi
  needed=$("$llvm/llvm-readelf" -d "$work/mk/fill" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
  grep -qx "libamdhip64.so.7" <<<"$needed" || fail "fill does not need libamdhip64.so.7: $needed"
else
  missing "no make"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "the migrated CMake and Make projects build for gfx942 and gfx950 against ROCm 7.2"
