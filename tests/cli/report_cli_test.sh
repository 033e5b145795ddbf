#!/usr/bin/env bash
# Behaviour of `hipwright report`: the four formats, user text escaped (a
# file named `<img src=x onerror=alert(1)>.cu`), the --verify matrix, effort
# overrides from .hipwright.yaml, exit codes, the progress line only on a
# terminal. With --chromium: the HTML rendered by headless Chromium (exit 77,
# a skip, when chromium is not installed).
#
#   report_cli_test.sh HIPWRIGHT_BINARY [--chromium]
#
# REPORT_SCREENSHOT_DIR=DIR keeps the screenshot there for a person to look
# at (never in the repository).
set -euo pipefail
hw=$1
mode=${2:-}
if [ "$mode" = --chromium ]; then
  chromium=$(command -v chromium || command -v chromium-browser || true)
  if [ -z "$chromium" ]; then
    # shellcheck source=../require_tool.sh
    source "$(dirname "${BASH_SOURCE[0]}")/../require_tool.sh"
    missing_tool "chromium is not installed" chromium
  fi
fi
# shellcheck source=cli_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
  fi
  echo "all report CLI checks passed${1:+ ($1)}"
  exit 0
}

# The tree: unsupported APIs (a finding from the translator itself, so the
# checks do not depend on any one analyzer), two kernels, and a file whose
# name is markup.
evil='<img src=x onerror=alert(1)>.cu'
mkdir -p "$work/repo/src/sub"
cd "$work/repo"
cat >src/graph.cu <<'CU'
#include <cuda_runtime.h>
__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }
void f(cudaStream_t s, unsigned long long id, float *d) {
  cudaStreamGetId(s, &id);
  scale<<<1, 32>>>(d);
  cudaFree(d);
}
CU
cat >src/sub/clean.cu <<'CU'
#include <cuda_runtime.h>
__global__ void zero(float *p) { p[threadIdx.x] = 0; }
void g(float *d) { cudaMalloc(&d, 4); cudaFree(d); }
CU
cat >"src/$evil" <<'CU'
#include <cuda_runtime.h>
void e(cudaStream_t s, unsigned long long id) {
  cudaStreamGetId(s, &id); // a "quoted", <b>marked-up</b> comment
}
CU
"$hw" query cudaStreamGetId | grep -q "no HIP equivalent" ||
  { echo "FAIL: the test needs cudaStreamGetId to be unsupported in rules/"; exit 1; }

cat >"$work/verify.json" <<'JSON'
{"programs": [
  {"name": "reduce", "file": "test_corpus/reduce.cu",
   "cells": {"nvcc-build": {"status": "pass", "detail": "sm_90"},
             "gfx942-build": {"status": "pass", "detail": ""},
             "gfx950-run": {"status": "not run", "detail": "no AMD GPU; <i>simulated</i>"}}},
  {"name": "<b>scan</b>", "file": "test_corpus/scan.cu",
   "cells": {"nvcc-build": {"status": "fail", "detail": "error: x"}}}],
 "summary": {"pass": 2, "fail": 1, "not run": 1}}
JSON

render_html() {
  run 0 "html report" "$hw" report --format html -o "$work/r.html" --verify "$work/verify.json" src
}

if [ "$mode" = --chromium ]; then
  render_html
  flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
         --disable-background-networking --disable-component-update
         --disable-sync --disable-dev-shm-usage)
  shot="$work/report.png"
  rc=0
  timeout 120 "$chromium" "${flags[@]}" --user-data-dir="$(mktemp -d -p "$work")" \
    --enable-logging=stderr --v=0 --window-size=1280,2000 \
    --screenshot="$shot" "file://$work/r.html" >"$work/shot.out" 2>"$work/shot.err" || rc=$?
  [ "$rc" = 0 ] || fail "chromium --screenshot exited $rc: $(tail -5 "$work/shot.err")"
  if [ -s "$shot" ]; then
    head -c 8 "$shot" | od -An -tx1 | tr -d ' \n' | grep -q '^89504e470d0a1a0a$' || fail "screenshot is not a PNG"
    size=$(stat -c %s "$shot")
    [ "$size" -gt 20000 ] || fail "screenshot is suspiciously small ($size bytes): a blank page?"
    if [ -n "${REPORT_SCREENSHOT_DIR:-}" ]; then
      mkdir -p "$REPORT_SCREENSHOT_DIR" && cp "$shot" "$REPORT_SCREENSHOT_DIR/report.png"
    fi
  else
    fail "no screenshot written"
  fi
  # Console errors (script errors, blocked loads, CSP violations) appear in
  # Chromium's log as CONSOLE lines or "Uncaught"/"Refused to".
  if grep -E "Uncaught|Refused to|CONSOLE.*(error|Error)|ERR_FILE_NOT_FOUND|net::ERR" "$work/shot.err" >"$work/console.txt"; then
    fail "console errors while rendering: $(head -5 "$work/console.txt")"
  fi
  # The DOM after parsing: the malicious name is text, no element came of it.
  rc=0
  timeout 120 "$chromium" "${flags[@]}" --user-data-dir="$(mktemp -d -p "$work")" \
    --dump-dom "file://$work/r.html" >"$work/dom.html" 2>"$work/dom.err" || rc=$?
  [ "$rc" = 0 ] || fail "chromium --dump-dom exited $rc: $(tail -5 "$work/dom.err")"
  grep -q "&lt;img src=x onerror=alert(1)&gt;.cu" "$work/dom.html" || fail "the file name is not shown as text in the DOM"
  grep -qi "<img" "$work/dom.html" && fail "an <img> element was created from user text"
  grep -qi "<script" "$work/dom.html" && fail "the page has a <script> element"
  grep -q "<svg" "$work/dom.html" || fail "no inline SVG chart in the DOM"
  finish "chromium render"
fi

# JSON: the model every other format prints from.
run 0 "json report" "$hw" report --format json -o "$work/r.json" src
r="$work/r.json"
[ ! -s "$work/out.txt" ] || fail "-o FILE still wrote to stdout"
[ "$(json_get "$r" 'd["schema"]')" = hipwright-report/1 ] || fail "json schema id"
[ "$(json_get "$r" 'd["tree"]["files"]')" = 3 ] || fail "tree.files: $(json_get "$r" 'd["tree"]')"
[ "$(json_get "$r" 'd["tree"]["kernels"]')" = 2 ] || fail "tree.kernels: $(json_get "$r" 'd["tree"]')"
[ "$(json_get "$r" 'd["tree"]["lines"]')" = 14 ] || fail "tree.lines: $(json_get "$r" 'd["tree"]')"
[ "$(json_get "$r" 'sorted(k["name"] for k in d["kernels"])')" = "['scale', 'zero']" ] || fail "kernel names"
[ "$(json_get "$r" 'd["translation"]["unconverted"]')" = 2 ] || fail "unconverted references"
[ "$(json_get "$r" 'd["translation"]["converted"] > 0')" = True ] || fail "converted references"
[ "$(json_get "$r" 'len(d["unsupported_api"])')" = 2 ] || fail "unsupported-API list"
[ "$(json_get "$r" '[f["rule"] for f in d["findings"] if f["category"] == "unsupported-api"]')" = "['unsupported-api', 'unsupported-api']" ] || fail "findings by category"
# 2 unsupported-api findings x medium (1-4 h) = 2-8 h.
[ "$(json_get "$r" '[c for c in d["effort"]["by_category"] if c["name"] == "unsupported-api"][0]["max_hours"] == 8')" = True ] || fail "unsupported-api subtotal"
[ "$(json_get "$r" 'd["effort"]["total"]["min_hours"] == sum(t["min_hours"] for t in d["effort"]["total"]["terms"])')" = True ] || fail "total is not the sum of its terms"
[ "$(json_get "$r" 'd["effort"]["total"]["max_hours"] == sum(c["max_hours"] for c in d["effort"]["by_directory"])')" = True ] || fail "directories do not add up to the total"
[ "$(json_get "$r" 'd["files"][-1]["findings"]')" = 0 ] || fail "files with the most work do not come first"
[ "$(json_get "$r" 'any(f["file"] == "<img src=x onerror=alert(1)>.cu" for f in d["findings"])')" = True ] || fail "json keeps the file name verbatim"
[ "$(json_get "$r" 'd["verify"]')" = None ] || fail "verify without --verify"

# CSV: one RFC 4180 row per finding.
run 0 "csv report" "$hw" report -o "$work/r.csv" src
python3 - "$work/r.csv" "$r" <<'PY' || fail "csv rows"
import csv, json, sys
raw = open(sys.argv[1], newline="").read()
assert raw.endswith("\r\n"), "records end with CRLF"
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert rows[0][:10] == ["rule", "level", "file", "line", "column", "message",
                        "suggestion", "effort_bucket", "hours_min", "hours_max"], rows[0]
d = json.load(open(sys.argv[2]))
assert len(rows) - 1 == len(d["findings"]), (len(rows), len(d["findings"]))
assert any(r[2] == "<img src=x onerror=alert(1)>.cu" for r in rows[1:])
assert all(r[7] == "medium" and r[8] == "1" and r[9] == "4" for r in rows[1:] if r[0] == "unsupported-api")
PY

# CSV injection: a cell a spreadsheet would run as a formula is text.
mkdir -p "$work/inj"
cp src/graph.cu "$work/inj/=HYPERLINK(1).cu"
run 0 "csv report of a formula-like file name" "$hw" report -o "$work/inj.csv" "$work/inj"
grep -q "\"'=HYPERLINK(1).cu\"" "$work/inj.csv" || fail "csv cell starting with = not neutralised: $(sed -n 2p "$work/inj.csv")"
grep -q ",=HYPERLINK" "$work/inj.csv" && fail "csv has a raw formula cell"

# Markdown for a pull-request comment: summary table first, details folded.
run 0 "markdown report to stdout" "$hw" report --format md src
md="$work/out.txt"
[ "$(sed -n 1p "$md")" = "## hipwright migration report" ] || fail "markdown heading"
sed -n 3,4p "$md" | grep -q '^|' || fail "markdown does not start with the summary table"
grep -q '^<details><summary>' "$md" || fail "markdown has no collapsed details"
grep -q '<img' "$md" && fail "markdown has a raw <img> from a file name"
grep -q '&lt;img src=x onerror=alert(1)&gt;.cu' "$md" || fail "markdown lacks the escaped file name"
[ "$(wc -c <"$md")" -lt 65536 ] || fail "markdown does not fit a GitHub comment"

# HTML: self-contained, escaped, with charts and the verify matrix.
render_html
h="$work/r.html"
grep -q '<img' "$h" && fail "html has a raw <img> from user text"
grep -q '&lt;img src=x onerror=alert(1)&gt;.cu' "$h" || fail "html lacks the escaped file name"
grep -q '&lt;b&gt;scan&lt;/b&gt;' "$h" || fail "verify program name not escaped"
grep -q '&lt;b&gt;marked-up' "$h" && fail "source text leaked into the report"
grep -qi '<script' "$h" && fail "html has a script"
grep -Eq "(src|href)=[\"']" "$h" && fail "html references an external resource"
[ "$(grep -o 'https\?://[^"]*' "$h" | sort -u)" = "http://www.w3.org/2000/svg" ] || fail "html mentions a URL besides the SVG namespace"
[ "$(grep -c '<svg' "$h")" -ge 3 ] || fail "html has fewer than 3 charts"
grep -q 'gfx950-run' "$h" || fail "verify matrix column missing"
grep -q 'class="status fail"' "$h" || fail "verify fail cell"
[ "$(json_get /dev/stdin 'len(d["verify"]["programs"])' < <("$hw" report --format json --verify "$work/verify.json" src))" = 2 ] || fail "verify matrix in json"

# --verify errors name the file.
run 2 "missing verify file" "$hw" report --format json --verify "$work/none.json" src
grep -q "none.json" "$work/err.txt" || fail "missing verify file not named: $(cat "$work/err.txt")"
echo '{"programs": [{"name": "x"}]}' >"$work/bad.json"
run 2 "malformed verify file" "$hw" report --format json --verify "$work/bad.json" src
grep -q "bad.json" "$work/err.txt" || fail "malformed verify file not named: $(cat "$work/err.txt")"
echo 'not json' >"$work/bad2.json"
run 2 "verify file that is not JSON" "$hw" report --format json --verify "$work/bad2.json" src
python3 -c 'import sys; sys.stdout.write("{\"a\":" * 200000 + "1" + "}" * 200000)' >"$work/deep.json"
run 2 "verify file nested 200,000 deep" "$hw" report --format json --verify "$work/deep.json" src
grep -q "deep.json: .*nested deeper" "$work/err.txt" || fail "deep verify file: $(head -c 300 "$work/err.txt")"

# Effort overrides, excludes and disabled rules from .hipwright.yaml.
cat >.hipwright.yaml <<'YAML'
exclude: ["src/sub/*"]
effort:
  buckets: {huge: [10, 20]}
  rules: {unsupported-api: huge}
YAML
cp src/graph.cu src/sub/also.cu
run 0 "report with effort overrides" "$hw" report --format json -o "$work/o.json" src
[ "$(json_get "$work/o.json" 'd["effort"]["total"]["max_hours"] == 40')" = True ] || fail "override: 2 x huge (10-20) should be 20-40 h: $(json_get "$work/o.json" 'd["effort"]["total"]')"
[ "$(json_get "$work/o.json" 'any(o.get("pattern") == "unsupported-api" for o in d["effort"]["overrides"])')" = True ] || fail "overrides not listed"
printf 'effort:\n  rules: {unsupported-api: enormous}\n' >.hipwright.yaml
run 2 "effort rule naming an unknown bucket" "$hw" report --format json src
grep -q "hipwright.yaml.*enormous" "$work/err.txt" || fail "unknown bucket error: $(cat "$work/err.txt")"
printf 'effort:\n  buckets: {low: [4, 1]}\n' >.hipwright.yaml
run 2 "malformed effort bucket" "$hw" report --format json src
grep -q "hipwright.yaml:2" "$work/err.txt" || fail "bucket error does not name file:line: $(cat "$work/err.txt")"
printf 'rules:\n  disable: [unsupported-api]\n' >.hipwright.yaml
run 0 "disabled rule" "$hw" report --format json -o "$work/d.json" src
[ "$(json_get "$work/d.json" 'len(d["findings"])')" = 0 ] || fail "disabled rule still reported"
rm .hipwright.yaml src/sub/also.cu

# Exit codes: findings never fail a report; usage and input errors are 2.
run 2 "no paths" "$hw" report --format json
run 2 "bad format" "$hw" report --format xml src
run 2 "unknown option" "$hw" report --bogus src
run 2 "missing path" "$hw" report --format json src/nope.cu
run 2 "unknown target" "$hw" report --targets gfx9999 src
run 2 "no CUDA toolkit" "$hw" report --cuda-path "$work/none" src
run 2 "unwritable output" "$hw" report -o "$work/no/such/dir/r.html" src
run 0 "help" "$hw" report --help

# The progress line: on a terminal only.
run 0 "report with stderr not a terminal" "$hw" report --format json -o "$work/p.json" src
grep -q "files," "$work/err.txt" && fail "progress printed although stderr is not a terminal"
if command -v script >/dev/null; then
  script -qec "$(printf '%q ' "$hw" report --format json -o "$work/p.json" src)" /dev/null >"$work/tty.txt" 2>&1 || true
  grep -q "report: [0-9]*/3 files" "$work/tty.txt" || fail "no progress line on a terminal: $(head -c 300 "$work/tty.txt")"
fi

finish
