#!/usr/bin/env bash
# What hipwright may and may not do to the files around it (issue 13): a
# backup is never replaced, no output lands on an input, --in-place keeps
# owner, mode and symbolic links, an interrupted run's temporary files are
# cleaned up, and a failed write - a full disk, a closed pipe - is exit 2
# with a message naming the output, for port, lint and report alike.
#
#   output_safety_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

# A reduction whose plain port widens the mask and whose --fix then adds
# the width 32 (analyzers/warp-size/test/warp-size.cu).
mkdir -p "$work/src"
cat >"$work/src/k.cu" <<'CU'
#include <cuda_runtime.h>
__global__ void rowSum(float *m) {
  float v = m[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  m[threadIdx.x] = v;
}
void launch(float *m) { rowSum<<<1, 64>>>(m); cudaDeviceSynchronize(); }
CU
cat >"$work/src/u.cu" <<'CU'
#include <cuda_runtime.h>
void g(float *d) { cudaFree(d); }
CU
cp "$work/src/k.cu" "$work/k.cuda"
cp "$work/src/u.cu" "$work/u.cuda"

# --- Item 1: a backup is never replaced ------------------------------------
cp -r "$work/src" "$work/ip"
echo "my notes about u.cu" >"$work/ip/u.cu.orig" # a .orig of the user's own
chmod 0600 "$work/ip/k.cu"
run 0 "first in-place port" "$hw" port "$work/ip" --in-place -q
cmp -s "$work/ip/k.cu.orig" "$work/k.cuda" || fail "first port: k.cu.orig is not the CUDA original"
[ "$(stat -c %a "$work/ip/k.cu.orig")" = 600 ] || fail "a 0600 source got a $(stat -c %a "$work/ip/k.cu.orig") backup"
[ "$(stat -c %a "$work/ip/k.cu")" = 600 ] || fail "mode of the source not kept"
[ "$(cat "$work/ip/u.cu.orig")" = "my notes about u.cu" ] || fail "the user's own u.cu.orig was overwritten"
cmp -s "$work/ip/u.cu.orig.1" "$work/u.cuda" || fail "u.cu's backup is not in u.cu.orig.1"
grep -q "u.cu.orig holds other content" "$work/err.txt" || fail "no note about where u.cu's backup went: $(cat "$work/err.txt")"
# CUDA code merged into the ported file (it includes a CUDA header again, so
# it is CUDA, not HIP left alone), then a second in-place port with --fix:
# the file changes a second time.
cat >>"$work/ip/k.cu" <<'CU'
#include <cuda_runtime.h>
void release(float *m) { cudaFree(m); }
CU
cp "$work/ip/k.cu" "$work/k.ported"
# Its HIP include parsed as CUDA may make it partial (3): what is checked
# here is the backups.
rc=0
"$hw" port "$work/ip" --in-place --fix -q >"$work/out.txt" 2>"$work/err.txt" || rc=$?
case $rc in 0 | 3) ;; *) fail "second in-place port with --fix: exit $rc" ;; esac
cmp -s "$work/k.ported" "$work/ip/k.cu" && fail "the second port changed nothing: the test lost its point"
cmp -s "$work/ip/k.cu.orig" "$work/k.cuda" || fail "second port replaced the CUDA original in k.cu.orig"
cmp -s "$work/ip/k.cu.orig.1" "$work/k.ported" || fail "second port did not keep the pre-fix file in k.cu.orig.1"
grep -q "k.cu.orig.1" "$work/err.txt" || fail "no note naming k.cu.orig.1"
run 0 "third port changes nothing" "$hw" port "$work/ip" --in-place --fix -q
[ ! -e "$work/ip/k.cu.orig.2" ] || fail "a port that changed nothing wrote a backup"

# --- Item 10: owner, symbolic links, hard links -----------------------------
if [ "$(id -u)" = 0 ]; then
  cp -r "$work/src" "$work/own"
  chown 65534:65534 "$work/own/u.cu"
  run 0 "in-place as root" "$hw" port "$work/own/u.cu" --in-place -q
  [ "$(stat -c %u:%g "$work/own/u.cu")" = 65534:65534 ] || fail "root's in-place port changed the owner to $(stat -c %u:%g "$work/own/u.cu")"
  [ "$(stat -c %u:%g "$work/own/u.cu.orig")" = 65534:65534 ] || fail "the backup is not owned by the file's owner"
else
  echo "note: not root, the owner check is skipped"
fi
mkdir -p "$work/ln/real"
cp "$work/src/u.cu" "$work/ln/real/u.cu"
ln -s real/u.cu "$work/ln/u.cu"
run 0 "in-place through a symbolic link" "$hw" port "$work/ln/u.cu" --in-place -q
[ -L "$work/ln/u.cu" ] || fail "the symbolic link was replaced by a plain file"
grep -q hipFree "$work/ln/real/u.cu" || fail "the link's target was not ported"
cmp -s "$work/ln/real/u.cu.orig" "$work/u.cuda" || fail "no backup beside the link's target"
mkdir -p "$work/hl"
cp "$work/src/u.cu" "$work/hl/u.cu"
ln "$work/hl/u.cu" "$work/hl-other.cu"
run 0 "in-place of a hard-linked file" "$hw" port "$work/hl/u.cu" --in-place -q
grep -q "hard link" "$work/err.txt" || fail "no note about the hard link"
cmp -s "$work/hl-other.cu" "$work/u.cuda" || fail "the other hard link does not hold the original"

# --- Item 15: temporaries a killed run left --------------------------------
cp -r "$work/src" "$work/tmp"
echo half >"$work/tmp/.u.cu.hipwright-1a2b3c"
echo keep >"$work/tmp/.u.cu.hipwright-mine"
run 0 "in-place after a killed run" "$hw" port "$work/tmp" --in-place -q
[ ! -e "$work/tmp/.u.cu.hipwright-1a2b3c" ] || fail "stale temporary file not removed"
[ -e "$work/tmp/.u.cu.hipwright-mine" ] || fail "a file that is no temporary of ours was removed"

# --- Item 2: no output over an input -----------------------------------------
cp -r "$work/src" "$work/in"
for root in "$work/in" "$work/in/hip" "$work/in/./a/../hip"; do
  run 2 "--out-root $root inside the input" "$hw" port "$work/in" --out-root "$root" -q
  grep -q "inside the input directory" "$work/err.txt" || fail "--out-root $root: $(cat "$work/err.txt")"
done
run 2 "--copy-unchanged into the input" "$hw" port "$work/in" --out-root "$work/in/hip" --copy-unchanged -q
ln -s "$work/in" "$work/in-alias"
run 2 "--out-root inside the input through a link" "$hw" port "$work/in" --out-root "$work/in-alias/hip" -q
[ ! -e "$work/in/hip" ] || fail "something was written inside the input"
diff -r "$work/src" "$work/in" >/dev/null || fail "a refused --out-root changed the inputs"
run 2 "--out-root mapping files onto themselves" sh -c 'cd "$1" && "$0" port k.cu u.cu --out-root . -q' "$hw" "$work/in"
grep -q "over the input" "$work/err.txt" || fail "files onto themselves: $(cat "$work/err.txt")"
diff -r "$work/src" "$work/in" >/dev/null || fail "--out-root . overwrote an input"
run 0 "--out-root beside the input is fine" "$hw" port "$work/in/u.cu" --out-root "$work/hip-beside" -q
run 2 "--stats naming an input" "$hw" port "$work/in" --out-root "$work/o" --stats "$work/in/u.cu" -q
grep -q "that is the input" "$work/err.txt" || fail "--stats onto an input: $(cat "$work/err.txt")"
[ ! -e "$work/o" ] || fail "--stats onto an input: the port was written anyway"
cmp -s "$work/in/u.cu" "$work/u.cuda" || fail "--stats overwrote an input"
run 2 "lint -o naming an input" "$hw" lint "$work/in" -o "$work/in/u.cu"
run 2 "lint --write-baseline naming an input" "$hw" lint "$work/in" --write-baseline "$work/in/k.cu"
run 2 "report -o naming an input" "$hw" report "$work/in" -o "$work/in/k.cu"
diff -r "$work/src" "$work/in" >/dev/null || fail "lint or report overwrote an input"

# --- Item 11: failed writes are exit 2 and name the output -----------------
no_llvm_error() { ! grep -q "LLVM ERROR" "$work/err.txt" || fail "$1: $(cat "$work/err.txt")"; }
# Runs CMD with stdout a pipe whose reading end is already closed.
closed_pipe() {
  python3 - "$@" <<'PY'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
sys.stderr.write(p.stderr.decode())
sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)
PY
}
if [ -w /dev/full ]; then
  run 2 "port to a full stdout" sh -c '"$0" port -q "$1" >/dev/full' "$hw" "$work/src/u.cu"
  grep -q "standard output" "$work/err.txt" || fail "full stdout not named: $(cat "$work/err.txt")"
  no_llvm_error "port to a full stdout"
  run 2 "--stats to a full disk" "$hw" port "$work/src" --out-root "$work/o2" --stats /dev/full -q
  grep -q "/dev/full" "$work/err.txt" || fail "--stats failure does not name the file: $(cat "$work/err.txt")"
  no_llvm_error "--stats to a full disk"
  run 2 "lint findings to a full stdout (not 1)" sh -c '"$0" lint "$1" >/dev/full' "$hw" "$work/src"
  grep -q "standard output" "$work/err.txt" || fail "lint: full stdout not named"
  no_llvm_error "lint to a full stdout"
  run 2 "lint -o a full disk" "$hw" lint "$work/src" -o /dev/full
  grep -q "/dev/full" "$work/err.txt" || fail "lint -o failure does not name the file: $(cat "$work/err.txt")"
  no_llvm_error "lint -o a full disk"
  run 2 "lint --write-baseline a full disk" "$hw" lint "$work/src" --write-baseline /dev/full
  grep -q "/dev/full" "$work/err.txt" || fail "--write-baseline failure does not name the file"
  no_llvm_error "lint --write-baseline a full disk"
  run 2 "report to a full stdout" sh -c '"$0" report "$1" >/dev/full' "$hw" "$work/src"
  no_llvm_error "report to a full stdout"
  run 2 "report -o a full disk" "$hw" report "$work/src" -o /dev/full --format md
  grep -q "/dev/full" "$work/err.txt" || fail "report -o failure does not name the file"
else
  echo "note: no writable /dev/full, the full-disk checks are skipped"
fi
run 2 "port to a closed pipe" closed_pipe "$hw" port -q "$work/src/u.cu"
grep -q "standard output" "$work/err.txt" || fail "closed pipe not named: $(cat "$work/err.txt")"
no_llvm_error "port to a closed pipe"
run 2 "lint to a closed pipe (not 1)" closed_pipe "$hw" lint "$work/src"
no_llvm_error "lint to a closed pipe"
run 2 "query to a closed pipe" closed_pipe "$hw" query cudaMalloc

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all output-safety CLI checks passed"
