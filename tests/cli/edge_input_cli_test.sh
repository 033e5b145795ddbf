#!/usr/bin/env bash
# Inputs at the edges of what a source file can be: files with no code at all
# (empty, only newlines, only comments after a leading newline) must finish
# in port, port --diff, lint and report, alone and inside a tree (they once
# looped forever); a UTF-8 byte order mark must stay the file's first bytes
# and CRLF files must stay CRLF when hipwright inserts lines.
#
#   edge_input_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
# A hang is a failure, not a stuck test run. The limit is generous: each
# command parses a file or two.
limit=120

mkdir -p "$work/tree"
: >"$work/tree/empty.cu"
printf '\n\n\n' >"$work/tree/newlines.cu"
printf '\n// only a comment\n/* and a\n   block comment */\n' >"$work/tree/comments.cu"
printf '\r\n// CRLF comment\r\n' >"$work/tree/crlf_comment.cu"
printf '\xEF\xBB\xBF' >"$work/tree/bom_only.cu"
cat >"$work/tree/real.cu" <<'CU'
int main() { void *p; return cudaMalloc(&p, 16) == cudaSuccess ? 0 : 1; }
CU

for f in empty newlines comments crlf_comment bom_only; do
  src="$work/tree/$f.cu"
  run 0 "port $f.cu" timeout "$limit" "$hw" port -q "$src"
  cmp -s "$work/out.txt" "$src" || fail "port $f.cu: a file without code must come out unchanged"
done
# Every command over the tree: one such file must not stop the rest of it.
run 0 "port a tree holding files without code" timeout "$limit" "$hw" port -q "$work/tree" --out-root "$work/out"
grep -q hipMalloc "$work/out/real.cu" || fail "tree: real.cu not translated"
[ "$(ls "$work/out")" = real.cu ] || fail "tree: files without code were written: $(ls "$work/out")"
run 0 "port --diff of the tree" timeout "$limit" "$hw" port -q --diff "$work/tree"
grep -q '^+.*hipMalloc' "$work/out.txt" || fail "tree --diff: real.cu's change missing"
[ "$(grep -c '^--- ' "$work/out.txt")" = 1 ] || fail "tree --diff: a file without code has a diff"
run 0 "lint of the tree" timeout "$limit" "$hw" lint "$work/tree"
run 0 "report of the tree" timeout "$limit" "$hw" report "$work/tree" -o "$work/tree.html"
grep -q 'real.cu' "$work/tree.html" || fail "report: real.cu missing"

# A byte order mark stays first; the implicit include goes after it.
mkdir -p "$work/enc"
printf '\xEF\xBB\xBFint main() { void *p; return cudaMalloc(&p, 16); }\n' >"$work/enc/bom.cu"
run 0 "port a file with a BOM" "$hw" port -q "$work/enc/bom.cu"
head -c 3 "$work/out.txt" | od -An -tx1 | grep -q 'ef bb bf' ||
  fail "BOM: the output does not start with the byte order mark"
[ "$(grep -c $'\xEF\xBB\xBF' "$work/out.txt")" = 1 ] || fail "BOM: not exactly one byte order mark"
sed -n 1p "$work/out.txt" | grep -q '#include <hip/hip_runtime.h>' ||
  fail "BOM: the include is not on the first line, after the mark"

# CRLF files: inserted lines (the include, the version prologue) end in CRLF.
printf '// header comment\r\n#if CUDART_VERSION >= 11000\r\nint v;\r\n#endif\r\nint main() { void *p; return cudaMalloc(&p, 16); }\r\n' >"$work/enc/crlf.cu"
run 0 "port a CRLF file" "$hw" port -q "$work/enc/crlf.cu"
grep -q 'HIPWRIGHT_CUDART_VERSION' "$work/out.txt" || fail "CRLF: the version prologue is missing"
grep -q 'hip/hip_runtime.h' "$work/out.txt" || fail "CRLF: the include is missing"
bare=$(python3 -c 'import sys; d=open(sys.argv[1],"rb").read(); print(d.count(b"\n") - d.count(b"\r\n"))' "$work/out.txt")
[ "$bare" = 0 ] || fail "CRLF: $bare line(s) of the port end in a bare LF"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all edge-input CLI checks passed"
