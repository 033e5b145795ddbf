#!/usr/bin/env bash
# Measures the result cache: `hipwright lint` of a tree with an empty cache
# (cold), again with nothing changed (warm), and after one source file is
# edited (one TU re-parsed), each against a `--no-cache` lint of the same
# tree measured in the same run. Target (issue 15): warm at least 10x faster
# than cold.
#
#   bench/cache_bench.sh [TREE...] [-- CLANG_ARGS...]   (default: test_corpus/)
#
# CLANG_ARGS go to every lint (cuda-samples needs -I its Common/ directory;
# a TU whose parse has errors is cached too, but its results are poorer).
#
# The trees are copied to a scratch directory (the edit is made to the copy);
# the cache lives in the scratch directory too, so ~/.cache is not touched.
# Each measurement is the best of $REPEAT runs; a cold run starts from an
# empty cache every time.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}
repeat=${REPEAT:-3}
jobs=${JOBS:-$(nproc)}
[ -x "$hipwright" ] || { echo "bench: build hipwright first ($hipwright)" >&2; exit 2; }

trees=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do trees+=("$1"); shift; done
[ $# -gt 0 ] && shift # the --
clang_args=("$@")
[ ${#trees[@]} -gt 0 ] || trees=("$here/test_corpus")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copies=()
for t in "${trees[@]}"; do
  name=$(basename "$t")
  cp -r "$t" "$work/tree-$name"
  copies+=("$work/tree-$name")
done
mapfile -t units < <(find "${copies[@]}" -type f \( -name '*.cu' -o -name '*.cpp' -o -name '*.cc' \) | sort)
n=${#units[@]}
[ "$n" -gt 0 ] || { echo "bench: no translation units under ${trees[*]}" >&2; exit 2; }

export HIPWRIGHT_CACHE_DIR="$work/cache"
now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; }
lint() {
  "$hipwright" lint "${copies[@]}" -j "$jobs" --format json -o "$work/out.json" \
    "$@" ${clang_args[@]+-- "${clang_args[@]}"} >/dev/null 2>&1 || true
}
timed() { local t0 t1; t0=$(now); "$@"; t1=$(now); calc "$t1 - $t0"; }
best() { # best VAR-PREP CMD...: best wall time of $repeat runs, PREP before each
  local prep=$1 b="" t
  shift
  for ((r = 0; r < repeat; r++)); do
    $prep
    t=$(timed "$@")
    if [ -z "$b" ] || [ "$(calc "($t < $b) ? 1 : 0")" = 1 ]; then b=$t; fi
  done
  echo "$b"
}
empty_cache() { rm -rf "$HIPWRIGHT_CACHE_DIR"; }
nothing() { :; }
edit_one() { # a new comment in the first TU: its bytes change, nothing else
  echo "// edited $(now)" >>"${units[0]}"
}

nocache=$(best nothing lint --no-cache)
cold=$(best empty_cache lint)
cp "$work/out.json" "$work/cold.json"
lint # make sure the cache is full before the warm runs
warm=$(best nothing lint)
cp "$work/out.json" "$work/warm.json"
one=$(best edit_one lint)
same=yes
cmp -s "$work/cold.json" "$work/warm.json" || same=NO
entries=$(find "$HIPWRIGHT_CACHE_DIR" -name '*.tu' | wc -l)
size=$(du -sk "$HIPWRIGHT_CACHE_DIR" | cut -f1)

fmt() { printf '%.3f' "$1"; }
echo "hipwright result-cache benchmark: lint of $n translation units, -j$jobs, best of $repeat runs"
echo "  trees: ${trees[*]}"
echo "  lint --no-cache (baseline):       $(fmt "$nocache") s"
echo "  lint, empty cache (cold):         $(fmt "$cold") s  (cold / baseline $(fmt "$(calc "$cold / $nocache")"))"
echo "  lint, nothing changed (warm):     $(fmt "$warm") s  (warm / baseline $(fmt "$(calc "$warm / $nocache")"))"
echo "  lint, one source edited:          $(fmt "$one") s  (/ baseline $(fmt "$(calc "$one / $nocache")"))"
echo "  speed-up warm over cold:          $(fmt "$(calc "$cold / $warm")")x  (target: at least 10x)"
echo "  warm output identical to cold:    $same"
echo "  cache: $entries entries, ${size} KiB"
