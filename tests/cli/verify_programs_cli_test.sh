#!/usr/bin/env bash
# `hipwright verify` on programs shaped like real ones (issue 26, item 1):
#  - a program of several sources (its reference in a .cpp beside the main,
#    a kernel in a second .cu), named by its CMakeLists.txt, by its Makefile,
#    or found as every source of its folder, built and linked together in
#    every cell;
#  - a helper header from an -I folder outside the program (as cuda-samples'
#    Common/helper_cuda.h) that declares its helpers only when the CUDA
#    runtime's include guard is defined: it is ported with the program and
#    the port's builds read the ported copy;
#  - a folder with two mains keeps one program per main.
#
#   verify_programs_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

mkdir -p "$work/helpers" "$work/cmake_prog" "$work/make_prog" "$work/dir_prog" "$work/two"
cat >"$work/helpers/checks.h" <<'H'
#pragma once
#include <cstdio>
// As helper_cuda.h: what needs the runtime only when its header came first.
#ifdef __CUDA_RUNTIME_H__
inline int pickDevice() {
  cudaSetDevice(0);
  return 0;
}
#endif
H
# The kernel in one .cu, main in another, the reference in a .cpp.
write_program() {
  local d=$1
  cat >"$d/main.cu" <<'CU'
#include <cuda_runtime.h>
#include "checks.h"
#include <cstdio>
void launchSquare(int *d, int n);
void squareOnHost(const int *in, int *out, int n);
int main() {
  pickDevice();
  const int n = 96;
  int h[n], want[n], *d;
  for (int i = 0; i < n; ++i)
    h[i] = i;
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  launchSquare(d, n);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    want[i] = i;
  squareOnHost(want, want, n);
  for (int i = 0; i < n; ++i)
    if (h[i] != want[i]) {
      printf("FAILED at %d\n", i);
      return 1;
    }
  printf("Test passed\n");
  return 0;
}
CU
  cat >"$d/square.cu" <<'CU'
#include <cuda_runtime.h>
__global__ void square(int *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] *= d[i];
}
void launchSquare(int *d, int n) {
  square<<<(n + 31) / 32, 32>>>(d, n);
  cudaDeviceSynchronize();
}
CU
  cat >"$d/reference.cpp" <<'CPP'
void squareOnHost(const int *in, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * in[i];
}
CPP
  # A source of the folder that is not the program's: only the folder rule
  # would take it, and it would not link (a second squareOnHost).
  cat >"$d/unused_variant.cpp" <<'CPP'
void squareOnHost(const int *in, int *out, int n) { (void)in; (void)out; (void)n; }
CPP
}
for d in cmake_prog make_prog dir_prog; do write_program "$work/$d"; done
rm "$work/dir_prog/unused_variant.cpp"
printf 'project(p LANGUAGES CXX CUDA)\nadd_executable(app main.cu square.cu\n  reference.cpp)\n' \
  >"$work/cmake_prog/CMakeLists.txt"
printf 'CC = nvcc\nsource = main.cu square.cu reference.cpp\nobj = $(source:.cu=.o)\nmain: $(obj)\n\t$(CC) $(obj) -o $@\n' \
  >"$work/make_prog/Makefile"
# Two mains in one folder: two programs, each its own file.
for n in a b; do
  printf '#include <cstdio>\n__global__ void k(int *x) { *x = 1; }\nint main() {\n  int *x;\n  cudaMalloc(&x, 4);\n  k<<<1, 1>>>(x);\n  cudaDeviceSynchronize();\n  printf("PASSED\\n");\n  return 0;\n}\n' \
    >"$work/two/$n.cu"
done

run 0 "verify the programs" "$hw" verify "$work/cmake_prog" "$work/make_prog" \
  "$work/dir_prog" "$work/two" -I "$work/helpers" -q --timeout 60 \
  --format json -o "$work/m.json"
prog() { json_get "$work/m.json" "[p for p in d['programs'] if p['file'].endswith('/$1')][0]$2"; }
for d in cmake_prog make_prog dir_prog; do
  srcs=$(prog "$d/main.cu" "['sources']")
  want="['$work/$d/main.cu', '$work/$d/reference.cpp', '$work/$d/square.cu']"
  [ "$srcs" = "$want" ] || fail "$d: sources $srcs, wanted $want"
  for c in cuda-run-wave32 port-run-wave64 fixed-run-wave64 fixed-run-wave32 \
      port-build-gfx942 port-build-gfx950; do
    st=$(prog "$d/main.cu" "['cells']['$c']['status']")
    [ "$st" = pass ] || fail "$d $c: $st: $(prog "$d/main.cu" "['cells']['$c']['detail']")"
  done
done
[ "$(prog cmake_prog/main.cu "['sources_from']")" = "CMakeLists.txt:2: add_executable(app)" ] ||
  fail "cmake_prog: sources_from $(prog cmake_prog/main.cu "['sources_from']")"
[ "$(prog make_prog/main.cu "['sources_from']")" = "Makefile:2: source" ] ||
  fail "make_prog: sources_from $(prog make_prog/main.cu "['sources_from']")"
[ "$(prog dir_prog/main.cu "['sources_from']")" = "every source in its folder" ] ||
  fail "dir_prog: sources_from $(prog dir_prog/main.cu "['sources_from']")"
# The build cells name how many sources were built.
case "$(prog cmake_prog/main.cu "['cells']['port-build-gfx942']['detail']")" in
  "all 3 sources: "*) ;;
  *) fail "the build cell does not cover every source: $(prog cmake_prog/main.cu "['cells']['port-build-gfx942']['detail']")" ;;
esac
for n in a b; do
  [ "$(prog "two/$n.cu" "['sources_from']")" = "its file" ] || fail "two/$n.cu is not a program of its own"
  [ "$(prog "two/$n.cu" "['cells']['port-run-wave64']['status']")" = pass ] || fail "two/$n.cu port-run-wave64"
done
# The helper header was ported with the programs; the original is untouched.
grep -q "cudaSetDevice" "$work/helpers/checks.h" || fail "the user's helper header was changed"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "verify builds real programs from all their sources, with their helper headers ported"
