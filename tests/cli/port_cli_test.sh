#!/usr/bin/env bash
# Behaviour of `hipwright port` a script can rely on: exit codes, outputs
# (stdout, --out-root, --diff, --in-place with backups and permissions),
# --stats, -p compile_commands.json and --jobs determinism.
#
#   port_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
work=$(mktemp -d)
test_cache=$(mktemp -d) # a result cache of this test's own, not ~/.cache's
export HIPWRIGHT_CACHE_DIR=$test_cache
trap 'rm -rf "$work" "$test_cache"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_rc() { # expect_rc WANT DESCRIPTION CMD...
  local want=$1 what=$2 rc=0
  shift 2
  "$@" >"$work/out.txt" 2>"$work/err.txt" || rc=$?
  [ "$rc" = "$want" ] || { fail "$what: exit $rc, wanted $want"; sed 's/^/    /' "$work/err.txt"; }
}

mkdir -p "$work/src/sub"
cat >"$work/src/k.cu" <<'CU'
#include "sub/common.cuh"
__global__ void fill(int *p) { p[threadIdx.x] = WARP_ALL(threadIdx.x); }
int main() {
  int *d = nullptr;
  if (cudaMalloc(&d, 128) != cudaSuccess) return 1;
  fill<<<1, 32>>>(d);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
CU
cat >"$work/src/sub/common.cuh" <<'CU'
#pragma once
#include <cuda_runtime.h>
#define WARP_ALL(v) __shfl_sync(0xffffffff, (v), 0)
CU
cat >"$work/src/plain.cpp" <<'CU'
int add(int a, int b) { return a + b; }
CU
cat >"$work/src/broken.cu" <<'CU'
#include "does_not_exist.h"
void f() { cudaThreadSynchronize(); cudaFree(0); }
CU
chmod 0640 "$work/src/k.cu"

# Usage and environment errors: 2.
expect_rc 2 "no arguments" "$hw" port
expect_rc 2 "unknown option" "$hw" port --bogus "$work/src/k.cu"
expect_rc 2 "missing path" "$hw" port "$work/nope.cu"
grep -q "nope.cu" "$work/err.txt" || fail "missing path not named in the error"
expect_rc 2 "bad --jobs" "$hw" port --jobs zero "$work/src/k.cu"
expect_rc 2 "option without its value" "$hw" port "$work/src/k.cu" --out-root
expect_rc 2 "-p without its value" "$hw" port "$work/src/k.cu" -p
expect_rc 2 "two output modes" "$hw" port --diff --in-place "$work/src/k.cu"
expect_rc 2 "several files to stdout" "$hw" port "$work/src"
expect_rc 2 "bad --cuda-path" "$hw" port --cuda-path "$work/nocuda" "$work/src/k.cu"
grep -q "$work/nocuda" "$work/err.txt" || fail "bad --cuda-path not named"
CUDA_PATH="$work/nocuda" expect_rc 0 "\$CUDA_PATH without a toolkit falls back" "$hw" port -q "$work/src/plain.cpp"

# A single file goes to stdout.
expect_rc 0 "single file to stdout" "$hw" port -q "$work/src/k.cu"
grep -q "hipMalloc(&d, 128) != hipSuccess" "$work/out.txt" || fail "stdout lacks the translation"

# --out-root mirrors the tree, writes translated files only; a partial file
# makes the exit code 3 but is still written and listed.
expect_rc 3 "out-root with a partial file" "$hw" port "$work/src" --out-root "$work/o1" --stats "$work/stats.json"
[ -f "$work/o1/k.cu" ] || fail "k.cu not written"
[ -f "$work/o1/sub/common.cuh" ] || fail "header not written under its relative path"
[ ! -e "$work/o1/plain.cpp" ] || fail "unchanged plain.cpp was copied"
[ -f "$work/o1/broken.cu" ] || fail "partial file not written"
grep -q "hipDeviceSynchronize" "$work/o1/broken.cu" || fail "partial file not translated as far as possible"
grep -q "partial: broken.cu" "$work/err.txt" || fail "summary does not list the partial file"
grep -q "does_not_exist.h" "$work/err.txt" || fail "summary lacks the compiler error"
grep -q '0xffffffffffffffffull' "$work/o1/sub/common.cuh" || fail "mask in the shared header not widened"
grep -q '"partial": 1' "$work/stats.json" || fail "--stats lacks the partial count"
expect_rc 3 "copy-unchanged" "$hw" port "$work/src" --out-root "$work/o2" --copy-unchanged -q
cmp -s "$work/src/plain.cpp" "$work/o2/plain.cpp" || fail "--copy-unchanged did not copy plain.cpp"

# --jobs does not change a byte.
expect_rc 3 "jobs 1" "$hw" port "$work/src" --out-root "$work/j1" -j 1 -q
expect_rc 3 "jobs 3" "$hw" port "$work/src" --out-root "$work/j3" -j 3 -q
diff -r "$work/j1" "$work/j3" >/dev/null || fail "--jobs 1 and --jobs 3 differ"

# --diff writes nothing.
cp -r "$work/src" "$work/d"
expect_rc 3 "diff" "$hw" port "$work/d" --diff -q
grep -q '^-  if (cudaMalloc' "$work/out.txt" || fail "--diff lacks the removed line"
grep -q '^+  if (hipMalloc' "$work/out.txt" || fail "--diff lacks the added line"
diff -r "$work/src" "$work/d" >/dev/null || fail "--diff modified the sources"

# --in-place: atomic rewrite, permissions kept, backup unless --no-backup;
# porting again changes nothing (idempotence).
cp -rp "$work/src" "$work/ip"
expect_rc 3 "in-place" "$hw" port "$work/ip" --in-place -q
cmp -s "$work/ip/k.cu" "$work/o1/k.cu" || fail "in-place result differs from out-root result"
cmp -s "$work/ip/k.cu.orig" "$work/src/k.cu" || fail "backup is not the original"
[ "$(stat -c %a "$work/ip/k.cu")" = 640 ] || fail "permissions not kept"
[ -z "$(find "$work/ip" -name '.*hipwright*')" ] || fail "temporary files left behind"
cp -rp "$work/ip" "$work/ip2"
"$hw" port "$work/ip2" --in-place --no-backup -q >/dev/null 2>&1 || true
diff -r -x '*.orig' "$work/ip" "$work/ip2" >/dev/null || fail "second port changed something (not idempotent)"
[ -z "$(find "$work/ip2" -name '*.orig.orig')" ] || fail "--no-backup wrote a backup"

# -p reads compile_commands.json: the include path and macro come from it.
mkdir -p "$work/pp/inc" "$work/pp/build"
cat >"$work/pp/inc/cfg.h" <<'CU'
#define USE_STREAMS 1
CU
cat >"$work/pp/main.cu" <<'CU'
#include <cfg.h>
#if USE_STREAMS && FROM_DB
void f(cudaStream_t *s) { cudaStreamCreate(s); }
#endif
CU
cat >"$work/pp/build/compile_commands.json" <<JSON
[{"directory": "$work/pp/build", "file": "$work/pp/main.cu",
  "command": "/usr/local/cuda/bin/nvcc -I../inc -DFROM_DB=1 -gencode arch=compute_90,code=sm_90 -c $work/pp/main.cu"}]
JSON
expect_rc 0 "-p with compile_commands.json" "$hw" port -p "$work/pp/build" "$work/pp/main.cu"
grep -q "hipStreamCreate" "$work/out.txt" || fail "-p: translation missing"
expect_rc 3 "without -p the include is missing" "$hw" port "$work/pp/main.cu"
expect_rc 2 "-p without a database" "$hw" port -p "$work/nowhere" "$work/pp/main.cu"

# --rocm-version: a HIP name newer than the target is not emitted; the CUDA
# name stays and is listed as unconverted. Default: the newest release.
mkdir -p "$work/rv"
cat >"$work/rv/rv.cu" <<'CU'
#include <math_constants.h>
#include <cuda_runtime.h>
float f(cudaStream_t *s) { cudaStreamCreate(s); return CUDART_PI_F; }
CU
expect_rc 2 "bad --rocm-version" "$hw" port --rocm-version six "$work/rv/rv.cu"
grep -q "rocm-version needs a ROCm release such as 6.2, not 'six'" "$work/err.txt" || fail "bad --rocm-version not explained"
expect_rc 0 "default target: the newest release" "$hw" port -q "$work/rv/rv.cu"
grep -q "return HIP_PI_F;" "$work/out.txt" || fail "default target: CUDART_PI_F not translated"
grep -q "#include <hip/hip_math_constants.h>" "$work/out.txt" || fail "default target: header not translated"
expect_rc 0 "--rocm-version 5.2" "$hw" port --rocm-version 5.2 "$work/rv/rv.cu"
grep -q "return CUDART_PI_F;" "$work/out.txt" || fail "5.2: CUDART_PI_F (HIP_PI_F needs 5.3) was translated"
grep -q "#include <math_constants.h>" "$work/out.txt" || fail "5.2: hip_math_constants.h (5.3) was emitted"
grep -q "hipStreamCreate(s)" "$work/out.txt" || fail "5.2: an old name was held back"
grep -q "CUDART_PI_F" "$work/err.txt" || fail "5.2: summary does not list CUDART_PI_F as unconverted"
expect_rc 0 "--rocm-version=5.3.1" "$hw" port -q --rocm-version=5.3.1 "$work/rv/rv.cu"
grep -q "return HIP_PI_F;" "$work/out.txt" || fail "5.3.1: HIP_PI_F (5.3) held back"

# A call rule that cannot apply safely says why, at the call, and the port
# goes on; the rest of the file is translated.
mkdir -p "$work/cs"
cat >"$work/cs/ctx.cpp" <<'CU'
#include <cuda.h>
#include <cuda_runtime.h>
int f(CUdevice dev, CUcontext *ctx, cudaStream_t s, cudaEvent_t e) {
  CUctxCreateParams params = {};
  params.cigParams = nullptr;
  cudaStreamWaitEvent(s, e);
  return cuCtxCreate(ctx, &params, 0, dev);
}
CU
expect_rc 1 "lint reports a call left with CUDA's arguments" "$hw" lint "$work/cs/ctx.cpp"
grep -q "ctx.cpp:7:10: warning: cuCtxCreate: CUDA 13 context-creation parameters .*no HIP equivalent.*\[unsupported-api.call-signature\]" "$work/out.txt" ||
  fail "call-signature finding missing: $(grep call-signature "$work/out.txt")"
expect_rc 0 "port still translates the file" "$hw" port "$work/cs/ctx.cpp"
grep -q "hipStreamWaitEvent(s, e, 0);" "$work/out.txt" || fail "the call rule did not add HIP's missing flags"
grep -q "return hipCtxCreate(ctx, &params, 0, dev);" "$work/out.txt" || fail "the unrewritable call lost its arguments"

# Cache-hinted loads and stores become plain ones where the rewrite fits
# (tests/golden/cache_hinted_loads_stores); where it does not, the call is
# left as written and reported once, by its name's row.
mkdir -p "$work/ch"
cat >"$work/ch/hints.cu" <<'CU'
#include <cuda_runtime.h>
#define LOAD(p) __ldcs(p)
__device__ float keep(float *out, const float *in) {
  float a = __ldcs(in);
  const float &r = __ldcs(in + 1);
  float b = LOAD(in + 2);
  float c = __ldcv(in + 3);
  __stwt(out, a);
  __stcs(out + 1, r + b + c);
  return a;
}
CU
expect_rc 0 "port of cache-hinted calls" "$hw" port "$work/ch/hints.cu"
grep -q "float a = \*in;" "$work/out.txt" || fail "__ldcs not a plain load: $(grep 'float a' "$work/out.txt")"
grep -q "^  \*(out + 1) = r + b + c;" "$work/out.txt" || fail "__stcs not a plain store: $(grep 'r + b' "$work/out.txt")"
grep -q "const float &r = __ldcs(in + 1);" "$work/out.txt" || fail "a load bound to a reference was rewritten"
grep -q "#define LOAD(p) __ldcs(p)" "$work/out.txt" || fail "a call inside a macro was rewritten"
expect_rc 1 "lint of cache-hinted calls left in place" "$hw" lint "$work/ch/hints.cu"
for at in 2:17 5:20 7:13 8:3; do
  [ "$(grep -c "hints.cu:$at: warning: .*\[unsupported-api\]" "$work/out.txt")" = 1 ] ||
    fail "hints.cu:$at not reported exactly once: $(grep "hints.cu:$at" "$work/out.txt")"
done
[ "$(grep -c ': warning: ' "$work/out.txt")" = 4 ] ||
  fail "rewritten calls still reported: $(grep ': warning: ' "$work/out.txt")"

# A header whose #include is missing stops the parse of every TU that
# includes it: the main file is partial too, saying where its parse stopped,
# not "translated" as if its AST had been read.
mkdir -p "$work/fatal"
cat >"$work/fatal/binding.h" <<'CU'
#include <torch/extension.h>
void bind();
CU
cat >"$work/fatal/gemm.cu" <<'CU'
#include "binding.h"
#include <cuda_runtime.h>
void go(cudaStream_t s) { cudaStreamSynchronize(s); }
CU
expect_rc 3 "a fatal error in an included header" "$hw" port "$work/fatal" --out-root "$work/fatal-out"
grep -q "2 files: 0 translated, 0 unchanged, 2 partial" "$work/err.txt" ||
  fail "both files should be partial: $(head -3 "$work/err.txt")"
grep -q "gemm.cu: error: the parse stopped at $work/fatal/binding.h:1 ('torch/extension.h' file not found)" "$work/err.txt" ||
  fail "gemm.cu does not say where its parse stopped: $(cat "$work/err.txt")"
grep -q "hipStream_t" "$work/fatal-out/gemm.cu" || fail "gemm.cu's tokens not translated"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all port CLI checks passed"
