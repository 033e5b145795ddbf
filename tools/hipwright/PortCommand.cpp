//===- PortCommand.cpp - `hipwright port` ---------------------------------===//
#include "AnalyzerList.h"
#include "ArgCursor.h"
#include "Commands.h"
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

static const char *PortHelp =
    R"(usage: hipwright port [PATH...] [options] [-- CLANG_ARGS...]

Translates CUDA sources (.cu, .cuh, C/C++ files and headers; directories are
walked) to HIP.

output (default: a single input file is written to stdout):
  --out-root DIR         write the translated tree under DIR (not inside an
                         input directory)
  --copy-unchanged       with --out-root, also copy files that need no change
  --in-place             rewrite the sources themselves (atomically; owner
                         and mode kept, symbolic links written through)
  --no-backup            with --in-place, keep no <file>.orig (an existing
                         .orig is never overwritten: see docs/cli.md)
  --diff                 print a unified diff; write nothing

translation:
  --launch-syntax=chevron|hip-launch-kernel-ggl
                         keep <<<...>>> (default) or emit hipLaunchKernelGGL
  -p BUILD_DIR           read BUILD_DIR/compile_commands.json
  --cuda-path DIR        CUDA toolkit (default: $CUDA_PATH, nvcc on PATH,
                         /usr/local/cuda)
  --rocm-version X.Y     oldest ROCm the port must build with: a HIP name
                         that first shipped later is not emitted, the CUDA
                         name stays and is reported (default: the newest
                         release the rules know)
  --no-cache             neither read nor write the result cache
                         (docs/cli.md: HIPWRIGHT_CACHE_DIR, ..._MAX_SIZE)
  --shard K/N            parse only shard K of N (split by path hash) and
                         write its results to --shard-out FILE; `hipwright
                         merge` joins the N files into this command's output
  -j, --jobs N           translation units in parallel (default: cores)

build files:
  --no-build-files       leave CMake files and Makefiles alone (by default
                         they are migrated to CMake's HIP language and
                         clang's HIP mode, for the targets of --targets:
                         docs/build-files.md)

analysis:
  --fix                  also apply the analyzers' safe fix-its (not those
                         a NOLINT comment or .hipwright.yaml turns off)
  --rules LIST           with --fix: only these rules' fix-its (comma-
                         separated ids or globs; a category covers its
                         subrules; one that matches no rule is an error)
  --targets LIST         AMD targets the analyzers judge against and the
                         migrated build files compile for (default
                         gfx942,gfx950)
  --config FILE          use FILE instead of each file's nearest
                         .hipwright.yaml: disabled rules and excluded paths
                         get no fix-its
  --no-analyzers         translate only (no findings, no fix-its)

reporting:
  --stats FILE.json      write the summary as JSON
  -q, --quiet            no summary on stderr

exit status: 0 all translated (or left unchanged), 3 some files partial or
failed or some inputs unreadable, 2 usage or environment error.
)";

static int usageError(const Twine &Msg) {
  errs() << "hipwright port: " << Msg << "\n"
         << "Run `hipwright port --help` for usage.\n";
  return ExitUsage;
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
  ArgCursor C(Args);
  while (!C.done()) {
    bool Missing = false;
    const std::string A = C.peek();
    std::string Bad;
    switch (takePortRunOption(C, Req, Scale, Bad)) {
    case SharedOption::Taken:
      continue;
    case SharedOption::Bad:
      return usageError(Bad);
    case SharedOption::NotMine:
      break;
    }
    if (A == "-h" || A == "--help") {
      outs() << PortHelp;
      return ExitOk;
    }
    if (auto V = C.value("--out-root", Missing)) {
      Out.Mode = OutputMode::OutRoot;
      Out.OutRoot = *V;
      ++Modes;
    } else if (C.flag("--in-place")) {
      Out.Mode = OutputMode::InPlace;
      ++Modes;
    } else if (C.flag("--diff")) {
      Out.Mode = OutputMode::Diff;
      ++Modes;
    } else if (C.flag("--no-backup")) {
      Out.Backup = false;
    } else if (C.flag("--copy-unchanged")) {
      Out.CopyUnchanged = true;
    } else if (C.flag("--no-build-files")) {
      BuildFiles = false;
    } else if (C.flag("--no-analyzers")) {
      Analyze = false;
    } else if (auto V = C.value("--rules", Missing)) {
      SmallVector<StringRef, 4> Ids;
      StringRef(*V).split(Ids, ',', -1, false);
      for (StringRef Id : Ids)
        Req.FixRules.push_back(Id.trim().str());
    } else if (C.flag("--fix")) {
      Req.ApplyFixes = true;
    } else if (auto V = C.value("--targets", Missing)) {
      Targets = *V;
    } else if (auto V = C.value("--config", Missing)) {
      ConfigFile = *V;
    } else if (C.flag("-q") || C.flag("--quiet")) {
      Quiet = true;
    } else if (auto V = C.value("--launch-syntax", Missing)) {
      if (*V == "chevron")
        Req.Options.Launch = LaunchSyntax::Chevron;
      else if (*V == "hip-launch-kernel-ggl")
        Req.Options.Launch = LaunchSyntax::HipLaunchKernelGGL;
      else
        return usageError("--launch-syntax must be chevron or "
                          "hip-launch-kernel-ggl, not '" +
                          *V + "'");
    } else if (auto V = C.value("--stats", Missing)) {
      StatsFile = *V;
    } else if (Missing) {
      return usageError(A + " needs a value");
    } else if (!A.empty() && A[0] == '-') {
      return usageError("unknown option '" + A + "'");
    } else {
      Req.Paths.push_back(C.next());
    }
  }
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
