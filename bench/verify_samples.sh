#!/usr/bin/env bash
# verify_samples.sh - `hipwright verify` over NVIDIA's cuda-samples programs
# that hipwright's CPU runtime can execute, with Common/ ported alongside
# (issue 26, item 4).
#
#   bench/verify_samples.sh CUDA_SAMPLES_DIR [--work DIR] [--jobs N]
#                           [--only REGEX] [--timeout SECONDS]
#
# CUDA_SAMPLES_DIR is a checkout of https://github.com/NVIDIA/cuda-samples
# (this script fetches nothing and never writes into it). Every folder under
# Samples/ with a main is a program, except those the CPU runtime cannot
# execute, each left out with its reason (decided from the sources alone):
#   graphics    - includes OpenGL/GLUT/EGL/Vulkan/Direct3D/NvSci headers
#   nvrtc       - compiles kernels at run time (nvrtc.h)
#   driver-jit  - loads modules through the driver API (cuModuleLoad...)
#   multi-gpu   - needs two devices or peer access (P2P, multiGPU, cudaSetDevice(1))
#   ipc         - shares memory between processes (cudaIpc*)
#   library     - the work is a vendor library's (cuBLAS, cuFFT, cuSPARSE,
#                 cuSOLVER, cuRAND host API, NPP, nvJPEG)
# The rest run through one `hipwright verify ... -I Common` (each program
# built from every source its CMakeLists.txt names). Prints, for the
# programs verified: original passes at 32 lanes, port passes at 64 lanes,
# --fix port passes at 64 lanes, and each failing cell's first line; then
# the left-out folders by reason. --only REGEX limits the programs (their
# path under Samples/). Exit status: 0 when the run completed, 2 on bad
# usage or when verify could not run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hipwright=${HIPWRIGHT:-$here/build/bin/hipwright}

usage() {
  sed -n '2,28p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

src=""
work="${TMPDIR:-/tmp}/hipwright-verify-samples"
jobs=$(nproc 2>/dev/null || echo 1)
only=""
timeout=120
while [[ $# -gt 0 ]]; do
  case "$1" in
    --work) work="${2:?--work needs a directory}"; shift 2 ;;
    --jobs|-j) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    --only) only="${2:?--only needs a regex}"; shift 2 ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "verify_samples: unknown option $1" >&2; usage ;;
    *) [ -z "$src" ] || usage; src=$1; shift ;;
  esac
done
[ -n "$src" ] && [ -d "$src/Samples" ] && [ -d "$src/Common" ] || usage
[ -x "$hipwright" ] || { echo "verify_samples: no hipwright at $hipwright" >&2; exit 2; }
src=$(cd "$src" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)

# Why a program folder cannot run on the CPU runtime; empty when it can.
reason() {
  local d=$1 all
  all=$(cat "$d"/*.cu "$d"/*.cuh "$d"/*.cpp "$d"/*.h 2>/dev/null || true)
  if grep -E -q '#include *[<"](GL/|GLFW|EGL|vulkan|d3d|nvsci|helper_gl\.h|cuda_gl_interop|cuda_egl|rendercheck)' <<<"$all"; then
    echo graphics
  elif grep -q 'nvrtc' <<<"$all"; then
    echo nvrtc
  elif grep -E -q 'cuModuleLoad|cuLaunchKernel|cuModuleGetFunction' <<<"$all"; then
    echo driver-jit
  elif grep -E -q 'cudaIpc|cuMemExportToShareableHandle' <<<"$all"; then
    echo ipc
  elif [[ $d == *P2P* || $d == *MultiGPU* || $d == *multiGPU* || $d == *multiDevice* ]] ||
    grep -E -q 'cudaDeviceEnablePeerAccess|cudaSetDevice\(1\)' <<<"$all"; then
    echo multi-gpu
  elif grep -E -q '#include *[<"](cublas|cufft|cusparse|cusolver|npp|nvjpeg|curand\.h)' <<<"$all"; then
    echo library
  fi
}

programs=()
: >"$work/left-out.txt"
while IFS= read -r d; do
  rel=${d#"$src/Samples/"}
  [ -z "$only" ] || grep -E -q -- "$only" <<<"$rel" || continue
  grep -l -E '(^|[^A-Za-z0-9_:.])main[[:space:]]*\(' "$d"/*.cu >/dev/null 2>&1 || continue
  r=$(reason "$d")
  if [ -n "$r" ]; then
    echo "$r $rel" >>"$work/left-out.txt"
  else
    programs+=("$d")
  fi
done < <(find "$src/Samples" -mindepth 2 -maxdepth 2 -type d | sort)
[ "${#programs[@]}" -gt 0 ] || { echo "verify_samples: no program to verify" >&2; exit 2; }

start=$(date +%s)
rc=0
"$hipwright" verify "${programs[@]}" -I "$src/Common" -q --jobs "$jobs" --timeout "$timeout" \
  --work "$work/verify" --format json -o "$work/matrix.json" >"$work/verify.txt" 2>&1 || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || { echo "verify_samples: verify failed (exit $rc):" >&2; tail -5 "$work/verify.txt" >&2; exit 2; }

python3 - "$work/matrix.json" "$work/left-out.txt" "$(($(date +%s) - start))" <<'PY'
import collections, json, sys
m = json.load(open(sys.argv[1]))
progs = m["programs"]
def status(p, c):
    return p["cells"].get(c, {}).get("status", "-")
def count(c):
    return sum(1 for p in progs if status(p, c) == "pass")
print("== failing cells (first line) ==")
for p in progs:
    for c in ("cuda-run-wave32", "port-run-wave64", "fixed-run-wave64"):
        st = status(p, c)
        if st in ("fail", "error"):
            d = p["cells"][c]["detail"].splitlines()[0][:220]
            print(f"{p['file'].split('/Samples/')[-1]} {c}: {st}: {d}")
orig = [p for p in progs if status(p, "cuda-run-wave32") == "pass"]
port_ok = sum(1 for p in orig if status(p, "port-run-wave64") == "pass")
fix_ok = sum(1 for p in orig if status(p, "fixed-run-wave64") == "pass")
notrun = sum(1 for p in progs if status(p, "cuda-run-wave32") == "not-run")
print()
print(f"programs verified: {len(progs)} ({sys.argv[3]} s)")
print(f"  the CPU runtime cannot run the original (not-run, with the reason): {notrun}")
print(f"  original passes at 32 lanes: {len(orig)}")
print(f"  of those, port passes at 64 lanes: {port_ok}")
print(f"  of those, --fix port passes at 64 lanes: {fix_ok}")
left = collections.Counter(l.split()[0] for l in open(sys.argv[2]) if l.strip())
print("left out (the CPU runtime cannot execute them): " +
      ", ".join(f"{k} {v}" for k, v in sorted(left.items())))
PY
