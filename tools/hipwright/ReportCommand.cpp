//===- ReportCommand.cpp - `hipwright report` -----------------------------===//
//
// One port-and-analyze pass (nothing is written to the tree), the findings
// judged by .hipwright.yaml as lint judges them, then the migration-effort
// report in one format. Exit codes: 0 report written (findings do not fail
// it), 2 usage, environment or input error.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"
#include "ArgCursor.h"
#include "Commands.h"
#include "InputNotes.h"
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

static const char *ReportHelp =
    R"(usage: hipwright report [PATH...] [options] [-- CLANG_ARGS...]

Writes a migration-effort report for a CUDA tree: its size, how much the
translator converts automatically, every finding by category, file and
directory, the estimated manual effort (docs/effort-model.md), tensor-core
kernels with their MFMA / rocWMMA equivalents, Hopper-only features,
unsupported APIs, and the tree's CMake files and Makefiles with what their
migration would leave for a person. Writes no source and no build file.

  --format FMT           html, md, json or csv (default: from -o's extension,
                         else md)
  -o FILE                write the report to FILE instead of stdout
  --table TABLE          with csv: findings (default), checklist (files by
                         class), kernels (kernels by class), dependencies
                         (libraries) or build-files (notes per build file)
  --verify RESULTS.json  include the matrix of a `hipwright verify` run
  --targets LIST         AMD targets (default: the config's, else
                         gfx942,gfx950)
  --config FILE          use FILE instead of the nearest .hipwright.yaml
  -p BUILD_DIR           read BUILD_DIR/compile_commands.json
  --cuda-path DIR        CUDA toolkit
  --rocm-version X.Y     oldest ROCm the port must build with (default: the
                         config's rocm-version, else the newest known)
  --no-cache             neither read nor write the result cache
                         (docs/cli.md: HIPWRIGHT_CACHE_DIR, ..._MAX_SIZE)
  --shard K/N            parse only shard K of N (split by path hash) and
                         write its results to --shard-out FILE; `hipwright
                         merge` joins the N files into this command's output
  -j, --jobs N           translation units in parallel

exit status: 0 report written, 2 usage, environment or input error.
)";

static int reportUsage(const Twine &Msg) {
  errs() << "hipwright report: " << Msg << "\n"
         << "Run `hipwright report --help` for usage.\n";
  return ExitUsage;
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
  ArgCursor C(Args);
  while (!C.done()) {
    bool Missing = false;
    const std::string A = C.peek();
    std::string Bad;
    switch (takePortRunOption(C, Req, Scale, Bad)) {
    case SharedOption::Taken:
      continue;
    case SharedOption::Bad:
      return reportUsage(Bad);
    case SharedOption::NotMine:
      break;
    }
    if (A == "-h" || A == "--help") {
      outs() << ReportHelp;
      return ExitOk;
    }
    if (auto V = C.value("--format", Missing)) {
      if (*V != "html" && *V != "md" && *V != "json" && *V != "csv")
        return reportUsage("--format must be html, md, json or csv");
      Format = *V;
    } else if (auto V = C.value("--table", Missing)) {
      if (*V != "findings" && *V != "checklist" && *V != "kernels" &&
          *V != "dependencies" && *V != "build-files")
        return reportUsage("--table must be findings, checklist, kernels, "
                           "dependencies or build-files");
      Table = *V;
    } else if (auto V = C.value("-o", Missing)) {
      OutFile = *V;
    } else if (auto V = C.value("--verify", Missing)) {
      VerifyFile = *V;
    } else if (auto V = C.value("--targets", Missing)) {
      Targets = *V;
    } else if (auto V = C.value("--config", Missing)) {
      ConfigFile = *V;
    } else if (Missing) {
      return reportUsage(A + " needs a value");
    } else if (!A.empty() && A[0] == '-') {
      return reportUsage("unknown option '" + A + "'");
    } else {
      Req.Paths.push_back(C.next());
    }
  }
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
