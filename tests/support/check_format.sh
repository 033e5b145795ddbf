#!/usr/bin/env bash
# check_format.sh SOURCE_DIR - fails when a C++ source of hipwright differs
# from what clang-format-22 makes of it with the repository's .clang-format.
# The version is pinned: another clang-format formats some constructs
# differently, and a check that depends on the machine checks nothing.
#
# Checked: lib/, tools/, analyzers/ (not the analyzers' .cu test inputs,
# whose inline expectations name columns), tests/unit/, tests/fuzz/, bench/
# and the shipped headers under include/. Fix with:
#   clang-format-22 -i $(tests/support/check_format.sh --list SOURCE_DIR)
set -euo pipefail
list_only=0
if [ "${1:-}" = --list ]; then
  list_only=1
  shift
fi
src=$(cd "$1" && pwd)
# shellcheck source=../require_tool.sh
source "$src/tests/require_tool.sh"

files() {
  (cd "$src" && find lib tools analyzers tests/unit tests/fuzz bench include \
    -type d -name test -prune -o -type f \( -name '*.cpp' -o -name '*.h' \) -print |
    LC_ALL=C sort)
}
if [ "$list_only" = 1 ]; then
  files
  exit 0
fi

cf=""
for c in clang-format-22 /usr/lib/llvm-22/bin/clang-format; do
  if command -v "$c" >/dev/null 2>&1; then
    cf=$c
    break
  fi
done
[ -n "$cf" ] || missing_tool "clang-format-22 not found" clang-format-22

mapfile -t list < <(files)
[ "${#list[@]}" -gt 300 ] || { echo "FAIL: only ${#list[@]} files found under $src"; exit 1; }
cd "$src"
if ! out=$("$cf" --dry-run --Werror "${list[@]}" 2>&1); then
  printf '%s\n' "$out" | grep -E '^[^ ].*: error:' | cut -d: -f1 | sort -u |
    sed 's/^/not formatted: /'
  echo "FAIL: run clang-format-22 -i on the files above (.clang-format)"
  exit 1
fi
echo "format: ${#list[@]} files match .clang-format"
