#!/usr/bin/env bash
# No option may write over an input (issue 30, item 2). Rather than list
# the options that write files (the next one added would be missing from
# the list), this walks every command's --help: each option that takes a
# value is given an input source, an input header and the input directory
# in turn, and afterwards every input must be byte for byte what it was.
# The options known to write files must moreover refuse (exit 2).
#
#   outputs_not_inputs_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

mkdir -p "$work/pristine/src"
cd "$work/pristine"
cat >src/a.cu <<'CU'
#include "h.cuh"
__global__ void k(float *d) { d[threadIdx.x] = twice(d[threadIdx.x]); }
void fa(float *d) { k<<<1, 32>>>(d); cudaDeviceSynchronize(); }
CU
cat >src/h.cuh <<'CU'
#pragma once
#include <cuda_runtime.h>
__device__ inline float twice(float v) { return v + v; }
CU
cat >src/prog.cu <<'CU'
#include <cstdio>
#include <cuda_runtime.h>
__global__ void one(int *d) { d[threadIdx.x] = 1; }
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  one<<<1, 64>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  std::printf("Test passed\n");
  return 0;
}
CU
cat >src/k.hip <<'CU'
#include <hip/hip_runtime.h>
__global__ void k(float *d) { d[threadIdx.x] = 1.0f; }
CU

# Options that write a file or a tree: each must refuse an input.
writers=" port:--out-root port:--stats port:--shard-out lint:-o"
writers+=" lint:--write-baseline lint:--shard-out report:-o report:--shard-out"
writers+=" verify:-o verify:--output verify:--work "

tried=0
seen_writers=""
for cmd in port lint report verify compile-check; do
  "$hw" "$cmd" --help >"$work/help.txt"
  # Rows: two spaces, the spellings (comma-separated), then a placeholder
  # when the option takes a value, then two or more spaces and the help.
  while IFS= read -r usage; do
    spellings=() value=""
    for word in $usage; do
      word=${word%,}
      case $word in
      -*) spellings+=("${word%%=*}") ;;
      *) value=$word ;;
      esac
    done
    [ -n "$value" ] || continue # a flag: takes no path
    for opt in "${spellings[@]}"; do
      case $value in
      *DIR*) targets=(src src/a.cu) ;;
      *FILE* | *PATH*) targets=(src/a.cu src/h.cuh) ;;
      *) targets=(src/a.cu) ;;
      esac
      for target in "${targets[@]}"; do
        rm -rf "$work/t" "$work/out" "$work/cc" "$work/r.html"
        cp -r "$work/pristine" "$work/t"
        cd "$work/t"
        args=()
        case $cmd in
        port) [ "$opt" = --out-root ] || args+=(--out-root "$work/out") ;;
        report) [ "$opt" = -o ] || args+=(-o "$work/r.html") ;;
        compile-check) [ "$opt" = --work ] || args+=(--work "$work/cc") ;;
        esac
        [ "$opt" = --shard-out ] && args+=(--shard 1/2)
        input=src
        [ "$cmd" = compile-check ] && input=src/k.hip
        rc=0
        timeout 120 "$hw" "$cmd" "$input" "${args[@]}" "$opt" "$target" \
          >"$work/out.txt" 2>"$work/err.txt" </dev/null || rc=$?
        tried=$((tried + 1))
        for f in src/a.cu src/h.cuh src/prog.cu src/k.hip; do
          cmp -s "$f" "$work/pristine/$f" ||
            fail "$cmd $opt $target changed the input $f (exit $rc)"
        done
        if [[ "$writers" == *" $cmd:$opt "* ]]; then
          seen_writers+=" $cmd:$opt"
          [ "$rc" = 2 ] || fail "$cmd $opt $target: exit $rc, wanted 2 (refused): $(head -3 "$work/err.txt")"
        fi
        cd "$work"
      done
    done
  done < <(grep -E '^  -' "$work/help.txt" | sed -E 's/^  //; s/ {2,}.*//')
done

# The walk must have reached every known writer, or the help parsing broke.
for w in $writers; do
  [[ "$seen_writers" == *" $w"* ]] || fail "the walk never tried $w (is it still in --help?)"
done
[ "$tried" -gt 40 ] || fail "only $tried option runs: the --help walk found too few options"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "no option wrote over an input ($tried option runs)"
