#!/usr/bin/env bash
# Measures what the precompiled CUDA prelude (docs/performance.md) saves:
# `hipwright port` on a tree with and without it, against clang parsing the
# same files, all in one run (only ratios measured in the same run mean
# anything on a shared machine).
#
#   bench/pch_bench.sh [TREE...]   (default: test_corpus/)
#   INCLUDES="-I/path/to/Common" bench/pch_bench.sh /path/to/samples
#
# Every port runs with --no-cache -j1 (one parse per TU, no result reuse):
#   no-pch   HIPWRIGHT_NO_PCH=1: every TU parses the CUDA headers itself
#   cold     the PCH is built in the run (in memory, as with --no-cache)
#   stored   the PCH is read from a cache directory that already holds it
#            (its TU results are removed before each run, so TUs are parsed)
# The baselines are `clang++-22 -fsyntax-only` of every file, host side
# and device side (sm_90), one process per file. Peak RSS is per process
# (/usr/bin/time; for clang the largest of its per-file processes).
# Each time is the best of $REPEAT runs.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}
clang=${CLANG:-clang++-22}
cuda=${CUDA_PATH:-/usr/local/cuda}
repeat=${REPEAT:-2}
read -r -a includes <<<"${INCLUDES:-}"
[ -x "$hipwright" ] || { echo "bench: build hipwright first ($hipwright)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time for peak memory" >&2; exit 2; }

trees=("$@")
[ ${#trees[@]} -gt 0 ] || trees=("$here/test_corpus")
mapfile -t units < <(find "${trees[@]}" -type f -name '*.cu' | sort)
n=${#units[@]}
[ "$n" -gt 0 ] || { echo "bench: no .cu files under ${trees[*]}" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

resource=$("$clang" -print-resource-dir)
common=(-fsyntax-only -w -x cuda "--cuda-path=$cuda" -Wno-unknown-cuda-version
        -isystem "$cuda/include/cccl" "-resource-dir=$resource" -std=c++17
        ${includes[@]+"${includes[@]}"})

now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; }
# timed NAME CMD...: best wall time of $repeat runs into $work/NAME.t, the
# largest peak RSS (KiB) of any process it ran into $work/NAME.rss.
timed() {
  local name=$1 best="" t0 t1 t
  shift
  : >"$work/$name.rssall"
  for ((r = 0; r < repeat; r++)); do
    t0=$(now); "$@" >/dev/null 2>&1 || true; t1=$(now)
    t=$(calc "$t1 - $t0")
    if [ -z "$best" ] || [ "$(calc "($t < $best) ? 1 : 0")" = 1 ]; then best=$t; fi
  done
  echo "$best" >"$work/$name.t"
  sort -n "$work/$name.rssall" | tail -1 >"$work/$name.rss"
}
rss() { /usr/bin/time -f %M -a -o "$work/$1.rssall" "${@:2}"; }
parse_all() { # parse_all NAME SIDE-FLAGS...
  local name=$1 f
  shift
  for f in "${units[@]}"; do
    rss "$name" "$clang" "${common[@]}" "$@" -I"$(dirname "$f")" "$f" || true
  done
}
port() { # port NAME [env...]
  local name=$1
  shift
  rm -rf "$work/out"
  rss "$name" env "$@" "$hipwright" port --no-cache "${trees[@]}" \
    --out-root "$work/out" -j 1 -q -- ${includes[@]+"${includes[@]}"} || true
}
port_stored() {
  rm -rf "$work/out" "$work/cache/tu-v1"
  rss stored env HIPWRIGHT_CACHE_DIR="$work/cache" "$hipwright" port \
    "${trees[@]}" --out-root "$work/out" -j 1 -q -- \
    ${includes[@]+"${includes[@]}"} || true
}

timed host parse_all host --cuda-host-only
timed device parse_all device --cuda-device-only --cuda-gpu-arch=sm_90
timed nopch port nopch HIPWRIGHT_NO_PCH=1
timed cold port cold HIPWRIGHT_NO_PCH=0
port_stored # fills the cache with the PCH
timed stored port_stored
pchs=$(find "$work/cache" -name '*.pch' | wc -l)
pchsize=$(find "$work/cache" -name '*.pch' -printf '%s\n' | awk '{s+=$1} END {print int(s/1048576)}')

t() { cat "$work/$1.t"; }
m() { awk '{ printf "%.0f", $1 / 1024 }' "$work/$1.rss"; }
fmt() { printf '%.3f' "$1"; }
both=$(calc "$(t host) + $(t device)")
echo "prelude PCH benchmark: $n .cu files, best of $repeat runs, port -j1 --no-cache"
echo "  trees: ${trees[*]}"
echo "  clang -fsyntax-only host:   $(fmt "$(t host)") s   peak $(m host) MiB per process"
echo "  clang -fsyntax-only device: $(fmt "$(t device)") s   peak $(m device) MiB per process"
echo "  port without PCH:           $(fmt "$(t nopch)") s   peak $(m nopch) MiB"
echo "  port, PCH built in the run: $(fmt "$(t cold)") s   peak $(m cold) MiB"
echo "  port, PCH already stored:   $(fmt "$(t stored)") s   peak $(m stored) MiB   ($pchs PCH, $pchsize MiB)"
echo "  ratio cold PCH / no PCH:    $(fmt "$(calc "$(t cold) / $(t nopch)")")"
echo "  ratio stored PCH / no PCH:  $(fmt "$(calc "$(t stored) / $(t nopch)")")"
echo "  ratio no PCH / (host+device parse):  $(fmt "$(calc "$(t nopch) / $both")")"
echo "  ratio cold PCH / (host+device parse): $(fmt "$(calc "$(t cold) / $both")")"
echo "  ratio stored PCH / (host+device parse): $(fmt "$(calc "$(t stored) / $both")")"
echo "  ratio stored PCH / host parse:        $(fmt "$(calc "$(t stored) / $(t host)")")"
