# Shared by the CLI test scripts (sourced, not run): a scratch directory that
# is removed on exit, a failure counter and the checks every script uses.
work=$(mktemp -d)
# A result cache of the test's own (docs/cli.md#result-cache): a test starts
# cold, reruns in it hit, and nothing is left in the user's ~/.cache.
test_cache=$(mktemp -d)
export HIPWRIGHT_CACHE_DIR=$test_cache
trap 'rm -rf "$work" "$test_cache"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { # run WANT_RC DESCRIPTION CMD...  (stdout/stderr in $work/out.txt, err.txt)
  local want=$1 what=$2 rc=0
  shift 2
  "$@" >"$work/out.txt" 2>"$work/err.txt" || rc=$?
  [ "$rc" = "$want" ] || { fail "$what: exit $rc, wanted $want"; sed 's/^/    /' "$work/err.txt" "$work/out.txt" | head -20; }
}
json_get() { # json_get FILE PYTHON-EXPR (on `d`)
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}
# check_bundle BUNDLE KERNEL...: an offload bundle (a module a program loads,
# or an executable's .hip_fatbin) with gfx942 and gfx950 code objects that
# define each KERNEL (its .kd symbol). Needs $llvm (clang-offload-bundler,
# llvm-readelf).
check_bundle() {
  local bundle=$1 t syms k
  shift
  [ -f "$bundle" ] || { fail "$bundle was not built"; return; }
  for t in gfx942 gfx950; do
    "$llvm/clang-offload-bundler" --unbundle --type=o --input="$bundle" \
      "--targets=hipv4-amdgcn-amd-amdhsa--$t" "--output=$work/bundle-$t.co" ||
      { fail "$bundle: no $t code object"; continue; }
    # Read whole before grep -q: under pipefail an early exit is a SIGPIPE.
    syms=$("$llvm/llvm-readelf" --syms "$work/bundle-$t.co")
    for k in "$@"; do
      grep -q " $k.kd" <<<"$syms" || fail "$bundle's $t code object lacks $k"
    done
  done
}
# check_exe FILE KERNEL...: an executable or object whose .hip_fatbin offload
# bundle has gfx942 and gfx950 code objects with the kernels. Needs $llvm
# (llvm-objcopy too).
check_exe() {
  local exe=$1
  shift
  [ -f "$exe" ] || { fail "$exe was not built"; return; }
  local section
  section="$work/$(basename "$exe").hip_fatbin"
  "$llvm/llvm-objcopy" --dump-section ".hip_fatbin=$section" "$exe" /dev/null ||
    { fail "$exe has no .hip_fatbin"; return; }
  check_bundle "$section" "$@"
}
