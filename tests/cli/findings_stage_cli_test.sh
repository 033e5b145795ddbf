#!/usr/bin/env bash
# Every command judges findings in one findings stage (issue 12): a finding a
# NOLINT comment suppresses, or of a rule .hipwright.yaml disables, gives no
# fix-it to `port --fix`, as it gives no finding to `lint`; a rule pattern
# (--rules, config, NOLINT) that names no rule is exit 2 with the closest ids,
# while NOLINT entries for other tools' checks are left alone.
#
#   findings_stage_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

# The shuffle of the issue: offsets from 16 with the default width get
# width 32 from warp-size.shuffle-offset's fix-it unless suppressed.
shuffle() { # shuffle FILE COMMENT
  cat >"$1" <<CU
__device__ int reduce(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(__activemask(), v, offset); $2
  return v;
}
CU
}

mkdir -p "$work/plain" "$work/nolint" "$work/cfg" "$work/other"
shuffle "$work/plain/k.cu" ""
shuffle "$work/nolint/k.cu" "// NOLINT(warp-size)"
shuffle "$work/cfg/k.cu" ""
printf 'rules:\n  disable: [warp-size.shuffle-offset]\n' >"$work/cfg/.hipwright.yaml"
shuffle "$work/other/k.cu" "// NOLINT(readability-*, google-explicit-constructor)"

# Without suppression the fix-it applies (the control for the cases below).
run 0 "port --fix, no suppression" "$hw" port -q --fix "$work/plain/k.cu"
grep -q "offset, 32);" "$work/out.txt" || fail "control: the fix-it did not apply: $(cat "$work/out.txt")"

# NOLINT(warp-size): lint is silent and port --fix leaves the call alone.
run 0 "lint, NOLINT(warp-size)" "$hw" lint "$work/nolint/k.cu"
grep -q "shuffle-offset" "$work/out.txt" && fail "lint reports a NOLINT-suppressed finding"
run 0 "port --fix, NOLINT(warp-size)" "$hw" port -q --fix "$work/nolint/k.cu"
grep -q "v, offset); // NOLINT(warp-size)" "$work/out.txt" ||
  fail "port --fix applied the fix-it of a NOLINT-suppressed finding: $(grep shfl "$work/out.txt")"
grep -q "hipwright port" "$work/err.txt" && fail "port complained: $(cat "$work/err.txt")"

# A rule the nearest .hipwright.yaml disables: same.
run 0 "lint, rule disabled by config" "$hw" lint "$work/cfg/k.cu"
grep -q "shuffle-offset" "$work/out.txt" && fail "lint reports a config-disabled rule"
run 0 "port --fix, rule disabled by config" "$hw" port -q --fix "$work/cfg/k.cu"
grep -q "v, offset);" "$work/out.txt" ||
  fail "port --fix applied the fix-it of a config-disabled rule: $(grep shfl "$work/out.txt")"
# --config names a file that enables it again for port as for lint.
printf 'rules:\n  enable: ["*"]\n' >"$work/all.yaml"
run 0 "port --fix --config" "$hw" port -q --fix --config "$work/all.yaml" "$work/cfg/k.cu"
grep -q "offset, 32);" "$work/out.txt" || fail "port --config: the fix-it did not apply"

# Other tools' NOLINT entries are no error and suppress nothing of ours.
run 1 "lint, NOLINT of clang-tidy checks" "$hw" lint "$work/other/k.cu"
grep -q "k.cu:3:10: warning: .*\[warp-size.shuffle-offset\]" "$work/out.txt" ||
  fail "NOLINT(readability-*) hid a hipwright finding: $(cat "$work/out.txt" "$work/err.txt")"
run 0 "port --fix, NOLINT of clang-tidy checks" "$hw" port -q --fix "$work/other/k.cu"
grep -q "offset, 32); // NOLINT(readability" "$work/out.txt" || fail "port --fix: NOLINT(readability-*) blocked our fix-it"

# Typos: exit 2, the pattern named, the closest id suggested.
run 2 "lint --rules typo" "$hw" lint --rules warp-sise "$work/plain/k.cu"
grep -q "'warp-sise' matches no hipwright rule; did you mean warp-size?" "$work/err.txt" ||
  fail "--rules typo: $(cat "$work/err.txt")"
run 2 "lint --rules glob that matches nothing" "$hw" lint --rules 'wrap-*' "$work/plain/k.cu"
grep -q "'wrap-\*' matches no hipwright rule" "$work/err.txt" || fail "--rules glob: $(cat "$work/err.txt")"
run 2 "port --fix --rules typo" "$hw" port -q --fix --rules warp-size.shuffle-ofset "$work/plain/k.cu"
grep -q "did you mean warp-size.shuffle-offset?" "$work/err.txt" || fail "port --rules typo: $(cat "$work/err.txt")"
[ -s "$work/out.txt" ] && fail "port wrote output despite the error"

mkdir -p "$work/typo"
shuffle "$work/typo/k.cu" "// NOLINT(warp-sise)"
run 2 "lint, NOLINT typo" "$hw" lint "$work/typo/k.cu"
grep -q "typo/k.cu:3:55: NOLINT: 'warp-sise' matches no hipwright rule; did you mean warp-size?" "$work/err.txt" ||
  fail "NOLINT typo: $(cat "$work/err.txt")"
run 2 "port --fix, NOLINT typo" "$hw" port -q --fix "$work/typo/k.cu"
grep -q "'warp-sise' matches no hipwright rule" "$work/err.txt" || fail "port, NOLINT typo: $(cat "$work/err.txt")"

mkdir -p "$work/badcfg"
shuffle "$work/badcfg/k.cu" ""
printf 'rules:\n  disable:\n    - lane-mask.narow-mask\n' >"$work/badcfg/.hipwright.yaml"
run 2 "lint, config rule typo" "$hw" lint "$work/badcfg/k.cu"
grep -q "badcfg/.hipwright.yaml:3: rules.disable: 'lane-mask.narow-mask' matches no hipwright rule; did you mean lane-mask.narrow-mask?" "$work/err.txt" ||
  fail "config typo: $(cat "$work/err.txt")"
run 2 "report, config rule typo" "$hw" report "$work/badcfg/k.cu"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "findings stage CLI: all checks passed"
