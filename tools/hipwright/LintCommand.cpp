//===- LintCommand.cpp - `hipwright lint` ---------------------------------===//
//
// Runs the translator's parse with the analyzers on, writes no source, and
// prints the findings. Exit codes: 0 nothing at or above --fail-on, 1
// findings at or above it, 2 usage, environment or input error.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"
#include "Commands.h"
#include "InputNotes.h"
#include "OptionTable.h"
#include "ScaleOptions.h"
#include "SharedOptions.h"

#include "config/Config.h"
#include "findings/Baseline.h"
#include "findings/LintGate.h"
#include "output/FindingFormats.h"
#include "output/TextFindings.h"
#include "port/OutputSafety.h"
#include "port/Porter.h"
#include "support/AtomicFile.h"
#include "support/Plural.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static int lintUsage(const Twine &Msg) {
  return commandUsageError("lint", Msg);
}

int runLintCommand(const std::vector<std::string> &Args,
                   const MergedShards *Merged) {
  PortRequest Req;
  Req.Options.Analyzers = &builtinAnalyzers();
  ScaleOptions Scale;
  std::optional<std::string> Targets, ConfigFile, OutFile, WriteBaseline,
      BaselineFile;
  std::string Format = "text";
  bool DumpConfig = false;
  std::optional<Severity> FailOn = Severity::Warning;
  CommandOptions Spec;
  Spec.Command = "lint";
  Spec.Synopsis =
      "usage: hipwright lint [PATH...] [options] [-- CLANG_ARGS...]\n\n"
      "Reports wave64 and portability hazards in CUDA sources; writes no "
      "source.\n\n";
  Spec.Epilogue = "exit status: 0 no finding at or above --fail-on, 1 "
                  "findings at or above it,\n2 usage, environment or input "
                  "error.\n";
  Spec.Options = {
      {{"--targets"},
       OptionValue::Separate,
       "--targets LIST",
       "AMD targets to judge against (default: the config's\ntargets, else "
       "gfx942,gfx950)",
       "",
       storeValue(Targets)},
      {{"--fail-on"},
       OptionValue::Separate,
       "--fail-on LEVEL",
       "note|warning|error|never: lowest severity that makes\nthe exit "
       "status 1 (default: warning)",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         Expected<std::optional<Severity>> Level = parseFailOn(U.Value);
         if (!Level)
           return toString(Level.takeError());
         FailOn = *Level;
         return std::nullopt;
       }},
      {{"--format"},
       OptionValue::Separate,
       "--format FMT",
       "text (default), json or sarif",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         if (U.Value != "text" && U.Value != "json" && U.Value != "sarif")
           return std::string("--format must be text, json or sarif");
         Format = U.Value;
         return std::nullopt;
       }},
      {{"-o"},
       OptionValue::Separate,
       "-o FILE",
       "write the findings to FILE instead of stdout",
       "",
       storeValue(OutFile)},
      {{"--rules"},
       OptionValue::Separate,
       "--rules LIST",
       "report only these rules (comma-separated ids or\nglobs; a category "
       "covers its subrules); a pattern\nthat matches no rule is an error "
       "(exit 2)",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         appendCommaList(U.Value, Req.Findings.OnlyRules);
         return std::nullopt;
       }},
      {{"--config"},
       OptionValue::Separate,
       "--config FILE",
       "use FILE instead of the nearest .hipwright.yaml",
       "",
       storeValue(ConfigFile)},
      {{"--dump-config"},
       OptionValue::None,
       "--dump-config",
       "print the effective configuration and exit",
       "",
       setFlag(DumpConfig)},
      {{"--write-baseline"},
       OptionValue::Separate,
       "--write-baseline FILE",
       "record today's findings in FILE and exit 0",
       "",
       storeValue(WriteBaseline)},
      {{"--baseline"},
       OptionValue::Separate,
       "--baseline FILE",
       "fail only on findings that are not in FILE",
       "",
       storeValue(BaselineFile)},
  };
  for (Option &O : sharedOptions(LintCmd, Req, Scale))
    Spec.Options.push_back(std::move(O));
  Spec.find("--rocm-version")->Help =
      "oldest ROCm the port must build with: CUDA names\nwhose HIP twin is "
      "newer are reported (default: the\nconfig's rocm-version, else the "
      "newest known)";
  Spec.Positional = appendTo(Req.Paths);
  Spec.AfterDashDash = clangArgsInto(Req);
  if (std::optional<int> Exit = parseCommandLine(Spec, Args))
    return *Exit;
  ConfigResolver Configs(ConfigFile);
  // The configuration of the first input decides the run-wide settings
  // (targets); per-file settings are resolved per finding below.
  std::string First = Req.Paths.empty() ? "." : Req.Paths.front();
  Expected<const Config *> RunConfig = runConfig(Configs, First);
  if (!RunConfig) {
    errs() << "hipwright lint: error: " << toString(RunConfig.takeError())
           << "\n";
    return ExitUsage;
  }
  if (DumpConfig) {
    // Effective: --targets on the command line wins over the file's.
    Config Shown = **RunConfig;
    if (Targets) {
      auto Parsed = parseTargets(*Targets);
      if (!Parsed)
        return lintUsage(toString(Parsed.takeError()));
      Shown.Targets.clear();
      for (const GpuTarget &T : *Parsed)
        Shown.Targets.push_back(T.Name);
    }
    dumpConfig(Shown, outs());
    return ExitOk;
  }
  if (Req.Paths.empty())
    return lintUsage("no input paths");
  std::string TargetList = effectiveTargets(Targets, **RunConfig);
  auto Parsed = parseTargets(TargetList);
  if (!Parsed)
    return lintUsage(toString(Parsed.takeError()));
  Req.Options.AnalyzeFor = std::move(*Parsed);
  if (!Req.Options.TargetRocm)
    Req.Options.TargetRocm = (*RunConfig)->TargetRocm;
  if (BaselineFile) {
    Expected<Baseline> B = readBaseline(*BaselineFile);
    if (!B) {
      errs() << "hipwright lint: error: " << toString(B.takeError()) << "\n";
      return ExitUsage;
    }
    Req.Findings.Known = std::move(*B);
  }
  // The findings stage inside runPort judges every finding by this run's
  // configuration, --rules and baseline.
  Req.Findings.Configs = &Configs;

  if (std::optional<std::string> Bad = applyScaleOptions(Scale, Merged, Req))
    return lintUsage(*Bad);
  Req.OnUnitDone = terminalProgress("lint");
  if (Req.Shard)
    return runShardPart("lint", Args, Req, Scale);
  Expected<PortResult> Result = runPort(Req);
  if (!Result) {
    errs() << "hipwright lint: error: " << toString(Result.takeError()) << "\n";
    return ExitUsage;
  }
  noteCacheUse("lint", *Result);

  std::vector<Finding> Findings = std::move(Result->Findings);
  sortFindings(Findings);

  bool InputError = printInputNotes("lint", *Result, errs());
  for (const FileOutcome &F : Result->Files) {
    if (F.Status == FileStatus::Failed) {
      InputError = true;
      for (const std::string &E : F.Errors)
        errs() << E << "\n";
    } else if (F.Status == FileStatus::Partial) {
      errs() << "hipwright lint: " << displayPath(F.Path)
             << ": compile errors, analysis may be incomplete";
      if (!F.Errors.empty())
        errs() << ": " << F.Errors.front();
      errs() << "\n";
    }
  }
  if (InputError)
    return ExitUsage;

  // Neither output may land on a source (`-o k.cu` is one typo away).
  InputFiles Inputs(Result->Inputs);
  for (const auto &[Option, Path] :
       {std::pair{"-o", OutFile}, std::pair{"--write-baseline", WriteBaseline}})
    if (Path)
      if (Error E = checkNotAnInput(*Path, Option, Inputs)) {
        errs() << "hipwright lint: error: " << toString(std::move(E)) << "\n";
        return ExitUsage;
      }

  auto Rel = [](StringRef P) { return displayPath(P); };
  if (WriteBaseline) {
    std::vector<Finding> Active = baselineEntries(Findings);
    if (Error E = writeBaseline(*WriteBaseline, Active, Rel)) {
      errs() << "hipwright lint: error: " << toString(std::move(E)) << "\n";
      return ExitUsage;
    }
    errs() << "hipwright lint: recorded " << countOf(Active.size(), "finding")
           << " in " << *WriteBaseline << "\n";
    return ExitOk;
  }

  GateDecision Gate = decideGate(Findings, FailOn);

  // -o is rendered whole before it is written: a failed write leaves no
  // truncated file, and is exit 2, never mistaken for "findings". (A failed
  // write to stdout is caught in main.)
  std::string Text;
  raw_string_ostream TS(Text);
  raw_ostream &OS = OutFile ? static_cast<raw_ostream &>(TS) : outs();
  if (Format == "json")
    OS << formatv("{0:2}", findingsJson(Findings, Rel)) << "\n";
  else if (Format == "sarif")
    OS << formatv("{0:2}",
                  findingsSarif(Findings, builtinAnalyzers().rules(), Rel))
       << "\n";
  else
    printFindingsText(Gate.Gating, OS,
                      !OutFile && sys::Process::StandardOutHasColors());
  if (OutFile)
    if (Error E = writeFileAtomically(*OutFile, Text, namedOutputFile())) {
      errs() << "hipwright lint: error: " << toString(std::move(E)) << "\n";
      return ExitUsage;
    }
  if (unsigned Known = Gate.InBaseline)
    errs() << "hipwright lint: " << countOf(Known, "finding")
           << (Known == 1 ? " matches" : " match") << " the baseline and "
           << (Known == 1 ? "is" : "are") << " not reported\n";
  return Gate.Fails ? ExitFindings : ExitOk;
}

} // namespace hipwright
