#!/usr/bin/env bash
# hip_compile_check.sh - compile HIP sources for real AMDGPU targets with
# clang's HIP toolchain (and, given a mapping header, for NVIDIA with nvcc).
#
#   hip_compile_check.sh [--targets gfx942,gfx950[,sm_90]] [--include DIR]...
#                        [--work DIR] [--define NAME[=VALUE]]... [--jobs N]
#                        [--nvidia-mapping-header FILE] [--verbose] FILE...
#
# A thin wrapper: the check is `hipwright compile-check` (lib/verify/
# CompileCheck.h), which takes these options and prints the report this
# script always printed (PASS/FAIL/SKIP TARGET FILE: detail). Exit status:
# 0 nothing failed, 1 anything failed, 2 bad usage, 77 the toolchain itself
# is missing (all skipped). See docs/compile-check.md.
#
# The hipwright binary: $HIPWRIGHT, else the one this copy was installed or
# staged with (<prefix>/share/hipwright/compile-check -> <prefix>/bin), else
# the source tree's build/bin, else hipwright on PATH.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [[ -n "${HIPWRIGHT:-}" ]]; then
  hipwright=$HIPWRIGHT
elif [[ "$script_dir" == */share/hipwright/compile-check &&
  -x "$script_dir/../../../bin/hipwright" ]]; then
  hipwright=$script_dir/../../../bin/hipwright
elif [[ -x "$script_dir/../../build/bin/hipwright" ]]; then
  hipwright=$script_dir/../../build/bin/hipwright
elif command -v hipwright >/dev/null 2>&1; then
  hipwright=$(command -v hipwright)
else
  echo "hip_compile_check: hipwright not found (build it, or set HIPWRIGHT to its path)" >&2
  exit 2
fi
exec "$hipwright" compile-check "$@"
