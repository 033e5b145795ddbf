#!/usr/bin/env bash
# run_golden.sh - one golden translation test.
#
#   run_golden.sh HIPWRIGHT CASE_DIR WORK_DIR
#
# CASE_DIR holds:
#   input/                the CUDA tree to port
#   expected/             the exact tree `hipwright port input --out-root OUT`
#                         must write (files that come out unchanged are absent:
#                         the tool copies nothing it did not translate)
#   args                  optional: extra arguments for `port`, one per line
#   expected_exit         optional: the exit status (default 0)
#   expected_stderr_grep  optional: lines that must each appear in the summary
#
# Checks, in order: the exit status and summary; `diff -ru expected OUT`;
# determinism (--jobs 1 and --jobs 2 write byte-identical trees); idempotence
# (porting the ported tree again with --diff prints nothing).
set -euo pipefail

if [[ $# -ne 3 ]]; then
  echo "usage: $0 HIPWRIGHT CASE_DIR WORK_DIR" >&2
  exit 2
fi
tool=$1
case_dir=$(cd "$2" && pwd)
work=$3
name=$(basename "$case_dir")

fail() {
  echo "golden $name: FAIL: $*" >&2
  exit 1
}

[[ -x "$tool" ]] || fail "no hipwright binary at $tool"
[[ -d "$case_dir/input" ]] || fail "no input/ in $case_dir"

args=()
if [[ -f "$case_dir/args" ]]; then
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -n "$line" ]] && args+=("$line")
  done <"$case_dir/args"
fi
want_exit=0
[[ -f "$case_dir/expected_exit" ]] && want_exit=$(tr -d '[:space:]' <"$case_dir/expected_exit")

rm -rf "$work"
mkdir -p "$work/empty"
work=$(cd "$work" && pwd)
expected="$case_dir/expected"
[[ -d "$expected" ]] || expected="$work/empty" # nothing is translated

# port JOBS OUT_DIR: runs the port, leaves the summary in OUT_DIR.stderr and
# the exit status in $status.
port() {
  status=0
  "$tool" port "$case_dir/input" --out-root "$2" --jobs "$1" \
    ${args[@]+"${args[@]}"} 2>"$2.stderr" >"$2.stdout" || status=$?
}

# 1. Exit status and summary.
port 1 "$work/out"
if [[ "$status" != "$want_exit" ]]; then
  cat "$work/out.stderr" >&2
  fail "exit status $status, expected $want_exit"
fi
if [[ -f "$case_dir/expected_stderr_grep" ]]; then
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -z "$line" ]] && continue
    grep -qF -- "$line" "$work/out.stderr" ||
      { cat "$work/out.stderr" >&2; fail "summary lacks: $line"; }
  done <"$case_dir/expected_stderr_grep"
fi
mkdir -p "$work/out" # a port that translates nothing creates no directory

# 2. The translated tree, exactly.
if ! diff -ru "$expected" "$work/out" >"$work/expected.diff"; then
  cat "$work/expected.diff" >&2
  fail "output differs from expected/ (diff above: - expected, + actual)"
fi

# 3. Determinism: any --jobs gives the same bytes.
port 2 "$work/out-j2"
mkdir -p "$work/out-j2"
[[ "$status" == "$want_exit" ]] || fail "--jobs 2 exit status $status, --jobs 1 gave $want_exit"
if ! diff -ru "$work/out" "$work/out-j2" >"$work/jobs.diff"; then
  cat "$work/jobs.diff" >&2
  fail "--jobs 1 and --jobs 2 outputs differ"
fi

# 4. Idempotence: the ported tree (untranslated files from input/, the rest
# from the output) ported again changes nothing.
cp -R "$case_dir/input" "$work/ported"
cp -R "$work/out/." "$work/ported/"
status=0
"$tool" port "$work/ported" --diff --jobs 2 ${args[@]+"${args[@]}"} \
  >"$work/reported.diff" 2>"$work/reported.stderr" || status=$?
[[ "$status" != 2 ]] || { cat "$work/reported.stderr" >&2; fail "re-port: usage or environment error"; }
if [[ -s "$work/reported.diff" ]]; then
  cat "$work/reported.diff" >&2
  fail "not idempotent: porting the output again changes it (diff above)"
fi

echo "golden $name: ok"
