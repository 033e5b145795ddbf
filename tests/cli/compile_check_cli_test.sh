#!/usr/bin/env bash
# `hipwright compile-check` and tests/compile/hip_compile_check.sh, the
# wrapper the suites call: usage errors (exit 2), a missing toolchain piece
# (skipped, exit 77; an error, exit 1, under HIPWRIGHT_REQUIRE_TOOLCHAIN=1),
# the report's lines for a pass and a failure with -I/-D, and --verbose.
#
#   compile_check_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
script="$here/tests/compile/hip_compile_check.sh"

mkdir -p "$work/src/inc"
printf '#define SCALE 3\n' >"$work/src/inc/scale.h"
cat >"$work/src/good.hip" <<'HIP'
#include <hip/hip_runtime.h>
#include "scale.h"
#ifndef WANTED
#error WANTED must be defined
#endif
__global__ void k(int *p) { p[threadIdx.x] = SCALE * WANTED; }
HIP
cat >"$work/src/bad.hip" <<'HIP'
#include <hip/hip_runtime.h>
__global__ void k(int *p) {
  p[0] = not_declared_here;
}
HIP

# ---- usage -------------------------------------------------------------------
run 2 "no input files" "$hw" compile-check
grep -q "no input files" "$work/err.txt" || fail "no input files: $(cat "$work/err.txt")"
run 2 "unknown option" "$hw" compile-check --frobnicate "$work/src/good.hip"
grep -q "unknown option '--frobnicate'" "$work/err.txt" || fail "unknown option: $(cat "$work/err.txt")"
run 2 "missing file" "$hw" compile-check --work "$work/cc" "$work/src/absent.hip"
grep -q "no such file: $work/src/absent.hip" "$work/err.txt" || fail "missing file: $(cat "$work/err.txt")"
run 2 "bad --jobs" "$hw" compile-check --jobs 0 "$work/src/good.hip"
run 0 "--help" "$hw" compile-check --help
grep -q "^usage: hipwright compile-check" "$work/out.txt" || fail "--help printed no usage"
# The wrapper passes usage errors through unchanged.
HIPWRIGHT=$hw run 2 "wrapper: no input files" bash "$script"

# ---- a missing toolchain piece -----------------------------------------------
mkdir -p "$work/nolibs"
HIPWRIGHT_DEVICE_LIB_DIR=$work/nolibs run 77 "no device libraries, not required" \
  env -u HIPWRIGHT_REQUIRE_TOOLCHAIN "$hw" compile-check --work "$work/cc" "$work/src/good.hip"
grep -q "^SKIP gfx942 $work/src/good.hip: no ROCm device libraries in $work/nolibs" "$work/out.txt" ||
  fail "missing device libraries, skip: $(cat "$work/out.txt")"
grep -q "^SKIP gfx950 " "$work/out.txt" || fail "gfx950 not reported: $(cat "$work/out.txt")"
HIPWRIGHT_DEVICE_LIB_DIR=$work/nolibs HIPWRIGHT_REQUIRE_TOOLCHAIN=1 \
  run 1 "no device libraries, required" "$hw" compile-check --work "$work/cc" "$work/src/good.hip"
grep -q "^FAIL gfx942 $work/src/good.hip: no ROCm device libraries" "$work/out.txt" ||
  fail "missing device libraries, required: $(cat "$work/out.txt")"
grep -q "HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes this an error" "$work/err.txt" ||
  fail "required toolchain: no message on stderr"

# ---- real builds (through the wrapper, as the suites call it) ------------------
rc=0
HIPWRIGHT=$hw bash "$script" --targets gfx942 --work "$work/cc" --jobs 2 \
  --include "$work/src/inc" --define WANTED=2 "$work/src/good.hip" "$work/src/bad.hip" \
  >"$work/out.txt" 2>"$work/err.txt" || rc=$?
if [ "$rc" = 77 ] && [ "${HIPWRIGHT_REQUIRE_TOOLCHAIN:-}" != 1 ]; then
  echo "compile check skipped: $(head -1 "$work/out.txt")"
else
  [ "$rc" = 1 ] || fail "good+bad: exit $rc, wanted 1: $(cat "$work/out.txt" "$work/err.txt")"
  sed -n 1p "$work/out.txt" | grep -q "^PASS gfx942 $work/src/good.hip: bundle hipv4-amdgcn-amd-amdhsa--gfx942, code object v6" ||
    fail "good.hip did not pass first: $(cat "$work/out.txt")"
  sed -n 2p "$work/out.txt" | grep -q "^FAIL gfx942 $work/src/bad.hip: clang++ exited non-zero$" ||
    fail "bad.hip did not fail second: $(cat "$work/out.txt")"
  sed -n 3p "$work/out.txt" | grep -q "^    $work/src/bad.hip:3:[0-9]*: error: use of undeclared identifier 'not_declared_here'" ||
    fail "bad.hip's first error is not the indented third line: $(cat "$work/out.txt")"
  ls "$work"/cc/obj/bad.hip.*.gfx942.o.log >/dev/null 2>&1 || fail "no log for bad.hip"
  # Without -D the #error fires: the macro really reached the compiler.
  run 1 "without --define" "$hw" compile-check --targets gfx942 --work "$work/cc" \
    -I "$work/src/inc" "$work/src/good.hip"
  grep -q "WANTED must be defined" "$work/out.txt" || fail "without -D: $(cat "$work/out.txt")"
  run 0 "--verbose" "$hw" compile-check --targets gfx942 --work "$work/cc" --verbose \
    -I "$work/src/inc" -D WANTED=1 "$work/src/good.hip"
  grep -q "^    .*clang++.* --offload-arch=gfx942 .*-isystem [^ ]*/include .*-DWANTED=1" "$work/out.txt" ||
    fail "--verbose: no command line: $(cat "$work/out.txt")"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "compile_check_cli_test: all checks passed"
