#!/usr/bin/env bash
# Runs one analyzer test file: its expectations sit inline, next to the code
# they judge, as in clang-tidy's tests.
#
#   check_analyzer.sh HIPWRIGHT FILECHECK TEST.cu
#
# In TEST.cu:
#   // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: <message> [<rule-id>]
#       a finding `hipwright lint` must print (FileCheck syntax; every
#       warning/error, and every note that carries a [rule-id], not
#       expected this way fails the test; a suggestion's note line has no
#       rule id and need not be listed)
#   // CHECK-FIXES: <text>
#       a line `hipwright port --fix` must produce, in order
#   // HIPWRIGHT-ARGS: <extra lint/port options, e.g. --targets gfx1100>
# Only the findings and fix-its of the test's own family (the directory name
# above test/) are judged: `--rules FAMILY`.
#   // HIPWRIGHT-COMPILE-FIXED
#       the --fix output must also compile for gfx942 and gfx950
#   // HIPWRIGHT-FIX: native
#       port with --fix=native instead of --fix (CHECK-FIXES judge its
#       output)
#   // CHECK-NATIVE: <text>
#       a line the port's summary must print (its `native:` notes)
# The CHECK comments are blanked (line numbers kept) before hipwright sees
# the file, so they cannot match themselves.
set -euo pipefail
hw=$1 filecheck=$2 test=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

name=$(basename "$test")
sed -E 's#//[[:space:]]*(CHECK-[A-Z-]+|HIPWRIGHT-[A-Z-]+):.*$#//#; s#//[[:space:]]*HIPWRIGHT-COMPILE-FIXED[[:space:]]*$#//#' \
  "$test" >"$work/$name"
args=()
if line=$(grep -m1 -E '//[[:space:]]*HIPWRIGHT-ARGS:' "$test"); then
  read -r -a args <<<"${line#*HIPWRIGHT-ARGS:}"
fi
inc=(-- -I"$(dirname "$test")")
# A test judges its own family (the directory above test/); other families'
# findings on the same code have their own tests.
family=$(basename "$(dirname "$(dirname "$test")")")
only=(--rules "$family")

"$hw" lint --fail-on never "${only[@]}" "${args[@]}" "$work/$name" "${inc[@]}" >"$work/lint.txt" 2>"$work/lint.err" || {
  echo "hipwright lint failed:"; cat "$work/lint.err"; exit 1; }
if grep -q 'CHECK-MESSAGES' "$test"; then
  "$filecheck" "$test" --input-file "$work/lint.txt" --check-prefix=CHECK-MESSAGES \
    --implicit-check-not='warning:' --implicit-check-not='error:' \
    --implicit-check-not='{{note: .* \[[a-z0-9.-]+\]$}}' --dump-input=fail
else
  # A file without expectations is a negatives file: it must stay silent.
  if grep -qE '(note|warning|error):' "$work/lint.txt"; then
    echo "expected no findings, got:"; cat "$work/lint.txt"; exit 1
  fi
fi

fix=--fix
if grep -qE '//[[:space:]]*HIPWRIGHT-FIX:[[:space:]]*native' "$test"; then
  fix=--fix=native
fi
if grep -qE 'CHECK-(FIXES|NATIVE)' "$test" || grep -q 'HIPWRIGHT-COMPILE-FIXED' "$test"; then
  "$hw" port "$fix" "${only[@]}" "${args[@]}" "$work/$name" "${inc[@]}" >"$work/fixed.cu" 2>"$work/port.err" || {
    rc=$?; [ "$rc" = 3 ] || { echo "hipwright port $fix exited $rc"; cat "$work/port.err"; exit 1; }; }
  if grep -q 'CHECK-NATIVE' "$test"; then
    "$filecheck" "$test" --input-file "$work/port.err" --check-prefix=CHECK-NATIVE --dump-input=fail
  fi
  if grep -q 'CHECK-FIXES' "$test"; then
    "$filecheck" "$test" --input-file "$work/fixed.cu" --check-prefix=CHECK-FIXES --dump-input=fail
  fi
  if grep -q 'HIPWRIGHT-COMPILE-FIXED' "$test"; then
    HIPWRIGHT="$hw" bash "$here/tests/compile/hip_compile_check.sh" --work "${HIPWRIGHT_COMPILE_WORK:-$work/cc}" \
      --include "$(dirname "$test")" --include "$here/include/hipwright/compat" "$work/fixed.cu"
  fi
fi
echo "ok: $name"
