#!/usr/bin/env bash
# Measures `hipwright port` on a tree against the cost of parsing alone.
#
#   bench/port_bench.sh [TREE...]      (default: test_corpus/ and the golden
#                                       test inputs)
#
# Prints, from one run (machines are noisy, so only ratios measured in the
# same run mean anything): total time, time per translation unit, peak memory,
# and the ratio to `clang++-22 -fsyntax-only` over the same files for the
# host side, the device side, and both (what hipwright covers with one parse
# plus its token pass), and the cost of the analyzers (port with and without
# them). Each measurement is the best of $REPEAT runs, with --no-cache: this
# measures parsing (bench/cache_bench.sh measures the result cache).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}
clang=${CLANG:-clang++-22}
cuda=${CUDA_PATH:-/usr/local/cuda}
repeat=${REPEAT:-3}
[ -x "$hipwright" ] || { echo "bench: build hipwright first ($hipwright)" >&2; exit 2; }

trees=("$@")
if [ ${#trees[@]} -eq 0 ]; then
  trees=("$here/test_corpus")
  for d in "$here"/tests/golden/*/input; do [ -d "$d" ] && trees+=("$d"); done
fi

mapfile -t units < <(find "${trees[@]}" -type f \( -name '*.cu' -o -name '*.cpp' -o -name '*.cc' \) | sort)
n=${#units[@]}
[ "$n" -gt 0 ] || { echo "bench: no translation units under ${trees[*]}" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

resource=$("$clang" -print-resource-dir)
common=(-fsyntax-only -w -x cuda "--cuda-path=$cuda" -Wno-unknown-cuda-version
        -isystem "$cuda/include/cccl" "-resource-dir=$resource" -std=c++17)

now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; }
best_of() { # best_of CMD...: prints the best wall time of $repeat runs
  local best="" t0 t1 t
  for ((r = 0; r < repeat; r++)); do
    t0=$(now); "$@" >/dev/null 2>&1 || true; t1=$(now)
    t=$(calc "$t1 - $t0")
    if [ -z "$best" ] || [ "$(calc "($t < $best) ? 1 : 0")" = 1 ]; then best=$t; fi
  done
  echo "$best"
}
parse_all() { # parse_all SIDE-FLAGS...
  local f
  for f in "${units[@]}"; do
    case "$f" in
      *.cu) "$clang" "${common[@]}" "$@" -I"$(dirname "$f")" "$f" || true ;;
      *) "$clang" -fsyntax-only -w -x c++ -std=c++17 -isystem "$cuda/include" "$f" || true ;;
    esac
  done
}
# One run over all trees, as a user would port a code base.
port_j1() {
  rm -rf "$work/out"
  "$hipwright" port --no-cache "${trees[@]}" --out-root "$work/out" -j 1 -q --stats "$work/stats.json" || true
}
port_j1_bare() {
  rm -rf "$work/out"
  "$hipwright" port --no-cache "${trees[@]}" --out-root "$work/out" -j 1 -q --no-analyzers || true
}
port_jn() {
  rm -rf "$work/out"
  "$hipwright" port --no-cache "${trees[@]}" --out-root "$work/out" -q || true
}

host=$(best_of parse_all --cuda-host-only)
device=$(best_of parse_all --cuda-device-only --cuda-gpu-arch=sm_90)
j1=$(best_of port_j1)
j1bare=$(best_of port_j1_bare)
jn=$(best_of port_jn)
peak=$(grep -o '"peak_rss_kib": *[0-9]*' "$work/stats.json" | grep -o '[0-9]*$' || echo "?")

fmt() { printf '%.3f' "$1"; }
echo "hipwright port benchmark: $n translation units, best of $repeat runs"
echo "  trees: ${trees[*]}"
echo "  clang -fsyntax-only host side:    $(fmt "$host") s"
echo "  clang -fsyntax-only device side:  $(fmt "$device") s"
echo "  hipwright port -j1:               $(fmt "$j1") s  ($(fmt "$(calc "$j1 / $n")") s per TU)"
echo "  hipwright port -j1 --no-analyzers: $(fmt "$j1bare") s  (analyzers add $(fmt "$(calc "($j1 / $j1bare - 1) * 100")") %)"
echo "  hipwright port -j$(nproc):               $(fmt "$jn") s"
echo "  peak memory (-j1):                ${peak} KiB"
echo "  ratio port -j1 / host parse:      $(fmt "$(calc "$j1 / $host")")"
echo "  ratio port -j1 / (host+device):   $(fmt "$(calc "$j1 / ($host + $device)")")"
echo "  ratio port -j$(nproc) / (host+device):   $(fmt "$(calc "$jn / ($host + $device)")")"
