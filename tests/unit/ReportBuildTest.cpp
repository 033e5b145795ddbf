// The report model and its printers, from a hand-made PortResult (no parse).
#include "AnalyzerList.h"
#include "report/BuildReport.h"
#include "report/ReportPrinters.h"
#include "report/TensorCoreTable.h"
#include "report/VerifyResults.h"
#include "support/Progress.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using namespace llvm;

namespace {

Finding finding(std::string File, unsigned Line, std::string Rule,
                std::string Message, std::string Suggestion = "",
                bool Suppressed = false) {
  Finding F;
  F.File = std::move(File);
  F.Line = Line;
  F.Column = 1;
  F.RuleId = std::move(Rule);
  F.Message = std::move(Message);
  F.Suggestion = std::move(Suggestion);
  F.Suppressed = Suppressed;
  return F;
}

struct Fixture {
  PortResult R;
  ConfigResolver Configs{std::nullopt};
  Fixture() {
    R.Inputs.Root = "/nonexistent-root";
    R.Inputs.Units = {"/nonexistent-root/a/k.cu",
                      "/nonexistent-root/<img src=x onerror=alert(1)>.cu"};
    for (const std::string &P : R.Inputs.Units) {
      FileOutcome O;
      O.Path = P;
      O.Status = FileStatus::Translated;
      O.Original = "line1\nline2\nline3\n";
      R.Files.push_back(O);
    }
    R.Kernels.push_back({"/nonexistent-root/a/k.cu", 2, "gemm"});
    ApiReference Conv;
    Conv.Name = "cudaMalloc";
    Conv.Family = "runtime";
    Conv.Converted = true;
    ApiReference Unconv = Conv;
    Unconv.Name = "cudaStreamGetId";
    Unconv.Converted = false;
    ApiReference Own = Conv;
    Own.Name = "__vadd4";
    Own.Hip = "hipwright_vadd4";
    Own.Family = "device";
    R.References = {Conv, Conv, Own, Unconv};
  }

  json::Object build(std::vector<Finding> Findings) {
    ReportInput In;
    In.Result = &R;
    In.Findings = std::move(Findings);
    In.Targets = {"gfx942", "gfx950"};
    In.Configs = &Configs;
    In.Analyzers = &builtinAnalyzers();
    auto Report = buildReport(In);
    REQUIRE(static_cast<bool>(Report));
    return std::move(*Report);
  }
};

} // namespace

TEST_CASE("the report shows its effort arithmetic", "[report]") {
  Fixture Fx;
  json::Object R = Fx.build({
      // Two fragments with different edits: two patterns, each its bucket.
      finding("/nonexistent-root/a/k.cu", 3, "tensor-core.wmma", "m1"),
      finding("/nonexistent-root/a/k.cu", 4, "tensor-core.wmma", "m2"),
      finding("/nonexistent-root/a/k.cu", 5, "lane-mask.narrow-mask", "m"),
      finding("/nonexistent-root/a/k.cu", 6, "hopper-only.tma", "m", "",
              /*Suppressed=*/true),
  });
  const json::Object *Total = R.getObject("effort")->getObject("total");
  // 2 x high (4-16) + 1 x medium (1-4) = 9-36; the suppressed one is free.
  CHECK(*Total->getNumber("min_hours") == 9);
  CHECK(*Total->getNumber("max_hours") == 36);
  CHECK(*Total->getInteger("findings") == 3);
  CHECK(*Total->getInteger("suppressed") == 1);
  const json::Array *Terms = Total->getArray("terms");
  REQUIRE(Terms->size() == 2);
  const json::Object *High = (*Terms)[0].getAsObject();
  CHECK(*High->getString("bucket") == "high");
  CHECK(*High->getInteger("count") == 2);
  CHECK(*High->getNumber("max_hours") == 32);
  CHECK(*R.getObject("tree")->getInteger("lines") == 6);
  CHECK(*R.getObject("tree")->getInteger("kernels") == 1);
  CHECK(*R.getObject("translation")->getNumber("percent_converted") == 75);
  CHECK(*R.getObject("translation")->getInteger("own_equivalents") == 1);
  // Most manual work first.
  CHECK(*(*R.getArray("files"))[0].getAsObject()->getString("path") ==
        "a/k.cu");
  std::string Text;
  raw_string_ostream OS(Text);
  printReportMarkdown(R, OS);
  CHECK(Text.find("2 x high (4-16 h) = 8-32 h + 1 x medium (1-4 h) = 1-4 h") !=
        std::string::npos);
  CHECK(Text.find("**9-36 h**") != std::string::npos);
  CHECK(Text.find("| hipwright's own equivalents | 1 of those") !=
        std::string::npos);
  std::string Html;
  raw_string_ostream HS(Html);
  printReportHtml(R, HS);
  CHECK(Html.find("<p>1 of the converted references call CUDA functions") !=
        std::string::npos);
}

TEST_CASE("findings in #if branches no build compiles are counted apart",
          "[report]") {
  Fixture Fx;
  Finding Live = finding("/nonexistent-root/a/k.cu", 3, "inline-ptx", "m");
  Finding Off = finding("/nonexistent-root/a/k.cu", 5, "inline-ptx", "m2");
  Off.InactiveBranch = "`#ifdef VERIFY`, line 4";
  json::Object R = Fx.build({Live, Off});
  const json::Object *Total = R.getObject("effort")->getObject("total");
  // Counted among the findings and priced as any, and also apart.
  CHECK(*Total->getInteger("findings") == 2);
  CHECK(*Total->getInteger("inactive_branches") == 1);
  const json::Array *Rows = R.getArray("findings");
  REQUIRE(Rows);
  unsigned Labelled = 0;
  for (const json::Value &V : *Rows)
    if (auto L = V.getAsObject()->getString("inactive_branch"))
      Labelled += *L == Off.InactiveBranch;
  CHECK(Labelled == 1);
  std::string Text;
  raw_string_ostream OS(Text);
  printReportMarkdown(R, OS);
  CHECK(Text.find("1 of them in `#if` branches this build does not compile") !=
        std::string::npos);
  std::string Html;
  raw_string_ostream HS(Html);
  printReportHtml(R, HS);
  CHECK(Html.find("1 in #if branches this build does not compile") !=
        std::string::npos);
}

TEST_CASE("HTML and CSV print user text as text", "[report][escape]") {
  Fixture Fx;
  std::string Evil = "/nonexistent-root/<img src=x onerror=alert(1)>.cu";
  json::Object R = Fx.build(
      {finding(Evil, 1, "unsupported-api", "use of <script>alert(2)</script>",
               "a, \"quoted\" suggestion")});
  std::string Html;
  raw_string_ostream OS(Html);
  printReportHtml(R, OS);
  CHECK(Html.find("<img") == std::string::npos);
  CHECK(Html.find("<script") == std::string::npos);
  CHECK(Html.find("&lt;img src=x onerror=alert(1)&gt;.cu") !=
        std::string::npos);
  CHECK(Html.find("http://") == Html.find("http://www.w3.org/2000/svg"));
  std::string Csv;
  raw_string_ostream CS(Csv);
  printReportCsv(R, CS);
  CHECK(Csv.find("unsupported-api,warning,<img src=x onerror=alert(1)>.cu,1,"
                 "1,use of <script>alert(2)</script>,\"a, \"\"quoted\"\" "
                 "suggestion\",medium,1,4,false,pattern,0\r\n") !=
        std::string::npos);
}

TEST_CASE("CSV cells that a spreadsheet would run are text", "[report][csv]") {
  Fixture Fx;
  json::Object R =
      Fx.build({finding("/nonexistent-root/a/k.cu", 1, "unsupported-api",
                        "=1+2", "@SUM(A1:A9)")});
  std::string Csv;
  raw_string_ostream CS(Csv);
  printReportCsv(R, CS);
  CHECK(Csv.find(",\"'=1+2\",\"'@SUM(A1:A9)\",") != std::string::npos);
  CHECK(Csv.find(",=1+2,") == std::string::npos);
}

TEST_CASE("a huge report still fits a GitHub comment", "[report]") {
  Fixture Fx;
  std::vector<Finding> Many;
  for (unsigned I = 0; I < 3000; ++I)
    Many.push_back(
        finding("/nonexistent-root/d" + std::to_string(I % 300) + "/k.cu",
                I + 1, I % 2 ? "unsupported-api" : "hopper-only.tma",
                std::string(250, 'm'), std::string(250, 's')));
  json::Object R = Fx.build(std::move(Many));
  std::string Md;
  raw_string_ostream OS(Md);
  printReportMarkdown(R, OS);
  CHECK(Md.size() < 65536);
  CHECK(Md.find("more: see the HTML") != std::string::npos);
  CHECK(Md.find("<summary>Effort model</summary>") != std::string::npos);
}

TEST_CASE("the tensor-core table is read from the findings", "[report]") {
  std::vector<Finding> F = {
      finding("/r/g.cu", 10, "tensor-core.wmma",
              "kernel 'gemm_f16': WMMA fragment 'fa' (matrix_a m16n16k16 f16 "
              "row_major) has no AMD counterpart",
              "rocWMMA: rocwmma::fragment<rocwmma::matrix_a, 16, 16, 16, "
              "rocwmma::float16_t, rocwmma::row_major>; the lane-to-element "
              "layout of AMD fragments differs"),
      finding("/r/g.cu", 14, "tensor-core.wmma",
              "kernel 'gemm_f16': WMMA mma_sync m16n16k16 f16 x f16 + f32 has "
              "no AMD counterpart; use gfx942: "
              "__builtin_amdgcn_mfma_f32_16x16x16f16; gfx950: "
              "__builtin_amdgcn_mfma_f32_16x16x32_f16 (K=32; "
              "__builtin_amdgcn_mfma_f32_16x16x16f16 also exists)"),
      finding("/r/g.cu", 30, "tensor-core.mma-ptx",
              "device function 'mma_16816': PTX mma.sync.aligned.m16n8k16 "
              "(m16n8k16 f16 x f16 + f32) has no AMD counterpart; use gfx942: "
              "A; gfx950: B"),
      finding("/r/g.cu", 40, "warp-size", "kernel 'other': not tensor"),
      // Two ops in one asm: their clauses are joined with "; and ".
      finding("/r/g.cu", 50, "tensor-core.mma-ptx",
              "device function 'two': PTX mma.sync.aligned.m16n8k32 (m16n8k32 "
              "s8 x s8 + s32) has no AMD counterpart; use gfx942: C (K=32); "
              "gfx950: D (K=64; E also exists); and PTX mma.sync.aligned."
              "m8n8k4 (m8n8k4 f64 x f64 + f64) has no AMD counterpart; use "
              "gfx942: F; gfx950: G"),
  };
  auto Rows = tensorCoreKernels(F, {"gfx942", "gfx950"});
  REQUIRE(Rows.size() == 3);
  CHECK(Rows[2].Name == "two");
  CHECK(Rows[2].Mfma["gfx942"] == std::vector<std::string>{"C (K=32)", "F"});
  CHECK(Rows[2].Mfma["gfx950"] ==
        std::vector<std::string>{"D (K=64; E also exists)", "G"});
  CHECK(Rows[2].Shapes.size() == 2);
  CHECK(Rows[0].Kind == "kernel");
  CHECK(Rows[0].Name == "gemm_f16");
  CHECK(Rows[0].Findings == 2);
  CHECK(Rows[0].Shapes ==
        std::vector<std::string>{"m16n16k16 f16 x f16 + f32"});
  CHECK(Rows[0].Mfma["gfx942"] ==
        std::vector<std::string>{"__builtin_amdgcn_mfma_f32_16x16x16f16"});
  CHECK(
      Rows[0].Mfma["gfx950"] ==
      std::vector<std::string>{"__builtin_amdgcn_mfma_f32_16x16x32_f16 (K=32; "
                               "__builtin_amdgcn_mfma_f32_16x16x16f16 also "
                               "exists)"});
  CHECK(Rows[0].Rocwmma.size() == 1);
  CHECK(Rows[1].Kind == "device function");
  CHECK(Rows[1].Name == "mma_16816");
  CHECK(Rows[1].Mfma["gfx950"] == std::vector<std::string>{"B"});
}

TEST_CASE("verify results are checked", "[report][verify]") {
  auto Good = parseVerifyResults("r.json", R"({"programs": [
      {"name": "reduce", "file": "reduce.cu",
       "cells": {"gfx942-build": {"status": "pass", "detail": "ok"},
                 "nvidia-run": {"status": "not run", "detail": "no GPU"}}}],
      "summary": {"pass": 1}})");
  REQUIRE(static_cast<bool>(Good));
  const json::Array *Cols = Good->getArray("columns");
  REQUIRE(Cols->size() == 2);
  CHECK(*(*Cols)[0].getAsString() == "gfx942-build");
  for (const char *Bad :
       {"{", "[]", R"({"programs": 3})", R"({"programs": [{"cells": {}}]})",
        R"({"programs": [{"name": "x", "cells": {"c": 1}}]})"}) {
    auto E = parseVerifyResults("bad.json", Bad);
    REQUIRE(!E);
    CHECK(toString(E.takeError()).find("bad.json") != std::string::npos);
  }
}

TEST_CASE("the progress line counts, times and estimates", "[progress]") {
  CHECK(formatProgress("lint", 0, 40, 0) == "lint: 0/40 files, 0:00 elapsed");
  CHECK(formatProgress("lint", 10, 40, 5) ==
        "lint: 10/40 files, 0:05 elapsed, about 0:15 left");
  CHECK(formatProgress("port", 40, 40, 3725) ==
        "port: 40/40 files, 1:02:05 elapsed");
}
