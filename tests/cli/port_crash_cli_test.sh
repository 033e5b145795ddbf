#!/usr/bin/env bash
# One file that would crash the parser must not take the run with it: deep
# nesting parses on the parse threads' large stacks, a file that still
# crashes (a stack overflow in the preprocessor) is failed alone, and every
# other file is ported and written; exit 3 (docs/cli.md).
#
#   port_crash_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

mkdir -p "$work/src"
cat >"$work/src/ok.cu" <<'CU'
#include <cuda_runtime.h>
void g(float *d) { cudaFree(d); }
CU
# 5000 nested parentheses: clang's recursive descent overflowed the 8 MiB
# stack of a worker thread (SIGSEGV, and the whole run wrote nothing).
python3 -c 'import sys; n = 5000; sys.stdout.write("int f() { return " + "(" * n + "1" + ")" * n + "; }\n")' >"$work/src/parens.cu"
run 3 "5000 nested parentheses" "$hw" port "$work/src" --out-root "$work/out"
grep -q "hipFree" "$work/out/ok.cu" || fail "the normal file was not ported next to the nested one"
grep -q "partial: parens.cu" "$work/err.txt" || fail "parens.cu not reported partial: $(cat "$work/err.txt")"
grep -q "bracket nesting level exceeded" "$work/err.txt" || fail "parens.cu: clang's own limit not reported"
[ -f "$work/out/parens.cu" ] || fail "the partial file was not written"

# The preprocessor's #if evaluator recurses once per parenthesis with no
# limit: 200,000 of them overflow any stack. That file fails, alone.
python3 -c 'import sys; n = 200000; sys.stdout.write("#if " + "(" * n + "1" + ")" * n + "\nint a;\n#endif\n")' >"$work/src/pp.cu"
rm -rf "$work/out"
run 3 "a file that crashes the preprocessor" "$hw" port "$work/src" --out-root "$work/out"
grep -q "failed: pp.cu" "$work/err.txt" || fail "pp.cu not reported failed: $(cat "$work/err.txt")"
grep -q "pp.cu: error: hipwright crashed translating this file" "$work/err.txt" || fail "the crash is not named: $(cat "$work/err.txt")"
grep -q "hipFree" "$work/out/ok.cu" || fail "the normal file was not ported next to the crashing one"
[ -f "$work/out/parens.cu" ] || fail "the partial file was not written next to the crashing one"
[ -e "$work/out/pp.cu" ] && fail "a file that crashed was written"
# lint and report parse the same way: an input error, exit 2, not a crash.
run 2 "lint with a file that crashes the parser" "$hw" lint "$work/src"
grep -q "pp.cu: error: hipwright crashed" "$work/err.txt" || fail "lint does not name the crashed file: $(cat "$work/err.txt")"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all port crash CLI checks passed"
