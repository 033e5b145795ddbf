//===- PortCommand.cpp - `hipwright port` ---------------------------------===//
#include "AnalyzerList.h"
#include "Commands.h"
#include "OptionTable.h"
#include "ScaleOptions.h"
#include "SharedOptions.h"

#include "config/Config.h"
#include "output/TextFindings.h"
#include "port/OutputSafety.h"
#include "port/OutputWriter.h"
#include "port/Porter.h"
#include "port/Summary.h"
#include "support/Plural.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static int usageError(const Twine &Msg) {
  return commandUsageError("port", Msg);
}

static int portError(const Twine &Msg) {
  errs() << "hipwright port: error: " << Msg << "\n";
  return ExitUsage;
}

int runPortCommand(const std::vector<std::string> &Args,
                   const MergedShards *Merged) {
  PortRequest Req;
  Req.Options.Analyzers = &builtinAnalyzers();
  ScaleOptions Scale;
  OutputOptions Out;
  std::optional<std::string> StatsFile;
  bool Quiet = false;
  std::string Targets = kDefaultTargets;
  bool Analyze = true;
  bool BuildFiles = true;
  int Modes = 0;
  std::optional<std::string> ConfigFile;
  // --out-root, --in-place and --diff: one output mode, counted to refuse
  // two.
  auto Output = [&](OutputMode M) {
    return [&, M](const OptionUse &U) -> std::optional<std::string> {
      Out.Mode = M;
      if (M == OutputMode::OutRoot)
        Out.OutRoot = U.Value;
      ++Modes;
      return std::nullopt;
    };
  };
  CommandOptions Spec;
  Spec.Command = "port";
  Spec.Synopsis =
      "usage: hipwright port [PATH...] [options] [-- CLANG_ARGS...]\n\n"
      "Translates CUDA sources (.cu, .cuh, C/C++ files and headers; "
      "directories are\nwalked) to HIP.\n\n";
  Spec.Epilogue =
      "exit status: 0 all translated (or left unchanged), 3 some files "
      "partial or\nfailed or some inputs unreadable, 2 usage or environment "
      "error.\n";
  const std::string OutputSection =
      "output (default: a single input file is written to stdout)";
  Spec.Options = {
      {{"--out-root"},
       OptionValue::Separate,
       "--out-root DIR",
       "write the translated tree under DIR (not inside an\ninput directory)",
       OutputSection,
       Output(OutputMode::OutRoot)},
      {{"--copy-unchanged"},
       OptionValue::None,
       "--copy-unchanged",
       "with --out-root, also copy files that need no change",
       OutputSection,
       setFlag(Out.CopyUnchanged)},
      {{"--in-place"},
       OptionValue::None,
       "--in-place",
       "rewrite the sources themselves (atomically; owner\nand mode kept, "
       "symbolic links written through)",
       OutputSection,
       Output(OutputMode::InPlace)},
      {{"--no-backup"},
       OptionValue::None,
       "--no-backup",
       "with --in-place, keep no <file>.orig (an existing\n.orig is never "
       "overwritten: see docs/cli.md)",
       OutputSection,
       setFlag(Out.Backup, false)},
      {{"--diff"},
       OptionValue::None,
       "--diff",
       "print a unified diff; write nothing",
       OutputSection,
       Output(OutputMode::Diff)},
      {{"--launch-syntax"},
       OptionValue::Separate,
       "--launch-syntax=chevron|hip-launch-kernel-ggl",
       "keep <<<...>>> (default) or emit hipLaunchKernelGGL",
       "translation",
       [&](const OptionUse &U) -> std::optional<std::string> {
         if (U.Value == "chevron")
           Req.Options.Launch = LaunchSyntax::Chevron;
         else if (U.Value == "hip-launch-kernel-ggl")
           Req.Options.Launch = LaunchSyntax::HipLaunchKernelGGL;
         else
           return "--launch-syntax must be chevron or hip-launch-kernel-ggl, "
                  "not '" +
                  U.Value + "'";
         return std::nullopt;
       }},
  };
  for (Option &O : sharedOptions(PortCmd, Req, Scale)) {
    O.Section = "translation";
    Spec.Options.push_back(std::move(O));
  }
  Spec.find("--cuda-path")->Help =
      "CUDA toolkit (default: $CUDA_PATH, nvcc on PATH,\n/usr/local/cuda)";
  Spec.find("--rocm-version")->Help =
      "oldest ROCm the port must build with: a HIP name\nthat first shipped "
      "later is not emitted, the CUDA\nname stays and is reported (default: "
      "the newest\nrelease the rules know)";
  Spec.find("--jobs")->Help = "translation units in parallel (default: cores)";
  std::vector<Option> Rest = {
      {{"--no-build-files"},
       OptionValue::None,
       "--no-build-files",
       "leave CMake files and Makefiles alone (by default\nthey are migrated "
       "to CMake's HIP language and\nclang's HIP mode, for the targets of "
       "--targets:\ndocs/build-files.md)",
       "build files",
       setFlag(BuildFiles, false)},
      {{"--fix"},
       OptionValue::None,
       "--fix",
       "also apply the analyzers' safe fix-its (not those\na NOLINT comment "
       "or .hipwright.yaml turns off)",
       "analysis",
       setFlag(Req.ApplyFixes)},
      {{"--fix=native"},
       OptionValue::None,
       "--fix=native",
       "as --fix, but rewrite code built on 32-lane warps\nfor whole "
       "wavefronts (warpSize) where every use\nof the width is understood, "
       "instead of keeping\n32-lane groups (docs/rules/"
       "warp-size.native-rewrite.md)",
       "analysis",
       [&](const OptionUse &) -> std::optional<std::string> {
         Req.ApplyFixes = true;
         Req.Options.NativeWave = true;
         return std::nullopt;
       }},
      {{"--rules"},
       OptionValue::Separate,
       "--rules LIST",
       "with --fix: only these rules' fix-its (comma-\nseparated ids or "
       "globs; a category covers its\nsubrules; one that matches no rule is "
       "an error)",
       "analysis",
       [&](const OptionUse &U) -> std::optional<std::string> {
         appendCommaList(U.Value, Req.FixRules);
         return std::nullopt;
       }},
      {{"--targets"},
       OptionValue::Separate,
       "--targets LIST",
       "AMD targets the analyzers judge against and the\nmigrated build "
       "files compile for (default\ngfx942,gfx950)",
       "analysis",
       storeValue(Targets)},
      {{"--config"},
       OptionValue::Separate,
       "--config FILE",
       "use FILE instead of each file's nearest\n.hipwright.yaml: disabled "
       "rules and excluded paths\nget no fix-its",
       "analysis",
       storeValue(ConfigFile)},
      {{"--no-analyzers"},
       OptionValue::None,
       "--no-analyzers",
       "translate only (no findings, no fix-its)",
       "analysis",
       setFlag(Analyze, false)},
      {{"--stats"},
       OptionValue::Separate,
       "--stats FILE.json",
       "write the summary as JSON",
       "reporting",
       storeValue(StatsFile)},
      {{"-q", "--quiet"},
       OptionValue::None,
       "-q, --quiet",
       "no summary on stderr",
       "reporting",
       setFlag(Quiet)},
  };
  for (Option &O : Rest)
    Spec.Options.push_back(std::move(O));
  Spec.Positional = appendTo(Req.Paths);
  Spec.AfterDashDash = clangArgsInto(Req);
  if (std::optional<int> Exit = parseCommandLine(Spec, Args))
    return *Exit;
  if (Req.Paths.empty())
    return usageError("no input paths");
  if (Modes > 1)
    return usageError("--out-root, --in-place and --diff exclude each other");
  if (!Out.Backup && Out.Mode != OutputMode::InPlace)
    return usageError("--no-backup only applies to --in-place");
  // Before the long parse: an output tree inside the inputs is refused
  // whatever the parse finds.
  if (Out.Mode == OutputMode::OutRoot)
    if (Error E = checkOutRootOutsideInputs(Out.OutRoot, Req.Paths))
      return portError(toString(std::move(E)));

  // The analyzers run on every port (their findings are counted in the
  // summary); --fix decides whether their fix-its are applied.
  auto ParsedTargets = parseTargets(Targets);
  if (!ParsedTargets)
    return usageError(toString(ParsedTargets.takeError()));
  if (!Req.FixRules.empty() && !Req.ApplyFixes)
    return usageError("--rules chooses which fix-its --fix applies; add "
                      "--fix (to see findings by rule, use `hipwright lint "
                      "--rules`)");
  if (Req.ApplyFixes && !Analyze)
    return usageError("--fix needs the analyzers; drop --no-analyzers");
  Req.MigrateBuildFiles = BuildFiles;
  Req.BuildArchitectures.clear();
  for (const GpuTarget &G : *ParsedTargets)
    Req.BuildArchitectures.push_back(G.Name);
  if (Analyze)
    Req.Options.AnalyzeFor = std::move(*ParsedTargets);

  // The findings stage inside runPort judges the findings (and so the
  // fix-its) by each file's configuration, as lint does.
  ConfigResolver Configs(ConfigFile);
  Req.Findings.Configs = &Configs;
  if (std::optional<std::string> Bad = applyScaleOptions(Scale, Merged, Req))
    return usageError(*Bad);
  Req.OnUnitDone = terminalProgress("port");
  if (Req.Shard)
    return runShardPart("port", Args, Req, Scale);
  Expected<PortResult> Result = runPort(Req);
  if (!Result)
    return portError(toString(Result.takeError()));
  noteCacheUse("port", *Result);
  if (Out.Mode == OutputMode::Stdout &&
      !(Result->Inputs.SingleFile && Result->Files.size() == 1))
    return usageError("stdout takes a single input file, and " +
                      Twine(Req.Paths.size() == 1
                                ? "the input is a directory with "
                                : "the inputs hold ") +
                      countOf(Result->Files.size(), "file") +
                      ": choose --out-root DIR, --in-place or --diff");
  // Unreadable inputs are errors whatever -q says: their code was not
  // ported.
  for (const InputNote &N : Result->Inputs.Unreadable)
    errs() << "hipwright port: error: " << displayPath(N.Path) << " "
           << N.Message << "\n";

  // A --stats path that is one of the inputs is refused before any source
  // is written.
  std::string Stats;
  if (StatsFile) {
    if (Error E =
            checkNotAnInput(*StatsFile, "--stats", InputFiles(Result->Inputs)))
      return portError(toString(std::move(E)));
    raw_string_ostream SS(Stats);
    SS << formatv("{0:2}", summaryJson(*Result)) << "\n";
  }
  Out.OnNote = [](const std::string &Line) {
    errs() << "hipwright port: note: " << Line << "\n";
  };
  if (Error E = writeOutputs(*Result, Out, outs()))
    return portError(toString(std::move(E)));
  if (StatsFile)
    if (Error E = writeFileAtomically(*StatsFile, Stats, namedOutputFile()))
      return portError(toString(std::move(E)));
  if (!Quiet)
    printSummary(*Result, errs());
  PortStats S = computeStats(*Result);
  return S.Partial || S.Failed || !Result->Inputs.Unreadable.empty()
             ? ExitPartial
             : ExitOk;
}

} // namespace hipwright
