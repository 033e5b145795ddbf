#!/usr/bin/env bash
# scripts/fetch-rocm.sh's failure paths (issue 24: a clear error naming the
# package and the suite when a download fails), run without the network: a
# stand-in apt-get on PATH plays the archive. Each case must fail with the
# message that names what went wrong and leave no prefix behind; a download
# that fails its check must not stay in the .deb cache.
#
#   fetch_rocm_errors_test.sh FETCH_ROCM_SCRIPT
set -euo pipefail
script=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

mkdir -p "$work/bin" "$work/cache"
# The stand-in: `apt-get update` succeeds; `apt-get download NAME=VERSION`
# does what $FAKE_DOWNLOAD says (fail, or write a .deb with the wrong bytes).
cat >"$work/bin/apt-get" <<'SH'
#!/usr/bin/env bash
for a in "$@"; do
  case $a in
    update) exit 0 ;;
    download) break ;;
  esac
done
case ${FAKE_DOWNLOAD:-fail} in
  fail) echo "E: Can't find a source to download version" >&2; exit 100 ;;
  garbage) pkg=${!#}; echo "not a package" >"${pkg%%=*}_1.0_amd64.deb"; exit 0 ;;
esac
SH
chmod +x "$work/bin/apt-get"
export PATH="$work/bin:$PATH" HIPWRIGHT_ROCM_DEB_CACHE="$work/cache"

expect_failure() { # expect_failure WHAT MESSAGE-REGEX [env...]
  local what=$1 want=$2 rc=0
  shift 2
  env "$@" bash "$script" "$work/prefix" >"$work/out" 2>"$work/err" || rc=$?
  [[ $rc -ne 0 ]] || fail "$what: exit 0"
  grep -Eq "$want" "$work/err" || { fail "$what: no '$want' in: $(cat "$work/err")"; }
  [[ -e "$work/prefix" ]] && fail "$what: left a prefix behind"
  rm -rf "$work/prefix"
}

sha=0000000000000000000000000000000000000000000000000000000000000000
printf 'libfoo-dev 1.0 %s experimental\n' "$sha" >"$work/one.lock"
expect_failure "a download that fails" \
  'download of libfoo-dev 1.0 from experimental failed' \
  HIPWRIGHT_ROCM_LOCK="$work/one.lock" FAKE_DOWNLOAD=fail
expect_failure "a download with other bytes than the lock's" \
  'sha256 mismatch for libfoo-dev 1.0 \(experimental\): lock has 0{64}' \
  HIPWRIGHT_ROCM_LOCK="$work/one.lock" FAKE_DOWNLOAD=garbage
ls "$work/cache"/*.deb >/dev/null 2>&1 && fail "a .deb that failed its check was kept in the cache"

printf 'libfoo-dev 1.0 %s\n' "$sha" >"$work/short.lock"
expect_failure "a lock line without its suite" 'malformed lock line for libfoo-dev' \
  HIPWRIGHT_ROCM_LOCK="$work/short.lock"
printf '# nothing pinned\n' >"$work/empty.lock"
expect_failure "an empty lock" 'lists no package' HIPWRIGHT_ROCM_LOCK="$work/empty.lock"
expect_failure "a missing lock" 'is missing' HIPWRIGHT_ROCM_LOCK="$work/none.lock"

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "PASS"
