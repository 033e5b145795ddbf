#!/usr/bin/env bash
# expect.sh - run a command and check its exit status and output; used by
# ctest for compile-check cases whose correct outcome is a FAIL or a SKIP.
#
#   expect.sh [--exit N] [--match REGEX]... -- COMMAND [ARG]...
#
# Passes (exit 0) when COMMAND exits with N (default: any non-zero status)
# and every REGEX (grep -E) matches its combined stdout/stderr. Exits 77 when
# COMMAND exits 77 and 77 was not the expected status (toolchain missing), so
# ctest can report the case as skipped.
set -euo pipefail

want_exit=""
patterns=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --exit) want_exit="${2:?--exit needs a number}"; shift 2 ;;
    --match) patterns+=("${2:?--match needs a pattern}"); shift 2 ;;
    --) shift; break ;;
    *) echo "expect.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ $# -gt 0 ]] || { echo "expect.sh: no command" >&2; exit 2; }

set +e
output=$("$@" 2>&1)
status=$?
set -e
printf '%s\n' "$output"

if [[ $status -eq 77 && "$want_exit" != "77" ]]; then
  echo "expect.sh: command reported its toolchain missing (exit 77): skipped"
  exit 77
fi
if [[ -n "$want_exit" ]]; then
  if [[ $status -ne $want_exit ]]; then
    echo "expect.sh: exit status $status, expected $want_exit" >&2
    exit 1
  fi
elif [[ $status -eq 0 ]]; then
  echo "expect.sh: command succeeded, expected a failure" >&2
  exit 1
fi
for p in "${patterns[@]}"; do
  if ! grep -qE -- "$p" <<<"$output"; then
    echo "expect.sh: output does not match: $p" >&2
    exit 1
  fi
done
echo "expect.sh: outcome as expected (exit $status)"
