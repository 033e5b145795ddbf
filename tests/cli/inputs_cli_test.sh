#!/usr/bin/env bash
# What port, lint and report read, and what they say about what they did
# not: link cycles walked once (no hang), unreadable directories reported
# (lint exits 2), HIP input left alone with exit 0, trees without sources,
# a file named twice, and the messages of issue 13 (plurals, --rules
# without --fix, query with several names, config and baseline checks).
#
#   inputs_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
# A hang here is the bug under test: stop it rather than wait forever.
hwt() { timeout 300 "$hw" "$@"; }

cuda_kernel() {
  cat <<'CU'
#include <cuda_runtime.h>
__global__ void fill(int *p) { p[threadIdx.x] = 1; }
int main() {
  int *d = nullptr;
  cudaMalloc(&d, 128);
  fill<<<1, 32>>>(d);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
CU
}

# ---- link cycles -------------------------------------------------------------
mkdir -p "$work/loop/sub"
cuda_kernel >"$work/loop/k.cu"
printf '#pragma once\n#include <cuda_runtime.h>\n' >"$work/loop/sub/h.cuh"
ln -s .. "$work/loop/sub/up"   # back to the root
ln -s . "$work/loop/self"      # a second loop: exponential before the fix
run 0 "port a tree with link cycles" hwt port "$work/loop" --out-root "$work/loop-out" \
  --stats "$work/loop.json"
grep -q "2 files: 2 translated" "$work/err.txt" || fail "cycle tree: not 2 files: $(head -3 "$work/err.txt")"
grep -q "skipped: self links to $work/loop, which is already walked" "$work/err.txt" ||
  fail "cycle 'self' not reported: $(cat "$work/err.txt")"
grep -q "skipped: sub/up links to" "$work/err.txt" || fail "cycle 'sub/up' not reported"
n=$(find "$work/loop-out" -type f | wc -l)
[ "$n" = 2 ] || fail "cycle tree: $n files written, wanted 2"
[ "$(json_get "$work/loop.json" 'len(d["inputs_skipped"])')" = 2 ] ||
  fail "--stats inputs_skipped: $(json_get "$work/loop.json" 'd["inputs_skipped"]')"
run 0 "lint a tree with link cycles" hwt lint --fail-on never "$work/loop"
grep -q "hipwright lint: note: .*self links to" "$work/err.txt" || fail "lint: cycle not noted"

# ---- unreadable directories --------------------------------------------------
# Root reads a chmod-000 directory anyway, so as root the commands run as
# user nobody (setpriv); without root, as the caller.
mkdir -p "$work/locked-tree/private"
cuda_kernel >"$work/locked-tree/k.cu"
cuda_kernel >"$work/locked-tree/private/hidden.cu"
chmod 755 "$work" "$work/locked-tree"
chmod 000 "$work/locked-tree/private"
as_user=()
if [ "$(id -u)" = 0 ]; then
  if command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
    as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  else
    as_user=(SKIP)
    echo "SKIP: unreadable-directory checks: running as root and setpriv or user nobody is missing"
  fi
fi
if [ "${as_user[0]:-}" != SKIP ]; then
  run 2 "lint with an unreadable directory" "${as_user[@]}" "$hw" lint "$work/locked-tree"
  grep -q "hipwright lint: error: .*locked-tree/private cannot be read: Permission denied" "$work/err.txt" ||
    fail "lint: unreadable directory not named: $(cat "$work/err.txt")"
  run 2 "report with an unreadable directory" "${as_user[@]}" "$hw" report "$work/locked-tree"
  grep -q "private cannot be read" "$work/err.txt" || fail "report: unreadable directory not named"
  mkdir -m 777 "$work/locked-out"
  run 3 "port with an unreadable directory" "${as_user[@]}" "$hw" port "$work/locked-tree" \
    --out-root "$work/locked-out"
  grep -q "not read: private cannot be read" "$work/err.txt" || fail "port: summary lacks the directory"
  [ -f "$work/locked-out/k.cu" ] || fail "port: the readable file was not ported"
  run 2 "lint on a directory that is entirely unreadable" "${as_user[@]}" "$hw" lint "$work/locked-tree/private"
  grep -q "private cannot be read" "$work/err.txt" || fail "lint: unreadable root not named"
fi
chmod 755 "$work/locked-tree/private"

# ---- HIP input ---------------------------------------------------------------
mkdir -p "$work/cuda"
cuda_kernel >"$work/cuda/k.cu"
printf '#pragma once\n#include <cuda_runtime.h>\ninline void sync() { cudaDeviceSynchronize(); }\n' \
  >"$work/cuda/util.cuh"
run 0 "port CUDA" hwt port "$work/cuda" --out-root "$work/hip"
grep -q "hip/hip_runtime.h" "$work/hip/k.cu" || fail "first port did not produce HIP"
run 0 "port the port again" hwt port "$work/hip" --out-root "$work/hip2" --stats "$work/hip.json"
grep -q "0 partial, 0 failed" "$work/err.txt" || fail "HIP input partial or failed: $(cat "$work/err.txt")"
grep -q "already HIP, left unchanged: k.cu" "$work/err.txt" || fail "HIP input not reported as such"
[ "$(json_get "$work/hip.json" 'd["files"]["already_hip"]')" = 2 ] ||
  fail "--stats already_hip: $(json_get "$work/hip.json" 'd["files"]')"
[ ! -e "$work/hip2/k.cu" ] || fail "an unchanged HIP file was written"
run 0 "diff of HIP input is empty" hwt port "$work/hip" --diff
[ ! -s "$work/out.txt" ] || fail "HIP input has a diff: $(head "$work/out.txt")"
run 0 "lint HIP input" hwt lint "$work/hip"
grep -q "note: .*k.cu: already HIP" "$work/err.txt" || fail "lint: HIP input not noted"

# ---- inputs without sources, a file named twice, stdout messages --------------
mkdir -p "$work/empty"
echo notes >"$work/empty/README.txt"
run 2 "a directory without sources" hwt port "$work/empty" --diff
grep -q "no CUDA, C or C++ sources found" "$work/err.txt" || fail "empty dir: $(cat "$work/err.txt")"
run 2 "lint on a directory without sources" hwt lint "$work/empty"
run 0 "the same file twice goes to stdout" hwt port -q "$work/cuda/k.cu" "$work/cuda/./k.cu"
grep -q "hipMalloc" "$work/out.txt" || fail "file twice: no translation on stdout"
mkdir -p "$work/one"
cuda_kernel >"$work/one/k.cu"
run 2 "a directory to stdout" hwt port "$work/one"
grep -q "the input is a directory with 1 file: choose" "$work/err.txt" ||
  fail "directory to stdout: $(cat "$work/err.txt")"
run 0 "one file, singular" hwt port "$work/one" --diff
grep -q "^hipwright port: 1 file: 1 translated" "$work/err.txt" || fail "plural: $(head -1 "$work/err.txt")"

# ---- options that were accepted silently -----------------------------------------
run 2 "--rules without --fix" hwt port "$work/one/k.cu" --rules warp-size
grep -q -- "--rules chooses which fix-its --fix applies" "$work/err.txt" || fail "--rules: $(cat "$work/err.txt")"
run 0 "--rules with --fix" hwt port -q "$work/one/k.cu" --fix --rules warp-size
run 0 "query two names" hwt query cudaMalloc cudaFree
grep -q "^cudaMalloc -> hipMalloc" "$work/out.txt" || fail "query: first name"
grep -q "^cudaFree -> hipFree" "$work/out.txt" || fail "query: second name ignored"
run 1 "query with one unknown name" hwt query cudaMalloc cudaMallocc
grep -q "^cudaMalloc -> hipMalloc" "$work/out.txt" || fail "query: known name not answered"
grep -q "no rule for 'cudaMallocc'" "$work/err.txt" || fail "query: unknown name not named"
run 2 "query --coverage-markdown with a name" hwt query --coverage-markdown cudaMalloc

# ---- configuration and baselines ------------------------------------------------
printf 'rules: {enable: ["*"]}\ntargets:\n  - gfx942\n  - gfx9042\n' >"$work/bad-target.yaml"
run 2 "unknown target in the config" hwt lint --config "$work/bad-target.yaml" "$work/one"
grep -q "bad-target.yaml:4: targets: unknown target 'gfx9042'" "$work/err.txt" ||
  fail "unknown target: $(cat "$work/err.txt")"
printf 'effort:\n  rules:\n    tensor-core: enormous\n' >"$work/bad-bucket.yaml"
run 2 "lint rejects an unknown effort bucket" hwt lint --config "$work/bad-bucket.yaml" "$work/one"
grep -q "bad-bucket.yaml:3: effort rule names unknown bucket 'enormous'" "$work/err.txt" ||
  fail "lint effort bucket: $(cat "$work/err.txt")"
run 2 "report rejects it the same way" hwt report --config "$work/bad-bucket.yaml" "$work/one"
grep -q "bad-bucket.yaml:3:" "$work/err.txt" || fail "report effort bucket: $(cat "$work/err.txt")"
run 0 "dump-config shows the default targets" hwt lint --dump-config "$work/one"
grep -q '^targets: \["gfx942", "gfx950"\]' "$work/out.txt" || fail "dump-config: $(grep targets "$work/out.txt")"
run 0 "dump-config shows --targets" hwt lint --dump-config --targets gfx1100 "$work/one"
grep -q '^targets: \["gfx1100"\]' "$work/out.txt" || fail "dump-config --targets: $(grep targets "$work/out.txt")"
echo '{"version": 99, "findings": []}' >"$work/base99.json"
run 2 "a baseline of another version" hwt lint --baseline "$work/base99.json" "$work/one"
grep -q "base99.json: baseline version 99; this hipwright reads version 1" "$work/err.txt" ||
  fail "baseline version: $(cat "$work/err.txt")"

# ---- include directories from the tree's CMake files -------------------------
# As in cuda-samples' FDTD3d: src/gpu.cu includes "gpu.h" from inc/, which
# only the CMakeLists.txt names. Without compile_commands.json the port
# takes the directory from there; the parse is complete, not partial.
mkdir -p "$work/cmk/app/src" "$work/cmk/app/inc"
cat >"$work/cmk/app/inc/gpu.h" <<'H'
#pragma once
#include <cuda_runtime.h>
inline cudaError_t launchGpu(float *p, cudaStream_t s);
H
cat >"$work/cmk/app/src/gpu.cu" <<'CU'
#include "gpu.h"
__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }
cudaError_t launchGpu(float *p, cudaStream_t s) {
  scale<<<1, 64, 0, s>>>(p);
  return cudaGetLastError();
}
CU
printf 'project(app LANGUAGES CXX CUDA)\nadd_executable(app src/gpu.cu)\ntarget_include_directories(app PRIVATE inc)\n' \
  >"$work/cmk/app/CMakeLists.txt"
run 0 "port a tree whose include directory only CMake names" \
  hwt port "$work/cmk" --out-root "$work/cmk-out" --stats "$work/cmk.json"
grep -q "3 translated, 0 unchanged, 0 partial" "$work/err.txt" || fail "CMake include dir not used: $(cat "$work/err.txt")"
grep -q "hipStream_t" "$work/cmk-out/app/inc/gpu.h" || fail "gpu.h not translated"
grep -q "hipGetLastError" "$work/cmk-out/app/src/gpu.cu" || fail "gpu.cu not translated"
# Control: the same source alone (no CMake file in its tree) cannot find it.
run 3 "the same source without its CMake file is partial" \
  hwt port "$work/cmk/app/src/gpu.cu" --out-root "$work/cmk-alone"
grep -q "gpu.h' file not found" "$work/err.txt" || fail "control: $(cat "$work/err.txt")"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all input CLI checks passed"
