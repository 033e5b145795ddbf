#!/usr/bin/env bash
# run_compat_test.sh - builds tests/compat/compat_semantics.hip against the
# hipwright_cuda_compat.h that `hipwright query --compat-header` prints (the
# copy compiled into the binary, which a port writes) and runs it on the
# host; also checks that copy is the one in include/hipwright/compat/.
#
#   HIPWRIGHT=path/to/hipwright run_compat_test.sh WORK_DIR
#
# Also compiles a plain .cpp that includes it with g++ and clang++ (no HIP
# mode), as CMake builds a port's host sources.
# Needs clang++-22, g++ and the ROCm the compile checks use (for hip_runtime.h).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../require_tool.sh"
work=$1
hipwright=${HIPWRIGHT:?set HIPWRIGHT}
clang=${HIPWRIGHT_LLVM_BIN:+$HIPWRIGHT_LLVM_BIN/clang++}
[[ -n "$clang" && -x "$clang" ]] || clang=$(command -v clang++-22 || true)
[[ -n "$clang" ]] || missing_tool "clang++-22 not found" clang-22
rocm=$("$hipwright" --version | sed -n 's/^compile checks: ROCm .* at //p')
[[ -n "$rocm" && -d "$rocm/include/hip" ]] ||
  missing_tool "no ROCm for the compile checks (scripts/fetch-rocm.sh)" ""

rm -rf "$work" && mkdir -p "$work"
"$hipwright" query --compat-header >"$work/hipwright_cuda_compat.h"
cmp "$work/hipwright_cuda_compat.h" \
  "$here/../../include/hipwright/compat/hipwright_cuda_compat.h" ||
  { echo "FAIL: the embedded header differs from include/hipwright/compat/"; exit 1; }
# Host only: no kernels, and -no-hip-rt because nothing calls the runtime
# (ROCm 7.2's libamdhip64 needs a newer C library than Debian 12's).
"$clang" -x hip --offload-host-only -no-hip-rt -std=c++17 -Wall -Wextra -Werror \
  --rocm-path="$rocm" -isystem "$rocm/include" -I "$work" \
  "$here/compat_semantics.hip" -o "$work/compat_semantics"
"$work/compat_semantics"

# A host compiler reads the header too: a .cpp of the port that includes a
# ported header (cuda-samples' nbody.cpp) is compiled by the C++ compiler,
# with HIP's host headers and no device functions (__threadfence_block).
for cxx in g++ "$clang"; do
  command -v "$cxx" >/dev/null || missing_tool "no $cxx" g++
  printf '#include <hip/hip_runtime.h>\n#include "hipwright_cuda_compat.h"\nint main() { return 0; }\n' \
    >"$work/host_only.cpp"
  "$cxx" -std=c++17 -D__HIP_PLATFORM_AMD__=1 -isystem "$rocm/include" -I "$work" \
    -c "$work/host_only.cpp" -o "$work/host_only.o" ||
    { echo "FAIL: $cxx cannot compile a .cpp that includes the header"; exit 1; }
done
