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
