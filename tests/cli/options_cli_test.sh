#!/usr/bin/env bash
# Every command reads its options through one table parser
# (tools/hipwright/OptionTable.h): an unknown option, a missing value, the
# `--name=value` form and --help read the same in each. Nothing here parses
# a source.
#
#   options_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

usage_error() { # usage_error CMD MESSAGE: the exact stderr of a usage error
  printf 'hipwright %s: %s\nRun `hipwright %s --help` for usage.\n' "$1" "$2" "$1"
}
expect_usage() { # expect_usage CMD MESSAGE ARGS...
  local cmd=$1 msg=$2
  shift 2
  run 2 "$cmd $*" "$hw" "$cmd" "$@"
  diff <(usage_error "$cmd" "$msg") "$work/err.txt" >/dev/null ||
    { fail "$cmd $*: wanted \"$msg\""; sed 's/^/    /' "$work/err.txt"; }
}

for cmd in port lint report verify merge query; do
  expect_usage "$cmd" "unknown option '--no-such-option'" --no-such-option
  run 0 "$cmd --help" "$hw" "$cmd" --help
  grep -q "^usage: hipwright $cmd" "$work/out.txt" || fail "$cmd --help: no usage line"
done
# A flag given a value is not that flag.
expect_usage port "unknown option '--in-place=yes'" x.cu --in-place=yes
# A missing value names the option as written.
expect_usage port "--out-root needs a value" x.cu --out-root
expect_usage lint "-o needs a value" x.cu -o
expect_usage report "--table needs a value" x.cu --table
expect_usage verify "--output needs a value" x.cu --output
for cmd in port lint report verify; do
  expect_usage "$cmd" "--jobs needs a value" x.cu --jobs
  # -j takes `-j N`, `-j=N` and `-jN`; --jobs takes nothing glued on.
  expect_usage "$cmd" "-j needs a positive number, not '0'" x.cu -j 0
  expect_usage "$cmd" "-j=0 needs a positive number, not '0'" x.cu -j=0
  expect_usage "$cmd" "-j needs a positive number, not '-j0'" x.cu -j0
  expect_usage "$cmd" "unknown option '--jobs4'" x.cu --jobs4
done
# `--name value` and `--name=value` reach the same check.
expect_usage port "--launch-syntax must be chevron or hip-launch-kernel-ggl, not 'x'" \
  x.cu --launch-syntax x
expect_usage port "--launch-syntax must be chevron or hip-launch-kernel-ggl, not 'x'" \
  x.cu --launch-syntax=x
# `--` hands the rest to clang in port, lint and report; verify has no clang
# arguments to give.
expect_usage verify "-p and -- are not verify options; give include directories and macros with -I and -D" \
  x.cu -- -DX
expect_usage merge "unknown option '--'" --
# -h and --help print the help wherever they stand.
run 0 "query NAME --help" "$hw" query cudaMalloc --help
grep -q "^usage: hipwright query" "$work/out.txt" || fail "query NAME --help: no usage"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all option CLI checks passed"
