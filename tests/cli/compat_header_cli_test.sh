#!/usr/bin/env bash
# hipwright_cuda_compat.h (lib/port/CompatHeader.h): a port whose files call
# CUDA functions no ROCm header declares writes hipwright's equivalents next
# to each such file, in every output mode that writes files; it never
# replaces a user's file of that name; stdout and --diff write nothing and
# say where the header belongs; a second port is idempotent; a shard run
# merged later writes it too; a fix-it that calls one of its functions
# brings it as a translated call does.
#
#   compat_header_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

make_tree() { # make_tree DIR: a/ calls __vadd4, b/ calls nothing CUDA-only
  rm -rf "$1"
  mkdir -p "$1/a" "$1/b"
  cat >"$1/a/video.cu" <<'CU'
#include <cuda_runtime.h>
__global__ void k(unsigned *p) { p[threadIdx.x] = __vadd4(p[threadIdx.x], 0x01010101u); }
CU
  cat >"$1/b/plain.cu" <<'CU'
#include <cuda_runtime.h>
void f(int **p) { cudaMalloc(p, 4); }
CU
}
header=hipwright_cuda_compat.h
"$hw" query --compat-header >"$work/expected.h"
head -1 "$work/expected.h" | grep -q "^// $header: " || fail "query --compat-header printed no header"

# --- 1. --out-root: the header lands beside the file that needs it, only --
make_tree "$work/t1"
run 0 "port --out-root" "$hw" port "$work/t1" --out-root "$work/o1"
cmp -s "$work/o1/a/$header" "$work/expected.h" || fail "--out-root did not write a/$header"
[[ -e "$work/o1/b/$header" ]] && fail "--out-root wrote the header where nothing uses it"
grep -q "^#include \"$header\"$" "$work/o1/a/video.cu" || fail "a/video.cu does not include the header"
grep -q 'hipwright_vadd4(' "$work/o1/a/video.cu" || fail "__vadd4 was not replaced"
grep -q "1 call to CUDA-only functions now use hipwright's equivalents" "$work/err.txt" ||
  fail "the summary does not count the call: $(cat "$work/err.txt")"
[[ -e "$work/t1/a/$header" ]] && fail "--out-root wrote into the input tree"
# Porting the ported tree again changes nothing (it is HIP now).
run 0 "port the port again" "$hw" port "$work/o1" --diff
[[ -s "$work/out.txt" ]] && fail "a second port would change the ported tree: $(head -5 "$work/out.txt")"

# --- 2. --in-place: written next to the source; a stale copy is replaced --
make_tree "$work/t2"
run 0 "port --in-place" "$hw" port "$work/t2" --in-place --no-backup
cmp -s "$work/t2/a/$header" "$work/expected.h" || fail "--in-place did not write a/$header"
make_tree "$work/t3"
printf '// %s: an older hipwright wrote this\n' "$header" >"$work/t3/a/$header"
run 0 "port --in-place over an older copy" "$hw" port "$work/t3/a/video.cu" --in-place --no-backup
cmp -s "$work/t3/a/$header" "$work/expected.h" || fail "an older copy of the header was not replaced"

# --- 3. a user's own file of that name is never replaced -----------------
make_tree "$work/t4"
echo '// mine' >"$work/t4/a/$header"
cp -r "$work/t4" "$work/t4-before"
run 2 "port --in-place over a user's file" "$hw" port "$work/t4" --in-place --no-backup
diff -r "$work/t4" "$work/t4-before" >/dev/null || fail "a refused in-place port changed the tree"
grep -q "a/$header exists and is not hipwright's" "$work/err.txt" ||
  fail "the refusal does not name the file: $(cat "$work/err.txt")"
run 2 "port --out-root with a user's file of that name" "$hw" port "$work/t4" --out-root "$work/o4"
[[ -e "$work/o4/a/video.cu" ]] && fail "a refused --out-root port wrote files"

# --- 4. stdout and --diff write nothing and say where the header goes ----
make_tree "$work/t5"
run 0 "port to stdout" "$hw" port "$work/t5/a/video.cu"
grep -q 'hipwright_vadd4(' "$work/out.txt" || fail "stdout port did not replace __vadd4"
grep -q "the port includes $header here" "$work/err.txt" || fail "stdout port does not say where the header goes"
run 0 "port --diff" "$hw" port "$work/t5" --diff
grep -q "the port includes $header here" "$work/err.txt" || fail "--diff does not say where the header goes"
[[ -e "$work/t5/a/$header" ]] && fail "stdout or --diff wrote the header"

# --- 5. a sharded port writes it at merge time ---------------------------
make_tree "$work/t6"
run 0 "shard 1/1" "$hw" port "$work/t6" --out-root "$work/o6" --shard 1/1 --shard-out "$work/s6.hws"
run 0 "merge" "$hw" merge "$work/s6.hws"
cmp -s "$work/o6/a/$header" "$work/expected.h" || fail "the merge did not write a/$header"

# --- 6. a fix-it that calls the header's warp-size helper brings it too ----
mkdir -p "$work/t7/scan"
cat >"$work/t7/scan/scan.cu" <<'CU'
#include <cuda_runtime.h>
__global__ void scan(int *data, int width) {
  int lane = threadIdx.x % warpSize;
  int v = data[threadIdx.x];
  for (int i = 1; i <= width; i *= 2) {
    int n = __shfl_up_sync(0xffffffff, v, i, width);
    if (lane >= i) v += n;
  }
  data[threadIdx.x] = v;
}
void run(int *d) { scan<<<1, 256>>>(d, 32); }
CU
run 0 "port without --fix" "$hw" port "$work/t7" --out-root "$work/o7"
[[ -e "$work/o7/scan/$header" ]] && fail "the header was written without a fix that calls it"
run 0 "port --fix" "$hw" port "$work/t7" --fix --out-root "$work/o8"
grep -q 'scan<<<1, 256>>>(d, hipwright_device_warp_size());' "$work/o8/scan/scan.cu" ||
  fail "--fix did not pass the device's width: $(grep -n '<<<' "$work/o8/scan/scan.cu")"
grep -q "^#include \"$header\"$" "$work/o8/scan/scan.cu" || fail "the fixed file does not include the header"
cmp -s "$work/o8/scan/$header" "$work/expected.h" || fail "--fix did not write scan/$header"
run 0 "port the fixed port again" "$hw" port "$work/o8" --diff
[[ -s "$work/out.txt" ]] && fail "a second port would change the fixed tree: $(head -5 "$work/out.txt")"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "PASS"
