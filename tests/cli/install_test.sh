#!/usr/bin/env bash
# An installed hipwright is relocatable and a Debian package of it works.
#
#   install_test.sh install BUILD_DIR SOURCE_DIR
#     `cmake --install` into a temporary prefix, move the prefix elsewhere,
#     check that no file under it names the source or build directory, and
#     run port, lint, report and verify (one test_corpus program) from the
#     moved copy.
#   install_test.sh deb BUILD_DIR SOURCE_DIR
#     `cpack -G DEB`, check the package's declared dependencies, unpack it
#     with `dpkg -x` into a temporary root (a real install needs root and
#     would touch the machine) and run the unpacked /usr/bin/hipwright.
set -euo pipefail
mode=$1
build=$(cd "$2" && pwd)
src=$(cd "$3" && pwd)
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
# Nothing may reach hipwright's files through the environment: the copy has
# to find them itself.
unset HIPWRIGHT HIPWRIGHT_SIM_INCLUDE HIPWRIGHT_SIM_LIB \
  HIPWRIGHT_SHIPPED_INCLUDE

# Run the four commands with hipwright binary $1 from an unrelated directory.
exercise() {
  local hw=$1 prog=warp_reduce.cu rc=0
  mkdir -p "$work/tree"
  cp "$src/test_corpus/$prog" "$work/tree/"
  cd "$work"
  run 0 "--version" "$hw" --version
  grep -q "^hipwright [0-9]" "$work/out.txt" || fail "--version: $(cat "$work/out.txt")"
  grep -q "^rules tables [0-9a-f]\{12\}$" "$work/out.txt" || fail "--version lacks the rules hash"
  # The ROCm release every compile check builds against (issue 24).
  grep -q "^compile checks: ROCm 7\.2\.[0-9]* (HIP 7\.2\.[0-9]*) at /" "$work/out.txt" ||
    fail "--version does not name ROCm 7.2: $(cat "$work/out.txt")"
  run 0 "port" "$hw" port "$work/tree/$prog"
  grep -q "hipLaunchKernelGGL\|hip_runtime.h" "$work/out.txt" || fail "port printed no HIP"
  # Exit 0 (clean) or 1 (findings) are both answers; 2 would be an error.
  "$hw" lint "$work/tree/$prog" --format sarif -o "$work/lint.sarif" || rc=$?
  [ "$rc" -le 1 ] || fail "lint: exit $rc"
  json_get "$work/lint.sarif" "d['runs'][0]['tool']['driver']['version']" >/dev/null ||
    fail "SARIF without the tool version"
  [ "$(json_get "$work/lint.sarif" "d['runs'][0]['properties']['hipwright']['rocm']['release'][:4]")" = 7.2. ] ||
    fail "SARIF does not name the ROCm release"
  run 0 "report" "$hw" report "$work/tree" --format json -o "$work/report.json"
  [ "$(json_get "$work/report.json" "d['version']['rules'] != ''")" = True ] ||
    fail "report JSON without the version"
  [ "$(json_get "$work/report.json" "d['version']['rocm']['release'][:4]")" = 7.2. ] ||
    fail "report JSON does not name the ROCm release"
  run 0 "verify" "$hw" verify "$work/tree/$prog" -q -j2 --timeout 300 \
    --format json -o "$work/verify.json"
  local cell s
  for cell in port-build-gfx942 port-build-gfx950 cuda-run-wave32 port-run-wave64 \
    fixed-run-wave64; do
    s=$(json_get "$work/verify.json" "d['programs'][0]['cells']['$cell']['status']")
    [ "$s" = pass ] || fail "verify $cell from the installed copy: $s ($(json_get "$work/verify.json" "d['programs'][0]['cells']['$cell']['detail']"))"
  done
  # The installed compile-check script is a wrapper: it must find the
  # hipwright it was installed with, which must find its shipped headers.
  cp "$src/tests/compile/selftest/host_memcpy.hip" "$work/tree/"
  run 0 "installed hip_compile_check.sh" \
    bash "$(dirname "$hw")/../share/hipwright/compile-check/hip_compile_check.sh" \
    --targets gfx942 --work "$work/cc" "$work/tree/host_memcpy.hip"
  grep -q "^PASS gfx942 $work/tree/host_memcpy.hip: bundle " "$work/out.txt" ||
    fail "installed compile check: $(cat "$work/out.txt" "$work/err.txt")"
  cd - >/dev/null
}

# No file of the installed tree may carry the source or build directory.
no_tree_paths() {
  local root=$1 hit
  hit=$(grep -rlF -e "$src" -e "$build" "$root" || true)
  [ -z "$hit" ] || fail "installed files name the source/build tree: $hit"
}

case "$mode" in
install)
  cmake --install "$build" --prefix "$work/prefix" >/dev/null
  mkdir -p "$work/elsewhere"
  mv "$work/prefix" "$work/elsewhere/moved"
  p="$work/elsewhere/moved"
  for f in bin/hipwright lib/hipwright/libhipwright_simrt.a \
    share/hipwright/compile-check/hip_compile_check.sh \
    share/hipwright/rocm/fetch-rocm.sh share/hipwright/rocm/rocm-packages.lock \
    share/hipwright/include/hipwright/sim/hwsim/core.h; do
    [ -e "$p/$f" ] || fail "not installed: $f"
  done
  no_tree_paths "$p"
  exercise "$p/bin/hipwright"
  # Through a symlink on PATH (as /usr/local/bin/hipwright would be).
  mkdir -p "$work/pathdir"
  ln -s "$p/bin/hipwright" "$work/pathdir/hipwright"
  PATH="$work/pathdir:$PATH" run 0 "verify through a symlink" hipwright verify \
    "$src/test_corpus/warp_reduce.cu" -q --timeout 300 --targets gfx942 \
    --format json -o "$work/link.json"
  s=$(json_get "$work/link.json" "d['programs'][0]['cells']['port-run-wave64']['status']")
  [ "$s" = pass ] || fail "verify through a symlink: port-run-wave64 $s"
  ;;
deb)
  cpack -G DEB -B "$work/pkg" --config "$build/CPackConfig.cmake" >/dev/null
  deb=$(ls "$work"/pkg/hipwright_*.deb)
  deps=$(dpkg-deb -f "$deb" Depends)
  for need in libclang-cpp22 libllvm22 libclang-common-22-dev clang-22 lld-22 \
    llvm-22 clang-tools-22; do
    case ", $deps," in *", $need"[\ ,\(]*) ;; *) fail "package does not depend on $need: $deps" ;; esac
  done
  dpkg-deb -c "$deb" >"$work/contents.txt"
  grep -q "\./usr/bin/hipwright$" "$work/contents.txt" || fail "package lacks /usr/bin/hipwright"
  dpkg -x "$deb" "$work/root"
  no_tree_paths "$work/root"
  exercise "$work/root/usr/bin/hipwright"
  ;;
*)
  echo "usage: install_test.sh install|deb BUILD_DIR SOURCE_DIR" >&2
  exit 2
  ;;
esac

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "install_test $mode: all checks passed"
