#!/usr/bin/env bash
# hip_compile_check.sh - compile HIP sources for real AMDGPU targets with
# clang's HIP toolchain (and, given a mapping header, for NVIDIA with nvcc).
#
#   hip_compile_check.sh [--targets gfx942,gfx950[,sm_90]] [--include DIR]...
#                        [--work DIR] [--define NAME[=VALUE]]... [--jobs N]
#                        [--nvidia-mapping-header FILE] [--verbose] FILE...
#
# One line per file and target: PASS, FAIL (followed by the first compiler
# errors, indented) or SKIP (with the reason). A PASS on an AMDGPU target
# means clang produced an object whose offload bundle holds a code object for
# exactly that target. Exit status: 0 when nothing failed, 1 when anything
# failed, 2 for bad usage, 77 when the toolchain itself is missing (all
# skipped). See docs/compile-check.md.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The shipped headers (hipwright/hip_prelude.h ...): next to the script in an
# installed or staged copy (<prefix>/share/hipwright/{compile-check,include}),
# two levels up in the source tree (tests/compile -> include).
if [[ -n "${HIPWRIGHT_SHIPPED_INCLUDE:-}" ]]; then
  shipped_include=$HIPWRIGHT_SHIPPED_INCLUDE
elif [[ -d "$script_dir/../include/hipwright" ]]; then
  shipped_include=$(cd "$script_dir/../include" && pwd)
else
  shipped_include=$(cd "$script_dir/../.." && pwd)/include
fi

targets="gfx942,gfx950"
work="${TMPDIR:-/tmp}/hipwright-compile-check"
jobs=1
verbose=0
mapping_header=""
includes=()
defines=()
files=()

usage() {
  sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --targets) targets="${2:?--targets needs a value}"; shift 2 ;;
    --targets=*) targets="${1#*=}"; shift ;;
    --include|-I) includes+=("${2:?--include needs a directory}"); shift 2 ;;
    --include=*) includes+=("${1#*=}"); shift ;;
    --work) work="${2:?--work needs a directory}"; shift 2 ;;
    --work=*) work="${1#*=}"; shift ;;
    --define|-D) defines+=("${2:?--define needs NAME[=VALUE]}"); shift 2 ;;
    --define=*) defines+=("${1#*=}"); shift ;;
    --jobs|-j) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    --nvidia-mapping-header) mapping_header="${2:?needs a file}"; shift 2 ;;
    --nvidia-mapping-header=*) mapping_header="${1#*=}"; shift ;;
    --verbose|-v) verbose=1; shift ;;
    -h|--help) usage ;;
    --) shift; files+=("$@"); break ;;
    -*) echo "hip_compile_check: unknown option $1" >&2; usage ;;
    *) files+=("$1"); shift ;;
  esac
done
[[ ${#files[@]} -gt 0 ]] || { echo "hip_compile_check: no input files" >&2; usage; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "hip_compile_check: bad --jobs" >&2; exit 2; }
for f in "${files[@]}"; do
  [[ -f "$f" ]] || { echo "hip_compile_check: no such file: $f" >&2; exit 2; }
done

IFS=',' read -r -a target_list <<<"$targets"

# ---- toolchain ---------------------------------------------------------------
# Overridable through the environment so CMake can pass what it found.
: "${HIPWRIGHT_CLANG:=}"
: "${HIPWRIGHT_LLVM_BIN:=/usr/lib/llvm-22/bin}"
: "${HIPWRIGHT_ROCM_PATH:=/usr}"
: "${HIPWRIGHT_DEVICE_LIB_DIR:=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}"
: "${HIPWRIGHT_NVCC:=}"

find_tool() { # name: $HIPWRIGHT_LLVM_BIN/name, else name-22 or name on PATH
  local t="$1"
  if [[ -x "$HIPWRIGHT_LLVM_BIN/$t" ]]; then echo "$HIPWRIGHT_LLVM_BIN/$t"; return 0; fi
  # An unsuffixed tool on PATH may be an older LLVM: prefer the -22 one.
  if command -v "$t-22" >/dev/null 2>&1; then command -v "$t-22"; return 0; fi
  if command -v "$t" >/dev/null 2>&1; then command -v "$t"; return 0; fi
  return 1
}

clang="${HIPWRIGHT_CLANG:-$(find_tool clang++ || true)}"
llvm_dis=$(find_tool llvm-dis || true)
llvm_as=$(find_tool llvm-as || true)
llvm_link=$(find_tool llvm-link || true)
objcopy=$(find_tool llvm-objcopy || true)
bundler=$(find_tool clang-offload-bundler || true)
readelf=$(find_tool llvm-readelf || true)

# Say "not run" for every file and target and stop: the environment, not the
# code, is missing something.
# With HIPWRIGHT_REQUIRE_TOOLCHAIN=1 (the test suite in CI) a missing tool is
# an error (exit 1), so a run that compiled nothing cannot pass.
skip_all() {
  local reason="$1" f t
  if [[ "${HIPWRIGHT_REQUIRE_TOOLCHAIN:-}" == 1 ]]; then
    echo "hip_compile_check: $reason; HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes this an error" >&2
    for f in "${files[@]}"; do
      for t in "${target_list[@]}"; do echo "FAIL $t $f: $reason"; done
    done
    exit 1
  fi
  for f in "${files[@]}"; do
    for t in "${target_list[@]}"; do echo "SKIP $t $f: $reason"; done
  done
  exit 77
}

need_amd=0
for t in "${target_list[@]}"; do [[ "$t" == gfx* ]] && need_amd=1; done
if [[ $need_amd -eq 1 ]]; then
  for tool in clang llvm_dis llvm_as llvm_link objcopy bundler readelf; do
    [[ -n "${!tool}" && -x "${!tool}" ]] || skip_all "toolchain incomplete: no $tool (install clang-22, llvm-22, llvm-22-tools and clang-tools-22)"
  done
  [[ -f "$HIPWRIGHT_ROCM_PATH/include/hip/hip_runtime.h" ]] ||
    skip_all "no HIP headers under $HIPWRIGHT_ROCM_PATH/include (install libamdhip64-dev)"
  [[ -f "$HIPWRIGHT_DEVICE_LIB_DIR/ockl.bc" ]] ||
    skip_all "no ROCm device libraries in $HIPWRIGHT_DEVICE_LIB_DIR (install rocm-device-libs)"
fi

mkdir -p "$work"
work=$(cd "$work" && pwd)

# ---- device-library overlay (generated once, cached in --work) ---------------
# A private directory that mirrors the system bitcode directory with symlinks
# and adds what clang 22 + HIP 5.2.3 need but Debian lacks:
#   * oclc_isa_version_<N>.bc for targets newer than the packaged ones
#     (gfx942 -> 9402, gfx950 -> 9500), derived from the newest packaged gfx9
#     file by changing only the constant;
#   * hip.bc folded into oclc_abi_version_500.bc: clang 22 no longer links
#     hip.bc, whose __atomic_work_item_fence HIP 5.2.3's __threadfence calls,
#     and the ABI-500 library is linked into every code-object-v5 build.
#     Its linkonce_odr definitions become weak_odr so that llvm-link keeps
#     them; clang internalizes everything it links as builtin bitcode anyway.
#   * oclc_daz_opt_off.bc folded in the same way: HIP 5.2.3's ocml reads
#     __oclc_daz_opt (denormals are not flushed unless asked), and clang 22
#     no longer links the oclc_daz_opt_* control libraries.

isa_number() { # gfx942 -> 9402, gfx90a -> 9010, gfx1100 -> 11000
  local name="${1#gfx}" major minor step
  [[ "$name" =~ ^([0-9]+)([0-9a-f])([0-9a-f])$ ]] || return 1
  major=${BASH_REMATCH[1]}
  minor=$((16#${BASH_REMATCH[2]}))
  step=$((16#${BASH_REMATCH[3]}))
  echo $((major * 1000 + minor * 100 + step))
}

overlay_for() { # prints the overlay directory, building it when absent
  local key tmp final t n src
  key=$(
    {
      echo "v4 ${target_list[*]}"
      "$clang" --version 2>/dev/null | head -1
      ls -l --time-style=+%s "$HIPWRIGHT_DEVICE_LIB_DIR"
    } | cksum | cut -d' ' -f1
  )
  final="$work/devlibs-$key"
  if [[ -f "$final/.complete" ]]; then echo "$final"; return 0; fi
  tmp=$(mktemp -d "$work/devlibs-tmp.XXXXXX")
  local lib
  for lib in "$HIPWRIGHT_DEVICE_LIB_DIR"/*.bc; do
    ln -s "$lib" "$tmp/$(basename "$lib")"
  done
  # Template for new ISA files: the newest packaged gfx9 one.
  local template=""
  for src in "$HIPWRIGHT_DEVICE_LIB_DIR"/oclc_isa_version_9*.bc; do
    [[ -f "$src" ]] && template="$src"
  done
  for t in "${target_list[@]}"; do
    [[ "$t" == gfx* ]] || continue
    n=$(isa_number "$t") || { echo "bad target name $t" >&2; rm -rf "$tmp"; return 1; }
    local libname="$tmp/oclc_isa_version_${t#gfx}.bc"
    [[ -e "$libname" ]] && continue
    [[ -n "$template" ]] || { echo "no oclc_isa_version_9*.bc to derive from" >&2; rm -rf "$tmp"; return 1; }
    local old
    old=$("$llvm_dis" "$template" -o - | sed -n 's/^@__oclc_ISA_version = .* constant i32 \([0-9]*\),.*/\1/p')
    [[ -n "$old" ]] || { echo "cannot read __oclc_ISA_version from $template" >&2; rm -rf "$tmp"; return 1; }
    "$llvm_dis" "$template" -o - |
      sed "s/^\(@__oclc_ISA_version = .* constant i32 \)$old,/\1$n,/" |
      "$llvm_as" -o "$libname"
    if ! "$llvm_dis" "$libname" -o - | grep -q "^@__oclc_ISA_version = .* constant i32 $n,"; then
      echo "generated $libname does not define __oclc_ISA_version = $n" >&2
      rm -rf "$tmp"; return 1
    fi
  done
  if [[ -f "$HIPWRIGHT_DEVICE_LIB_DIR/hip.bc" && -f "$HIPWRIGHT_DEVICE_LIB_DIR/oclc_abi_version_500.bc" ]]; then
    "$llvm_dis" "$HIPWRIGHT_DEVICE_LIB_DIR/oclc_abi_version_500.bc" -o - |
      sed 's/linkonce_odr/weak_odr/' >"$tmp/abi500.ll"
    "$llvm_dis" "$HIPWRIGHT_DEVICE_LIB_DIR/hip.bc" -o - |
      sed 's/linkonce_odr/weak_odr/' >"$tmp/hip.ll"
    local extra=()
    if [[ -f "$HIPWRIGHT_DEVICE_LIB_DIR/oclc_daz_opt_off.bc" ]]; then
      "$llvm_dis" "$HIPWRIGHT_DEVICE_LIB_DIR/oclc_daz_opt_off.bc" -o - |
        sed 's/linkonce_odr/weak_odr/' >"$tmp/daz.ll"
      extra+=("$tmp/daz.ll")
    fi
    rm -f "$tmp/oclc_abi_version_500.bc"
    "$llvm_link" "$tmp/abi500.ll" "$tmp/hip.ll" "${extra[@]}" -o "$tmp/oclc_abi_version_500.bc"
    rm -f "$tmp/abi500.ll" "$tmp/hip.ll" "$tmp/daz.ll"
  fi
  touch "$tmp/.complete"
  # Publish atomically; a concurrent run may have won the race, which is fine.
  if ! mv -T "$tmp" "$final" 2>/dev/null; then rm -rf "$tmp"; fi
  [[ -f "$final/.complete" ]] || { echo "overlay $final incomplete" >&2; return 1; }
  echo "$final"
}

# ---- libraries Debian's HIP 5.2.3 does not ship ------------------------------
# pattern (matched against the #include path) | library name
unsupported_libs=(
  'hipblaslt|hipBLASLt' 'hipblas|hipBLAS' 'rocblas|rocBLAS'
  'hipfft|hipFFT' 'rocfft|rocFFT' 'hipsolver|hipSOLVER' 'rocsolver|rocSOLVER'
  'hipcub|hipCUB' 'miopen|MIOpen' 'rccl|RCCL' 'rocwmma|rocWMMA'
  'thrust|rocThrust (thrust)' 'hipsparselt|hipSPARSELt'
)

header_exists() { # include path -> 0 when found in a search directory
  local inc="$1" dir
  for dir in "${includes[@]}" "$HIPWRIGHT_ROCM_PATH/include" /usr/local/include /usr/include; do
    [[ -e "$dir/$inc" ]] && return 0
  done
  return 1
}

skip_reason_for() { # file -> prints a reason when it needs a missing library
  local file="$1" inc entry pat name
  while IFS= read -r inc; do
    for entry in "${unsupported_libs[@]}"; do
      pat="${entry%%|*}"; name="${entry#*|}"
      if [[ "${inc,,}" == *"$pat"* ]] && ! header_exists "$inc"; then
        echo "needs $name, which Debian's HIP 5.2.3 lacks (#include <$inc> not found)"
        return 0
      fi
    done
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p' "$file")
  return 0
}

# ---- one compile -------------------------------------------------------------
# Writes "<STATUS> <target> <file>[: detail]" and indented error lines to $out.
object_name() { # file target -> unique object path in $work
  local file="$1" target="$2" sum
  sum=$(printf '%s' "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")" | cksum | cut -d' ' -f1)
  echo "$work/obj/$(basename "$file").$sum.$target.o"
}

first_errors() { # log -> the first compiler errors, indented
  local log="$1" lines
  lines=$(grep -E '(error|fatal error):|requested here' "$log" | head -n 6 || true)
  [[ -n "$lines" ]] || lines=$(tail -n 5 "$log")
  sed 's/^/    /' <<<"$lines"
}

compile_amd() { # file target out
  local file="$1" target="$2" out="$3" obj log cmd=() d
  obj=$(object_name "$file" "$target")
  log="$obj.log"
  rm -f "$obj" "$obj.fatbin" "$obj.code"
  cmd=("$clang" -x hip -std=c++17 "--offload-arch=$target" -c "$file" -o "$obj"
       "--rocm-path=$HIPWRIGHT_ROCM_PATH" "--rocm-device-lib-path=$overlay"
       -mcode-object-version=5 -O2 -Wno-unused-result
       -include "$shipped_include/hipwright/hip_prelude.h" -I "$shipped_include")
  for d in "${includes[@]}"; do cmd+=(-I "$d"); done
  # Library headers newer than Debian's (hipRAND 2.11), in front of the
  # system's: see include/hipwright/compat-overlay.
  cmd+=(-isystem "$shipped_include/hipwright/compat-overlay")
  for d in "${defines[@]}"; do cmd+=("-D$d"); done
  [[ $verbose -eq 1 ]] && printf '%q ' "${cmd[@]}" >"$obj.cmd"
  if ! "${cmd[@]}" >"$log" 2>&1; then
    { echo "FAIL $target $file: clang++ exited non-zero"; first_errors "$log"; } >"$out"
    return 0
  fi
  # Pass criterion: the host object carries an offload bundle with a code
  # object for this very target, and that code object says so in its ELF header.
  if ! "$objcopy" --dump-section ".hip_fatbin=$obj.fatbin" "$obj" >>"$log" 2>&1; then
    # A file without kernels or device variables (host code that calls the
    # HIP API) compiles for the target but has nothing to bundle: clang then
    # emits no module constructor and no .hip_fatbin at all.
    if ! "$readelf" -s "$obj" 2>>"$log" | grep -qE '__hip_(module_ctor|fatbin|gpubin_handle)'; then
      echo "PASS $target $file: host code only (no kernels or device variables, nothing to bundle)" >"$out"
      return 0
    fi
    { echo "FAIL $target $file: object has no .hip_fatbin section"; first_errors "$log"; } >"$out"
    return 0
  fi
  local entries bundle_id
  entries=$("$bundler" --list --type=o "--input=$obj.fatbin" 2>>"$log" || true)
  bundle_id=$(grep -E "^hip(v4)?-amdgcn-amd-amdhsa-+$target(:|$)" <<<"$entries" | head -n 1 || true)
  if [[ -z "$bundle_id" ]]; then
    { echo "FAIL $target $file: offload bundle has no $target code object (found: $(tr '\n' ' ' <<<"$entries"))"; } >"$out"
    return 0
  fi
  "$bundler" --unbundle --type=o "--input=$obj.fatbin" "--targets=$bundle_id" "--output=$obj.code" >>"$log" 2>&1 || true
  local header
  header=$("$readelf" -h "$obj.code" 2>>"$log" || true)
  if ! grep -qE "Flags:.*\\b$target\\b" <<<"$header"; then
    { echo "FAIL $target $file: bundled code object is not a $target ELF"; first_errors "$log"; } >"$out"
    return 0
  fi
  local abi
  abi=$(sed -n 's/.*ABI Version:[[:space:]]*\([0-9]*\).*/\1/p' <<<"$header")
  local warnings note=""
  warnings=$(grep -c 'warning:' "$log" || true)
  [[ "${warnings:-0}" -gt 0 ]] && note=", $warnings compiler warning(s)"
  echo "PASS $target $file: bundle $bundle_id, code object v$((abi + 2))$note" >"$out"
  [[ $verbose -eq 1 ]] && sed 's/^/    /' "$obj.cmd" >>"$out" && echo >>"$out"
  return 0
}

nvcc_path() {
  if [[ -n "$HIPWRIGHT_NVCC" ]]; then echo "$HIPWRIGHT_NVCC"; return 0; fi
  if [[ -n "${CUDA_PATH:-}" && -x "$CUDA_PATH/bin/nvcc" ]]; then echo "$CUDA_PATH/bin/nvcc"; return 0; fi
  if [[ -x /usr/local/cuda/bin/nvcc ]]; then echo /usr/local/cuda/bin/nvcc; return 0; fi
  command -v nvcc 2>/dev/null || return 1
}

compile_nvidia() { # file target(sm_XX) out
  local file="$1" target="$2" out="$3" nvcc obj log shim d
  if [[ -z "$mapping_header" ]]; then
    echo "SKIP $target $file: not run: no mapping header (--nvidia-mapping-header FILE)" >"$out"
    return 0
  fi
  if ! nvcc=$(nvcc_path); then
    if [[ "${HIPWRIGHT_REQUIRE_TOOLCHAIN:-}" == 1 ]]; then
      echo "FAIL $target $file: nvcc not found (CUDA toolkit at /usr/local/cuda or \$CUDA_PATH); HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes this an error" >"$out"
      return 0
    fi
    echo "SKIP $target $file: not run: nvcc not found" >"$out"
    return 0
  fi
  # The mapping header stands in for HIP's own headers: Debian's
  # NVIDIA-platform HIP headers do not build with CUDA 13.
  # Each HIP header becomes a stand-in that defines the macro the mapping
  # header names for it (its "// hipwright-nvidia-shim: PATH MACRO" lines),
  # so that including, say, hipblas/hipblas.h pulls in cuBLAS and its
  # mapping. Every HIP header the header knows gets a stand-in: nvcc would
  # otherwise find Debian's HIP headers in /usr/include. The directory is
  # keyed by the header's contents, so concurrent checks never share a
  # half-written one.
  local abs_header key path macro
  abs_header="$(cd "$(dirname "$mapping_header")" && pwd)/$(basename "$mapping_header")"
  key=$(cksum <"$abs_header" | cut -d' ' -f1)
  shim="$work/nvidia-shim-$key"
  if [[ ! -f "$shim/.complete" ]]; then
    local tmp
    tmp=$(mktemp -d "$work/nvidia-shim-tmp.XXXXXX")
    {
      echo "hip/hip_runtime.h HIPWRIGHT_NV_WANT_HIP_HIP_RUNTIME_H"
      echo "hip/hip_runtime_api.h HIPWRIGHT_NV_WANT_HIP_HIP_RUNTIME_API_H"
      sed -n 's|^// hipwright-nvidia-shim: \([^ ]*\) \([A-Za-z0-9_]*\)$|\1 \2|p' "$abs_header"
    } | while read -r path macro; do
      [[ "$path" != /* && "$path" != *..* ]] || continue
      mkdir -p "$tmp/$(dirname "$path")"
      printf '#pragma once\n#define %s 1\n#include "%s"\n' "$macro" "$abs_header" >"$tmp/$path"
    done
    touch "$tmp/.complete"
    mv -T "$tmp" "$shim" 2>/dev/null || rm -rf "$tmp"
  fi
  obj=$(object_name "$file" "$target")
  log="$obj.log"
  local cmd=("$nvcc" -x cu "-arch=$target" -std=c++17 -c "$file" -o "$obj"
             -I "$shim" -I "$shipped_include")
  for d in "${includes[@]}"; do cmd+=(-I "$d"); done
  for d in "${defines[@]}"; do cmd+=("-D$d"); done
  if "${cmd[@]}" >"$log" 2>&1; then
    echo "PASS $target $file: nvcc object built" >"$out"
  else
    { echo "FAIL $target $file: nvcc exited non-zero"; first_errors "$log"; } >"$out"
  fi
}

check_one() { # index file target
  local idx="$1" file="$2" target="$3" out reason
  out="$results/$idx"
  # Missing ROCm libraries matter only for AMD builds: on NVIDIA the mapping
  # header stands in for them with the CUDA libraries.
  reason=""
  [[ "$target" == sm_* ]] || reason=$(skip_reason_for "$file")
  if [[ -n "$reason" ]]; then
    echo "SKIP $target $file: $reason" >"$out"
  elif [[ "$target" == gfx* ]]; then
    compile_amd "$file" "$target" "$out"
  elif [[ "$target" == sm_* ]]; then
    compile_nvidia "$file" "$target" "$out"
  else
    echo "FAIL $target $file: unknown target (use gfxNNN or sm_NN)" >"$out"
  fi
}

mkdir -p "$work/obj"
overlay=""
if [[ $need_amd -eq 1 ]]; then
  overlay=$(overlay_for) || skip_all "could not build the device-library overlay in $work"
fi
results=$(mktemp -d "$work/results.XXXXXX")
trap 'rm -rf "$results"' EXIT

idx=0
running=0
for file in "${files[@]}"; do
  for target in "${target_list[@]}"; do
    idx=$((idx + 1))
    if [[ $jobs -eq 1 ]]; then
      check_one "$(printf '%05d' "$idx")" "$file" "$target"
    else
      check_one "$(printf '%05d' "$idx")" "$file" "$target" &
      running=$((running + 1))
      if [[ $running -ge $jobs ]]; then wait -n || true; running=$((running - 1)); fi
    fi
  done
done
wait

status=0
for out in "$results"/*; do
  cat "$out"
  if head -n 1 "$out" | grep -q '^FAIL'; then status=1; fi
done
exit "$status"
