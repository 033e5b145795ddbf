#!/usr/bin/env bash
# cmake_samples_build.sh - NVIDIA's cuda-samples, ported whole with its CMake
# files, configured with CMake's HIP language against real ROCm 7.2 and built
# with clang 22, unedited (issue 25, item 2).
#
#   bench/cmake_samples_build.sh CUDA_SAMPLES_DIR [--work DIR] [--jobs N]
#                                [--target gfx942] [--no-port]
#
# CUDA_SAMPLES_DIR is a checkout of https://github.com/NVIDIA/cuda-samples
# (this script fetches nothing and never writes into it). Steps:
#   1. `hipwright port CUDA_SAMPLES_DIR --out-root WORK/hip --copy-unchanged
#      --targets TARGET`: the whole checkout, top-level CMakeLists.txt,
#      cmake/ and Common/ included;
#   2. configure WORK/hip with cmake/rocm/hipwright-rocm.cmake (ROCm's own
#      hip and hip-lang packages) into WORK/build;
#   3. `ninja -k 0`: build every target the configure made;
#   4. for each executable target: built, and its .hip_fatbin holds a TARGET
#      code object (a sample with no kernel of its own - a driver-API or
#      library-only one - counts as built without one).
# Prints each executable that did not build with the first error of its
# build (a compile error in a source names the file: those are the port's,
# docs/samples-port.md lists them; anything else is the build files'), and
# the figures: configure ok, executables, built, built with TARGET code.
# --no-port reuses WORK/hip. Needs cmake, ninja and clang 22. Exit status: 0
# when the run completed (whatever the figure), 2 on bad usage or when a step
# could not run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}
llvm=/usr/lib/llvm-22/bin
rocm=${HIPWRIGHT_ROCM_PATH:-$("$hipwright" --version 2>/dev/null | sed -n 's/^compile checks: ROCm .* at //p')}

usage() {
  sed -n '2,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

src=""
work="${TMPDIR:-/tmp}/hipwright-cmake-samples"
jobs=$(nproc 2>/dev/null || echo 1)
target=gfx942
do_port=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --work) work="${2:?--work needs a directory}"; shift 2 ;;
    --jobs|-j) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    --target) target="${2:?--target needs a gfx name}"; shift 2 ;;
    --no-port) do_port=0; shift ;;
    -h|--help) usage ;;
    -*) echo "cmake_samples_build: unknown option $1" >&2; usage ;;
    *) [ -z "$src" ] || usage; src=$1; shift ;;
  esac
done
[ -n "$src" ] && [ -f "$src/CMakeLists.txt" ] && [ -d "$src/Samples" ] || usage
for t in cmake ninja; do
  command -v "$t" >/dev/null || { echo "cmake_samples_build: no $t" >&2; exit 2; }
done
[ -x "$hipwright" ] || { echo "cmake_samples_build: no hipwright at $hipwright" >&2; exit 2; }
[ -n "$rocm" ] && [ -f "$rocm/include/hip/hip_runtime.h" ] ||
  { echo "cmake_samples_build: no ROCm headers (scripts/fetch-rocm.sh)" >&2; exit 2; }
src=$(cd "$src" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)

if [ "$do_port" = 1 ]; then
  rm -rf "$work/hip"
  start=$(date +%s)
  "$hipwright" port "$src" --out-root "$work/hip" --copy-unchanged --no-analyzers \
    --targets "$target" -q --stats "$work/port.json" >"$work/port.txt" 2>&1 || true
  [ -f "$work/hip/CMakeLists.txt" ] || { echo "cmake_samples_build: the port wrote no tree" >&2; exit 2; }
  summary=$(python3 - "$work/port.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f, b = d["files"], d["build_files"]
print("%d files: %d translated, %d partial; build files: %d migrated, "
      "%d commands still running nvcc" % (f["total"], f["translated"],
      f["partial"], b["migrated"], b["commands_running_nvcc"]))
PY
)
  echo "port: $summary ($(($(date +%s) - start)) s)"
fi

rm -rf "$work/build"
configure_ok=no
if cmake -S "$work/hip" -B "$work/build" -G Ninja \
    --toolchain "$here/cmake/rocm/hipwright-rocm.cmake" "-DHIPWRIGHT_ROCM_ROOT=$rocm" \
    >"$work/configure.txt" 2>&1; then
  configure_ok=yes
else
  echo "configure failed:"
  grep -m5 -A3 "CMake Error" "$work/configure.txt" || tail -20 "$work/configure.txt"
  exit 0
fi
ninja -C "$work/build" -k 0 -j "$jobs" >"$work/build.txt" 2>&1 || true

# Executable targets: CMake's link rules name them in build.ninja.
mapfile -t exes < <(grep -E '^build [^:]+: (CXX|HIP|C)_EXECUTABLE_LINKER' "$work/build/build.ninja" |
  sed -E 's/^build ([^:]+):.*/\1/' | sort -u)
built=0 with_code=0
: >"$work/failures.txt"
for e in "${exes[@]}"; do
  if [ -x "$work/build/$e" ]; then
    built=$((built + 1))
    if "$llvm/llvm-objcopy" --dump-section ".hip_fatbin=$work/fatbin" "$work/build/$e" /dev/null 2>/dev/null &&
      "$llvm/clang-offload-bundler" --list --type=o --input="$work/fatbin" 2>/dev/null | grep -q "$target"; then
      with_code=$((with_code + 1))
    fi
  else
    dir=$(dirname "$e")
    # The first error of the build lines about this target's folder.
    err=$(grep -E "error:|FAILED: " "$work/build.txt" | grep -m1 -F "$dir/" || true)
    echo "$e | ${err:0:220}" >>"$work/failures.txt"
  fi
done

echo "== executables that did not build (first error) =="
cat "$work/failures.txt"
echo
echo "configure with CMake's HIP language and ROCm 7.2's packages: $configure_ok"
echo "executable targets configured: ${#exes[@]}"
echo "built: $built / ${#exes[@]}"
echo "built with a $target code object: $with_code"
