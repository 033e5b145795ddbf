#!/usr/bin/env bash
# samples_port.sh - how much of NVIDIA's cuda-samples compiles for an AMD GPU
# after `hipwright port`, with no human edit.
#
#   bench/samples_port.sh CUDA_SAMPLES_DIR [--work DIR] [--jobs N]
#                         [--target gfx942] [--no-port] [--only REGEX]
#
# CUDA_SAMPLES_DIR is a checkout of https://github.com/NVIDIA/cuda-samples
# (this script fetches nothing and never writes into it). Steps:
#   1. port Samples/ and Common/ in one run into WORK/hip (--copy-unchanged,
#      so WORK/hip is a complete tree; Common/ is on the include path);
#   2. take every source under Samples/ (.cu, .cpp, .cc) the port changed;
#   3. drop the files whose needs the HIP we compile against cannot meet: a
#      header they include (through any of their own headers) is missing,
#      e.g. a HIP library Debian lacks, Vulkan, NvSci, or a CUDA header with no
#      HIP equivalent; or, for a target without image instructions (gfx942,
#      gfx950), it samples textures or surfaces in device code. This is
#      decided from the ported sources alone (clang -M -MG, and a search for
#      tex*/surf* calls), before anything is compiled;
#   4. compile each remaining ("eligible") file with
#      tests/compile/hip_compile_check.sh for --target (default gfx942).
# Prints each failure with its first error, the excluded files grouped by
# what they need, and the figure: compiled / eligible (and the figure with
# the texture-sampling files counted as eligible).
#
# --no-port reuses WORK/hip from an earlier run; --only REGEX limits steps
# 3-4 to the files whose path (relative to Samples/) matches. Needs jq and
# clang++-22. Exit status: 0 when the run completed (whatever the figure), 2
# on bad usage or when a step could not run. See docs/samples-port.md.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}
check="$here/tests/compile/hip_compile_check.sh"
clang=${HIPWRIGHT_CLANG:-$(command -v clang++-22 || command -v clang++ || true)}
cuda=${CUDA_PATH:-/usr/local/cuda}
# The ROCm release hipwright's compile checks use (real ROCm 7.2 from
# scripts/fetch-rocm.sh unless HIPWRIGHT_ROCM_PATH names another).
rocm=${HIPWRIGHT_ROCM_PATH:-$("$hipwright" --version 2>/dev/null | sed -n 's/^compile checks: ROCm .* at //p')}

usage() {
  sed -n '2,29p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

src=""
work="${TMPDIR:-/tmp}/hipwright-samples"
jobs=$(nproc 2>/dev/null || echo 1)
target=gfx942
do_port=1
only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --work) work="${2:?--work needs a directory}"; shift 2 ;;
    --jobs|-j) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    --target) target="${2:?--target needs a gfx name}"; shift 2 ;;
    --no-port) do_port=0; shift ;;
    --only) only="${2:?--only needs a regex}"; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "samples_port: unknown option $1" >&2; usage ;;
    *) [[ -z "$src" ]] || usage; src="$1"; shift ;;
  esac
done
[[ -n "$src" ]] || usage
[[ -d "$src/Samples" && -d "$src/Common" ]] ||
  { echo "samples_port: $src is not a cuda-samples checkout (no Samples/ and Common/)" >&2; exit 2; }
[[ -x "$hipwright" ]] || { echo "samples_port: build hipwright first ($hipwright)" >&2; exit 2; }
[[ -n "$clang" ]] || { echo "samples_port: clang++-22 not found" >&2; exit 2; }
src=$(cd "$src" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)
out="$work/hip"

# ---- 1. port ----------------------------------------------------------------
if [[ $do_port -eq 1 ]]; then
  rm -rf "$out" "$work/port.json"
  status=0
  start=$(date +%s)
  "$hipwright" port "$src/Samples" "$src/Common" --out-root "$out" \
    --copy-unchanged --jobs "$jobs" --stats "$work/port.json" -q \
    -- -I "$src/Common" || status=$?
  [[ $status -eq 0 || $status -eq 3 ]] ||
    { echo "samples_port: hipwright port exited $status" >&2; exit 2; }
  echo "port: $(jq -r '.files | "\(.total) files: \(.translated) translated, \(.unchanged) unchanged, \(.partial) partial, \(.failed) failed"' "$work/port.json") ($(($(date +%s) - start)) s)"
fi
[[ -f "$work/port.json" && -d "$out/Samples" ]] ||
  { echo "samples_port: no earlier port in $work (run without --no-port)" >&2; exit 2; }

# ---- 2. candidates: sources under Samples/ the port changed ------------------
# A file the port failed on is a candidate too: it is counted as a failure
# (with the port's first error), never dropped from the figure.
sources() { # jq filter on .status -> matching Samples/ sources, sorted
  jq -r ".file_results[] | select($1) | .path" "$work/port.json" |
    grep -E '^Samples/.*\.(cu|cpp|cc)$' |
    { if [[ -n "$only" ]]; then grep -E -- "$only" || true; else cat; fi } |
    LC_ALL=C sort
}
mapfile -t candidates < <(sources '.status == "translated" or .status == "partial"')
mapfile -t port_failed < <(sources '.status == "failed"')
[[ $((${#candidates[@]} + ${#port_failed[@]})) -gt 0 ]] ||
  { echo "samples_port: no ported sources" >&2; exit 2; }

# ---- 3. eligibility: every included header must exist ------------------------
# `clang -M -MG` lists a header it cannot find as written instead of failing,
# so one run per file names every missing header, through all includes. Run
# in an empty directory so a bare "foo.h" cannot resolve by accident.
why_missing() { # header -> the reason a file needing it is excluded
  local h="$1"
  case "$h" in
    hip/*|hipblas*|hipfft*|hipsolver*|hipsparse*|hiprand*|hipcub*|rocblas*|rocfft*|rocsolver*|rocrand*|rocprim*|rocwmma*|rccl*|miopen*|thrust/*|hipblaslt*|roctracer/*)
      echo "needs <$h>, which the ROCm at $rocm does not ship" ;;
    *)
      if [[ -e "$cuda/include/$h" || -e "$cuda/include/cccl/$h" ]]; then
        echo "needs CUDA's <$h>, which has no HIP equivalent (left in place)"
      else
        echo "needs <$h>, not installed here and not part of HIP"
      fi ;;
  esac
}

# The include directories a sample's own CMakeLists.txt adds (Common/ is
# always there; some add Common/UtilNPP or their inc/), as paths in WORK/hip.
# The CMakeLists.txt is read in the checkout (the port copies sources and
# headers only); the directories it names are taken in WORK/hip.
sample_includes() { # file (relative to WORK/hip) -> one directory per line
  local dir
  dir=$(dirname "$1")
  while [[ "$dir" == Samples/* && ! -f "$src/$dir/CMakeLists.txt" ]]; do
    dir=$(dirname "$dir")
  done
  [[ -f "$src/$dir/CMakeLists.txt" ]] || return 0
  # Tokens inside include_directories( ... ) / target_include_directories(
  # NAME PRIVATE ... ) that are plain relative paths, or paths under
  # ${CMAKE_CURRENT_SOURCE_DIR}.
  awk '/include_directories[ \t]*\(/ { on = 1 } on { print } on && /\)/ { on = 0 }' \
    "$src/$dir/CMakeLists.txt" |
    sed 's/.*include_directories[ \t]*(//; s/)//; s|\${CMAKE_CURRENT_SOURCE_DIR}/*||g' |
    tr ' \t' '\n\n' |
    grep -vE '^$|^\$|^(PRIVATE|PUBLIC|INTERFACE|SYSTEM|BEFORE|AFTER)$|^[A-Za-z0-9_]+$' |
    while IFS= read -r inc; do
      [[ -d "$out/$dir/$inc" ]] && (cd "$out/$dir/$inc" && pwd)
    done
  # Directories named like a target (`inc`) are caught above only when
  # written as a path; add a sample's inc/ explicitly.
  [[ -d "$out/$dir/inc" ]] && (cd "$out/$dir/inc" && pwd)
  return 0
}

# Targets without image instructions (gfx940-942, gfx950: clang predefines
# __HIP_NO_IMAGE_SUPPORT) cannot sample textures or surfaces in device code:
# HIP marks tex*/surf* unavailable there. A file that does is not eligible
# for such a target.
# (The macros are read whole before the search: `grep -q` in a pipeline
# would stop reading at the match, and under pipefail clang's SIGPIPE would
# make the test fail at random.)
no_images=0
predefined=$(echo | "$clang" -x hip --offload-arch="$target" -nogpulib "--rocm-path=$rocm" \
  --offload-device-only -E -dM - 2>/dev/null) ||
  { echo "samples_port: $clang cannot preprocess for $target" >&2; exit 2; }
if grep -q '__HIP_NO_IMAGE_SUPPORT 1' <<<"$predefined"; then
  no_images=1
fi
texture_call='\b(tex[123]D|tex1Dfetch|tex[12]DLayered|texCubemap|texCubemapLayered|tex[123]DLod|tex[12]DLayeredLod|texCubemapLod|tex[123]DGrad|tex2DGather|surf[123]D(read|write)|surf[12]DLayered(read|write)|surfCubemap(Layered)?(read|write))[[:space:]]*[<(]'

mkdir -p "$work/empty"
eligible=()
declare -A excluded=() # reason -> newline-separated files
for f in "${candidates[@]}"; do
  incs=(-I "$out/Common")
  while IFS= read -r d; do incs+=(-I "$d"); done < <(sample_includes "$f" | sort -u)
  deps=$(cd "$work/empty" &&
    "$clang" -x hip -std=c++17 --offload-host-only -nogpulib \
      --offload-arch="$target" "--rocm-path=$rocm" -M -MG \
      -isystem "$rocm/include" \
      "${incs[@]}" "$out/$f" 2>/dev/null) || deps=""
  missing=""
  own=() # the file and the headers of the ported tree it reads
  for d in $(tr -d '\\' <<<"$deps" | tr ' ' '\n' | sed -n '2,$p'); do
    [[ -z "$d" || -e "$work/empty/$d" ]] && continue
    if [[ "$d" == /* ]]; then
      [[ "$d" == "$out"/* ]] && own+=("$d")
      continue
    fi
    missing="$d"
    break
  done
  if [[ -n "$missing" ]]; then
    reason=$(why_missing "$missing")
    excluded["$reason"]+="$f"$'\n'
  elif [[ $no_images -eq 1 ]] && grep -qE "$texture_call" "${own[@]:-$out/$f}"; then
    excluded["samples textures or surfaces in device code, which $target cannot (no image instructions: HIP marks tex*/surf* unavailable for it)"]+="$f"$'\n'
  else
    eligible+=("$f")
  fi
done

# ---- 4. compile check --------------------------------------------------------
# One run of the check per set of sample include directories (most files
# need Common/ only).
results="$work/compile.txt"
: >"$results"
declare -A groups=() # include directories (|-separated) -> files
for f in "${eligible[@]}"; do
  key="inc:$(sample_includes "$f" | sort -u | tr '\n' '|')"
  groups["$key"]+="$out/$f"$'\n'
done
mapfile -t keys < <(printf '%s\n' "${!groups[@]}" | LC_ALL=C sort)
for key in "${keys[@]}"; do
  args=(--include "$out/Common")
  IFS='|' read -r -a dirs <<<"${key#inc:}"
  for d in "${dirs[@]}"; do [[ -n "$d" ]] && args+=(--include "$d"); done
  mapfile -t files < <(grep . <<<"${groups[$key]}")
  status=0
  # The check is `hipwright compile-check`: the same binary that ported.
  HIPWRIGHT=$hipwright "$check" --targets "$target" --work "$work/compile-check" --jobs "$jobs" \
    "${args[@]}" "${files[@]}" >>"$results" 2>&1 || status=$?
  [[ $status -le 1 ]] ||
    { cat "$results" >&2; echo "samples_port: compile check exited $status" >&2; exit 2; }
done

pass=0
fail=0
echo
echo "== failures (first error) =="
for f in "${port_failed[@]}"; do
  fail=$((fail + 1))
  echo "FAIL $f"
  echo "  hipwright port failed: $(jq -r --arg p "$f" \
    '.file_results[] | select(.path == $p) | (.errors[0] // "no message") | tostring' \
    "$work/port.json")"
done
while IFS= read -r line; do
  case "$line" in
    "PASS $target "*) pass=$((pass + 1)) ;;
    "FAIL $target "*)
      fail=$((fail + 1))
      file=${line#"FAIL $target $out/"}
      file=${file%%:*}
      echo "FAIL $file"
      pending=1 ;;
    "SKIP $target "*)
      file=${line#"SKIP $target $out/"}
      excluded["${file#*: }"]+="${file%%:*}"$'\n' ;;
    "    "*)
      if [[ ${pending:-0} -eq 1 ]]; then
        echo "  ${line#    }" | sed "s|$out/||g"
        pending=0
      fi ;;
  esac
done <"$results"

echo
echo "== not eligible (needs the HIP we compile against cannot meet) =="
total_excluded=0
for reason in "${!excluded[@]}"; do
  n=$(grep -c . <<<"${excluded[$reason]}")
  total_excluded=$((total_excluded + n))
  printf '%3d  %s: %s\n' "$n" "$reason" "$(grep . <<<"${excluded[$reason]}" | tr '\n' ' ')"
done | LC_ALL=C sort -k1,1nr -k2

total=$((pass + fail))
echo
echo "== figure =="
echo "ported sources under Samples/: $((${#candidates[@]} + ${#port_failed[@]})); not eligible: $((${#candidates[@]} + ${#port_failed[@]} - total))"
percent() { awk "BEGIN { printf \"%.1f\", 100 * $1 / $2 }"; }
if [[ $total -gt 0 ]]; then
  echo "$target: $pass of $total eligible files compile ($(percent "$pass" "$total")%)"
  textures=0
  for reason in "${!excluded[@]}"; do
    [[ "$reason" == "samples textures"* ]] &&
      textures=$(grep -c . <<<"${excluded[$reason]}")
  done
  if [[ $textures -gt 0 ]]; then
    echo "$target: $pass of $((total + textures)) counting the files that sample textures as eligible ($(percent "$pass" "$((total + textures))")%)"
  fi
else
  echo "$target: no eligible files"
fi
