//===- ReportCommand.cpp - `hipwright report` -----------------------------===//
//
// One port-and-analyze pass (nothing is written to the tree), the findings
// judged by .hipwright.yaml as lint judges them, then the migration-effort
// report in one format. Exit codes: 0 report written (findings do not fail
// it), 2 usage, environment or input error.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"
#include "Commands.h"
#include "InputNotes.h"
#include "OptionTable.h"
#include "ScaleOptions.h"
#include "SharedOptions.h"

#include "config/Config.h"
#include "output/TextFindings.h"
#include "port/OutputSafety.h"
#include "port/Porter.h"
#include "report/BuildReport.h"
#include "report/ReportPrinters.h"
#include "report/VerifyResults.h"
#include "support/AtomicFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static int reportUsage(const Twine &Msg) {
  return commandUsageError("report", Msg);
}

static int reportError(const Twine &Msg) {
  errs() << "hipwright report: error: " << Msg << "\n";
  return ExitUsage;
}

static std::optional<std::string> formatFromExtension(StringRef File) {
  StringRef Ext = sys::path::extension(File);
  if (Ext.equals_insensitive(".html") || Ext.equals_insensitive(".htm"))
    return "html";
  if (Ext.equals_insensitive(".md") || Ext.equals_insensitive(".markdown"))
    return "md";
  if (Ext.equals_insensitive(".json"))
    return "json";
  if (Ext.equals_insensitive(".csv"))
    return "csv";
  return std::nullopt;
}

int runReportCommand(const std::vector<std::string> &Args,
                     const MergedShards *Merged) {
  PortRequest Req;
  Req.Options.Analyzers = &builtinAnalyzers();
  ScaleOptions Scale;
  std::optional<std::string> Targets, ConfigFile, OutFile, VerifyFile, Format,
      Table;
  CommandOptions Spec;
  Spec.Command = "report";
  Spec.Synopsis =
      "usage: hipwright report [PATH...] [options] [-- CLANG_ARGS...]\n\n"
      "Writes a migration-effort report for a CUDA tree: its size, how much "
      "the\ntranslator converts automatically, every finding by category, "
      "file and\ndirectory, the estimated manual effort "
      "(docs/effort-model.md), tensor-core\nkernels with their MFMA / "
      "rocWMMA equivalents, Hopper-only features,\nunsupported APIs, and "
      "the tree's CMake files and Makefiles with what their\nmigration "
      "would leave for a person. Writes no source and no build file.\n\n";
  Spec.Epilogue =
      "exit status: 0 report written, 2 usage, environment or input error.\n";
  Spec.Options = {
      {{"--format"},
       OptionValue::Separate,
       "--format FMT",
       "html, md, json or csv (default: from -o's extension,\nelse md)",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         const std::string &V = U.Value;
         if (V != "html" && V != "md" && V != "json" && V != "csv")
           return std::string("--format must be html, md, json or csv");
         Format = V;
         return std::nullopt;
       }},
      {{"-o"},
       OptionValue::Separate,
       "-o FILE",
       "write the report to FILE instead of stdout",
       "",
       storeValue(OutFile)},
      {{"--table"},
       OptionValue::Separate,
       "--table TABLE",
       "with csv: findings (default), checklist (files by\nclass), kernels "
       "(kernels by class), dependencies\n(libraries) or build-files (notes "
       "per build file)",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         const std::string &V = U.Value;
         if (V != "findings" && V != "checklist" && V != "kernels" &&
             V != "dependencies" && V != "build-files")
           return std::string("--table must be findings, checklist, kernels, "
                              "dependencies or build-files");
         Table = V;
         return std::nullopt;
       }},
      {{"--verify"},
       OptionValue::Separate,
       "--verify RESULTS.json",
       "include the matrix of a `hipwright verify` run",
       "",
       storeValue(VerifyFile)},
      {{"--targets"},
       OptionValue::Separate,
       "--targets LIST",
       "AMD targets (default: the config's, else\ngfx942,gfx950)",
       "",
       storeValue(Targets)},
      {{"--config"},
       OptionValue::Separate,
       "--config FILE",
       "use FILE instead of the nearest .hipwright.yaml",
       "",
       storeValue(ConfigFile)},
  };
  for (Option &O : sharedOptions(ReportCmd, Req, Scale))
    Spec.Options.push_back(std::move(O));
  Spec.find("--rocm-version")->Help =
      "oldest ROCm the port must build with (default: the\nconfig's "
      "rocm-version, else the newest known)";
  Spec.Positional = appendTo(Req.Paths);
  Spec.AfterDashDash = clangArgsInto(Req);
  if (std::optional<int> Exit = parseCommandLine(Spec, Args))
    return *Exit;
  if (Req.Paths.empty())
    return reportUsage("no input paths");
  if (!Format)
    Format = OutFile ? formatFromExtension(*OutFile).value_or("md") : "md";
  if (Table && *Format != "csv")
    return reportUsage("--table needs --format csv (one CSV file holds one "
                       "table; the other formats hold them all)");

  // Read everything that can fail cheaply before the long parse.
  std::optional<json::Object> Verify;
  if (VerifyFile) {
    Expected<json::Object> V = readVerifyResults(*VerifyFile);
    if (!V)
      return reportError(toString(V.takeError()));
    Verify = std::move(*V);
  }
  ConfigResolver Configs(ConfigFile);
  Expected<const Config *> RunConfig = runConfig(Configs, Req.Paths.front());
  if (!RunConfig)
    return reportError(toString(RunConfig.takeError()));
  std::string TargetList = effectiveTargets(Targets, **RunConfig);
  Expected<std::vector<GpuTarget>> Parsed = parseTargets(TargetList);
  if (!Parsed)
    return reportUsage(toString(Parsed.takeError()));
  std::vector<std::string> TargetNames;
  for (const GpuTarget &T : *Parsed)
    TargetNames.push_back(T.Name);
  Req.Options.AnalyzeFor = std::move(*Parsed);
  if (!Req.Options.TargetRocm)
    Req.Options.TargetRocm = (*RunConfig)->TargetRocm;

  // The findings stage inside runPort judges the findings by the same
  // per-file configuration lint uses.
  Req.Findings.Configs = &Configs;
  if (std::optional<std::string> Bad = applyScaleOptions(Scale, Merged, Req))
    return reportUsage(*Bad);
  Req.OnUnitDone = terminalProgress("report");
  if (Req.Shard)
    return runShardPart("report", Args, Req, Scale);
  Expected<PortResult> Result = runPort(Req);
  if (!Result)
    return reportError(toString(Result.takeError()));
  noteCacheUse("report", *Result);
  if (OutFile && *OutFile != "-")
    if (Error E = checkNotAnInput(*OutFile, "-o", InputFiles(Result->Inputs)))
      return reportError(toString(std::move(E)));
  bool InputError = printInputNotes("report", *Result, errs());
  unsigned Partial = 0;
  for (const FileOutcome &F : Result->Files) {
    Partial += F.Status == FileStatus::Partial;
    if (F.Status == FileStatus::Failed) {
      InputError = true;
      for (const std::string &E : F.Errors)
        errs() << E << "\n";
    }
  }
  if (InputError)
    return reportError("some inputs could not be read");
  // One line, not one per file: the report's file table has the errors.
  if (Partial)
    errs() << "hipwright report: " << Partial
           << (Partial == 1 ? " file has" : " files have")
           << " compile errors; analysis may be incomplete (the report lists "
              "the errors)\n";

  std::vector<Finding> Findings = Result->Findings;
  sortFindings(Findings);

  ReportInput In;
  In.Analyzers = &builtinAnalyzers();
  In.Result = &*Result;
  In.Findings = std::move(Findings);
  In.Targets = TargetNames;
  In.Configs = &Configs;
  In.Verify = std::move(Verify);
  Expected<json::Object> Report = buildReport(In);
  if (!Report)
    return reportError(toString(Report.takeError()));

  // Render fully before opening the output, so a failure never leaves a
  // truncated report behind.
  std::string Text;
  raw_string_ostream TS(Text);
  if (*Format == "json")
    TS << formatv("{0:2}", json::Value(std::move(*Report))) << "\n";
  else if (*Format == "csv")
    printReportCsv(*Report, TS,
                   !Table || *Table == "findings" ? CsvTable::Findings
                   : *Table == "checklist"        ? CsvTable::Checklist
                   : *Table == "kernels"          ? CsvTable::Kernels
                   : *Table == "dependencies"     ? CsvTable::Dependencies
                                                  : CsvTable::BuildFiles);
  else if (*Format == "html")
    printReportHtml(*Report, TS);
  else
    printReportMarkdown(*Report, TS);

  if (!OutFile || *OutFile == "-") {
    outs() << Text;
    return ExitOk;
  }
  if (Error E = writeFileAtomically(*OutFile, Text, namedOutputFile()))
    return reportError(toString(std::move(E)));
  return ExitOk;
}

} // namespace hipwright
