#!/usr/bin/env bash
# Installs every Debian package hipwright needs (a no-op when all are
# present) and builds it into build/. Safe to run again at any time.
#
#   scripts/setup.sh            install + configure + build
#   SKIP_BUILD=1 scripts/setup.sh   install only
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${HIPWRIGHT_BUILD_DIR:-$here/build}

packages=(
  # build
  cmake ninja-build g++ pkg-config
  # the build-file tests run make on a migrated Makefile; one of its trees
  # passes -fopenmp (as real CUDA Makefiles do), which needs clang 22's omp.h
  make libomp-22-dev
  # test scripts read JSON with python3
  python3
  # LLVM/Clang 22: the parser, and the HIP compiler for the compile checks
  clang-22 libclang-cpp22-dev libclang-22-dev llvm-22-dev llvm-22-tools lld-22
  # compiler-rt builtins of clang 22: CMake's HIP language (hip-lang-config)
  # refuses to configure a migrated project without them
  libclang-rt-22-dev
  # clang-offload-bundler: the compile check reads the offload bundle with it
  clang-tools-22
  # unit.format checks the C++ sources against .clang-format with it
  clang-format-22
  # libraries and unit tests
  libfmt-dev catch2
  # scripts/fetch-rocm.sh: the ROCm 7.2 packages are downloaded and unpacked
  # into a prefix of hipwright's own, never installed (see below)
  debian-archive-keyring xz-utils
  chromium # headless, for the test that renders the HTML report
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The compile checks need these LLVM 22 tools; say which package is missing
# now rather than let a test discover it.
llvm_bin=/usr/lib/llvm-22/bin
for tool in clang++ clang-offload-bundler ld.lld llvm-link llvm-dis llvm-as \
  llvm-objcopy llvm-readelf FileCheck clang-format; do
  if [ ! -x "$llvm_bin/$tool" ]; then
    echo "setup: error: $llvm_bin/$tool is missing after installing packages" >&2
    exit 1
  fi
done

if [ ! -x /usr/local/cuda/bin/nvcc ] && [ -z "${CUDA_PATH:-}" ] && ! command -v nvcc >/dev/null; then
  echo "setup: warning: no CUDA toolkit found (/usr/local/cuda, \$CUDA_PATH, nvcc on PATH);" >&2
  echo "setup: hipwright needs the CUDA headers to parse CUDA sources." >&2
fi

# Every compile check builds against a real ROCm release: ROCm 7.2.4 from
# Debian's experimental suite, downloaded (pinned, checksummed, cached) and
# unpacked into a prefix of hipwright's own; nothing is installed on the
# system (scripts/fetch-rocm.sh says why and how).
rocm_prefix=$("$here/scripts/fetch-rocm.sh" | tail -n 1)
[ -f "$rocm_prefix/usr/include/hip/hip_runtime.h" ] || {
  echo "setup: error: scripts/fetch-rocm.sh made no usable ROCm prefix ($rocm_prefix)" >&2
  exit 1
}

if [ -n "${SKIP_BUILD:-}" ]; then exit 0; fi

jobs=$(nproc)
cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DHIPWRIGHT_ROCM_PREFIX="$rocm_prefix" >/dev/null
cmake --build "$build_dir" -j "$jobs"
