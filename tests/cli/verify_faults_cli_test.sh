#!/usr/bin/env bash
# `hipwright verify` tells a kernel that faults from a host program that
# crashes (issue 13): the first names the kernel, block and thread, the
# second says the crash was in host code.
#
#   verify_faults_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

mkdir -p "$work/progs"
cat >"$work/progs/kernel_fault.cu" <<'CU'
#include <cstdio>
// Every thread but 0 writes far outside the buffer, into unmapped memory;
// thread 1 runs first.
__global__ void scatter(int *out, long stride) {
  out[threadIdx.x * stride] = 1;
}
int main() {
  int *o;
  cudaMalloc(&o, 64 * sizeof(int));
  scatter<<<1, 4>>>(o, 1L << 40);
  cudaDeviceSynchronize();
  printf("PASSED\n");
  return 0;
}
CU
cat >"$work/progs/host_fault.cu" <<'CU'
#include <cstdio>
__global__ void fine(int *out) { out[threadIdx.x] = 1; }
int *volatile nowhere = nullptr;
int main() {
  int *o;
  cudaMalloc(&o, 64 * sizeof(int));
  fine<<<1, 32>>>(o);
  cudaDeviceSynchronize();
  *nowhere = 1; // host code
  printf("PASSED\n");
  return 0;
}
CU
run 1 "faulting programs fail" "$hw" verify "$work/progs" -q --timeout 60 \
  --format json -o "$work/m.json"
detail() { json_get "$work/m.json" "[p for p in d['programs'] if p['name'].startswith('$1')][0]['cells']['$2']['detail']"; }
for c in cuda-run-wave32 port-run-wave64; do
  d=$(detail kernel_fault $c)
  case "$d" in
    *"kernel 'scatter' block (0,0,0) thread (1,0,0): invalid memory access (SIGSEGV)"*"the kernel faulted"*) ;;
    *) fail "kernel fault $c: $d" ;;
  esac
  d=$(detail host_fault $c)
  case "$d" in
    *"crashed in host code (outside any kernel)"*) ;;
    *) fail "host fault $c: $d" ;;
  esac
done

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all verify fault checks passed"
