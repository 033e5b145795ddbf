//===- VerifyCommand.cpp - `hipwright verify` -----------------------------===//
//
// Proves ports: builds each test program for both vendors and runs it at 32-
// and 64-lane wavefronts (docs/verify.md). Exit codes: 0 every cell passed or
// was not run, 1 a cell failed or errored, 2 usage or environment error.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"
#include "ArgCursor.h"
#include "Commands.h"
#include "SharedOptions.h"

#include "analysis/GpuTarget.h"
#include "port/OutputWriter.h"
#include "support/Progress.h"
#include "verify/Verifier.h"
#include "verify/VerifyMatrix.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static const char *VerifyHelp =
    R"(usage: hipwright verify [DIR|FILE...] [options]

Proves a port by building and running test programs: a .cu file with a main
that exits 0 when its results are right. For each program, the matrix says
whether the original builds with nvcc (sm_90), whether the port builds for
each AMD target (real code objects) and for NVIDIA (through a generated
HIP-on-CUDA header), and whether the original, the port and the port with
--fix give the right answers on hipwright's CPU SIMT runtime at 32- and
64-lane wavefronts - and on a real GPU when nvidia-smi or rocminfo finds one.
Every cell says how it was obtained, or why it was not run.

  DIR|FILE...            test programs (default: test_corpus/)
  --format FMT           text, json, md or html (default: from -o's
                         extension, else text)
  -o, --output FILE      write the matrix there (atomically) instead of stdout
  --targets LIST         AMD targets to build for (default gfx942,gfx950)
  --cuda-path DIR        CUDA toolkit (default: $CUDA_PATH, nvcc's, or
                         /usr/local/cuda)
  -I DIR, -IDIR          search DIR for headers (repeatable); every parse,
                         build and run gets it, e.g. the CUDA samples'
                         Common/ for helper_cuda.h
  -D NAME[=VALUE], -DNAME[=VALUE]
                         define a macro (repeatable) for every parse, build
                         and run
  -j N, -jN, --jobs N    parallel builds and runs (default: one per core)
  --timeout SECONDS      limit for each run (default 120)
  --work DIR             keep ports, builds and logs in DIR
  --keep-work            keep the temporary work directory (its path is
                         printed)
  -q, --quiet            no progress line

Exit status: 0 no cell failed, 1 some cell failed or errored, 2 usage or
environment error.
)";

static int usageError(const Twine &Msg) {
  errs() << "hipwright verify: " << Msg << "\n"
         << "Run `hipwright verify --help` for usage.\n";
  return ExitUsage;
}

/// `-X VALUE` or `-XVALUE` (the compilers' spelling of -I and -D).
static std::optional<std::string> compilerStyle(ArgCursor &C, StringRef Flag,
                                                bool &Missing) {
  StringRef A = C.peek();
  if (A == Flag)
    return C.value(Flag.str(), Missing);
  if (A.size() > Flag.size() && A.starts_with(Flag)) {
    C.next();
    return A.drop_front(Flag.size()).str();
  }
  return std::nullopt;
}

/// A -D argument is NAME or NAME=VALUE with NAME an identifier: anything
/// else would reach the compilers as some other option.
static bool isMacroDefinition(StringRef D) {
  StringRef Name = D.split('=').first;
  return !Name.empty() && !isDigit(Name[0]) &&
         all_of(Name, [](char Ch) { return isAlnum(Ch) || Ch == '_'; });
}

int runVerifyCommand(const std::vector<std::string> &Args) {
  verify::VerifyRequest Req;
  Req.Analyzers = &builtinAnalyzers();
  std::optional<std::string> Format, Output;
  bool Quiet = false;
  ArgCursor C(Args);
  while (!C.done()) {
    bool Missing = false;
    const std::string A = C.peek();
    // --cuda-path and -j/--jobs/-jN mean what they mean for port, lint and
    // report; -p and `--` feed only a port's parse, which would leave the
    // builds and runs seeing other flags: verify takes -I/-D instead.
    PortRequest Shared;
    std::string Bad;
    switch (takeSharedOption(C, Shared, Bad)) {
    case SharedOption::Bad:
      return usageError(Bad);
    case SharedOption::Taken:
      if (Shared.BuildDir || !Shared.ExtraArgs.empty())
        return usageError("-p and -- are not verify options; give include "
                          "directories and macros with -I and -D");
      if (Shared.CudaPath)
        Req.CudaPath = Shared.CudaPath;
      if (Shared.Jobs)
        Req.Jobs = Shared.Jobs;
      continue;
    case SharedOption::NotMine:
      break;
    }
    if (A == "-h" || A == "--help") {
      outs() << VerifyHelp;
      return ExitOk;
    }
    if (auto V = C.value("--format", Missing)) {
      Format = *V;
    } else if (auto V = C.value("--output", Missing)) {
      Output = *V;
    } else if (auto V = C.value("-o", Missing)) {
      Output = *V;
    } else if (auto V = C.value("--targets", Missing)) {
      Req.Targets = *V;
    } else if (auto V = compilerStyle(C, "-I", Missing)) {
      if (!sys::fs::is_directory(*V))
        return usageError("-I " + *V + ": no such directory");
      Req.Flags.IncludeDirs.push_back(*V);
    } else if (auto V = compilerStyle(C, "-D", Missing)) {
      if (!isMacroDefinition(*V))
        return usageError("-D needs NAME or NAME=VALUE, not '" + *V + "'");
      Req.Flags.Defines.push_back(*V);
    } else if (auto V = C.value("--timeout", Missing)) {
      if (!to_integer(*V, Req.RunTimeoutSeconds, 10) ||
          Req.RunTimeoutSeconds == 0)
        return usageError("--timeout needs a positive number of seconds, "
                          "not '" +
                          *V + "'");
    } else if (auto V = C.value("--work", Missing)) {
      Req.WorkDir = *V;
    } else if (C.flag("--keep-work")) {
      Req.KeepWork = true;
    } else if (C.flag("-q") || C.flag("--quiet")) {
      Quiet = true;
    } else if (Missing) {
      return usageError(A + " needs a value");
    } else if (!A.empty() && A[0] == '-') {
      return usageError("unknown option '" + A + "'");
    } else {
      Req.Paths.push_back(C.next());
    }
  }
  if (Req.Paths.empty()) {
    if (!sys::fs::is_directory("test_corpus"))
      return usageError("no test programs given and no test_corpus/ here");
    Req.Paths.push_back("test_corpus");
  }
  if (!Format) {
    StringRef Ext = Output ? sys::path::extension(*Output) : "";
    Format = Ext == ".json"                      ? "json"
             : Ext == ".md"                      ? "md"
             : (Ext == ".html" || Ext == ".htm") ? "html"
                                                 : "text";
  }
  if (*Format != "text" && *Format != "json" && *Format != "md" &&
      *Format != "html")
    return usageError("--format must be text, json, md or html, not '" +
                      *Format + "'");
  if (auto T = parseTargets(Req.Targets); !T)
    return usageError(toString(T.takeError()));

  if (!Quiet)
    Req.OnProgress = terminalProgress("verify");
  if (Req.KeepWork && !Req.WorkDir) {
    SmallString<256> W;
    if (std::error_code EC =
            sys::fs::createUniqueDirectory("hipwright-verify", W))
      return usageError("cannot create a work directory: " + EC.message());
    Req.WorkDir = std::string(W);
  }
  Expected<verify::Matrix> M = verify::runVerify(Req);
  if (!M) {
    errs() << "hipwright verify: error: " << toString(M.takeError()) << "\n";
    return ExitUsage;
  }

  std::string Text;
  raw_string_ostream OS(Text);
  if (*Format == "json")
    OS << formatv("{0:2}", verify::toJson(*M)) << "\n";
  else if (*Format == "md")
    verify::printMarkdown(*M, OS);
  else if (*Format == "html")
    verify::printHtml(*M, OS);
  else
    verify::printText(*M, OS);
  if (Output) {
    if (Error E = writeFileAtomically(*Output, Text)) {
      errs() << "hipwright verify: error: " << toString(std::move(E)) << "\n";
      return ExitUsage;
    }
  } else {
    outs() << Text;
  }
  if (Req.KeepWork && Req.WorkDir)
    errs() << "hipwright verify: work kept in " << *Req.WorkDir << "\n";
  return M->clean() ? ExitOk : ExitFindings;
}

} // namespace hipwright
