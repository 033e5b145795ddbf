#!/usr/bin/env bash
# Builds bench/sim_bench.cpp against the CPU SIMT runtime's sources, the way
# lowered programs are built (clang++-22 -O1), and runs it: the time of a
# 4096 x 256 launch with two __syncthreads and a five-step shuffle reduction
# at wave widths 32 and 64, and its ratio to a serial loop doing the same
# arithmetic, and at width 64 the cost of the lockstep loop region the CPU
# lowering puts around the loop. Best of 3 runs each.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
clang=${CLANG:-clang++-22}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runtime=(BlockScheduler DeviceFault Diagnostics FiberSwitch KernelFaults
         Launch LoopRegions StackPool WarpCollectives)
objs=()
for name in "${runtime[@]}"; do
  "$clang" -std=c++20 -O2 -I"$here/include/hipwright/sim" \
    -c "$here/lib/sim/runtime/$name.cpp" -o "$work/$name.o"
  objs+=("$work/$name.o")
done
"$clang" -std=c++20 -O1 -I"$here/include/hipwright/sim" \
  "$here/bench/sim_bench.cpp" "${objs[@]}" -lpthread -o "$work/sim_bench"
"$work/sim_bench"
