#!/usr/bin/env bash
# A warp-width macro defined in a header and used in several files (issue 27,
# item 3): `#define WARP_SIZE 32U` is reported once, at its definition, with
# every lane or warp index computation built on it in every file of the
# tree, and none of those uses is reported again where it is. Each
# translation unit sees only its own uses; the port merges the lists. The
# result is the same with one job or two, from a warm result cache and from
# shards.
#
#   macro_fold_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

mkdir -p "$work/tree/kernels"
cd "$work/tree"
cat >warp.cuh <<'CU'
#pragma once
#define WARP_SIZE 32U
CU
cat >kernels/a.cu <<'CU'
#include "../warp.cuh"
__global__ void sumRows(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int o = WARP_SIZE / 2; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o, WARP_SIZE);
  int lane = threadIdx.x % WARP_SIZE;
  if (lane == 0)
    out[threadIdx.x / WARP_SIZE] = v;
}
CU
cat >kernels/b.cu <<'CU'
#include "../warp.cuh"
__global__ void countWarps(int *out) {
  int warp = threadIdx.x / WARP_SIZE;
  int v = __shfl_sync(0xffffffffu, warp, 0, WARP_SIZE);
  out[warp] = v;
}
CU
# A file that includes the header and builds nothing on the macro.
cat >kernels/c.cu <<'CU'
#include "../warp.cuh"
__global__ void fill(int *out) { out[threadIdx.x] = 1; }
CU

lint() { # lint OUT.json ARGS...
  local out=$1
  shift
  "$hw" lint --rules warp-size --fail-on never --format json "$@" . >"$out" 2>"$work/lint.err" ||
    { fail "lint $*: $(head -3 "$work/lint.err")"; return; }
}
lint "$work/j1.json" -j1 --no-cache
msg=$(json_get "$work/j1.json" "[f['message'] for f in d['findings'] if f['rule'] == 'warp-size.macro-constant']")
want="'WARP_SIZE' is 32 and used as the warp width, and 3 lane and warp index computations are built on it (lines a.cu:6, a.cu:8, b.cu:3; not reported one by one)"
[[ $msg == *"$want"* ]] || fail "the definition does not list every file's uses: $msg"
[ "$(json_get "$work/j1.json" "len([f for f in d['findings'] if f['rule'] == 'warp-size.macro-constant'])")" = 1 ] ||
  fail "the definition is reported more than once"
[ "$(json_get "$work/j1.json" "[f['file'] + ':' + str(f['line']) for f in d['findings'] if f['rule'] == 'warp-size.macro-constant'][0]")" = "warp.cuh:2" ] ||
  fail "the definition is not reported at warp.cuh:2"
# The uses themselves: not reported again.
for at in kernels/a.cu:6 kernels/a.cu:8 kernels/b.cu:3; do
  n=$(json_get "$work/j1.json" "len([f for f in d['findings'] if f['rule'] == 'warp-size.lane-arithmetic' and f['file'] + ':' + str(f['line']) == '$at'])")
  [ "$n" = 0 ] || fail "$at is reported again beside the definition"
done

# Two jobs, then the same again from the warm cache, then shards: the same.
lint "$work/j2.json" -j2 --no-cache
lint "$work/cold.json" -j2
lint "$work/warm.json" -j2
for j in j2 cold warm; do
  cmp -s "$work/j1.json" "$work/$j.json" || fail "$j differs from one job: $(diff "$work/j1.json" "$work/$j.json" | head -5)"
done
# Three shards (each TU's uses in its own shard file), merged.
for k in 1 2 3; do
  "$hw" lint --rules warp-size --fail-on never --format json --no-cache \
    -o "$work/merged.json" --shard "$k/3" --shard-out "$work/s$k.hws" . \
    >/dev/null 2>"$work/shard.err" || fail "shard $k/3: $(head -3 "$work/shard.err")"
done
"$hw" merge "$work"/s{3,1,2}.hws >/dev/null 2>"$work/merge.err" ||
  fail "merge: $(head -3 "$work/merge.err")"
cmp -s "$work/j1.json" "$work/merged.json" ||
  fail "merged shards differ: $(diff "$work/j1.json" "$work/merged.json" | head -5)"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "a header's warp-width macro is reported once with every file's uses"
