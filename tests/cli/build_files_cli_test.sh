#!/usr/bin/env bash
# The build-file migration of `hipwright port` (issue 11): the CMake files of
# tests/build_files/cuda_project become exactly tests/build_files/expected/,
# porting the result again changes nothing, --jobs does not change a byte,
# --diff / --in-place / --no-build-files / --targets do what docs/cli.md
# says, --stats counts build files, and a CMake file CMake cannot read is
# reported with its line and left as it was.
#
#   build_files_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../build_files" && pwd)
project="$here/cuda_project"
cmake_files="CMakeLists.txt src/CMakeLists.txt app/CMakeLists.txt"

# ---- the sample project, against the expected files -------------------------
run 0 "port the sample project" "$hw" port "$project" --out-root "$work/out1" \
  --no-analyzers -j1 --stats "$work/s1.json"
for f in $cmake_files; do
  cmp -s "$here/expected/$f" "$work/out1/$f" ||
    { fail "$f differs from expected/$f"; diff -u "$here/expected/$f" "$work/out1/$f" | head -30; }
done
grep -q "build files: 3 (3 migrated, 0 unchanged), 0 commands still running nvcc, 0 nvcc flags not placed, 10 notes for a person" "$work/err.txt" ||
  fail "summary: $(cat "$work/err.txt")"
grep -q "app/CMakeLists.txt:5: note: nvcc flag '-Xptxas -v' dropped" "$work/err.txt" ||
  fail "the dropped -Xptxas is not reported with its line"
[ "$(json_get "$work/s1.json" "d['build_files']['total']")" = 3 ] || fail "stats: build_files.total"
[ "$(json_get "$work/s1.json" "d['build_files']['migrated']")" = 3 ] || fail "stats: build_files.migrated"
[ "$(json_get "$work/s1.json" "d['build_files']['notes']")" = 10 ] || fail "stats: build_files.notes"
# The custom command that ran nvcc -fatbin: the HIP compiler, said where.
grep -q "app/CMakeLists.txt:22: note: a custom command ran nvcc (\${CMAKE_CUDA_COMPILER})" "$work/err.txt" ||
  fail "the rewritten nvcc custom command is not reported with its line"
grep -q "app/CMakeLists.txt:22: note: MODULE_GENCODE holds nvcc architecture flags only" "$work/err.txt" ||
  fail "the architecture variable left out of the command is not reported"
[ "$(json_get "$work/s1.json" "sorted(f['path'] for f in d['file_results'] if f['kind'] == 'build')")" = \
  "['CMakeLists.txt', 'app/CMakeLists.txt', 'src/CMakeLists.txt']" ] || fail "stats: build file results"
[ "$(json_get "$work/s1.json" "[f['notes'] for f in d['file_results'] if f['path'] == 'app/CMakeLists.txt'][0][0]")" = \
  "$project/app/CMakeLists.txt:4: note: nvcc flag '--extended-lambda' dropped: clang accepts __device__ lambdas without it" ] ||
  fail "stats: notes of app/CMakeLists.txt"
# The sources next to them are ported as before.
grep -q "hipblasSasum" "$work/out1/app/main.cu" || fail "main.cu not ported"

# ---- idempotent; independent of --jobs --------------------------------------
run 0 "port the migrated tree again" "$hw" port "$work/out1" --diff --no-analyzers
[ ! -s "$work/out.txt" ] || { fail "porting the output again changed it"; head -30 "$work/out.txt"; }
run 0 "port with --jobs 2" "$hw" port "$project" --out-root "$work/out2" --no-analyzers -j2
diff -r "$work/out1" "$work/out2" >/dev/null || fail "--jobs 1 and --jobs 2 wrote different trees"

# ---- --diff, --no-build-files, --targets ------------------------------------
run 0 "--diff" "$hw" port "$project" --diff --no-analyzers
grep -q '^+project(saxpy_demo VERSION 1.0 LANGUAGES CXX HIP) # both languages$' "$work/out.txt" ||
  fail "--diff does not show the CMake change"
run 0 "--no-build-files" "$hw" port "$project" --out-root "$work/out3" --no-analyzers \
  --no-build-files --stats "$work/s3.json"
[ ! -e "$work/out3/CMakeLists.txt" ] || fail "--no-build-files still wrote CMakeLists.txt"
[ -e "$work/out3/src/saxpy.cu" ] || fail "--no-build-files wrote no sources"
[ "$(json_get "$work/s3.json" "d['build_files']['total']")" = 0 ] || fail "--no-build-files still counts build files"
run 0 "--targets" "$hw" port "$project" --out-root "$work/out4" --no-analyzers --targets gfx90a
grep -q '^  set(CMAKE_HIP_ARCHITECTURES gfx90a)$' "$work/out4/CMakeLists.txt" ||
  fail "--targets gfx90a: $(grep ARCH "$work/out4/CMakeLists.txt")"

# ---- --in-place keeps a backup ----------------------------------------------
cp -r "$project" "$work/inplace"
run 0 "--in-place" "$hw" port "$work/inplace" --in-place --no-analyzers
for f in $cmake_files; do
  cmp -s "$here/expected/$f" "$work/inplace/$f" || fail "--in-place: $f differs from expected"
  cmp -s "$project/$f" "$work/inplace/$f.orig" || fail "--in-place: $f.orig is not the original"
done

# ---- a Makefile project -------------------------------------------------------
mk="$here/make_project"
run 0 "port the Makefile project" "$hw" port "$mk" --out-root "$work/mk" --no-analyzers \
  --stats "$work/mk.json"
cmp -s "$here/expected/make/Makefile" "$work/mk/Makefile" ||
  { fail "Makefile differs from expected/make/Makefile"; diff -u "$here/expected/make/Makefile" "$work/mk/Makefile" | head -30; }
[ "$(json_get "$work/mk.json" "d['build_files']['migrated']")" = 1 ] || fail "stats: the Makefile is not counted"
if ! command -v make >/dev/null; then
  # A skip is not a pass where the suite must check everything.
  [ "${HIPWRIGHT_REQUIRE_TOOLCHAIN:-}" = 1 ] &&
    fail "no make (scripts/setup.sh installs it): the migrated Makefile is not checked"
  echo "SKIP: no make, the migrated Makefile is not run through make -n"
else
  run 0 "make -n on the migrated Makefile" make -n -C "$work/mk"
  grep -q nvcc "$work/out.txt" && fail "make -n still calls nvcc: $(grep nvcc "$work/out.txt")"
  grep -q -- "/opt/rocm/llvm/bin/clang++ -x hip -O2 -std=c++17 -fgpu-rdc --offload-arch=gfx942 --offload-arch=gfx950 -Wall -c fill.cu -o fill.o" "$work/out.txt" ||
    fail "make -n: compile command: $(cat "$work/out.txt")"
  grep -q -- "--hip-link .* fill.o scale.o -o fill -L/opt/rocm/lib -lamdhip64 -lhiprand" "$work/out.txt" ||
    fail "make -n: link command: $(cat "$work/out.txt")"
fi
run 0 "port the migrated Makefile again" "$hw" port "$work/mk" --diff --no-analyzers
[ ! -s "$work/out.txt" ] || { fail "porting the Makefile again changed it"; head -20 "$work/out.txt"; }

# ---- what CMake cannot read, and what is not the user's ---------------------
mkdir -p "$work/bad/build/CMakeFiles"
printf '#include <cuda_runtime.h>\nvoid f() { cudaDeviceSynchronize(); }\n' >"$work/bad/k.cu"
printf 'project(p CUDA)\nset(A "never closed)\n' >"$work/bad/CMakeLists.txt"
# A CMake build tree inside the inputs: its generated files are not ported.
touch "$work/bad/build/CMakeCache.txt"
printf 'set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)\n' >"$work/bad/build/CMakeFiles/CMakeCUDACompiler.cmake"
run 3 "a CMake file with a syntax error" "$hw" port "$work/bad" --out-root "$work/bad-out" \
  --no-analyzers --stats "$work/bad.json"
grep -q "$work/bad/CMakeLists.txt:2: error: unterminated quoted argument" "$work/err.txt" ||
  fail "syntax error not reported with file:line: $(cat "$work/err.txt")"
cmp -s "$work/bad/CMakeLists.txt" "$work/bad-out/CMakeLists.txt" || fail "the unreadable CMake file was changed"
[ ! -e "$work/bad-out/build" ] || fail "a build tree's CMake files were ported"
[ "$(json_get "$work/bad.json" "d['build_files']['total']")" = 1 ] || fail "build tree counted"

# ---- a tree with a HIP build of its own (ggml's GGML_HIP) -------------------
mkdir -p "$work/own/cuda" "$work/own/hip"
printf 'project(own C CXX)\noption(OWN_HIP "build for AMD" OFF)\nif(OWN_HIP)\n  add_subdirectory(hip)\nelse()\n  add_subdirectory(cuda)\nendif()\n' \
  >"$work/own/CMakeLists.txt"
printf 'enable_language(CUDA)\nset(CMAKE_CUDA_ARCHITECTURES 80)\nadd_library(k k.cu)\n' >"$work/own/cuda/CMakeLists.txt"
printf 'enable_language(HIP)\nset_source_files_properties(../cuda/k.cu PROPERTIES LANGUAGE HIP)\nadd_library(k ../cuda/k.cu)\n' \
  >"$work/own/hip/CMakeLists.txt"
printf '#include <cuda_runtime.h>\n__global__ void k() {}\n' >"$work/own/cuda/k.cu"
run 0 "a tree that already builds for HIP" "$hw" port "$work/own" --out-root "$work/own-out" --no-analyzers
# Unchanged, so not written (no --copy-unchanged).
[ ! -e "$work/own-out/cuda/CMakeLists.txt" ] ||
  fail "the CUDA CMake file of a tree with its own HIP build was migrated"
grep -q "cuda/CMakeLists.txt:1: note: not migrated: the tree already builds for HIP (hip/CMakeLists.txt:1: enable_language(HIP)); configure it with -DOWN_HIP=ON (CMakeLists.txt:2)" "$work/err.txt" ||
  fail "the existing HIP build is not pointed at: $(cat "$work/err.txt")"

# ---- a subtree only NVIDIA can build (cuda-samples' 7_libNVVM) ---------------
mkdir -p "$work/nv/nvvm_samples" "$work/nv/app"
printf 'project(p LANGUAGES CXX CUDA)\nadd_subdirectory(app)\nadd_subdirectory(nvvm_samples)\n' >"$work/nv/CMakeLists.txt"
printf 'project(n C)\nfind_file(LIBNVVM_HOME nvvm PATHS "${CUDA_HOME}")\n' >"$work/nv/nvvm_samples/CMakeLists.txt"
printf 'add_executable(app k.cu)\n' >"$work/nv/app/CMakeLists.txt"
printf '#include <cuda_runtime.h>\n__global__ void k() {}\nint main() { k<<<1, 1>>>(); return 0; }\n' >"$work/nv/app/k.cu"
run 0 "a tree with an NVIDIA-only subtree" "$hw" port "$work/nv" --out-root "$work/nv-out" --no-analyzers
grep -qx "# add_subdirectory(nvvm_samples)" "$work/nv-out/CMakeLists.txt" ||
  fail "the libNVVM subtree is still added: $(cat "$work/nv-out/CMakeLists.txt")"
grep -qx "add_subdirectory(app)" "$work/nv-out/CMakeLists.txt" || fail "the app subtree was dropped"
grep -q "CMakeLists.txt:3: note: nvvm_samples is not added to the HIP build: nvvm_samples/CMakeLists.txt line 2 finds libNVVM" "$work/err.txt" ||
  fail "the NVIDIA-only subtree is not explained: $(cat "$work/err.txt")"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all build-file CLI checks passed"
