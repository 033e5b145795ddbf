//===- LintCommand.cpp - `hipwright lint` ---------------------------------===//
//
// Runs the translator's parse with the analyzers on, writes no source, and
// prints the findings. Exit codes: 0 nothing at or above --fail-on, 1
// findings at or above it, 2 usage, environment or input error.
//
//===----------------------------------------------------------------------===//
#include "ArgCursor.h"
#include "Commands.h"

#include "output/TextFindings.h"
#include "port/Porter.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static const char *LintHelp =
    R"(usage: hipwright lint [PATH...] [options] [-- CLANG_ARGS...]

Reports wave64 and portability hazards in CUDA sources; writes no source.

  --targets LIST         AMD targets to judge against (default gfx942,gfx950)
  --fail-on LEVEL        note|warning|error|never: lowest severity that makes
                         the exit status 1 (default: warning)
  -p BUILD_DIR           read BUILD_DIR/compile_commands.json
  --cuda-path DIR        CUDA toolkit
  -j, --jobs N           translation units in parallel

exit status: 0 no finding at or above --fail-on, 1 findings at or above it,
2 usage, environment or input error.
)";

static int lintUsage(const Twine &Msg) {
  errs() << "hipwright lint: " << Msg << "\n"
         << "Run `hipwright lint --help` for usage.\n";
  return ExitUsage;
}

int runLintCommand(const std::vector<std::string> &Args) {
  PortRequest Req;
  std::string Targets = kDefaultTargets;
  std::optional<Severity> FailOn = Severity::Warning;
  ArgCursor C(Args);
  while (!C.done()) {
    bool Missing = false;
    const std::string A = C.peek();
    if (A == "--") {
      C.next();
      while (!C.done())
        Req.ExtraArgs.push_back(C.next());
      break;
    }
    if (A == "-h" || A == "--help") {
      outs() << LintHelp;
      return ExitOk;
    }
    if (auto V = C.value("--targets", Missing)) {
      Targets = *V;
    } else if (auto V = C.value("--fail-on", Missing)) {
      if (*V == "note")
        FailOn = Severity::Note;
      else if (*V == "warning")
        FailOn = Severity::Warning;
      else if (*V == "error")
        FailOn = Severity::Error;
      else if (*V == "never")
        FailOn = std::nullopt;
      else
        return lintUsage("--fail-on must be note, warning, error or never");
    } else if (auto V = C.value("-p", Missing)) {
      Req.BuildDir = *V;
    } else if (auto V = C.value("--cuda-path", Missing)) {
      Req.CudaPath = *V;
    } else if (auto V = C.value("--jobs", Missing)) {
      if (StringRef(*V).getAsInteger(10, Req.Jobs) || Req.Jobs == 0)
        return lintUsage("--jobs needs a positive number");
    } else if (auto V = C.value("-j", Missing)) {
      if (StringRef(*V).getAsInteger(10, Req.Jobs) || Req.Jobs == 0)
        return lintUsage("-j needs a positive number");
    } else if (Missing) {
      return lintUsage(A + " needs a value");
    } else if (!A.empty() && A[0] == '-') {
      return lintUsage("unknown option '" + A + "'");
    } else {
      Req.Paths.push_back(C.next());
    }
  }
  if (Req.Paths.empty())
    return lintUsage("no input paths");
  auto Parsed = parseTargets(Targets);
  if (!Parsed)
    return lintUsage(toString(Parsed.takeError()));
  Req.Options.AnalyzeFor = std::move(*Parsed);

  Expected<PortResult> Result = runPort(Req);
  if (!Result) {
    errs() << "hipwright lint: error: " << toString(Result.takeError())
           << "\n";
    return ExitUsage;
  }
  std::vector<Finding> Findings = Result->Findings;
  sortFindings(Findings);
  printFindingsText(Findings, outs(), sys::Process::StandardOutHasColors());
  bool InputError = false;
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
  if (FailOn)
    for (const Finding &F : Findings)
      if (F.Level >= *FailOn)
        return ExitFindings;
  return ExitOk;
}

} // namespace hipwright
