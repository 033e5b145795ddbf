//===- HtmlReport.cpp - the report as one self-contained page -------------===//
//
// No scripts, fonts, images or links to fetch: the page is CSS, tables and
// inline SVG, so it opens from a CI artifact or an e-mail attachment alike.
// Every string from the report model is user text (paths, messages, code,
// rule ids) and goes through htmlEscape; only this file's literals do not.
//
//===----------------------------------------------------------------------===//
#include "report/BuildReport.h"
#include "report/Escape.h"
#include "report/ReportJsonView.h"
#include "report/ReportPrinters.h"
#include "report/ReportText.h"
#include "report/SvgBarChart.h"

#include "llvm/Support/Format.h"

using namespace llvm;
using namespace hipwright::report;

namespace hipwright {
namespace {

const char *Style = R"css(
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff;
        --soft: #f6f8fa; --accent: #c2410c; --accent-soft: #fdba74; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px 48px; color: var(--fg); background: var(--bg);
       font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue",
       Arial, sans-serif; max-width: 1200px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-bottom: 4px;
     border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 20px 0 6px; }
p.meta { color: var(--muted); margin: 0 0 16px; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas,
              "Liberation Mono", monospace; font-size: 12.5px; }
.cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px;
        background: var(--soft); }
.card .big { font-size: 22px; font-weight: 600; }
.card .small { color: var(--muted); font-size: 12.5px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px;
         border-bottom: 1px solid var(--line); }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; }
td { overflow-wrap: anywhere; }
td.nowrap { white-space: nowrap; overflow-wrap: normal; }
tr.suppressed td { color: var(--muted); text-decoration: line-through; }
.level-error { color: #b91c1c; font-weight: 600; }
.level-warning { color: #b45309; font-weight: 600; }
.level-note { color: #1d4ed8; }
.status { display: inline-block; padding: 0 6px; border-radius: 10px;
          font-size: 12px; background: var(--soft); border: 1px solid var(--line); }
.status.pass { background: #dcfce7; border-color: #86efac; }
.status.fail { background: #fee2e2; border-color: #fca5a5; }
.status.skip { background: #f1f5f9; color: var(--muted); }
svg.chart { max-width: 100%; height: auto; display: block; margin: 6px 0 10px; }
svg.chart .label, svg.chart .value { font: 12px system-ui, sans-serif; fill: var(--fg); }
svg.chart .value { fill: var(--muted); }
svg.chart .bar-min { fill: var(--accent); }
svg.chart .bar-max { fill: var(--accent-soft); }
.legend { color: var(--muted); font-size: 12.5px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px;
          vertical-align: baseline; }
details { margin: 6px 0; }
summary { cursor: pointer; font-weight: 600; }
.arith { font-size: 12.5px; color: var(--muted); }
table.tc td:first-child { min-width: 13em; }
table.tc td:nth-child(3) { min-width: 10em; }
table.patterns td:nth-child(1), table.patterns td:nth-child(3) { min-width: 12em; }
table.patterns td:nth-child(4) { min-width: 14em; }
.class { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px;
         white-space: nowrap; border: 1px solid var(--line); background: var(--soft); }
.class.replace-with-library { background: #dbeafe; border-color: #93c5fd; }
.class.drop { background: #f1f5f9; color: var(--muted); }
.class.port { background: #ffedd5; border-color: #fdba74; }
ul.evidence { margin: 0; padding-left: 18px; }
table.checklist td:first-child { min-width: 14em; }
)css";

std::string h(StringRef S) { return htmlEscape(S); }

std::string strOf(const json::Value &V) {
  return V.getAsString().value_or("").str();
}

std::string hours(const json::Object &O) {
  return hoursRange(num(O, "min_hours"), num(O, "max_hours"));
}

/// CSS class of a verify status: the matrix is read by colour first.
std::string statusClass(StringRef S) {
  std::string L = S.lower();
  if (L == "pass" || L == "passed" || L == "ok")
    return "pass";
  if (L == "fail" || L == "failed" || L == "error")
    return "fail";
  return "skip";
}

class HtmlWriter {
public:
  HtmlWriter(const json::Object &R, raw_ostream &OS) : R(R), OS(OS) {}

  void write() {
    OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
          "charset=\"utf-8\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, "
          "initial-scale=1\">\n"
       // Belt and braces: even if some text escaped escaping, the page may
       // load nothing and run nothing.
       << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
          "'none'; style-src 'unsafe-inline'; img-src data:\">\n"
       << "<title>hipwright migration report</title>\n<style>" << Style
       << "</style>\n</head>\n<body>\n";
    header();
    checklist();
    dependencies();
    buildFiles();
    effort();
    files();
    tensorCores();
    findingList("hopper", "Hopper-only features", arr(R, "hopper_only"));
    findingList("unsupported", "Unsupported APIs", arr(R, "unsupported_api"));
    translation();
    verify();
    allFindings();
    model();
    OS << "</body>\n</html>\n";
  }

private:
  const json::Object &R;
  raw_ostream &OS;

  void header() {
    const json::Object &Tree = obj(R, "tree");
    const json::Object &Tr = obj(R, "translation");
    const json::Object &Total = obj(obj(R, "effort"), "total");
    std::string Targets;
    for (const json::Value &T : arr(R, "targets"))
      Targets += (Targets.empty() ? "" : ", ") + strOf(T);
    OS << "<h1>hipwright migration report</h1>\n<p class=\"meta\">"
       << "<span class=\"mono\">" << h(str(R, "root")) << "</span> &middot; "
       << "targets " << h(Targets) << " &middot; " << h(str(R, "generator"))
       << " &middot; " << format("%.1f", num(R, "seconds")) << " s</p>\n";
    OS << "<div class=\"cards\">\n";
    card(groupedCountOf(intOf(Tree, "files"), "file"),
         groupedCountOf(intOf(Tree, "lines"), "line") + ", " +
             groupedCountOf(intOf(Tree, "kernels"), "kernel"));
    long long Refs = intOf(Tr, "converted") + intOf(Tr, "unconverted");
    std::string Pct;
    raw_string_ostream(Pct) << format("%.1f", num(Tr, "percent_converted"));
    card(Pct + "% automatic", groupedCount(intOf(Tr, "converted")) + " of " +
                                  groupedCount(Refs) +
                                  " CUDA API references converted");
    std::string Pricing = pricingBreakdown(Total);
    card(groupedCountOf(intOf(Total, "findings"), "finding"),
         (Pricing.empty() ? "" : Pricing + "; ") +
             groupedCount(intOf(Total, "suppressed")) + " suppressed, " +
             (intOf(Total, "inactive_branches")
                  ? groupedCount(intOf(Total, "inactive_branches")) +
                        " in #if branches this build does not compile, "
                  : std::string()) +
             groupedCountOf(arr(R, "tensor_core_kernels").size(),
                            "tensor-core function"));
    card(sumHours(Total), flag(Total, "floor")
                              ? "estimated manual work: a floor, some files "
                                "were not fully parsed"
                              : "estimated manual work");
    const json::Object &Build = obj(R, "build_files");
    if (intOf(Build, "files"))
      card(sumHours(obj(obj(R, "effort"), "overall")),
           "with " + groupedCountOf(intOf(Build, "files"), "build file") +
               ": " + groupedCountOf(intOf(Build, "notes"), "note") + ", " +
               groupedCountOf(intOf(Build, "errors"), "error") +
               " left by their migration");
    OS << "</div>\n";
  }

  /// A class badge; the class names are the report's own words, escaped
  /// all the same, and only known ones become a CSS class.
  void badge(StringRef Class) {
    bool Known =
        Class == "replace-with-library" || Class == "drop" || Class == "port";
    OS << "<span class=\"class" << (Known ? " " + Class.str() : "") << "\">"
       << h(Class) << "</span>";
  }

  void evidence(const json::Object &O) {
    OS << "<ul class=\"evidence\">";
    for (const json::Value &E : arr(O, "evidence"))
      OS << "<li>" << h(strOf(E)) << "</li>";
    OS << "</ul>";
  }

  /// The planning checklist comes first: what to replace, drop and port.
  void checklist() {
    const json::Object &C = obj(R, "checklist");
    OS << "<h2 id=\"checklist\">Porting checklist</h2>\n<p "
          "class=\"legend\">Each CUDA file and kernel is classified from a "
          "token pass over its text (it works where the parse failed): "
          "<b>replace-with-library</b> when its work goes through, or has the "
          "shape of, a library with a ROCm counterpart; <b>drop</b> when it "
          "has no role on AMD and the tree shows what runs instead; "
          "<b>port</b> otherwise. Hours are those of the findings in the "
          "class's files (a file replaced or dropped may take far "
          "fewer).</p>\n";
    std::vector<BarRow> Rows;
    eachObj(arr(C, "classes"), [&](const json::Object &X) {
      Rows.push_back(
          {str(X, "class"), num(X, "min_hours"), num(X, "max_hours"),
           groupedCountOf(intOf(X, "files"), "file") + ", " + sumHours(X)});
    });
    legend();
    OS << svgBarChart(Rows, "Hours per class") << "\n";
    OS << "<table><tr><th>class</th><th class=\"num\">files</th><th "
          "class=\"num\">kernels</th><th class=\"num\">findings</th><th "
          "class=\"num\">hours</th></tr>\n";
    eachObj(arr(C, "classes"), [&](const json::Object &X) {
      OS << "<tr><td>";
      badge(str(X, "class"));
      OS << "</td><td class=\"num\">" << intOf(X, "files")
         << "</td><td class=\"num\">" << intOf(X, "kernels")
         << "</td><td class=\"num\">" << intOf(X, "findings")
         << "</td><td class=\"num\">" << h(sumHours(X)) << "</td></tr>\n";
    });
    OS << "</table>\n";
    if (intOf(C, "files_without_cuda"))
      OS << "<p class=\"legend\">"
         << h(groupedCountOf(intOf(C, "files_without_cuda"), "file"))
         << " with no CUDA code, library or finding are not listed.</p>\n";

    OS << "<h3 id=\"checklist-files\">Files by class</h3>\n"
       << "<table class=\"checklist\"><tr><th>file</th><th>class</th><th>"
          "why</th><th>ROCm</th><th class=\"num\">kernels</th><th "
          "class=\"num\">hours</th></tr>\n";
    eachObj(arr(C, "files"), [&](const json::Object &F) {
      OS << "<tr><td class=\"mono\">" << h(str(F, "path")) << "</td><td>";
      badge(str(F, "class"));
      if (obj(F, "override").size())
        OS << "<br><span class=\"arith\">override</span>";
      OS << "</td><td>";
      evidence(F);
      OS << "</td><td>";
      list(arr(F, "rocm"));
      OS << "</td><td class=\"num\">" << intOf(F, "kernels")
         << "</td><td class=\"num\">" << h(sumHours(F)) << "</td></tr>\n";
    });
    OS << "</table>\n";

    const json::Array &K = arr(C, "kernels");
    OS << "<details><summary>Kernels by class (" << K.size()
       << ")</summary>\n<table><tr><th>kernel</th><th>class</th><th>why"
          "</th></tr>\n";
    eachObj(K, [&](const json::Object &X) {
      OS << "<tr><td><code>" << h(str(X, "name"))
         << "</code><br><span class=\"arith mono\">" << h(str(X, "file")) << ":"
         << intOf(X, "line") << "</span></td><td>";
      badge(str(X, "class"));
      OS << "</td><td>";
      evidence(X);
      OS << "</td></tr>\n";
    });
    OS << "</table>\n</details>\n";
  }

  void dependencies() {
    const json::Array &D = arr(R, "dependencies");
    OS << "<h2 id=\"dependencies\">Dependencies</h2>\n";
    if (D.empty()) {
      OS << "<p>No third-party CUDA library is included, named or "
            "linked.</p>\n";
      return;
    }
    OS << "<table><tr><th>library</th><th>kind</th><th>ROCm counterpart"
          "</th><th class=\"num\">uses</th><th>files</th><th>found in</th>"
          "<th>source</th></tr>\n";
    eachObj(D, [&](const json::Object &L) {
      const json::Array &Files = arr(L, "files");
      OS << "<tr><td>" << h(str(L, "library")) << "</td><td>"
         << h(str(L, "kind")) << "</td><td>"
         << (str(L, "rocm").empty() ? std::string("none") : h(str(L, "rocm")))
         << "</td><td class=\"num\">" << intOf(L, "uses") << "</td><td "
         << "class=\"mono\">";
      size_t N = 0;
      for (const json::Value &F : Files) {
        if (++N > 10) {
          OS << "<br>and " << Files.size() - 10 << " more";
          break;
        }
        OS << (N > 1 ? "<br>" : "") << h(strOf(F));
      }
      OS << "</td><td>";
      list(arr(L, "found_by"));
      OS << "</td><td class=\"arith source\">" << h(str(L, "source"))
         << "</td></tr>\n";
    });
    OS << "</table>\n";
  }

  /// Each build file, what its migration did, and what it left for a
  /// person, line by line.
  void buildFiles() {
    const json::Object &B = obj(R, "build_files");
    const json::Array &Items = arr(B, "items");
    if (Items.empty())
      return;
    OS << "<h2 id=\"build-files\">Build files</h2>\n<p>" << h(buildFilesLine(B))
       << ": <b>" << h(sumHours(B))
       << "</b> <span class=\"arith\">= " << h(effortArithmetic(B))
       << "</span></p>\n";
    OS << "<table><tr><th>file</th><th>kind</th><th>status</th><th>left for "
          "a person</th><th class=\"num\">hours</th></tr>\n";
    eachObj(Items, [&](const json::Object &F) {
      OS << "<tr><td class=\"mono\">" << h(str(F, "path")) << "</td><td>"
         << h(str(F, "kind")) << "</td><td>" << h(str(F, "status"))
         << "</td><td><ul class=\"evidence\">";
      eachObj(arr(F, "errors"), [&](const json::Object &M) {
        OS << "<li>error: " << h(buildMessageText(M)) << "</li>";
      });
      eachObj(arr(F, "notes"), [&](const json::Object &M) {
        OS << "<li>" << h(buildMessageText(M)) << "</li>";
      });
      OS << "</ul></td><td class=\"num\">" << h(sumHours(F)) << "</td></tr>\n";
    });
    OS << "</table>\n";
  }

  void card(const std::string &Big, const std::string &Small) {
    OS << "<div class=\"card\"><div class=\"big\">" << h(Big)
       << "</div><div class=\"small\">" << h(Small) << "</div></div>\n";
  }

  void legend() {
    OS << "<p class=\"legend\">bars: "
          "<span class=\"swatch\" style=\"background:#c2410c\"></span>minimum "
          "hours<span class=\"swatch\" style=\"background:#fdba74\"></span>up "
          "to maximum hours</p>\n";
  }

  void sums(StringRef Id, StringRef Title, StringRef Column,
            const json::Array &L) {
    OS << "<h3 id=\"" << Id << "\">" << Title << "</h3>\n";
    std::vector<BarRow> Rows;
    eachObj(L, [&](const json::Object &S) {
      Rows.push_back(
          {str(S, "name"), num(S, "min_hours"), num(S, "max_hours"), hours(S)});
    });
    if (Rows.size() > 20)
      Rows.resize(20);
    OS << svgBarChart(Rows, Title) << "\n";
    OS << "<table><tr><th>" << Column
       << "</th><th class=\"num\">findings</th><th>arithmetic</th><th "
          "class=\"num\">hours</th></tr>\n";
    eachObj(L, [&](const json::Object &S) {
      OS << "<tr><td class=\"mono\">" << h(str(S, "name"))
         << "</td><td class=\"num\">" << intOf(S, "findings");
      if (intOf(S, "suppressed"))
        OS << " <span class=\"arith\">+" << intOf(S, "suppressed")
           << " suppressed</span>";
      OS << "</td><td class=\"arith\">" << h(effortArithmetic(S))
         << "</td><td class=\"num\">" << h(sumHours(S)) << "</td></tr>\n";
    });
    OS << "</table>\n";
  }

  void effort() {
    const json::Object &E = obj(R, "effort");
    const json::Object &Total = obj(E, "total");
    OS << "<h2 id=\"effort\">Effort estimate</h2>\n<p>Total: <b>"
       << h(sumHours(Total))
       << "</b> <span class=\"arith\">= " << h(effortArithmetic(Total))
       << "</span></p>\n";
    if (intOf(obj(R, "build_files"), "files"))
      OS << "<p>With the build files' " << h(sumHours(obj(R, "build_files")))
         << ": <b>" << h(sumHours(obj(E, "overall"))) << "</b></p>\n";
    OS << "<p class=\"legend\">A finding whose fix "
          "<code>hipwright port --fix</code> applies is automatic work; "
          "findings that share a rule and a suggested edit are one pattern, "
          "whose first site costs its bucket's hour range and each further "
          "site the <code>site</code> bucket; suppressed findings cost "
          "nothing. The model is at the end of this page.</p>\n";
    confidence();
    legend();
    sums("by-category", "Effort by category", "category",
         arr(E, "by_category"));
    sums("by-directory", "Effort by directory", "directory",
         arr(E, "by_directory"));
    patterns();
  }

  void confidence() {
    const json::Object &C = obj(obj(R, "effort"), "confidence");
    OS << "<h3 id=\"confidence\">Confidence</h3>\n<ul>\n<li>Range: "
       << h(str(C, "range"))
       << ".</li>\n<li>Calibration: " << h(str(C, "calibration")) << ".</li>\n";
    const json::Array &U = arr(C, "unparsed_files");
    if (U.empty()) {
      OS << "<li>Every file was parsed: the range is an estimate, not a "
            "floor.</li>\n</ul>\n";
      return;
    }
    OS << "<li>Not fully parsed (compile errors), so their hours are a "
          "floor, not an estimate:<ul>\n";
    eachObj(U, [&](const json::Object &F) {
      OS << "<li><span class=\"mono\">" << h(str(F, "path")) << "</span> "
         << h(str(F, "status")) << ", "
         << h(groupedCountOf(intOf(F, "errors"), "error")) << ", at least "
         << h(hours(F)) << "</li>\n";
    });
    OS << "</ul></li>\n</ul>\n";
  }

  void patterns() {
    const json::Array &P = arr(obj(R, "effort"), "patterns");
    OS << "<h3 id=\"patterns\">Patterns: findings that share one edit ("
       << P.size() << ")</h3>\n";
    if (P.empty()) {
      OS << "<p>None.</p>\n";
      return;
    }
    OS << "<table class=\"patterns\"><tr><th>rule</th><th "
          "class=\"num\">sites</th><th>first"
          "</th><th>arithmetic</th><th class=\"num\">hours</th><th>edit"
          "</th></tr>\n";
    eachObj(P, [&](const json::Object &X) {
      const json::Object &First = obj(X, "first");
      OS << "<tr><td class=\"mono\">" << h(str(X, "rule"))
         << "</td><td class=\"num\">" << intOf(X, "sites")
         << "</td><td class=\"mono\">" << h(str(First, "file")) << ":"
         << intOf(First, "line") << "</td><td class=\"arith\">"
         << h(patternArithmetic(X)) << "</td><td class=\"num\">" << h(hours(X))
         << "</td><td>" << h(str(X, "edit")) << "</td></tr>\n";
    });
    OS << "</table>\n";
  }

  void files() {
    OS << "<h2 id=\"files\">Files with the most manual work</h2>\n";
    std::vector<BarRow> Rows;
    eachObj(arr(R, "files"), [&](const json::Object &F) {
      if (intOf(F, "findings") && Rows.size() < 20)
        Rows.push_back(
            {str(F, "path"), double(intOf(F, "findings")),
             double(intOf(F, "findings")),
             std::to_string(intOf(F, "findings")) +
                 (intOf(F, "findings") == 1 ? " finding" : " findings")});
    });
    OS << "<h3>Findings by file (most manual work first)</h3>\n"
       << svgBarChart(Rows, "Findings by file") << "\n";
    OS << "<table><tr><th>file</th><th>status</th><th "
          "class=\"num\">lines</th><th class=\"num\">kernels</th><th "
          "class=\"num\">findings</th><th class=\"num\">hours</th></tr>\n";
    eachObj(arr(R, "files"), [&](const json::Object &F) {
      OS << "<tr><td class=\"mono\">" << h(str(F, "path"));
      for (const json::Value &E : arr(F, "errors"))
        OS << "<br><span class=\"arith\">" << h(strOf(E)) << "</span>";
      OS << "</td><td class=\"nowrap\">" << h(str(F, "status"))
         << "</td><td class=\"num\">" << intOf(F, "lines")
         << "</td><td class=\"num\">" << intOf(F, "kernels")
         << "</td><td class=\"num\">" << intOf(F, "findings")
         << "</td><td class=\"num\">" << h(sumHours(F)) << "</td></tr>\n";
    });
    OS << "</table>\n";
  }

  void tensorCores() {
    const json::Array &Tc = arr(R, "tensor_core_kernels");
    OS << "<h2 id=\"tensor-cores\">Tensor-core functions</h2>\n";
    if (Tc.empty()) {
      OS << "<p>No WMMA or mma.sync use found.</p>\n";
      return;
    }
    OS << "<table class=\"tc\"><tr><th>function</th><th "
          "class=\"num\">findings</th><th>tiles</th>";
    for (const json::Value &T : arr(R, "targets"))
      OS << "<th>MFMA on " << h(strOf(T)) << "</th>";
    OS << "<th>rocWMMA</th></tr>\n";
    eachObj(Tc, [&](const json::Object &K) {
      OS << "<tr><td>" << h(str(K, "kind")) << " <code>"
         << h(str(K, "function")) << "</code><br><span class=\"arith "
         << "mono\">" << h(str(K, "file")) << ":" << intOf(K, "line")
         << "</span></td><td class=\"num\">" << intOf(K, "findings")
         << "</td><td>";
      list(arr(K, "shapes"));
      OS << "</td>";
      eachObj(arr(K, "mfma"), [&](const json::Object &M) {
        OS << "<td>";
        list(arr(M, "builtins"));
        OS << "</td>";
      });
      OS << "<td>";
      list(arr(K, "rocwmma"));
      OS << "</td></tr>\n";
    });
    OS << "</table>\n";
  }

  void list(const json::Array &L) {
    bool First = true;
    for (const json::Value &V : L) {
      OS << (First ? "" : "<br>") << "<code>" << h(strOf(V)) << "</code>";
      First = false;
    }
  }

  void findingList(StringRef Id, StringRef Title, const json::Array &L) {
    OS << "<h2 id=\"" << Id << "\">" << Title << " (" << L.size() << ")</h2>\n";
    if (L.empty()) {
      OS << "<p>None found.</p>\n";
      return;
    }
    OS << "<table><tr><th>where</th><th>rule</th><th>message</th><th>"
          "suggestion</th></tr>\n";
    eachObj(L, [&](const json::Object &F) {
      OS << "<tr" << (flag(F, "suppressed") ? " class=\"suppressed\"" : "")
         << "><td class=\"mono\">" << h(str(F, "file")) << ":"
         << intOf(F, "line") << "</td><td class=\"mono\">" << h(str(F, "rule"))
         << "</td><td>" << h(str(F, "message")) << "</td><td>"
         << h(str(F, "suggestion")) << "</td></tr>\n";
    });
    OS << "</table>\n";
  }

  void translation() {
    const json::Object &Tr = obj(R, "translation");
    OS << "<h2 id=\"translation\">Automatic translation</h2>\n<p>"
       << groupedCountOf(intOf(Tr, "files_translated"), "file")
       << " translated, " << intOf(Tr, "files_unchanged") << " unchanged, "
       << intOf(Tr, "files_partial") << " partial, "
       << intOf(Tr, "files_failed") << " failed.</p>\n";
    OS << "<table><tr><th>family</th><th class=\"num\">converted</th><th "
          "class=\"num\">unconverted</th></tr>\n";
    eachObj(arr(Tr, "families"), [&](const json::Object &F) {
      OS << "<tr><td>" << h(str(F, "family")) << "</td><td class=\"num\">"
         << intOf(F, "converted") << "</td><td class=\"num\">"
         << intOf(F, "unconverted") << "</td></tr>\n";
    });
    OS << "</table>\n";
    if (int64_t Own = intOf(Tr, "own_equivalents"))
      OS << "<p>" << groupedCount(Own)
         << " of the converted references call CUDA functions that no ROCm "
            "header declares; the port replaces them with hipwright's own "
            "equivalents (<code>hipwright_cuda_compat.h</code>, written next "
            "to the files that use them).</p>\n";
    const json::Array &Names = arr(Tr, "unconverted_names");
    if (!Names.empty()) {
      OS << "<h3>Left unconverted</h3>\n<table><tr><th>CUDA name</th><th>"
            "family</th><th class=\"num\">uses</th></tr>\n";
      eachObj(Names, [&](const json::Object &N) {
        OS << "<tr><td><code>" << h(str(N, "name")) << "</code></td><td>"
           << h(str(N, "family")) << "</td><td class=\"num\">"
           << intOf(N, "count") << "</td></tr>\n";
      });
      OS << "</table>\n";
    }
  }

  void verify() {
    const json::Object *V = R.getObject("verify");
    if (!V)
      return;
    const json::Array &Cols = arr(*V, "columns");
    OS << "<h2 id=\"verify\">Verification matrix</h2>\n<p class=\"meta\">"
       << "from <span class=\"mono\">" << h(str(*V, "source"))
       << "</span></p>\n<table><tr><th>program</th>";
    for (const json::Value &C : Cols)
      OS << "<th>" << h(strOf(C)) << "</th>";
    OS << "</tr>\n";
    eachObj(arr(*V, "programs"), [&](const json::Object &P) {
      OS << "<tr><td>" << h(str(P, "name"));
      if (!str(P, "file").empty())
        OS << "<br><span class=\"arith mono\">" << h(str(P, "file"))
           << "</span>";
      OS << "</td>";
      const json::Object &Cells = obj(P, "cells");
      for (const json::Value &C : Cols) {
        const json::Object *Cell = Cells.getObject(strOf(C));
        if (!Cell) {
          OS << "<td><span class=\"status skip\">absent</span></td>";
          continue;
        }
        OS << "<td><span class=\"status " << statusClass(str(*Cell, "status"))
           << "\">" << h(str(*Cell, "status")) << "</span>";
        if (!str(*Cell, "detail").empty())
          OS << "<br><span class=\"arith\">" << h(str(*Cell, "detail"))
             << "</span>";
        OS << "</td>";
      }
      OS << "</tr>\n";
    });
    OS << "</table>\n";
    const json::Object &S = obj(*V, "summary");
    if (!S.empty()) {
      std::vector<std::string> Keys;
      for (auto &[K, _] : S)
        Keys.push_back(K.str());
      std::sort(Keys.begin(), Keys.end());
      OS << "<table><tr><th>summary</th><th>value</th></tr>\n";
      for (const std::string &K : Keys) {
        std::string Val;
        const json::Value *X = S.get(K);
        if (auto Str = X->getAsString())
          Val = Str->str();
        else
          raw_string_ostream(Val) << *X;
        OS << "<tr><td>" << h(K) << "</td><td class=\"mono\">" << h(Val)
           << "</td></tr>\n";
      }
      OS << "</table>\n";
    }
  }

  void allFindings() {
    const json::Array &All = arr(R, "findings");
    OS << "<h2 id=\"findings\">All findings (" << All.size() << ")</h2>\n";
    std::map<std::string, std::string> Summaries;
    eachObj(arr(R, "rules"), [&](const json::Object &Rule) {
      Summaries[str(Rule, "id")] = str(Rule, "summary");
    });
    std::string Category, File;
    bool InCategory = false, InTable = false;
    auto CloseTable = [&] {
      if (InTable)
        OS << "</table>\n";
      InTable = false;
    };
    eachObj(All, [&](const json::Object &F) {
      if (str(F, "category") != Category || !InCategory) {
        CloseTable();
        if (InCategory)
          OS << "</details>\n";
        Category = str(F, "category");
        File.clear();
        unsigned N = 0;
        eachObj(All, [&](const json::Object &G) {
          N += str(G, "category") == Category;
        });
        OS << "<details open><summary>" << h(Category) << " (" << N << ")";
        if (!Summaries[Category].empty())
          OS << " <span class=\"arith\">" << h(Summaries[Category])
             << "</span>";
        OS << "</summary>\n";
        InCategory = true;
      }
      if (str(F, "file") != File) {
        CloseTable();
        File = str(F, "file");
        OS << "<h3 class=\"mono\">" << h(File) << "</h3>\n"
           << "<table><tr><th class=\"num\">line:col</th><th>level</th>"
              "<th>rule</th><th>message</th><th>suggestion</th><th>effort"
              "</th></tr>\n";
        InTable = true;
      }
      const json::Object &E = obj(F, "effort");
      std::string Level = str(F, "level");
      OS << "<tr" << (flag(F, "suppressed") ? " class=\"suppressed\"" : "")
         << "><td class=\"num mono\">" << intOf(F, "line") << ":"
         << intOf(F, "column") << "</td><td class=\"level-" << h(Level) << "\">"
         << h(Level) << "</td><td class=\"mono\">" << h(str(F, "rule"))
         << "</td><td>" << h(str(F, "message")) << "</td><td>"
         << h(str(F, "suggestion")) << "</td><td>" << h(str(E, "bucket"))
         << " <span class=\"arith\">" << h(hours(E))
         << (str(E, "role") == "site" ? ", a further site" : "")
         << "</span></td></tr>\n";
    });
    CloseTable();
    if (InCategory)
      OS << "</details>\n";
    if (All.empty())
      OS << "<p>No findings.</p>\n";
  }

  void model() {
    const json::Object &E = obj(R, "effort");
    OS << "<h2 id=\"model\">Effort model</h2>\n<p>Each rule maps to a "
          "bucket; each bucket is a range of hours per finding. Defaults are "
          "documented in docs/effort-model.md and can be overridden in "
          ".hipwright.yaml (<code>effort:</code>).</p>\n";
    OS << "<table><tr><th>bucket</th><th class=\"num\">hours per "
          "finding</th></tr>\n";
    eachObj(arr(E, "buckets"), [&](const json::Object &B) {
      OS << "<tr><td>" << h(str(B, "name")) << "</td><td class=\"num\">"
         << h(hours(B)) << "</td></tr>\n";
    });
    OS << "</table>\n<table><tr><th>rule (first match wins)</th><th>with "
          "fix-it</th><th>without</th><th>why</th></tr>\n";
    eachObj(arr(E, "default_rules"), [&](const json::Object &D) {
      OS << "<tr><td class=\"mono\">" << h(str(D, "pattern")) << "</td><td>"
         << h(str(D, "with_fix")) << "</td><td>" << h(str(D, "without_fix"))
         << "</td><td>" << h(str(D, "reason")) << "</td></tr>\n";
    });
    OS << "</table>\n";
    const json::Array &O = arr(E, "overrides");
    if (!O.empty()) {
      OS << "<h3>Overrides from .hipwright.yaml</h3>\n<table><tr><th>file"
            "</th><th>override</th></tr>\n";
      eachObj(O, [&](const json::Object &X) {
        OS << "<tr><td class=\"mono\">" << h(str(X, "source")) << "</td><td>";
        if (!str(X, "pattern").empty())
          OS << h(str(X, "pattern")) << " &rarr; " << h(str(X, "bucket"));
        else
          OS << "bucket " << h(str(X, "bucket")) << " = " << h(hours(X));
        OS << "</td></tr>\n";
      });
      OS << "</table>\n";
    }
  }
};

} // namespace

void printReportHtml(const json::Object &Report, raw_ostream &OS) {
  HtmlWriter(Report, OS).write();
}

} // namespace hipwright
