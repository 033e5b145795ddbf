#!/usr/bin/env bash
# The precompiled CUDA prelude (issue 15 item 1, docs/performance.md): lint
# findings, port translations and --fix fix-its over the whole test_corpus
# are byte-identical with the PCH (built and stored in the cache, loaded from
# it, kept in memory with --no-cache) and without it (HIPWRIGHT_NO_PCH=1); a
# damaged or truncated stored PCH is ignored, removed and rebuilt, and the
# output does not change.
#
#   pch_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
corpus="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../test_corpus" && pwd)"

cp -r "$corpus" "$work/corpus"
cd "$work"
export HIPWRIGHT_CACHE_STATS=1
# The prelude PCH alone: the PCHs of the #include lines TUs share are
# tested by prefix_pch_cli_test.sh.
export HIPWRIGHT_NO_PREFIX_PCH=1
pch_stats() { grep -o "prelude pch: .*" "$work/err.txt" || echo "no pch line"; }
expect_pch() { # expect_pch WHAT "B built, L loaded, R rejected" [used>0]
  case "$(pch_stats)" in
  "prelude pch: $2"*) ;;
  *) fail "$1: $(pch_stats), wanted $2" ;;
  esac
  case "$(pch_stats)" in
  *" 0 used"*) fail "$1: no TU used the PCH: $(pch_stats)" ;;
  *" 0 fallback") ;;
  *) fail "$1: a TU fell back to a plain parse: $(pch_stats)" ;;
  esac
}
units=$(find "$work/corpus" -name '*.cu' | wc -l)
[ "$units" -ge 2 ] || fail "test_corpus has $units .cu files"

# run_all TAG [hipwright options...]: lint JSON and SARIF, port, port --fix.
# Lint exits 1 (the corpus has findings), port 0 or 3 (partial), the same
# way with and without the PCH (checked against the reference run).
declare -A rcs
run_all() {
  local tag=$1 rc
  shift
  for fmt in json sarif; do
    rc=0
    "$hw" lint corpus --format "$fmt" -o "$work/$tag.lint.$fmt" "$@" \
      2>"$work/err.txt" || rc=$?
    rcs[$tag.lint.$fmt]=$rc
    cp "$work/err.txt" "$work/$tag.lint.$fmt.err"
  done
  rc=0
  "$hw" port corpus --out-root "$work/$tag.port" -q "$@" 2>"$work/$tag.port.err" ||
    rc=$?
  rcs[$tag.port]=$rc
  rc=0
  "$hw" port corpus --fix --out-root "$work/$tag.fix" -q "$@" \
    2>"$work/$tag.fix.err" || rc=$?
  rcs[$tag.fix]=$rc
}
same_as_plain() { # same_as_plain TAG
  local tag=$1
  for out in lint.json lint.sarif; do
    [ "${rcs[$tag.$out]}" = "${rcs[plain.$out]}" ] ||
      fail "$tag $out: exit ${rcs[$tag.$out]}, without the PCH ${rcs[plain.$out]}"
    cmp -s "$work/plain.$out" "$work/$tag.$out" ||
      fail "$tag $out differs from the run without the PCH"
  done
  for out in port fix; do
    [ "${rcs[$tag.$out]}" = "${rcs[plain.$out]}" ] ||
      fail "$tag $out: exit ${rcs[$tag.$out]}, without the PCH ${rcs[plain.$out]}"
    diff -r "$work/plain.$out" "$work/$tag.$out" >/dev/null ||
      fail "$tag $out: ported tree differs from the run without the PCH"
    cmp -s <(grep -v "cache: \|prelude pch: " "$work/plain.$out.err") \
      <(grep -v "cache: \|prelude pch: " "$work/$tag.$out.err") ||
      fail "$tag $out: stderr differs from the run without the PCH"
  done
}

# The reference: no PCH. Each mode has a result cache of its own (results
# do not depend on the PCH, so the cache key does not either): the first
# command of run_all parses every TU, the other three reuse its results.
HIPWRIGHT_NO_PCH=1 HIPWRIGHT_CACHE_DIR="$work/cache-plain" run_all plain
grep -q "prelude pch: 0 built, 0 loaded, 0 rejected, 0 used" "$work/plain.lint.json.err" ||
  fail "HIPWRIGHT_NO_PCH=1 still used a PCH: $(cat "$work/plain.lint.json.err")"
[ "${rcs[plain.lint.json]}" = 1 ] || fail "lint of the corpus: exit ${rcs[plain.lint.json]}, wanted 1 (findings)"
[ -s "$work/plain.lint.json" ] || fail "lint wrote nothing"
ls "$work/plain.port" >/dev/null 2>&1 || fail "port wrote no tree"
diff -r "$work/plain.port" "$work/plain.fix" >/dev/null &&
  fail "--fix changed nothing: the comparison would not cover fix-its"
[ ! -e "$work/cache-plain/pch-v1" ] || fail "HIPWRIGHT_NO_PCH=1 stored a PCH"

# --no-cache: a PCH in memory for the run, nothing written.
export HIPWRIGHT_CACHE_DIR="$work/cache"
rc=0
"$hw" lint corpus --no-cache --format json -o "$work/memory.lint.json" \
  2>"$work/err.txt" || rc=$?
[ "$rc" = 1 ] || fail "--no-cache lint: exit $rc"
expect_pch "--no-cache" "1 built, 0 loaded, 0 rejected"
[ ! -e "$work/cache" ] || fail "--no-cache wrote into the cache"
cmp -s "$work/plain.lint.json" "$work/memory.lint.json" ||
  fail "--no-cache lint with the PCH differs from the run without it"

# Cold cache: built once and stored; every later command of run_all loads
# it (the TU results come from the result cache after the first lint, so
# the cache's TU entries are removed before each command to force parses).
rc=0
"$hw" lint corpus --format json -o "$work/cold.lint.json" 2>"$work/err.txt" || rc=$?
[ "$rc" = 1 ] || fail "cold lint: exit $rc"
expect_pch "cold cache" "1 built, 0 loaded, 0 rejected"
cmp -s "$work/plain.lint.json" "$work/cold.lint.json" ||
  fail "cold lint with the PCH differs from the run without it"
pch=$(find "$work/cache/pch-v1" -name '*.pch' -type f)
[ "$(echo "$pch" | wc -l)" = 1 ] && [ -s "$pch" ] || fail "no single stored PCH: $pch"
leftovers=$(find "$work/cache" -name '.*' -type f | wc -l)
[ "$leftovers" = 0 ] || fail "$leftovers temporary files left in the cache"

rm -rf "$work/cache/tu-v1"
rc=0
"$hw" lint corpus --format json -o "$work/warm.lint.json" 2>"$work/err.txt" || rc=$?
expect_pch "stored PCH" "0 built, 1 loaded, 0 rejected"
cmp -s "$work/plain.lint.json" "$work/warm.lint.json" ||
  fail "lint with the stored PCH differs from the run without it"
rm -rf "$work/cache/tu-v1"
run_all stored
grep -q "prelude pch: 0 built, 1 loaded, 0 rejected, $units used, 0 fallback" \
  "$work/stored.lint.json.err" ||
  fail "run_all did not parse every TU with the stored PCH: $(cat "$work/stored.lint.json.err")"
same_as_plain stored
cp "$pch" "$work/good.pch"

# --- a damaged stored PCH is ignored, removed and rebuilt ---------------------
damage() { # damage HOW
  case $1 in
  flip) printf 'XXXXXXXXXXXXXXXX' | dd of="$pch" bs=1 seek=5000000 conv=notrunc 2>/dev/null ;;
  truncate) head -c 3000000 "$work/good.pch" >"$pch" ;;
  empty) : >"$pch" ;;
  esac
}
for how in flip truncate empty; do
  damage "$how"
  rm -rf "$work/cache/tu-v1"
  rc=0
  "$hw" lint corpus --format json -o "$work/damaged.lint.json" 2>"$work/err.txt" || rc=$?
  [ "$rc" = 1 ] || fail "lint over a $how PCH: exit $rc"
  expect_pch "$how PCH" "1 built, 0 loaded, 1 rejected"
  cmp -s "$work/plain.lint.json" "$work/damaged.lint.json" ||
    fail "lint over a $how PCH differs from the run without a PCH"
  grep -v "prelude pch: " "$work/err.txt" | grep -qi "pch\|precompiled" &&
    fail "a $how PCH reached the user: $(cat "$work/err.txt")"
  rm -rf "$work/cache/tu-v1"
  "$hw" lint corpus --format json -o /dev/null 2>"$work/err.txt" || true
  expect_pch "after a $how PCH was rebuilt" "0 built, 1 loaded, 0 rejected"
done

# --- a user -include is parsed with the TU, not baked into the PCH -----------
cat >"$work/force.h" <<'H'
#define WARP_WIDTH 32
H
cat >"$work/corpus/forced.cu" <<'CU'
__global__ void forced(int *o) { o[threadIdx.x] = threadIdx.x % WARP_WIDTH; }
CU
for mode in pch nopch; do
  rc=0
  if [ "$mode" = nopch ]; then
    HIPWRIGHT_NO_PCH=1 "$hw" lint corpus --no-cache --format json -o "$work/inc.$mode.json" \
      -- -include "$work/force.h" 2>"$work/err.txt" || rc=$?
  else
    rm -rf "$work/cache/tu-v1"
    "$hw" lint corpus --format json -o "$work/inc.$mode.json" \
      -- -include "$work/force.h" 2>"$work/err.txt" || rc=$?
    expect_pch "with a user -include" "0 built, 1 loaded, 0 rejected"
  fi
  [ "$rc" = 1 ] || fail "lint with -include ($mode): exit $rc"
done
cmp -s "$work/inc.pch.json" "$work/inc.nopch.json" ||
  fail "a user -include gives other findings with the PCH than without"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "pch cli: all passed"
