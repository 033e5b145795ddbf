#!/usr/bin/env bash
# nvcc_compile.sh - compile one CUDA program with nvcc, or report SKIP.
#
#   nvcc_compile.sh --out FILE [--link] SOURCE [NVCC_ARG]...
#
# nvcc is $HIPWRIGHT_NVCC, $CUDA_PATH/bin/nvcc, /usr/local/cuda/bin/nvcc or
# nvcc on PATH. Without --link the source is compiled to an object (-c);
# with --link it is linked into an executable (pass -l options after SOURCE).
# Exits 77 with a SKIP line when no nvcc is found (ctest SKIP_RETURN_CODE),
# or 1 when HIPWRIGHT_REQUIRE_TOOLCHAIN=1 (see tests/require_tool.sh).
set -euo pipefail

out=""
link=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) out="${2:?--out needs a file}"; shift 2 ;;
    --link) link=1; shift ;;
    *) break ;;
  esac
done
[[ -n "$out" && $# -ge 1 ]] || { echo "usage: nvcc_compile.sh --out FILE [--link] SOURCE [ARG]..." >&2; exit 2; }
src="$1"; shift

nvcc="${HIPWRIGHT_NVCC:-}"
if [[ -z "$nvcc" && -n "${CUDA_PATH:-}" && -x "${CUDA_PATH}/bin/nvcc" ]]; then nvcc="$CUDA_PATH/bin/nvcc"; fi
if [[ -z "$nvcc" && -x /usr/local/cuda/bin/nvcc ]]; then nvcc=/usr/local/cuda/bin/nvcc; fi
if [[ -z "$nvcc" ]]; then nvcc=$(command -v nvcc 2>/dev/null || true); fi
if [[ -z "$nvcc" ]]; then
  # shellcheck source=../require_tool.sh
  source "$(dirname "${BASH_SOURCE[0]}")/../require_tool.sh"
  missing_tool "$src: not run: nvcc not found (set CUDA_PATH or HIPWRIGHT_NVCC)"
fi

mkdir -p "$(dirname "$out")"
if [[ $link -eq 1 ]]; then
  cmd=("$nvcc" -std=c++17 -o "$out" "$src" "$@")
else
  cmd=("$nvcc" -std=c++17 -c -o "$out" "$src" "$@")
fi
echo "${cmd[*]}"
if "${cmd[@]}"; then
  echo "PASS $src"
else
  echo "FAIL $src"
  exit 1
fi
