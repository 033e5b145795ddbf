#!/usr/bin/env bash
# compile_golden.sh - compile a golden case's expected HIP output.
#
#   compile_golden.sh CASE_DIR WORK_DIR [COMPILE_WORK_DIR]
#
# Rebuilds the ported tree (input/ overlaid with expected/, as a user would
# have it after the port) in WORK_DIR and compiles every translated source in
# expected/ for gfx942 and gfx950 with tests/compile/hip_compile_check.sh
# (COMPILE_WORK_DIR is its cache). A case that must not be compiled (e.g. a
# deliberately broken file) has a `skip_compile` file giving the reason; the
# test then exits 77, which ctest reports as skipped. Extra options for the
# check (e.g. `--define X`) go in `compile_args`, one per line.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 CASE_DIR WORK_DIR [COMPILE_WORK_DIR]" >&2
  exit 2
fi
case_dir=$(cd "$1" && pwd)
work=$2
name=$(basename "$case_dir")
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
check="$script_dir/../compile/hip_compile_check.sh"
compile_work=${3:-"$work/compile-check"}

if [[ -f "$case_dir/skip_compile" ]]; then
  echo "golden $name: compile check skipped: $(cat "$case_dir/skip_compile")"
  exit 77
fi
[[ -d "$case_dir/expected" ]] || {
  echo "golden $name: nothing translated, nothing to compile"
  exit 77
}

rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
cp -R "$case_dir/input" "$work/tree"
cp -R "$case_dir/expected/." "$work/tree/"

files=()
while IFS= read -r f; do
  files+=("$work/tree/$f")
done < <(cd "$case_dir/expected" &&
  find . -type f \( -name '*.cu' -o -name '*.cpp' -o -name '*.cc' \) |
  sed 's|^\./||' | LC_ALL=C sort)
[[ ${#files[@]} -gt 0 ]] || {
  echo "golden $name: no translated sources (headers only), nothing to compile"
  exit 77
}
extra=()
if [[ -f "$case_dir/compile_args" ]]; then
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ -n "$line" ]] && extra+=("$line")
  done <"$case_dir/compile_args"
fi

exec "$check" --work "$compile_work" --include "$work/tree" \
  ${extra[@]+"${extra[@]}"} "${files[@]}"
