#!/usr/bin/env bash
# The speed-ups of issue 28 never change what hipwright says or writes: lint
# JSON, the ported tree, the --fix tree and stderr are byte-identical with
# everything off (no PCH, system headers' bodies parsed, every declaration
# walked) and with each on: the prelude PCH, the PCH of the #include lines TUs
# share (built in memory, stored, loaded, rebuilt after a header edit), the
# skipped system bodies, the walk limited to code outside system headers.
# The tree has what a shared prefix must carry over from its PCH build: a
# warp-width macro and its uses, PTX in a macro, an #if 0 branch with PTX, a
# header without include guard (skipped once, read again when included a
# second time), TUs that reach the shared lines through their own header.
# test_corpus is compared too (its files share `#include <cstdio>` lines).
#
#   prefix_pch_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
corpus="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../test_corpus" && pwd)"

mkdir -p "$work/tree/src"
cp -r "$corpus" "$work/tree/corpus"
cd "$work/tree/src"
cat >common.cuh <<'CU'
#pragma once
#include <cuda_runtime.h>
#define WARP_SIZE 32
#define LANE_ID(x) asm volatile("mov.u32 %0, %%laneid;" : "=r"(x))
__device__ inline float warp_sum(float v) {
  for (int o = WARP_SIZE / 2; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
#if 0
__device__ inline void old_barrier() { asm volatile("bar.sync 0;"); }
#endif
inline float *device_buffer(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n * sizeof(float));
  return p;
}
CU
# No include guard: a TU's own first line includes it again after the PCH.
cat >unguarded.cuh <<'CU'
#include "common.cuh"
template <typename T> __device__ T lane_of(T i) { return i % WARP_SIZE; }
CU
cat >own.cuh <<'CU'
#pragma once
#include "common.cuh"
__device__ inline unsigned own_lane() { unsigned l; LANE_ID(l); return l; }
CU
for n in a b c; do
  cat >"$n.cu" <<CU
// TU $n: starts with the unguarded header, as three TUs do.
#include "unguarded.cuh"

__global__ void k_$n(float *d) {
  int lane = threadIdx.x % WARP_SIZE;
  d[threadIdx.x] = warp_sum(d[threadIdx.x]) + lane_of(lane);
}
void run_$n(float *h, int n) {
  float *d = device_buffer(n);
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  k_$n<<<1, 32>>>(d);
  cudaFree(d);
}
CU
done
for n in d e; do
  cat >"$n.cu" <<CU
#include "own.cuh"
__global__ void k_$n(unsigned *o) { o[threadIdx.x] = own_lane() & (WARP_SIZE - 1); }
CU
done
# The unguarded header included twice: a plain parse reads it twice (and
# reports the redefinitions); so must the parse with the PCH.
cat >twice.cu <<'CU'
#include "unguarded.cuh"
__global__ void k_twice(float *d) { d[0] = warp_sum(d[0]); }
#include "unguarded.cuh"
CU
cd "$work/tree"

export HIPWRIGHT_CACHE_STATS=1
# run_all TAG: lint JSON, port and port --fix of the tree, each with its exit
# status and its stderr less the cache statistics.
declare -A rcs
run_all() {
  local tag=$1 rc
  rc=0
  "$hw" lint src corpus --format json -o "$work/$tag.lint.json" 2>"$work/$tag.lint.err" || rc=$?
  rcs[$tag.lint]=$rc
  rc=0
  "$hw" port src corpus --out-root "$work/$tag.port" 2>"$work/$tag.port.err" || rc=$?
  rcs[$tag.port]=$rc
  rc=0
  "$hw" port src corpus --fix --out-root "$work/$tag.fix" 2>"$work/$tag.fix.err" || rc=$?
  rcs[$tag.fix]=$rc
}
same_as_reference() { # same_as_reference TAG
  local tag=$1 out
  for out in lint port fix; do
    [ "${rcs[$tag.$out]}" = "${rcs[ref.$out]}" ] ||
      fail "$tag $out: exit ${rcs[$tag.$out]}, reference ${rcs[ref.$out]}"
    diff <(grep -v "cache: \|prelude pch: \|^  time: " "$work/ref.$out.err") \
      <(grep -v "cache: \|prelude pch: \|^  time: " "$work/$tag.$out.err") >"$work/diff.txt" ||
      fail "$tag $out: stderr differs from the reference: $(head -6 "$work/diff.txt")"
  done
  cmp -s "$work/ref.lint.json" "$work/$tag.lint.json" ||
    fail "$tag lint JSON differs from the reference"
  diff -r "$work/ref.port" "$work/$tag.port" >/dev/null ||
    fail "$tag: ported tree differs from the reference"
  diff -r "$work/ref.fix" "$work/$tag.fix" >/dev/null ||
    fail "$tag: --fix tree differs from the reference"
}
pch_line() { grep -o "prelude pch: .*" "$work/$1.lint.err" || echo "no pch line"; }

# The reference: every speed-up off. Each mode has a result cache of its own
# (the first command parses every TU, the other two reuse its results).
HIPWRIGHT_NO_PCH=1 HIPWRIGHT_PARSE_SYSTEM_BODIES=1 HIPWRIGHT_WALK_SYSTEM_DECLS=1 \
  HIPWRIGHT_CACHE_DIR="$work/cache-ref" run_all ref
[ "${rcs[ref.lint]}" = 1 ] || fail "reference lint: exit ${rcs[ref.lint]}, wanted 1 (findings)"
for rule in warp-size inline-ptx; do
  grep -q "\"$rule" "$work/ref.lint.json" || fail "the reference has no $rule finding: the test would not cover it"
done
grep -q "redefinition" "$work/ref.port.err" ||
  fail "twice.cu: no redefinition reported by the plain parse: $(head -5 "$work/ref.port.err")"
diff -r "$work/ref.port" "$work/ref.fix" >/dev/null && fail "--fix changed nothing"

for mode in bodies walk prelude prefix; do
  vars=()
  case $mode in
  bodies) vars=(HIPWRIGHT_NO_PCH=1 HIPWRIGHT_WALK_SYSTEM_DECLS=1) ;;
  walk) vars=(HIPWRIGHT_NO_PCH=1 HIPWRIGHT_PARSE_SYSTEM_BODIES=1) ;;
  prelude) vars=(HIPWRIGHT_NO_PREFIX_PCH=1) ;;
  prefix) vars=() ;;
  esac
  export HIPWRIGHT_CACHE_DIR="$work/cache-$mode"
  # env with no assignment runs the command as it is.
  run_all_env() { env ${vars[@]+"${vars[@]}"} "$@"; }
  rc=0
  run_all_env "$hw" lint src corpus --format json -o "$work/$mode.lint.json" \
    2>"$work/$mode.lint.err" || rc=$?
  rcs[$mode.lint]=$rc
  rc=0
  run_all_env "$hw" port src corpus --out-root "$work/$mode.port" 2>"$work/$mode.port.err" || rc=$?
  rcs[$mode.port]=$rc
  rc=0
  run_all_env "$hw" port src corpus --fix --out-root "$work/$mode.fix" 2>"$work/$mode.fix.err" || rc=$?
  rcs[$mode.fix]=$rc
  same_as_reference "$mode"
done

# The prefix run built PCHs of shared lines, and every TU used one.
case "$(pch_line prefix)" in
"prelude pch: "[2-9]*" built, 0 loaded, 0 rejected, "*" used, 0 fallback") ;;
*) fail "prefix run: $(pch_line prefix), wanted several PCHs built and no fallback" ;;
esac
prefix_pchs=$(find "$work/cache-prefix/pch-v1" -name '*.pch' | wc -l)
prelude_pchs=$(find "$work/cache-prelude/pch-v1" -name '*.pch' | wc -l)
[ "$prefix_pchs" -gt "$prelude_pchs" ] ||
  fail "no PCH of shared #include lines stored ($prefix_pchs with them, $prelude_pchs without)"

# Stored PCHs are loaded by the next run (its TU results removed so it
# parses), and an edited header rejects the PCHs holding it.
export HIPWRIGHT_CACHE_DIR="$work/cache-prefix"
rm -rf "$work/cache-prefix/tu-v1"
rm -rf "$work/stored.port" "$work/stored.fix"
run_all stored
same_as_reference stored
case "$(pch_line stored)" in
"prelude pch: 0 built, "*" loaded, 0 rejected, "*" used, 0 fallback") ;;
*) fail "stored run: $(pch_line stored), wanted every PCH loaded" ;;
esac
printf '// edited\n' >>src/common.cuh
rm -rf "$work/cache-prefix/tu-v1"
rc=0
"$hw" lint src --format json -o "$work/edited.lint.json" 2>"$work/edited.lint.err" || rc=$?
case "$(pch_line edited)" in
*" rejected, "*" 0 fallback") ;;
*) fail "edited header: $(pch_line edited)" ;;
esac
grep -q "prelude pch: .* 0 rejected" "$work/edited.lint.err" &&
  fail "a PCH holding the edited header was used: $(pch_line edited)"
HIPWRIGHT_NO_PCH=1 "$hw" lint src --no-cache --format json -o "$work/edited.ref.json" 2>/dev/null || true
cmp -s "$work/edited.ref.json" "$work/edited.lint.json" ||
  fail "lint after the header edit differs from a run without PCHs"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "prefix pch cli: all passed"
