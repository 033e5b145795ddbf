#!/usr/bin/env bash
# Behaviour of `hipwright verify` on two tiny programs: usage errors (exit 2
# with a message), the four formats, the JSON shape `report --verify` reads,
# exit 1 when a cell fails, a hang the runtime diagnoses instead of waiting,
# and the report including the matrix.
#
#   verify_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

mkdir -p "$work/progs"
cat >"$work/progs/axpy.cu" <<'CU'
#include <cstdio>
__global__ void axpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main() {
  const int n = 1000;
  float *x, *y;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&y, n * sizeof(float));
  for (int i = 0; i < n; ++i) { x[i] = i; y[i] = 1; }
  axpy<<<(n + 127) / 128, 128>>>(n, 2.0f, x, y);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != 2.0f * i + 1;
  printf("axpy: %d wrong\n%s\n", wrong, wrong ? "FAILED" : "PASSED");
  return wrong != 0;
}
CU
# Half the block waits at a barrier the other half never reaches: on a GPU
# this hangs or is undefined; the runtime must diagnose it and end the run.
cat >"$work/progs/hang.cu" <<'CU'
#include <cstdio>
__global__ void stuck(int *out) {
  __shared__ int s;
  if (threadIdx.x < 16) {
    __syncthreads();
  } else {
    out[threadIdx.x] = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
  }
  s = 1;
}
int main() {
  int *o;
  cudaMalloc(&o, 64 * sizeof(int));
  stuck<<<1, 32>>>(o);
  cudaDeviceSynchronize();
  printf("PASSED\n");
  return 0;
}
CU
# ---- usage -------------------------------------------------------------------
run 2 "unknown format" "$hw" verify "$work/progs" --format yaml
grep -q "format must be" "$work/err.txt" || fail "unknown format: no message"
run 2 "bad jobs" "$hw" verify "$work/progs" -j 0
run 2 "missing path" "$hw" verify "$work/nope"
grep -q "nope: no such file" "$work/err.txt" || fail "missing path: no message"
run 2 "unknown target" "$hw" verify "$work/progs" --targets gfx999
run 2 "option without value" "$hw" verify "$work/progs" --timeout
run 0 "help" "$hw" verify --help
grep -q -- "--timeout SECONDS" "$work/out.txt" || fail "help text"

# ---- one program, every format -------------------------------------------------
run 0 "axpy verifies" "$hw" verify "$work/progs/axpy.cu" -q --timeout 60 \
  --format json -o "$work/axpy.json"
for cell in cuda-build-nvcc port-build-gfx942 port-build-gfx950 port-build-nvidia \
  cuda-run-wave32 port-run-wave64 fixed-run-wave64 fixed-run-wave32 \
  native-run-wave64 native-run-wave32; do
  s=$(json_get "$work/axpy.json" "d['programs'][0]['cells']['$cell']['status']")
  [ "$s" = pass ] || fail "axpy $cell: $s ($(json_get "$work/axpy.json" "d['programs'][0]['cells']['$cell']['detail']"))"
done
s=$(json_get "$work/axpy.json" "d['programs'][0]['cells']['gpu-run-nvidia']['status']")
if ! command -v nvidia-smi >/dev/null; then
  [ "$s" = not-run ] || fail "gpu-run-nvidia without a GPU: $s"
fi
d=$(json_get "$work/axpy.json" "d['programs'][0]['cells']['port-run-wave64']['detail']")
case "$d" in *"64 lanes"*PASSED*) ;; *) fail "run detail says how and what: $d" ;; esac

# The matrix goes into the report.
run 0 "report with the matrix" "$hw" report "$work/progs/axpy.cu" --format md \
  --verify "$work/axpy.json" -o "$work/report.md"
grep -q "fixed-run-wave64" "$work/report.md" || fail "report lacks the matrix"

# ---- the GPU cell's build path, with a stand-in nvidia-smi --------------------------
# No GPU here: a fake nvidia-smi makes verify build the original and the port
# with nvcc (the port through the mapping header) and try to run them; the
# runs fail without a driver, but both builds must have succeeded.
if [ -x /usr/local/cuda/bin/nvcc ] && ! command -v nvidia-smi >/dev/null; then
  mkdir -p "$work/fakegpu"
  printf '#!/bin/sh\necho "GPU 0: Stand-in GPU (UUID: GPU-0)"\n' >"$work/fakegpu/nvidia-smi"
  chmod +x "$work/fakegpu/nvidia-smi"
  PATH="$work/fakegpu:$PATH" run 1 "stand-in GPU" "$hw" verify "$work/progs/axpy.cu" \
    -q --timeout 60 --format json -o "$work/gpu.json"
  d=$(json_get "$work/gpu.json" "d['programs'][0]['cells']['gpu-run-nvidia']['detail']")
  case "$d" in
    "GPU 0: Stand-in GPU"*"original: "*"; port: "*) ;;
    *) fail "gpu cell detail: $d" ;;
  esac
  case "$d" in *"build failed"*) fail "gpu cell build: $d" ;; esac
fi

# ---- -I and -D reach every step -----------------------------------------------------
# The header lies outside the program's directory and the macro is defined
# nowhere: without -I and -D nothing builds, and the cells say so.
mkdir -p "$work/incprog" "$work/incdir"
cat >"$work/incdir/scale_helper.h" <<'H'
#pragma once
__host__ __device__ inline int helperTwice(int x) { return 2 * x; }
H
cat >"$work/incprog/needs_flags.cu" <<'CU'
#include <cstdio>
#include <scale_helper.h>
#ifndef SCALE
#error "build with -DSCALE=N"
#endif
__global__ void k(int *o) { o[threadIdx.x] = SCALE * helperTwice(threadIdx.x); }
int main() {
  int *o;
  cudaMallocManaged(&o, 64 * sizeof(int));
  k<<<1, 64>>>(o);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += o[i] != SCALE * 2 * i;
#ifdef EXTRA_CHECK
  printf("extra check on\n");
#else
  wrong += 1000;
#endif
  printf("%d wrong\n%s\n", wrong, wrong ? "FAILED" : "PASSED");
  return wrong != 0;
}
CU
run 2 "-I without a directory" "$hw" verify "$work/incprog" -I "$work/nope"
grep -q "nope: no such directory" "$work/err.txt" || fail "-I: no message"
run 2 "-D with a bad name" "$hw" verify "$work/incprog" -D 1X=2
grep -q "NAME or NAME=VALUE" "$work/err.txt" || fail "-D: no message"
run 2 "-D without a value" "$hw" verify "$work/incprog" -D
run 0 "help names -I and -D" "$hw" verify --help
grep -q -- "-I DIR" "$work/out.txt" || fail "help lacks -I"
grep -q -- "-D NAME" "$work/out.txt" || fail "help lacks -D"

run 1 "no -I, no -D" "$hw" verify "$work/incprog" -q --timeout 60 \
  --format json -o "$work/noflags.json"
cell() { json_get "$1" "d['programs'][0]['cells']['$2']['$3']"; }
for c in cuda-build-nvcc port-build-gfx942 port-build-nvidia cuda-run-wave32 \
  port-run-wave64 fixed-run-wave32; do
  s=$(cell "$work/noflags.json" $c status)
  d=$(cell "$work/noflags.json" $c detail)
  case "$s" in pass | not-run) fail "without flags $c: $s ($d)" ;; esac
  case "$d" in *scale_helper.h*) ;; *) fail "without flags $c does not name the header: $d" ;; esac
done
# Both spellings of each option; the joined ones too.
run 0 "with -I and -D" "$hw" verify "$work/incprog" -q --timeout 60 \
  -I"$work/incdir" -D SCALE=3 -DEXTRA_CHECK --format json -o "$work/flags.json"
for c in cuda-build-nvcc port-build-gfx942 port-build-gfx950 port-build-nvidia \
  cuda-run-wave32 port-run-wave64 fixed-run-wave64 fixed-run-wave32 \
  native-run-wave64 native-run-wave32; do
  s=$(cell "$work/flags.json" $c status)
  [ "$s" = pass ] || fail "with flags $c: $s ($(cell "$work/flags.json" $c detail))"
done
case "$(cell "$work/flags.json" cuda-run-wave32 detail)" in
  *PASSED*) ;; *) fail "run detail lacks the verdict" ;;
esac

# ---- a hang is diagnosed, and fails the run cells -------------------------------
run 1 "hang fails" "$hw" verify "$work/progs/hang.cu" -q --timeout 60 \
  --format text -o "$work/hang.txt"
grep -q "cuda-run-wave32: fail: .*hipwright-sim: error: .*stuck" "$work/hang.txt" ||
  { fail "hang not diagnosed"; sed 's/^/    /' "$work/hang.txt" | head -30; }

for fmt in html; do
  run 1 "both programs as $fmt" "$hw" verify "$work/progs" -q --timeout 60 \
    --format $fmt -o "$work/both.$fmt"
  grep -q "axpy.cu" "$work/both.$fmt" || fail "$fmt lacks a program"
done
grep -q "<table>" "$work/both.html" || fail "html has no table"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all verify CLI checks passed"
