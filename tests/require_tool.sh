# require_tool.sh - sourced by test scripts that need an external tool.
#
#   missing_tool "what is missing" "Debian package"
#
# On a user's machine a missing tool skips the test (exit 77, which ctest
# reports as skipped, never as passed). With HIPWRIGHT_REQUIRE_TOOLCHAIN=1
# (scripts/test.sh and CI set it) it fails the test instead: a CI run that
# silently checked nothing must not pass.
missing_tool() {
  local what="$1" package="${2:-}"
  local hint=""
  [[ -n "$package" ]] && hint=" (install the Debian package $package)"
  if [[ "${HIPWRIGHT_REQUIRE_TOOLCHAIN:-}" == 1 ]]; then
    echo "FAIL: $what$hint; HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes a missing tool an error"
    exit 1
  fi
  echo "SKIP: $what$hint"
  exit 77
}
