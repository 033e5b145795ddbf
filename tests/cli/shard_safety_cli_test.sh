#!/usr/bin/env bash
# Sharding never costs the user a source (issue 30): a merge whose shards
# read text that has changed since is refused with nothing written; a
# --shard-out that is an input is refused; merge's refusals name the shard
# files; an out-of-range --shard says its real limit; and the result
# cache's abandoned temporaries are swept by the next run.
#
#   shard_safety_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

make_tree() { # make_tree DIR: two sources, one sharing a user header
  rm -rf "$1"
  mkdir -p "$1/src"
  cat >"$1/src/a.cu" <<'CU'
#include "h.cuh"
__global__ void k(float *d) { d[threadIdx.x] = twice(d[threadIdx.x]); }
void fa(float *d) { k<<<1, 32>>>(d); cudaDeviceSynchronize(); }
CU
  cat >"$1/src/b.cu" <<'CU'
#include <cuda_runtime.h>
void fb(int *h) {
  int *d;
  cudaMalloc(&d, 256);
  cudaMemcpy(d, h, 256, cudaMemcpyHostToDevice);
  cudaFree(d);
}
CU
  cat >"$1/src/h.cuh" <<'CU'
#pragma once
#include <cuda_runtime.h>
__device__ inline float twice(float v) {
  return v + __shfl_down_sync(0xffffffff, v, 16);
}
CU
}
same_tree() { diff -r "$1" "$2" >/dev/null; }

# --- 1. a merge of results computed from text that changed since -----------
# In place, one shard: the edit (one comment line at the top of b.cu) moves
# every byte offset the shard stored.
make_tree "$work/t1"
cd "$work/t1"
run 0 "in-place shard 1/1" "$hw" port src --in-place --shard 1/1 --shard-out "$work/s1.hws"
sed -i '1i // edited after the shard ran' src/b.cu
cp -r src "$work/t1-edited"
run 2 "merge after b.cu changed" "$hw" merge "$work/s1.hws"
same_tree src "$work/t1-edited" || fail "a refused merge wrote into the tree"
grep -q "src/b.cu changed after $work/s1.hws (shard 1/1) was written" "$work/err.txt" ||
  fail "the refusal names neither the file nor the shard file: $(cat "$work/err.txt")"
grep -q "nothing was written" "$work/err.txt" || fail "the refusal does not say nothing was written"
ls src/*.orig >/dev/null 2>&1 && fail "a refused merge wrote backups"
# The same with --no-backup, which once lost the edited text for good.
make_tree "$work/t1b"
cd "$work/t1b"
run 0 "in-place --no-backup shard" "$hw" port src --in-place --no-backup --shard 1/1 \
  --shard-out "$work/s1b.hws"
sed -i '1i // edited' src/b.cu
cp src/b.cu "$work/b.edited"
run 2 "merge --no-backup after b.cu changed" "$hw" merge "$work/s1b.hws"
cmp -s src/b.cu "$work/b.edited" || fail "--no-backup merge changed the edited b.cu"
# Unchanged tree: the merge goes through and ports.
make_tree "$work/t1c"
cd "$work/t1c"
run 0 "in-place shard, unchanged" "$hw" port src --in-place --shard 1/1 --shard-out "$work/s1c.hws"
run 0 "merge of an unchanged tree" "$hw" merge "$work/s1c.hws"
grep -q hipMalloc src/b.cu || fail "the merge of an unchanged tree did not port b.cu"

# Two shards and --out-root; the change is in a header only one TU reads.
make_tree "$work/t2"
cd "$work/t2"
for k in 1 2; do
  run 0 "out-root shard $k/2" "$hw" port src --out-root "$work/t2-out" -q \
    --shard "$k/2" --shard-out "$work/p-$k.hws"
done
echo "// a comment added to the header" >>src/h.cuh
run 2 "merge after the header changed" "$hw" merge "$work"/p-{1,2}.hws
[ ! -e "$work/t2-out" ] || fail "a refused merge wrote the output tree"
grep -q "src/h.cuh changed after $work/p-[12].hws (shard [12]/2) was written (its result for .*src/a.cu" "$work/err.txt" ||
  fail "header change: $(cat "$work/err.txt")"

# lint: a shard's findings sit at lines of the text it read.
make_tree "$work/t3"
cd "$work/t3"
for k in 1 2; do
  run 0 "lint shard $k/2" "$hw" lint src --format json -o "$work/l.json" \
    --shard "$k/2" --shard-out "$work/l-$k.hws"
done
sed -i '1i // moved down a line' src/a.cu
run 2 "lint merge after a.cu changed" "$hw" merge "$work"/l-{1,2}.hws
[ ! -e "$work/l.json" ] || fail "a refused lint merge wrote its JSON"
grep -q "src/a.cu changed after" "$work/err.txt" || fail "lint merge: $(cat "$work/err.txt")"
# A header created where the parse looked and found nothing (it would
# shadow or satisfy an include) makes the result stale too.
make_tree "$work/t4"
cd "$work/t4"
sed -i '1i #if __has_include("maybe.h")\n#include "maybe.h"\n#endif' src/b.cu
run 0 "lint shard 1/1 (maybe.h absent)" "$hw" lint src --shard 1/1 --shard-out "$work/m.hws"
echo '#pragma once' >src/maybe.h
run 2 "merge after a looked-for header appeared" "$hw" merge "$work/m.hws"
grep -q "src/maybe.h exists now but did not when" "$work/err.txt" ||
  fail "appeared header: $(cat "$work/err.txt")"

# --- 2. --shard-out onto an input ------------------------------------------
make_tree "$work/t5"
cd "$work/t5"
cp -r src "$work/t5-orig"
for cmd in lint port report; do
  for target in src/a.cu src/h.cuh; do
    extra=()
    [ "$cmd" = port ] && extra=(--out-root "$work/t5-out")
    run 2 "$cmd --shard-out $target" "$hw" "$cmd" src "${extra[@]}" --shard 1/2 --shard-out "$target"
    grep -q -- "--shard-out $target: that is the input" "$work/err.txt" ||
      fail "$cmd --shard-out $target: $(cat "$work/err.txt")"
  done
done
same_tree src "$work/t5-orig" || fail "--shard-out onto an input changed the tree"

# --- 3. merge names the files; the shard count's real limit ----------------
cd "$work/t3"
# (t3's a.cu was edited above: new shards of the tree as it is now)
for k in 1 2; do
  run 0 "lint shard $k/2 again" "$hw" lint src --shard "$k/2" --shard-out "$work/n-$k.hws"
done
run 2 "merge with a shard given twice" "$hw" merge "$work/n-1.hws" "$work/n-1.hws" "$work/n-2.hws"
grep -q "$work/n-1.hws (shard 1/2) is given twice" "$work/err.txt" ||
  fail "repeated shard not named by file: $(cat "$work/err.txt")"
run 0 "lint shard 1/3" "$hw" lint src --shard 1/3 --shard-out "$work/o-1.hws"
run 2 "merge of shards of two runs" "$hw" merge "$work/n-1.hws" "$work/o-1.hws"
grep -q "$work/o-1.hws (shard 1/3) is from another run" "$work/err.txt" ||
  fail "other run's shard not named by file: $(cat "$work/err.txt")"
run 2 "--shard 1/4294967296" "$hw" lint src --shard 1/4294967296 --shard-out "$work/x.hws"
grep -q "N is at most 1000000" "$work/err.txt" || fail "huge N: $(cat "$work/err.txt")"
grep -q "1 <= K <= N" "$work/err.txt" && fail "huge N is blamed on 1 <= K <= N: $(cat "$work/err.txt")"
run 2 "--shard 3/2" "$hw" lint src --shard 3/2 --shard-out "$work/x.hws"
grep -q "1 <= K <= N" "$work/err.txt" || fail "K > N: $(cat "$work/err.txt")"

# --- 3b. the cache's abandoned temporaries ----------------------------------
export HIPWRIGHT_CACHE_DIR="$work/cache"
cd "$work/t5"
run 1 "cold lint fills the cache" "$hw" lint src
dir=$(find "$work/cache/tu-v1" -mindepth 1 -maxdepth 1 -type d | head -1)
old="$dir/.x.tu.hipwright-a1b2c3"
young="$dir/.y.tu.hipwright-d4e5f6"
held="$dir/.z.tu.hipwright-0a0b0c"
echo partial >"$old"
echo partial >"$young"
echo partial >"$held"
touch -d '2 days ago' "$old" "$held"
# A writer still alive holds its temporary locked (as writeFileAtomically
# does); the sweep must leave it.
(
  exec 9<"$held"
  flock 9
  exec sleep 30 # the same process, still holding the lock
) &
holder=$!
sleep 0.5
rm -f "$work/cache/last-temp-sweep"
run 1 "warm lint sweeps" "$hw" lint src
[ ! -e "$old" ] || fail "a two-day-old abandoned temporary was not removed"
[ -e "$young" ] || fail "a fresh temporary (maybe a live writer's) was removed"
[ -e "$held" ] || fail "a temporary locked by a live writer was removed"
kill "$holder" 2>/dev/null || true
wait "$holder" 2>/dev/null || true
# Within the hour the walk is not repeated.
echo partial >"$old"
touch -d '2 days ago' "$old"
run 1 "second warm lint within the hour" "$hw" lint src
[ -e "$old" ] || fail "the sweep ran again within the hour"
touch -d '2 hours ago' "$work/cache/last-temp-sweep"
run 1 "warm lint an hour later" "$hw" lint src
[ ! -e "$old" ] || fail "the hourly sweep did not run"
[ ! -e "$held" ] || fail "an unlocked two-day-old temporary survived"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "shard safety checks passed"
