#!/usr/bin/env bash
# makefiles_build.sh - how many real CUDA programs build from their migrated
# GNU Makefiles, unedited, with clang 22 against real ROCm 7.2 (issue 25).
#
#   bench/makefiles_build.sh TREE [--sample N] [--work DIR] [--jobs J]
#                            [--only REGEX]
#
# TREE holds CUDA programs, one per directory, each built by a Makefile that
# calls nvcc (HeCBench's src/*-cuda is the collection this was written
# against; this script fetches nothing and never writes into TREE). --sample N
# takes N of them spread evenly over the sorted list (all by default). For
# each program directory:
#   1. `hipwright port DIR --out-root WORK/port/NAME --copy-unchanged
#      --targets gfx942` (one AMD target: the build takes half the time),
#      with the sibling folders its Makefile names (../common) as inputs too;
#      a port with partial files (exit 3) is built all the same;
#   2. `make -n`: no nvcc program and no nvcc-only flag may appear;
#   3. `make` with HIPCXX set to clang 22 and ROCm 7.2's headers; "built" when
#      an executable appears (and counted apart when it holds a gfx942 code
#      object: a program that only calls libraries has none of its own);
#   4. when it did not build, "sources compile": every ported .cu/.cpp passes
#      clang++ -x hip -fsyntax-only for gfx942 (with -fopenmp and the
#      directory on the include path), so a build failure of a program whose
#      sources compile is the build file's and not the port's.
# Prints one line per program (sources, make -n, make, first error) and the
# figure: built / programs, and built / programs whose sources compile. Needs
# clang++-22 (and libomp for the programs that use OpenMP). Exit status: 0
# when the run completed, 2 on bad usage or when a step could not run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}
llvm=/usr/lib/llvm-22/bin
rocm=${HIPWRIGHT_ROCM_PATH:-$("$hipwright" --version 2>/dev/null | sed -n 's/^compile checks: ROCm .* at //p')}

usage() {
  sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

tree=""
work="${TMPDIR:-/tmp}/hipwright-makefiles"
sample=0
jobs=$(nproc 2>/dev/null || echo 1)
only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --work) work="${2:?--work needs a directory}"; shift 2 ;;
    --sample) sample="${2:?--sample needs a number}"; shift 2 ;;
    --jobs|-j) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    --only) only="${2:?--only needs a regex}"; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "makefiles_build: unknown option $1" >&2; usage ;;
    *) [ -z "$tree" ] || usage; tree=$1; shift ;;
  esac
done
[ -n "$tree" ] && [ -d "$tree" ] || usage
[ -x "$hipwright" ] || { echo "makefiles_build: no hipwright at $hipwright" >&2; exit 2; }
[ -x "$llvm/clang++" ] || { echo "makefiles_build: no $llvm/clang++ (clang-22)" >&2; exit 2; }
[ -n "$rocm" ] && [ -f "$rocm/include/hip/hip_runtime.h" ] ||
  { echo "makefiles_build: no ROCm headers (scripts/fetch-rocm.sh)" >&2; exit 2; }
tree=$(cd "$tree" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
rm -rf "$work/port" "$work/logs"
mkdir -p "$work/port" "$work/logs"

# Every directory whose Makefile calls nvcc, sorted; then the sample.
mapfile -t all < <(cd "$tree" && grep -l -E '(^|[^A-Za-z_])nvcc([^A-Za-z_]|$)' \
  $(find . -name Makefile -o -name makefile -o -name GNUmakefile | sort) 2>/dev/null |
  xargs -r -n1 dirname | sed 's|^\./||' | sort -u)
if [ -n "$only" ]; then
  mapfile -t all < <(printf '%s\n' "${all[@]}" | grep -E -- "$only" || true)
fi
n=${#all[@]}
[ "$n" -gt 0 ] || { echo "makefiles_build: no Makefile calling nvcc under $tree" >&2; exit 2; }
if [ "$sample" -gt 0 ] && [ "$sample" -lt "$n" ]; then
  picked=()
  for ((i = 0; i < sample; i++)); do picked+=("${all[$((i * n / sample))]}"); done
else
  picked=("${all[@]}")
fi

libs="$rocm/lib"
[ -d "$rocm/lib/x86_64-linux-gnu" ] && libs="$rocm/lib/x86_64-linux-gnu"
# What a ROCm install's hipcc would be here: clang 22 with ROCm 7.2's headers
# in front of Debian's (cmake/rocm/hipwright-rocm.cmake says why each flag).
hipcxx="$llvm/clang++ --rocm-path=$rocm -isystem $rocm/include -L$libs"
hipcxx+=" -Wl,-rpath-link,$libs -Wl,--allow-shlib-undefined"
# nvcc-only flags: none may reach a command of the migrated build.
nvcc_only='(^| )(-arch[= ]|-gencode|--generate-code|-code=|-Xcompiler|--compiler-options|-ccbin|-Xptxas|-rdc[= ]|-dc |-dlink|--use_fast_math|-use_fast_math|--expt-|-lineinfo|-maxrregcount|--default-stream|-G( |$)|[^ ]*/nvcc |nvcc )'

one() {
  local rel=$1 name out log mk_n=ok built=no code=no err="" rc=0
  name=$(tr '/' '_' <<<"$rel")
  out="$work/port/$name"
  log="$work/logs/$name"
  mkdir -p "$log"
  # Sibling folders the Makefile names (../common/helpers.h) are ported with
  # the program, as a whole-tree port would; the program is then built in
  # its own folder under the common root.
  local inputs=("$tree/$rel") build="$out" d
  while IFS= read -r d; do
    [ -d "$tree/$rel/../$d" ] && inputs+=("$(cd "$tree/$rel/../$d" && pwd)")
  done < <(grep -o '\.\./[A-Za-z0-9_.-]*' "$tree/$rel/Makefile" 2>/dev/null | sed 's|\.\./||' | sort -u)
  [ "${#inputs[@]}" -gt 1 ] && build="$out/$(basename "$rel")"
  # 0: ported; 3: ported with some file partial (the build shows whether
  # that matters); anything else: no port to build.
  "$hipwright" port "${inputs[@]}" --out-root "$out" --copy-unchanged --no-analyzers -q \
    --targets gfx942 >"$log/port.txt" 2>&1 || rc=$?
  if [ "$rc" != 0 ] && [ "$rc" != 3 ]; then
    echo "$rel|port-failed|-|no|no|port exit $rc: $(grep -m1 -i error "$log/port.txt" || true)"
    return
  fi
  if ! (cd "$build" && timeout 60 make -n "HIPCXX=$hipcxx" "ROCM_PATH=$rocm") >"$log/make-n.txt" 2>&1; then
    mk_n=failed
  elif grep -E -q -- "$nvcc_only" "$log/make-n.txt"; then
    mk_n="nvcc:$(grep -E -o -m1 -- "$nvcc_only" "$log/make-n.txt" | head -1 | tr -d ' ')"
  fi
  if (cd "$build" && timeout 900 make "HIPCXX=$hipcxx" "ROCM_PATH=$rocm") >"$log/make.txt" 2>&1; then
    local exe
    while IFS= read -r exe; do
      file -b "$exe" 2>/dev/null | grep -q ELF || continue
      built=yes
      if "$llvm/llvm-objcopy" --dump-section ".hip_fatbin=$log/fatbin" "$exe" /dev/null 2>/dev/null &&
        "$llvm/clang-offload-bundler" --list --type=o --input="$log/fatbin" 2>/dev/null | grep -q gfx942; then
        code=yes
      fi
    done < <(find "$build" -maxdepth 2 -type f -newer "$log/port.txt" -perm -u+x)
    [ "$built" = yes ] || err="make succeeded but built no executable"
  else
    err=$(grep -m1 -E 'error:|\*\*\*|No rule' "$log/make.txt" || tail -1 "$log/make.txt")
  fi
  # A build that fails may fail in a source the port left broken: then the
  # failure is not the build file's.
  local src_ok=yes
  if [ "$built" = no ]; then
    local f
    while IFS= read -r f; do
      if ! "$llvm/clang++" -x hip --offload-arch=gfx942 -nogpulib -std=c++17 -fopenmp \
          --rocm-path="$rocm" -isystem "$rocm/include" -I"$(dirname "$f")" -I"$build" \
          -w -fsyntax-only "$f" >>"$log/sources.txt" 2>&1; then
        src_ok=no
      fi
    done < <(find "$build" -name '*.cu' -o -name '*.cpp' | sort)
  fi
  [ "$src_ok" = yes ] || [ -n "$err" ] || err=$(grep -m1 'error:' "$log/sources.txt" || true)
  echo "$rel|$src_ok|$mk_n|$built|$code|${err:0:200}"
}
export -f one
export hipwright llvm rocm hipcxx nvcc_only work tree

printf '%s\n' "${picked[@]}" | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} |
  sort >"$work/results.txt"

echo "program | sources compile | make -n | built | gfx942 code | first error"
cat "$work/results.txt"
total=$(wc -l <"$work/results.txt")
built=$(awk -F'|' '$4 == "yes"' "$work/results.txt" | wc -l)
code=$(awk -F'|' '$5 == "yes"' "$work/results.txt" | wc -l)
srcok=$(awk -F'|' '$2 == "yes"' "$work/results.txt" | wc -l)
srcok_built=$(awk -F'|' '$2 == "yes" && $4 == "yes"' "$work/results.txt" | wc -l)
clean_n=$(awk -F'|' '$3 == "ok"' "$work/results.txt" | wc -l)
echo
echo "programs: $total (of $n under $tree)"
echo "make -n shows no nvcc and no nvcc-only flag: $clean_n / $total"
echo "built unedited: $built / $total ($code with a gfx942 code object; the others have no kernel of their own)"
echo "built unedited, of those whose ported sources compile: $srcok_built / $srcok"
