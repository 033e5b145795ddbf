//===- LintCommand.cpp - `hipwright lint` ---------------------------------===//
//
// Runs the translator's parse with the analyzers on, writes no source, and
// prints the findings. Exit codes: 0 nothing at or above --fail-on, 1
// findings at or above it, 2 usage, environment or input error.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"
#include "ArgCursor.h"
#include "Commands.h"
#include "InputNotes.h"
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

static const char *LintHelp =
    R"(usage: hipwright lint [PATH...] [options] [-- CLANG_ARGS...]

Reports wave64 and portability hazards in CUDA sources; writes no source.

  --targets LIST         AMD targets to judge against (default: the config's
                         targets, else gfx942,gfx950)
  --fail-on LEVEL        note|warning|error|never: lowest severity that makes
                         the exit status 1 (default: warning)
  --format FMT           text (default), json or sarif
  -o FILE                write the findings to FILE instead of stdout
  --rules LIST           report only these rules (comma-separated ids or
                         globs; a category covers its subrules); a pattern
                         that matches no rule is an error (exit 2)
  --config FILE          use FILE instead of the nearest .hipwright.yaml
  --dump-config          print the effective configuration and exit
  --write-baseline FILE  record today's findings in FILE and exit 0
  --baseline FILE        fail only on findings that are not in FILE
  -p BUILD_DIR           read BUILD_DIR/compile_commands.json
  --cuda-path DIR        CUDA toolkit
  --rocm-version X.Y     oldest ROCm the port must build with: CUDA names
                         whose HIP twin is newer are reported (default: the
                         config's rocm-version, else the newest known)
  --no-cache             neither read nor write the result cache
                         (docs/cli.md: HIPWRIGHT_CACHE_DIR, ..._MAX_SIZE)
  --shard K/N            parse only shard K of N (split by path hash) and
                         write its results to --shard-out FILE; `hipwright
                         merge` joins the N files into this command's output
  -j, --jobs N           translation units in parallel

exit status: 0 no finding at or above --fail-on, 1 findings at or above it,
2 usage, environment or input error.
)";

static int lintUsage(const Twine &Msg) {
  errs() << "hipwright lint: " << Msg << "\n"
         << "Run `hipwright lint --help` for usage.\n";
  return ExitUsage;
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
  ArgCursor C(Args);
  while (!C.done()) {
    bool Missing = false;
    const std::string A = C.peek();
    std::string Bad;
    switch (takePortRunOption(C, Req, Scale, Bad)) {
    case SharedOption::Taken:
      continue;
    case SharedOption::Bad:
      return lintUsage(Bad);
    case SharedOption::NotMine:
      break;
    }
    if (A == "-h" || A == "--help") {
      outs() << LintHelp;
      return ExitOk;
    }
    if (auto V = C.value("--targets", Missing)) {
      Targets = *V;
    } else if (auto V = C.value("--fail-on", Missing)) {
      Expected<std::optional<Severity>> Level = parseFailOn(*V);
      if (!Level)
        return lintUsage(toString(Level.takeError()));
      FailOn = *Level;
    } else if (auto V = C.value("--format", Missing)) {
      if (*V != "text" && *V != "json" && *V != "sarif")
        return lintUsage("--format must be text, json or sarif");
      Format = *V;
    } else if (auto V = C.value("-o", Missing)) {
      OutFile = *V;
    } else if (auto V = C.value("--rules", Missing)) {
      SmallVector<StringRef, 4> Ids;
      StringRef(*V).split(Ids, ',', -1, false);
      for (StringRef Id : Ids)
        Req.Findings.OnlyRules.push_back(Id.trim().str());
    } else if (auto V = C.value("--config", Missing)) {
      ConfigFile = *V;
    } else if (C.flag("--dump-config")) {
      DumpConfig = true;
    } else if (auto V = C.value("--write-baseline", Missing)) {
      WriteBaseline = *V;
    } else if (auto V = C.value("--baseline", Missing)) {
      BaselineFile = *V;
    } else if (Missing) {
      return lintUsage(A + " needs a value");
    } else if (!A.empty() && A[0] == '-') {
      return lintUsage("unknown option '" + A + "'");
    } else {
      Req.Paths.push_back(C.next());
    }
  }
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
