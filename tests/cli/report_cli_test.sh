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
  grep -q 'aria-label="Hours per class"' "$work/dom.html" || fail "no hours-per-class chart in the DOM"
  finish "chromium render"
fi

# JSON: the model every other format prints from.
run 0 "json report" "$hw" report --format json -o "$work/r.json" src
r="$work/r.json"
[ ! -s "$work/out.txt" ] || fail "-o FILE still wrote to stdout"
[ "$(json_get "$r" 'd["schema"]')" = hipwright-report/4 ] || fail "json schema id"
[ "$(json_get "$r" '[(c["class"], c["files"], c["kernels"]) for c in d["checklist"]["classes"]]')" = "[('replace-with-library', 0, 0), ('drop', 0, 0), ('port', 3, 2)]" ] || fail "checklist classes: $(json_get "$r" 'd["checklist"]["classes"]')"
[ "$(json_get "$r" 'sorted((f["path"], f["class"]) for f in d["files"])')" = "[('<img src=x onerror=alert(1)>.cu', 'port'), ('graph.cu', 'port'), ('sub/clean.cu', 'port')]" ] || fail "file classes: $(json_get "$r" 'd["files"]')"
[ "$(json_get "$r" 'd["dependencies"]')" = "[]" ] || fail "a tree without CUDA libraries has dependencies"
[ "$(json_get "$r" 'd["tree"]["files"]')" = 3 ] || fail "tree.files: $(json_get "$r" 'd["tree"]')"
[ "$(json_get "$r" 'd["tree"]["kernels"]')" = 2 ] || fail "tree.kernels: $(json_get "$r" 'd["tree"]')"
[ "$(json_get "$r" 'd["tree"]["lines"]')" = 14 ] || fail "tree.lines: $(json_get "$r" 'd["tree"]')"
[ "$(json_get "$r" 'sorted(k["name"] for k in d["kernels"])')" = "['scale', 'zero']" ] || fail "kernel names"
[ "$(json_get "$r" 'd["translation"]["unconverted"]')" = 2 ] || fail "unconverted references"
[ "$(json_get "$r" 'd["translation"]["converted"] > 0')" = True ] || fail "converted references"
[ "$(json_get "$r" 'len(d["unsupported_api"])')" = 2 ] || fail "unsupported-API list"
[ "$(json_get "$r" '[f["rule"] for f in d["findings"] if f["category"] == "unsupported-api"]')" = "['unsupported-api', 'unsupported-api']" ] || fail "findings by category"
# 2 unsupported-api findings with one edit: one pattern, 1 x medium (1-4 h)
# + 1 further site x site (0.1-0.25 h) = 1.1-4.25 h.
[ "$(json_get "$r" '[c for c in d["effort"]["by_category"] if c["name"] == "unsupported-api"][0]["max_hours"] == 4.25')" = True ] || fail "unsupported-api subtotal: $(json_get "$r" 'd["effort"]["by_category"]')"
[ "$(json_get "$r" '[(p["rule"], p["sites"]) for p in d["effort"]["patterns"]]')" = "[('unsupported-api', 2)]" ] || fail "patterns: $(json_get "$r" 'd["effort"]["patterns"]')"
[ "$(json_get "$r" 'd["effort"]["confidence"]["floor"]')" = False ] || fail "a fully parsed tree is not a floor"
[ "$(json_get "$r" 'bool(d["effort"]["confidence"]["calibration"]) and bool(d["effort"]["confidence"]["range"])')" = True ] || fail "confidence lacks its range or calibration"
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
ua = [r for r in rows[1:] if r[0] == "unsupported-api"]
assert [r[11] for r in ua] == ["pattern", "site"], ua
assert ua[0][7:10] == ["medium", "1", "4"] and ua[1][7:10] == ["site", "0.1", "0.25"], ua
assert ua[0][12] == ua[1][12] == "0", ua
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
# The dependency table cites its sources as text; nothing else is a URL.
[ "$(sed 's|<td class="arith source">[^<]*</td>||g' "$h" | grep -o 'https\?://[^"]*' | sort -u)" = "http://www.w3.org/2000/svg" ] || fail "html mentions a URL besides the SVG namespace"
grep -q 'id="checklist"' "$h" || fail "html has no checklist"
[ "$(grep -o 'id="[a-z-]*"' "$h" | head -1)" = 'id="checklist"' ] || fail "the checklist is not the first section: $(grep -o 'id="[a-z-]*"' "$h" | head -3)"
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
# One pattern of two sites: 1 x huge (10-20 h) + 1 x site (0.1-0.25 h).
[ "$(json_get "$work/o.json" 'd["effort"]["total"]["max_hours"] == 20.25')" = True ] || fail "override: 1 x huge (10-20) + 1 x site should be 10.1-20.25 h: $(json_get "$work/o.json" 'd["effort"]["total"]')"
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

# Patterns: 50 identical findings cost one pattern plus 50 small sites, not
# 50 independent tasks; .hipwright.yaml's ranges still apply to both parts.
mkdir -p "$work/fifty"
{
  echo '#include <cuda_runtime.h>'
  echo 'void f(cudaStream_t s, unsigned long long *id) {'
  for i in $(seq 1 50); do echo "  cudaStreamGetId(s, id + $i);"; done
  echo '}'
} >"$work/fifty/many.cu"
head -3 "$work/fifty/many.cu" >"$work/fifty/one.cu"
echo '}' >>"$work/fifty/one.cu"
run 0 "report of one finding" "$hw" report --format json -o "$work/one.json" "$work/fifty/one.cu"
run 0 "report of fifty identical findings" "$hw" report --format json -o "$work/fifty.json" "$work/fifty/many.cu"
python3 - "$work/one.json" "$work/fifty.json" <<'PY' || fail "fifty identical findings"
import json, sys
one, fifty = (json.load(open(p))["effort"] for p in sys.argv[1:3])
site = [b for b in fifty["buckets"] if b["name"] == "site"][0]
t1, t50 = one["total"], fifty["total"]
assert t50["findings"] == 50 and t50["patterns"] == 1 and t50["further_sites"] == 49, t50
for end in ("min", "max"):
    want = t1[end + "_hours"] + 49 * site[end + "_hours"]
    assert abs(t50[end + "_hours"] - want) < 1e-9, (end, t50, want)
assert t50["max_hours"] < 10 * t1["max_hours"], t50
PY
printf 'effort:\n  buckets: {medium: [2, 6], site: [0.5, 0.5]}\n' >"$work/fifty/.hipwright.yaml"
run 0 "fifty findings with configured ranges" "$hw" report --format json -o "$work/fifty-c.json" "$work/fifty/many.cu"
[ "$(json_get "$work/fifty-c.json" '(d["effort"]["total"]["min_hours"], d["effort"]["total"]["max_hours"])')" = "(26.5, 30.5)" ] || fail "configured ranges: 1 x medium (2-6) + 49 x site (0.5) should be 26.5-30.5 h: $(json_get "$work/fifty-c.json" 'd["effort"]["total"]')"
rm "$work/fifty/.hipwright.yaml"

# Confidence: a file the parse could not fully read makes its hours, and
# every sum over it, a floor, in every format.
cp "$work/fifty/one.cu" "$work/fifty/broken.cu"
echo 'void g() { not_declared_anywhere(1); }' >>"$work/fifty/broken.cu"
run 0 "report with a partial file" "$hw" report --format json -o "$work/floor.json" "$work/fifty"
[ "$(json_get "$work/floor.json" '[(u["path"], u["status"]) for u in d["effort"]["confidence"]["unparsed_files"]]')" = "[('broken.cu', 'partial')]" ] || fail "unparsed files: $(json_get "$work/floor.json" 'd["effort"]["confidence"]')"
[ "$(json_get "$work/floor.json" '(d["effort"]["total"]["floor"], [f["floor"] for f in d["files"] if f["path"] == "broken.cu"], [f["floor"] for f in d["files"] if f["path"] == "one.cu"])')" = "(True, [True], [False])" ] || fail "floor flags"
run 0 "markdown with a partial file" "$hw" report --format md -o "$work/floor.md" "$work/fifty"
grep -q 'Estimated manual effort | \*\*at least ' "$work/floor.md" || fail "markdown total not marked as a floor: $(grep 'Estimated' "$work/floor.md")"
grep -q '^### Confidence' "$work/floor.md" || fail "markdown has no confidence section"
grep -q 'broken.cu (partial, 1 error' "$work/floor.md" || fail "markdown does not name the unparsed file"
run 0 "html with a partial file" "$hw" report --format html -o "$work/floor.html" "$work/fifty"
grep -q 'id="confidence"' "$work/floor.html" || fail "html has no confidence section"
grep -q 'at least ' "$work/floor.html" || fail "html total not marked as a floor"
grep -q 'id="patterns"' "$work/floor.html" || fail "html has no patterns table"
rm -r "$work/fifty"

# The porting checklist and the dependency inventory on a tree that uses
# CUDA libraries whose headers are not installed (the parse fails; the
# token pass still classifies), an NVTX wrapper, an sm_90-only kernel with
# its generic path in another file, and build files that link libraries.
mkdir -p "$work/libs/gemm" "$work/libs/attn" "$work/libs/util"
cat >"$work/libs/gemm/cutlass_gemm.cu" <<'CU'
#include <cutlass/gemm/device/gemm.h>
void run() { cutlass::gemm::device::Gemm<float, cutlass::layout::RowMajor> op; op(); }
CU
cat >"$work/libs/util/ranges.h" <<'CU'
#include <nvtx3/nvToolsExt.h>
struct Range { Range(const char *n) { nvtxRangePushA(n); } ~Range() { nvtxRangePop(); } };
CU
cat >"$work/libs/attn/hopper.cu" <<'CU'
#include <cuda_runtime.h>
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__global__ void attn(float *o) { o[threadIdx.x] = 9.0f; }
#endif
CU
cat >"$work/libs/attn/generic.cu" <<'CU'
#include <cuda_runtime.h>
__global__ void attn(float *o) { o[threadIdx.x] = 1.0f; }
CU
cat >"$work/libs/CMakeLists.txt" <<'CM'
find_package(CUDAToolkit REQUIRED)
add_executable(app attn/generic.cu)
target_link_libraries(app PRIVATE CUDA::cublasLt CUDA::cudart)
CM
printf 'LDLIBS := -lcufft -lm\n' >"$work/libs/util/Makefile"
run 0 "report of a tree with CUDA libraries" "$hw" report --format json -o "$work/libs.json" "$work/libs"
l="$work/libs.json"
[ "$(json_get "$l" 'sorted((f["path"], f["class"]) for f in d["checklist"]["files"])')" = "[('attn/generic.cu', 'port'), ('attn/hopper.cu', 'drop'), ('gemm/cutlass_gemm.cu', 'replace-with-library'), ('util/ranges.h', 'drop')]" ] || fail "library tree classes: $(json_get "$l" 'd["checklist"]["files"]')"
[ "$(json_get "$l" '[f["status"] for f in d["checklist"]["files"] if f["path"] == "gemm/cutlass_gemm.cu"]')" != "['translated']" ] || fail "the CUTLASS file was expected not to parse here"
json_get "$l" '[f["evidence"] for f in d["checklist"]["files"] if f["path"] == "attn/hopper.cu"][0][0]' | grep -q "attn/generic.cu:2 defines 'attn'" || fail "drop evidence: $(json_get "$l" 'd["checklist"]["files"]')"
[ "$(json_get "$l" 'sorted((x["library"], x["rocm"], x["files"]) for x in d["dependencies"])')" = "[('CUTLASS', 'hipBLASLt (GEMMs) or Composable Kernel (fused and custom kernels)', ['gemm/cutlass_gemm.cu']), ('NVTX', 'roctx (rocTracer ranges), optional', ['util/ranges.h']), ('cuBLASLt', 'hipBLASLt', ['CMakeLists.txt']), ('cuFFT', 'hipFFT (rocFFT underneath)', ['util/Makefile'])]" ] || fail "dependencies: $(json_get "$l" 'd["dependencies"]')"
run 0 "markdown of a tree with CUDA libraries" "$hw" report --format md -o "$work/libs.md" "$work/libs"
[ "$(grep -n '^### ' "$work/libs.md" | head -3 | cut -d: -f2-)" = "$(printf '### Porting checklist\n### Build files\n### Effort by category')" ] || fail "markdown does not start with the checklist and the build files"
grep -q '^| gemm/cutlass\\_gemm.cu | replace-with-library | uses CUTLASS' "$work/libs.md" || fail "markdown checklist row: $(grep cutlass "$work/libs.md" | head -3)"
run 0 "checklist csv" "$hw" report --format csv --table checklist -o "$work/libs.csv" "$work/libs"
python3 - "$work/libs.csv" "$l" <<'PY' || fail "checklist csv rows"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
d = json.load(open(sys.argv[2]))
assert rows[0] == ["file", "class", "reasons", "rocm", "libraries", "kernels", "findings",
                   "hours_min", "hours_max", "floor", "override"], rows[0]
assert [(r[0], r[1]) for r in rows[1:]] == [(f["path"], f["class"]) for f in d["checklist"]["files"]], rows
assert all(r[2] for r in rows[1:]), "a row without reasons"
PY
run 0 "kernels csv" "$hw" report --format csv --table kernels -o "$work/kernels.csv" "$work/libs"
grep -q '^attn,attn/hopper.cu,3,drop,' "$work/kernels.csv" || fail "kernels csv: $(cat "$work/kernels.csv")"
run 0 "dependencies csv" "$hw" report --format csv --table dependencies -o "$work/deps.csv" "$work/libs"
grep -q '^cuBLASLt,library,replace,hipBLASLt,1,CMakeLists.txt,build,' "$work/deps.csv" || fail "dependencies csv: $(cat "$work/deps.csv")"
run 2 "--table without csv" "$hw" report --format json --table checklist "$work/libs"
run 2 "unknown --table" "$hw" report --format csv --table everything "$work/libs"
# A class set in .hipwright.yaml, with the reason the report shows; a class
# without a reason is an error naming file and line.
printf 'classify:\n  "attn/generic.cu":\n    class: drop\n    reason: "the <i>HIP</i> path replaces it"\n' >"$work/libs/.hipwright.yaml"
run 0 "report with a classify override" "$hw" report --format html -o "$work/libs.html" "$work/libs"
grep -q 'set by .hipwright.yaml:2: the &lt;i&gt;HIP&lt;/i&gt; path replaces it' "$work/libs.html" || fail "override reason not shown (escaped) in html"
printf 'classify:\n  "attn/generic.cu": {class: drop}\n' >"$work/libs/.hipwright.yaml"
run 2 "classify without a reason" "$hw" report --format json "$work/libs"
grep -q 'hipwright.yaml:2:.*needs a reason' "$work/err.txt" || fail "classify error: $(cat "$work/err.txt")"
rm -r "$work/libs"

# Build files: every CMake file and Makefile, whether the migration changes
# it, and what it leaves for a person (a library with no ROCm counterpart,
# an nvcc-only flag dropped, a file CMake would reject), by line; nothing is
# written. The Makefile's directory name is markup and a CSV cell breaker.
odd='mk<b>&|"x,y'
mkdir -p "$work/bf/app" "$work/bf/$odd" "$work/bf/cmake"
printf '__global__ void k(float *x) { x[0] = 1; }\n' >"$work/bf/app/k.cu"
cat >"$work/bf/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.21)
project(demo LANGUAGES CXX CUDA)
find_package(CUDAToolkit REQUIRED)
add_executable(app app/k.cu)
target_link_libraries(app PRIVATE CUDA::cudart CUDA::nvjpeg)
CM
printf 'NVCC := nvcc\nNVCCFLAGS := -O2 -maxrregcount=32\napp: k.cu\n\t$(NVCC) $(NVCCFLAGS) -o $@ $<\n' >"$work/bf/$odd/Makefile"
printf 'set(X 1)\nfoo(\n' >"$work/bf/cmake/broken.cmake"
before=$(cd "$work/bf" && find . -type f | sort | xargs -d '\n' sha256sum)
run 0 "report of a tree with build files" "$hw" report --format json -o "$work/bf.json" "$work/bf"
[ "$(cd "$work/bf" && find . -type f | sort | xargs -d '\n' sha256sum)" = "$before" ] || fail "report changed the tree"
b="$work/bf.json"
[ "$(json_get "$b" '[d["build_files"][k] for k in ("files", "cmake", "make", "migrated", "unchanged", "not_migrated", "notes", "errors", "min_hours", "max_hours")]')" = "[3, 2, 1, 2, 0, 1, 2, 1, 1.5, 6]" ] || fail "build_files totals: $(json_get "$b" 'd["build_files"]')"
[ "$(json_get "$b" '[(i["path"], i["kind"], i["status"], i["changed"]) for i in d["build_files"]["items"]]')" = "[('CMakeLists.txt', 'cmake', 'migrated', True), ('cmake/broken.cmake', 'cmake', 'not-migrated', False), ('mk<b>&|\"x,y/Makefile', 'make', 'migrated', True)]" ] || fail "build_files items: $(json_get "$b" 'd["build_files"]["items"]')"
[ "$(json_get "$b" '[(m["line"], m["message"]) for m in d["build_files"]["items"][0]["notes"]]')" = "[(5, 'CUDA::nvjpeg left out of the link when CMake has no such target (\$<TARGET_NAME_IF_EXISTS:...>): rocJPEG has its own API')]" ] || fail "CMake note: $(json_get "$b" 'd["build_files"]["items"][0]')"
json_get "$b" 'd["build_files"]["items"][2]["notes"][0]' | grep -q "'line': 2, 'message': \"nvcc flag '-maxrregcount=32' dropped: " || fail "Makefile note: $(json_get "$b" 'd["build_files"]["items"][2]')"
[ "$(json_get "$b" '(float(d["effort"]["overall"]["min_hours"] - d["effort"]["total"]["min_hours"]), float(d["effort"]["overall"]["max_hours"] - d["effort"]["total"]["max_hours"]))')" = "(1.5, 6.0)" ] || fail "overall hours: $(json_get "$b" 'd["effort"]["overall"]')"
run 0 "build files md" "$hw" report --format md -o "$work/bf.md" "$work/bf"
grep -qF '| Build files | 3 (2 CMake, 1 Make): 2 migrated, 0 unchanged, 1 not migrated; 2 notes, 1 error for a person, 1.5-6 h |' "$work/bf.md" || fail "markdown build-files summary: $(grep 'Build files' "$work/bf.md")"
grep -qF '| mk&lt;b&gt;&amp;\|"x,y/Makefile | make | migrated | 1 | 0 | 0.25-1 h |' "$work/bf.md" || fail "markdown build-file row: $(grep Makefile "$work/bf.md")"
grep -qF -e "- cmake/broken.cmake:2 (error): missing ')' for foo(" "$work/bf.md" || fail "markdown build-file error"
run 0 "build files html" "$hw" report --format html -o "$work/bf.html" "$work/bf"
grep -qF '<td class="mono">mk&lt;b&gt;&amp;|&quot;x,y/Makefile</td>' "$work/bf.html" || fail "html build-file row: $(grep -o '<td class="mono">mk[^/]*' "$work/bf.html")"
grep -qF '<li>line 5: CUDA::nvjpeg left out of the link when CMake has no such target ($&lt;TARGET_NAME_IF_EXISTS:...&gt;): rocJPEG has its own API</li>' "$work/bf.html" || fail "html build-file note"
grep -qF 'mk<b>' "$work/bf.html" && fail "html has the directory name as markup"
run 0 "build files csv" "$hw" report --format csv --table build-files -o "$work/bf.csv" "$work/bf"
python3 - "$work/bf.csv" "$b" <<'PY' || fail "build-files csv: $(cat "$work/bf.csv")"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
d = json.load(open(sys.argv[2]))
assert rows[0] == ["file", "kind", "status", "changed", "severity", "line", "message", "file_hours_min", "file_hours_max"], rows[0]
want = []
for i in d["build_files"]["items"]:
    for sev in ("errors", "notes"):
        for m in i[sev]:
            want.append([i["path"], sev[:-1], str(m["line"]), m["message"]])
assert [[r[0], r[4], r[5], r[6]] for r in rows[1:]] == want, rows
PY
grep -q $'^"mk<b>&|""x,y/Makefile",make,migrated,true,note,2,' "$work/bf.csv" || fail "csv quoting of the Makefile path"
rm -r "$work/bf"

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
