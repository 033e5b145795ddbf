#!/usr/bin/env bash
# The result cache and --shard/merge (issue 15): outputs are byte-identical
# cold, warm and with --no-cache; an edited header misses; a damaged entry is
# rejected and rebuilt; two processes can share a cache; shards merged give
# exactly one unsharded run's lint JSON/SARIF, report and ported tree; a TU
# with a parse error is cached until its missing header appears.
#
#   cache_shard_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
corpus="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../test_corpus" && pwd)"

mkdir -p "$work/repo/src/kern" "$work/repo/include"
cd "$work/repo"
for f in warp_reduce.cu inline_ptx.cu ballot_compact.cu; do
  cp "$corpus/$f" src/kern/
done
# A user header shared by two TUs: editing it must invalidate both.
cat >include/common.cuh <<'CU'
#pragma once
#include <cuda_runtime.h>
__device__ inline float lane_sum(float v) { return v; }
CU
cat >src/uses_header.cu <<'CU'
#include "../include/common.cuh"
__global__ void k(float *d) { d[threadIdx.x] = lane_sum(d[threadIdx.x]); }
CU
cat >src/also_header.cu <<'CU'
#include "../include/common.cuh"
void h(float *d) { cudaFree(d); }
CU

export HIPWRIGHT_CACHE_DIR="$work/cache"
export HIPWRIGHT_CACHE_STATS=1
stats() { grep -o "cache: .*" "$work/err.txt" || echo "no cache line"; }
expect_stats() { # expect_stats WHAT "H hit, M miss" (prefix of the stats)
  case "$(stats)" in
  "cache: $2"*) ;;
  *) fail "$1: $(stats), wanted $2" ;;
  esac
}

# --- cold, warm, --no-cache: byte-identical -------------------------------
for fmt in json sarif text; do
  run 1 "lint $fmt cold" "$hw" lint . --format "$fmt" -o "$work/lint-cold.$fmt"
  run 1 "lint $fmt warm" "$hw" lint . --format "$fmt" -o "$work/lint-warm.$fmt"
  expect_stats "warm lint $fmt" "5 hit, 0 miss"
  run 1 "lint $fmt no-cache" "$hw" lint . --no-cache --format "$fmt" \
    -o "$work/lint-nocache.$fmt"
  grep -q "cache: 0 hit, 0 miss, 0 stored" "$work/err.txt" ||
    fail "--no-cache touched the cache: $(stats)"
  cmp -s "$work/lint-cold.$fmt" "$work/lint-warm.$fmt" ||
    fail "lint $fmt: warm output differs from cold"
  cmp -s "$work/lint-cold.$fmt" "$work/lint-nocache.$fmt" ||
    fail "lint $fmt: cached output differs from --no-cache"
  [ -s "$work/lint-cold.$fmt" ] || fail "lint $fmt wrote nothing"
done
# port reads the same cache entries (same targets and ROCm release).
run 0 "port warm" "$hw" port . --out-root "$work/port-warm" -q
expect_stats "port after lint" "5 hit, 0 miss"
run 0 "port no-cache" "$hw" port . --no-cache --out-root "$work/port-nocache" -q
diff -r "$work/port-warm" "$work/port-nocache" >/dev/null ||
  fail "port: cached tree differs from --no-cache"
run 0 "port --diff warm" "$hw" port . --diff
cp "$work/out.txt" "$work/diff-warm.txt"
run 0 "port --diff no-cache" "$hw" port . --diff --no-cache
cmp -s "$work/out.txt" "$work/diff-warm.txt" || fail "port --diff: cached differs"

# --- an edited header misses, for every TU that includes it ---------------
cat >>include/common.cuh <<'CU'
__device__ inline float shuffled(float v) {
  return __shfl_down_sync(0xffffffff, v, 16);
}
CU
run 1 "lint after header edit" "$hw" lint . --format json -o "$work/lint-edited.json"
expect_stats "header edit" "3 hit, 2 miss"
run 1 "lint after header edit, no cache" "$hw" lint . --no-cache --format json \
  -o "$work/lint-edited-nocache.json"
cmp -s "$work/lint-edited.json" "$work/lint-edited-nocache.json" ||
  fail "after a header edit the cached output differs from --no-cache"
grep -q "common.cuh" "$work/lint-edited.json" ||
  fail "the edited header's new finding is missing"
# The same bytes again (mtime changes, content does not): all hits.
touch include/common.cuh src/kern/*.cu
run 1 "lint after touch" "$hw" lint . --format json -o "$work/lint-touched.json"
expect_stats "touch without change" "5 hit, 0 miss"

# --- damaged entries are rejected, rebuilt, never trusted -----------------
entries=("$HIPWRIGHT_CACHE_DIR"/tu-v1/*/*.tu)
[ "${#entries[@]}" -ge 5 ] || fail "expected at least 5 entries, found ${#entries[@]}"
# One truncated, one with a byte flipped in the middle (length unchanged),
# one emptied: three rejects.
python3 - "${entries[0]}" "${entries[1]}" "${entries[2]}" <<'PY'
import sys
a, b, c = sys.argv[1:]
data = open(a, 'rb').read(); open(a, 'wb').write(data[: len(data) // 2])
data = bytearray(open(b, 'rb').read()); data[len(data) // 2] ^= 0x20
open(b, 'wb').write(bytes(data))
open(c, 'wb').write(b'')
PY
run 1 "lint over damaged entries" "$hw" lint . --format json -o "$work/lint-damaged.json"
case "$(stats)" in
*"3 rejected"*) ;;
*) fail "damaged entries: $(stats), wanted 3 rejected" ;;
esac
cmp -s "$work/lint-damaged.json" "$work/lint-edited.json" ||
  fail "output over damaged entries differs"
run 1 "lint after rebuild" "$hw" lint . --format json -o "$work/lint-rebuilt.json"
expect_stats "rebuilt entries" "5 hit, 0 miss"

# --- two processes sharing one cold cache ---------------------------------
export HIPWRIGHT_CACHE_DIR="$work/shared-cache"
rc1=0 rc2=0
"$hw" lint . -j1 --format json -o "$work/p1.json" 2>"$work/p1.err" & p1=$!
"$hw" lint . -j1 --format json -o "$work/p2.json" 2>"$work/p2.err" & p2=$!
wait $p1 || rc1=$?
wait $p2 || rc2=$?
[ "$rc1" = 1 ] && [ "$rc2" = 1 ] || fail "concurrent lints: exit $rc1 and $rc2"
cmp -s "$work/p1.json" "$work/lint-edited.json" || fail "concurrent lint 1 differs"
cmp -s "$work/p2.json" "$work/lint-edited.json" || fail "concurrent lint 2 differs"
run 1 "lint after the concurrent pair" "$hw" lint . --format json -o "$work/p3.json"
expect_stats "after concurrent writers" "5 hit, 0 miss, 0 stored, 0 rejected"
cmp -s "$work/p3.json" "$work/lint-edited.json" || fail "lint after concurrent pair differs"
leftovers=$(find "$HIPWRIGHT_CACHE_DIR" -name '.*' -type f | wc -l)
[ "$leftovers" = 0 ] || fail "$leftovers temporary files left in the cache"

# --- the size bound evicts the least recently used ------------------------
run 2 "malformed HIPWRIGHT_CACHE_MAX_SIZE" env HIPWRIGHT_CACHE_MAX_SIZE=lots "$hw" lint .
grep -q "HIPWRIGHT_CACHE_MAX_SIZE" "$work/err.txt" || fail "bad size: $(cat "$work/err.txt")"
export HIPWRIGHT_CACHE_DIR="$work/small-cache"
run 1 "lint storing over a 1K bound" env HIPWRIGHT_CACHE_MAX_SIZE=1K "$hw" lint .
# The 5 TUs share one prelude PCH, stored beside the entries and bound by
# the same size: 6 files evicted.
case "$(stats)" in
*"5 stored, 0 rejected, 6 evicted") ;;
*) fail "1K bound: $(stats), wanted 5 stored and 6 evicted (5 entries, 1 PCH)" ;;
esac
[ -z "$(find "$HIPWRIGHT_CACHE_DIR" -name '*.pch' -type f)" ] ||
  fail "the 1K bound left the prelude PCH in the cache"
size=$(find "$HIPWRIGHT_CACHE_DIR" -name '*.tu' -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}')
[ "$size" -le 1024 ] || fail "cache holds $size bytes over a 1K bound"
export HIPWRIGHT_CACHE_DIR="$work/cache"

# --- a cache that cannot be written is a warning, nothing more -------------
touch "$work/not-a-directory"
run 1 "lint with an unwritable cache" env HIPWRIGHT_CACHE_DIR="$work/not-a-directory" \
  "$hw" lint src/kern/warp_reduce.cu --format json -o "$work/unwritable.json"
grep -q "warning: result cache not written" "$work/err.txt" ||
  fail "unwritable cache: no warning: $(cat "$work/err.txt")"
run 1 "lint single file, no cache" "$hw" lint src/kern/warp_reduce.cu --no-cache \
  --format json -o "$work/single.json"
cmp -s "$work/unwritable.json" "$work/single.json" ||
  fail "an unwritable cache changed the output"

# --- shards merged == one unsharded run, byte for byte ---------------------
run 2 "--shard without --shard-out" "$hw" lint . --shard 1/2
run 2 "--shard 0/2" "$hw" lint . --shard 0/2 --shard-out s.hws
run 2 "--shard 3/2" "$hw" lint . --shard 3/2 --shard-out s.hws
run 2 "--shard-out without --shard" "$hw" lint . --shard-out s.hws
for fmt in json sarif; do
  for k in 1 2 3; do
    run 0 "lint $fmt shard $k/3" "$hw" lint . --no-cache --format "$fmt" \
      -o "$work/merged.$fmt" --shard "$k/3" --shard-out "$work/lint-$fmt-$k.hws"
  done
  [ ! -e "$work/merged.$fmt" ] || fail "a shard run wrote the command's output"
  run 1 "merge lint $fmt" "$hw" merge "$work"/lint-$fmt-{3,1,2}.hws
  run 1 "lint $fmt unsharded" "$hw" lint . --format "$fmt" -o "$work/plain.$fmt"
  cmp -s "$work/merged.$fmt" "$work/plain.$fmt" ||
    fail "merged lint $fmt differs from the unsharded run"
done
# Every TU lands in exactly one shard.
units=0
for k in 1 2 3; do
  n=$("$hw" lint . --shard "$k/3" --shard-out "$work/count-$k.hws" 2>&1 |
    sed -n 's/.*: \([0-9]*\) translation units\{0,1\} written.*/\1/p')
  units=$((units + ${n:-0}))
done
[ "$units" = 5 ] || fail "the 3 shards hold $units TUs, wanted 5"

# Merge refuses what is not one complete run.
run 2 "merge with a shard missing" "$hw" merge "$work/lint-json-1.hws" "$work/lint-json-2.hws"
grep -q "shard 3 of 3 missing" "$work/err.txt" || fail "missing shard: $(cat "$work/err.txt")"
run 2 "merge with a shard twice" "$hw" merge "$work"/lint-json-{1,1,2,3}.hws
run 2 "merge of two runs" "$hw" merge "$work"/lint-json-{1,2}.hws "$work/lint-sarif-3.hws"
head -c 200 "$work/lint-json-1.hws" >"$work/cut.hws"
run 2 "merge of a truncated shard" "$hw" merge "$work/cut.hws" "$work"/lint-json-{2,3}.hws
grep -q "cut.hws" "$work/err.txt" || fail "truncated shard not named: $(cat "$work/err.txt")"

# report: md and csv byte for byte; JSON too, less its wall-clock "seconds".
for fmt in md csv json; do
  run 0 "report $fmt" "$hw" report . --format "$fmt" -o "$work/report-plain.$fmt"
  for k in 1 2; do
    run 0 "report $fmt shard $k/2" "$hw" report . --format "$fmt" \
      -o "$work/report-merged.$fmt" --shard "$k/2" --shard-out "$work/report-$k.hws"
  done
  run 0 "merge report $fmt" "$hw" merge "$work"/report-{1,2}.hws
  if [ "$fmt" = json ]; then
    for f in plain merged; do
      python3 - "$work/report-$f.json" <<'PY'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
def strip(o):
    if isinstance(o, dict):
        o.pop("seconds", None)
        for v in o.values(): strip(v)
    elif isinstance(o, list):
        for v in o: strip(v)
strip(d)
open(p + ".cmp", "w").write(json.dumps(d, indent=1, sort_keys=False))
PY
    done
    cmp -s "$work/report-plain.json.cmp" "$work/report-merged.json.cmp" ||
      fail "merged report json differs from the unsharded run"
  else
    cmp -s "$work/report-plain.$fmt" "$work/report-merged.$fmt" ||
      fail "merged report $fmt differs from the unsharded run"
  fi
done

# port: the merged run writes the tree the unsharded run writes.
run 0 "port plain" "$hw" port . --out-root "$work/port-plain" -q
for k in 1 2; do
  run 0 "port shard $k/2" "$hw" port . --out-root "$work/port-merged" -q \
    --shard "$k/2" --shard-out "$work/port-$k.hws"
done
[ ! -e "$work/port-merged" ] || fail "a port shard wrote files"
run 0 "merge port" "$hw" merge "$work"/port-{1,2}.hws
diff -r "$work/port-plain" "$work/port-merged" >/dev/null ||
  fail "merged port tree differs from the unsharded one"

# A tree changed between the shards and the merge is refused, not guessed.
cp src/also_header.cu src/new_file.cu
run 2 "merge after the tree changed" "$hw" merge "$work"/lint-json-{1,2,3}.hws
grep -q "new_file.cu: no shard has a result" "$work/err.txt" ||
  fail "changed tree: $(cat "$work/err.txt")"
rm src/new_file.cu

# --- a TU whose parse has errors is cached, errors and all -----------------
# The missing header is among the paths its entry keeps: once it exists the
# entry misses and the new parse has no error.
mkdir -p "$work/errs/src"
cd "$work/errs"
cat >src/needs_absent.cu <<'CU'
#include "absent_for_test.h"
__device__ inline float shuffled(float v) {
  return __shfl_down_sync(0xffffffff, v, 16);
}
CU
export HIPWRIGHT_CACHE_DIR="$work/errs-cache"
no_stats() { grep -v "cache: \|prelude pch: " "$1" || true; }
rc_cold=0
"$hw" lint . --format json -o "$work/errs-cold.json" 2>"$work/err.txt" || rc_cold=$?
expect_stats "cold lint of a TU with a parse error" "0 hit, 1 miss, 1 stored"
grep -q "'absent_for_test.h' file not found" "$work/err.txt" ||
  fail "the missing header's error is not reported: $(cat "$work/err.txt")"
grep -q "warp-size" "$work/errs-cold.json" || fail "the partial parse's finding is missing"
no_stats "$work/err.txt" >"$work/errs-cold.err"
run "$rc_cold" "warm lint of a TU with a parse error" "$hw" lint . --format json \
  -o "$work/errs-warm.json"
expect_stats "warm lint of a TU with a parse error" "1 hit, 0 miss, 0 stored"
cmp -s "$work/errs-cold.json" "$work/errs-warm.json" ||
  fail "a cached TU with errors gives other output"
no_stats "$work/err.txt" | cmp -s - "$work/errs-cold.err" ||
  fail "a cached TU with errors reports other errors: $(cat "$work/err.txt")"
echo '#pragma once' >src/absent_for_test.h
"$hw" lint . --format json -o "$work/errs-fixed.json" 2>"$work/err.txt" || true
expect_stats "lint once the missing header exists" "0 hit, 1 miss, 1 stored"
! grep -q "file not found" "$work/err.txt" ||
  fail "a stale result with the old error: $(cat "$work/err.txt")"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "cache and shard CLI checks passed"
