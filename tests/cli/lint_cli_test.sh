#!/usr/bin/env bash
# Behaviour of `hipwright lint` a CI gate relies on: exit codes, the three
# formats, SARIF's required fields, configuration discovery and errors, each
# NOLINT form, and baselines that survive unrelated edits.
#
#   lint_cli_test.sh HIPWRIGHT_BINARY
set -euo pipefail
hw=$1
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

mkdir -p "$work/repo/src" "$work/repo/third_party"
cd "$work/repo"
# A CUDA API HIP lacks gives a finding from the translator itself
# (unsupported-api), so this test does not depend on any one analyzer.
cat >src/graph.cu <<'CU'
#include <cuda_runtime.h>
void f(cudaStream_t s, unsigned long long id) {
  cudaStreamGetId(s, &id);
}
CU
cat >src/clean.cu <<'CU'
#include <cuda_runtime.h>
void g(float *d) { cudaFree(d); }
CU
cp src/graph.cu third_party/vendored.cu
unsupported='cudaStreamGetId'
"$hw" query "$unsupported" | grep -q "no HIP equivalent" ||
  { echo "FAIL: the test needs $unsupported to be unsupported in rules/"; exit 1; }

run 1 "a finding fails the gate" "$hw" lint src
grep -q "graph.cu:3:3: warning: .*\[unsupported-api\]" "$work/out.txt" || fail "text format: $(head -1 "$work/out.txt")"
grep -q "^  cudaStreamGetId" "$work/out.txt" || fail "text format lacks the source line"
grep -q "^  \^" "$work/out.txt" || fail "text format lacks the caret"
run 0 "clean file passes" "$hw" lint src/clean.cu
run 0 "--fail-on error ignores warnings" "$hw" lint --fail-on error src
run 0 "--fail-on never" "$hw" lint --fail-on never src
run 2 "missing path" "$hw" lint src/nope.cu
run 2 "bad --format" "$hw" lint --format xml src
run 2 "unknown target" "$hw" lint --targets gfx9999 src
run 2 "no CUDA toolkit" "$hw" lint --cuda-path "$work/none" src
chmod 000 src/clean.cu
if [ "$(id -u)" != 0 ]; then run 2 "unreadable file" "$hw" lint src/clean.cu; fi
chmod 644 src/clean.cu

# JSON.
run 1 "json" "$hw" lint --format json -o "$work/f.json" src
[ "$(json_get "$work/f.json" 'd["findings"][0]["rule"]')" = unsupported-api ] || fail "json rule"
[ "$(json_get "$work/f.json" 'd["findings"][0]["file"]')" = src/graph.cu ] || fail "json file is not repo-relative"
[ "$(json_get "$work/f.json" 'len(d["findings"][0]["fingerprint"])')" = 16 ] || fail "json fingerprint"

# SARIF 2.1.0 with what GitHub code scanning reads.
run 1 "sarif" "$hw" lint --format sarif -o "$work/f.sarif" src
s="$work/f.sarif"
[ "$(json_get "$s" 'd["version"]')" = 2.1.0 ] || fail "sarif version"
json_get "$s" 'd["$schema"]' | grep -q sarif-2.1.0 || fail "sarif \$schema"
[ "$(json_get "$s" 'd["runs"][0]["tool"]["driver"]["name"]')" = hipwright ] || fail "sarif driver"
json_get "$s" '[r["id"] for r in d["runs"][0]["tool"]["driver"]["rules"]]' | grep -q "'unsupported-api'" || fail "rule not declared"
json_get "$s" 'all(r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["help"]["text"] and r["defaultConfiguration"]["level"] for r in d["runs"][0]["tool"]["driver"]["rules"])' | grep -q True || fail "a declared rule lacks a field"
res='d["runs"][0]["results"][0]'
[ "$(json_get "$s" "$res[\"ruleId\"]")" = unsupported-api ] || fail "sarif ruleId"
[ "$(json_get "$s" "$res[\"level\"]")" = warning ] || fail "sarif level"
[ "$(json_get "$s" "$res[\"locations\"][0][\"physicalLocation\"][\"artifactLocation\"][\"uri\"]")" = src/graph.cu ] || fail "sarif uri"
[ "$(json_get "$s" "$res[\"locations\"][0][\"physicalLocation\"][\"region\"][\"startLine\"]")" = 3 ] || fail "sarif region"
json_get "$s" "$res[\"message\"][\"text\"]" | grep -q "$unsupported" || fail "sarif message"
fp1=$(json_get "$s" "$res[\"partialFingerprints\"][\"hipwrightFingerprint/v1\"]")

# Fingerprints stay when unrelated lines move.
{ echo "// a new comment"; echo; cat src/graph.cu; } >"$work/g" && mv "$work/g" src/graph.cu
run 1 "sarif after edit" "$hw" lint --format sarif -o "$work/f2.sarif" src
fp2=$(json_get "$work/f2.sarif" "$res[\"partialFingerprints\"][\"hipwrightFingerprint/v1\"]")
[ "$fp1" = "$fp2" ] || fail "fingerprint changed when lines moved ($fp1 vs $fp2)"

# Baselines: today's findings recorded; unrelated edits do not resurrect
# them; a new finding still fails.
run 0 "write baseline" "$hw" lint --write-baseline "$work/base.json" src
{ echo "// another line"; cat src/graph.cu; } >"$work/g" && mv "$work/g" src/graph.cu
run 0 "baseline absorbs moved findings" "$hw" lint --baseline "$work/base.json" src
cat >>src/graph.cu <<'CU'
void h(cudaStream_t s, unsigned long long id) {
  cudaStreamGetId(s, &id); cudaStreamGetId(s, &id);
}
CU
run 1 "new finding beyond the baseline fails" "$hw" lint --baseline "$work/base.json" src
[ "$(grep -c "\[unsupported-api\]" "$work/out.txt")" = 2 ] || fail "baseline: expected exactly the 2 new findings, got: $(cat "$work/out.txt")"
run 2 "malformed baseline" "$hw" lint --baseline src/clean.cu src

# Suppressions, each form; suppressed findings stay in SARIF.
cat >src/supp.cu <<'CU'
#include <cuda_runtime.h>
void s(cudaStream_t s, unsigned long long id) {
  cudaStreamGetId(s, &id); // NOLINT
  cudaStreamGetId(s, &id); // NOLINT(unsupported-api)
  cudaStreamGetId(s, &id); // NOLINT(warp-size)
  // NOLINTNEXTLINE(unsupported-api)
  cudaStreamGetId(s, &id);
  // NOLINTBEGIN(unsupported-*)
  cudaStreamGetId(s, &id);
  cudaStreamGetId(s, &id);
  // NOLINTEND(unsupported-*)
  // NOLINTBEGIN(lane-mask)
}
CU
run 1 "suppressions" "$hw" lint src/supp.cu
grep -q "supp.cu:5:3: warning" "$work/out.txt" || fail "NOLINT(other-rule) must not suppress"
grep -q "supp.cu:12:3: warning: NOLINTBEGIN(lane-mask) has no matching NOLINTEND.*\[nolint.unmatched\]" "$work/out.txt" || fail "unmatched BEGIN not reported"
[ "$(grep -c "\[unsupported-api\]" "$work/out.txt")" = 1 ] || fail "suppressed findings were printed: $(cat "$work/out.txt")"
run 1 "suppressions in sarif" "$hw" lint --format sarif -o "$work/s.sarif" src/supp.cu
[ "$(json_get "$work/s.sarif" 'sum(1 for r in d["runs"][0]["results"] if r.get("suppressions") == [{"kind": "inSource"}])')" = 5 ] || fail "suppressed findings not kept in SARIF"
rm src/supp.cu

# SARIF URIs are percent-encoded (RFC 3986) and stay relative: a raw '#'
# or '?' would cut the path short in a viewer, a space is no URI at all.
mkdir -p "src/odd dir"
cp src/graph.cu "src/odd dir/my kernel#2?.cu"
run 1 "sarif with an odd file name" "$hw" lint --format sarif -o "$work/odd.sarif" "src/odd dir"
loc="$res[\"locations\"][0][\"physicalLocation\"][\"artifactLocation\"]"
[ "$(json_get "$work/odd.sarif" "$loc[\"uri\"]")" = 'src/odd%20dir/my%20kernel%232%3F.cu' ] || fail "sarif uri not encoded: $(json_get "$work/odd.sarif" "$loc")"
[ "$(json_get "$work/odd.sarif" "$loc[\"uriBaseId\"]")" = '%SRCROOT%' ] || fail "sarif uri lost its base"
rm -r "src/odd dir"

# A baseline nested 200,000 deep is refused with exit 2 and its name, not
# a stack overflow (JSON parsing recurses once per level).
python3 -c 'import sys; sys.stdout.write("[" * 200000 + "]" * 200000)' >"$work/deep.json"
run 2 "deeply nested baseline" "$hw" lint --baseline "$work/deep.json" src
grep -q "deep.json: .*nested" "$work/err.txt" || fail "deep baseline message: $(head -c 300 "$work/err.txt")"
printf '{"version": 1, "findings": [], "note": "[[[[ {{{{ in a string"}' >"$work/brackets.json"
run 1 "brackets inside strings do not count as nesting" "$hw" lint --baseline "$work/brackets.json" src

# Configuration: found by walking up; disables, severities, excludes;
# errors name the file and line; --config and --dump-config.
cat >.hipwright.yaml <<'YAML'
exclude: ["third_party/*"]
severity:
  unsupported-api: error
YAML
run 1 "config found from a subdirectory" "$hw" lint --fail-on error src third_party
grep -q "graph.cu:[0-9]*:3: error: " "$work/out.txt" || fail "severity override not applied"
grep -q "vendored.cu" "$work/out.txt" && fail "excluded path reported"
cat >src/.hipwright.yaml <<'YAML'
rules:
  disable: [unsupported-api]
YAML
run 0 "nearest config wins" "$hw" lint src
run 0 "dump-config" "$hw" lint --dump-config src
grep -q '"unsupported-api"' "$work/out.txt" || fail "--dump-config does not show the disabled rule"
printf 'rules:\n  disable: [x]\ntargets: [gfx942\n' >src/.hipwright.yaml
run 2 "malformed config" "$hw" lint src
grep -q "src/.hipwright.yaml:3" "$work/err.txt" || fail "config error does not name file:line: $(cat "$work/err.txt")"
printf 'bogus: 1\n' >"$work/other.yaml"
run 2 "unknown key via --config" "$hw" lint --config "$work/other.yaml" src
grep -q "other.yaml:1: unknown key 'bogus'" "$work/err.txt" || fail "--config error: $(cat "$work/err.txt")"

# rocm-version: from the config unless --rocm-version is given. HIP_PI_F
# (for CUDART_PI_F) first shipped in ROCm 5.3.
mkdir -p "$work/rv"
cat >"$work/rv/pi.cu" <<'CU'
#include <math_constants.h>
float pi() { return CUDART_PI_F; }
CU
printf 'rocm-version: "5.2"\n' >"$work/rv/.hipwright.yaml"
run 1 "rocm-version from the config" "$hw" lint "$work/rv/pi.cu"
grep -q "pi.cu:2:21: warning: CUDART_PI_F maps to HIP_PI_F, which needs ROCm 5.3 (target: ROCm 5.2); left in place \[unsupported-api.rocm-version\]" "$work/out.txt" || fail "rocm-version finding: $(cat "$work/out.txt")"
run 0 "--rocm-version overrides the config" "$hw" lint --rocm-version 6.0 "$work/rv/pi.cu"
run 0 "dump-config shows rocm-version" "$hw" lint --dump-config "$work/rv/pi.cu"
grep -q 'rocm-version: "5.2"' "$work/out.txt" || fail "--dump-config lacks rocm-version"
printf 'rocm-version: newest\n' >"$work/rv/.hipwright.yaml"
run 2 "bad rocm-version in the config" "$hw" lint "$work/rv/pi.cu"
grep -q "\.hipwright.yaml:1: rocm-version must be a ROCm release" "$work/err.txt" || fail "bad rocm-version: $(cat "$work/err.txt")"
run 2 "bad --rocm-version" "$hw" lint --rocm-version 6.x "$work/rv/pi.cu"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all lint CLI checks passed"
