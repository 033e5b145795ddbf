#!/usr/bin/env bash
# Tree-scale speed (issue 28, docs/performance.md): a cold `hipwright port`
# of a tree against hipify-clang on the same files, one at a time and with
# as many at once as hipwright has workers, and against the floor, bare
# `clang -fsyntax-only` of both sides of every file; all in one run (only
# ratios measured in the same run mean anything on a shared machine). It
# also runs hipwright with every speed-up off and says whether the ported
# tree and the summary are byte-identical.
#
#   bench/tree_bench.sh [options] INPUT... [-- CLANG_ARGS...]
#     --hipify PATH   hipify-clang to compare with (left out when not given)
#     --no-serial     skip hipify-clang one file at a time (it is the slow one)
#     --jobs N        hipwright's -j, and hipify-clang's and clang's -P (nproc)
#     --no-identity   skip the run with every speed-up off
#
# INPUTs are .cu files or folders (their .cu files); CLANG_ARGS go to all
# three tools (include paths, -D). Run it from the folder those paths are
# relative to, e.g. a ggml checkout:
#   bench/tree_bench.sh --hipify ~/hipify-clang src/ggml-cuda/*.cu -- \
#     -I include -I src -I src/ggml-cuda
# hipwright runs with --no-cache and --no-build-files; every time is one run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}
clang=${CLANG:-clang++-22}
cuda=${CUDA_PATH:-/usr/local/cuda}
hipify="" serial=1 identity=1 jobs=$(nproc)
inputs=() clang_args=()
while [ $# -gt 0 ]; do
  case $1 in
  --hipify) hipify=$2; shift 2 ;;
  --no-serial) serial=0; shift ;;
  --no-identity) identity=0; shift ;;
  --jobs) jobs=$2; shift 2 ;;
  --) shift; clang_args=("$@"); break ;;
  -*) echo "tree_bench: unknown option $1" >&2; exit 2 ;;
  *) inputs+=("$1"); shift ;;
  esac
done
[ ${#inputs[@]} -gt 0 ] || { echo "usage: bench/tree_bench.sh [options] INPUT... [-- CLANG_ARGS]" >&2; exit 2; }
[ -x "$hipwright" ] || { echo "tree_bench: build hipwright first ($hipwright)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "tree_bench: needs /usr/bin/time for peak memory" >&2; exit 2; }
[ -z "$hipify" ] || [ -x "$hipify" ] || { echo "tree_bench: $hipify is not executable" >&2; exit 2; }

mapfile -t units < <(for i in "${inputs[@]}"; do
  if [ -d "$i" ]; then find "$i" -type f -name '*.cu'; else echo "$i"; fi
done | sort -u)
n=${#units[@]}
[ "$n" -gt 0 ] || { echo "tree_bench: no .cu files in ${inputs[*]}" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%s\n' "${units[@]}" >"$work/units"

resource=$("$clang" -print-resource-dir)
now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; }
fmt() { printf '%.1f' "$1"; }
declare -A secs

# timed NAME CMD...: wall time into secs[NAME]; the command's output is kept
# in $work/NAME.log.
timed() {
  local name=$1 t0 t1
  shift
  t0=$(now)
  "$@" >"$work/$name.log" 2>&1 || true
  t1=$(now)
  secs[$name]=$(calc "$t1 - $t0")
}

port() { # port OUTDIR [env...]: one cold port, peak RSS into OUTDIR.rss
  local out=$1
  shift
  rm -rf "$out"
  /usr/bin/time -f %M -o "$out.rss" env "$@" "$hipwright" port "${units[@]}" \
    --out-root "$out" --no-cache --no-build-files -j "$jobs" -q \
    --stats "$out.json" -- ${clang_args[@]+"${clang_args[@]}"}
}
timed hipwright port "$work/fast" HIPWRIGHT_CACHE_STATS=1 HIPWRIGHT_PHASE_TIMES=1
if [ "$identity" = 1 ]; then
  timed slow port "$work/slow" HIPWRIGHT_NO_PCH=1 HIPWRIGHT_PARSE_SYSTEM_BODIES=1 \
    HIPWRIGHT_WALK_SYSTEM_DECLS=1
  same=yes
  diff -r "$work/fast" "$work/slow" >/dev/null || same="NO: the ported trees differ"
  strip() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); [d.pop(k, None) for k in ('seconds', 'peak_rss_kib')]; print(json.dumps(d, sort_keys=True))" "$1"; }
  [ "$(strip "$work/fast.json")" = "$(strip "$work/slow.json")" ] ||
    same="${same/yes/NO}; the summaries differ"
fi

syntax() { # syntax SIDE-FLAGS...: every unit, $jobs at once
  xargs -P "$jobs" -I{} "$clang" -fsyntax-only -w -x cuda -std=c++17 "--cuda-path=$cuda" \
    -Wno-unknown-cuda-version -isystem "$cuda/include/cccl" \
    "-resource-dir=$resource" "$@" ${clang_args[@]+"${clang_args[@]}"} {} <"$work/units"
}
timed host syntax --cuda-host-only
timed device syntax --cuda-device-only --cuda-gpu-arch=sm_90

if [ -n "$hipify" ]; then
  # One file per call, as its users run it; the output goes under $work.
  mkdir -p "$work/hipify"
  {
    echo '#!/usr/bin/env bash'
    # Its driver's default standard is older than CUDA 13's headers need.
    printf 'exec %q "$1" %q %q -o %q/hipify/"$(echo "$1" | tr / _)".hip -- -std=c++17 -Wno-unknown-cuda-version' \
      "$hipify" "--cuda-path=$cuda" "--clang-resource-directory=$resource" "$work"
    printf ' %q' ${clang_args[@]+"${clang_args[@]}"}
    echo
  } >"$work/hipify_one"
  chmod +x "$work/hipify_one"
  timed hipify_par xargs -P "$jobs" -n 1 "$work/hipify_one" <"$work/units"
  if [ "$serial" = 1 ]; then
    timed hipify_serial xargs -P 1 -n 1 "$work/hipify_one" <"$work/units"
  fi
  hipified=$(find "$work/hipify" -name '*.hip' | wc -l)
fi

rss=$(awk '{ printf "%.0f", $1 / 1024 }' "$work/fast.rss")
echo "tree benchmark: $n translation units, $jobs jobs, $(nproc) cores, one run each"
echo "  hipwright port, cold (--no-cache -j$jobs): $(fmt "${secs[hipwright]}") s   peak RSS $rss MiB for $jobs workers"
grep -h "prelude pch:\|phase times" "$work/hipwright.log" | sed 's/^hipwright port: /    /'
if [ "$identity" = 1 ]; then
  echo "  hipwright, every speed-up off:         $(fmt "${secs[slow]}") s   output identical: $same"
fi
floor=$(calc "${secs[host]} + ${secs[device]}")
echo "  clang -fsyntax-only host (-P$jobs):      $(fmt "${secs[host]}") s"
echo "  clang -fsyntax-only device (-P$jobs):    $(fmt "${secs[device]}") s"
if [ -n "$hipify" ]; then
  echo "  hipify-clang -P$jobs:                     $(fmt "${secs[hipify_par]}") s   ($hipified of $n .hip files written)"
  [ "$serial" = 1 ] && echo "  hipify-clang one file at a time:        $(fmt "${secs[hipify_serial]}") s"
  echo "  ratio hipify-clang -P$jobs / hipwright:   $(fmt "$(calc "${secs[hipify_par]} / ${secs[hipwright]}")")x"
  [ "$serial" = 1 ] && echo "  ratio hipify-clang serial / hipwright: $(fmt "$(calc "${secs[hipify_serial]} / ${secs[hipwright]}")")x"
fi
[ "$identity" = 1 ] && echo "  ratio speed-ups off / on:              $(fmt "$(calc "${secs[slow]} / ${secs[hipwright]}")")x"
echo "  ratio hipwright / clang host+device:   $(printf '%.2f' "$(calc "${secs[hipwright]} / $floor")")"
