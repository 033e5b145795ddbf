//===- VerifyCommand.cpp - `hipwright verify` -----------------------------===//
//
// Proves ports: builds each test program for both vendors and runs it at 32-
// and 64-lane wavefronts (docs/verify.md). Exit codes: 0 every cell passed or
// was not run, 1 a cell failed or errored, 2 usage or environment error.
//
//===----------------------------------------------------------------------===//
#include "AnalyzerList.h"
#include "Commands.h"
#include "OptionTable.h"
#include "SharedOptions.h"

#include "analysis/GpuTarget.h"
#include "port/InputTree.h"
#include "port/OutputSafety.h"
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

static int usageError(const Twine &Msg) {
  return commandUsageError("verify", Msg);
}

static int verifyError(const Twine &Msg) {
  errs() << "hipwright verify: error: " << Msg << "\n";
  return ExitUsage;
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
  // --cuda-path and -j/--jobs/-jN mean what they mean for port, lint and
  // report; -p and `--` feed only a port's parse, which would leave the
  // builds and runs seeing other flags: verify takes -I/-D instead.
  PortRequest Shared;
  ScaleOptions NoScale;
  std::vector<Option> SharedRows = sharedOptions(VerifyCmd, Shared, NoScale);
  auto NotVerify = [](const auto &...) -> std::optional<std::string> {
    return std::string("-p and -- are not verify options; give include "
                       "directories and macros with -I and -D");
  };
  CommandOptions Spec;
  Spec.Command = "verify";
  Spec.Synopsis =
      "usage: hipwright verify [DIR|FILE...] [options]\n\n"
      "Proves a port by building and running test programs: a .cu file with "
      "a main\nthat exits 0 when its results are right. For each program, "
      "the matrix says\nwhether the original builds with nvcc (sm_90), "
      "whether the port builds for\neach AMD target (real code objects) and "
      "for NVIDIA (through a generated\nHIP-on-CUDA header), and whether "
      "the original, the port and the port with\n--fix give the right "
      "answers on hipwright's CPU SIMT runtime at 32- and\n64-lane "
      "wavefronts - and on a real GPU when nvidia-smi or rocminfo finds "
      "one.\nEvery cell says how it was obtained, or why it was not "
      "run.\n\n";
  Spec.Epilogue = "Exit status: 0 no cell failed, 1 some cell failed or "
                  "errored, 2 usage or\nenvironment error.\n";
  Spec.Options = {
      {{},
       OptionValue::None,
       "DIR|FILE...",
       "test programs (default: test_corpus/)",
       "",
       nullptr},
      {{"--format"},
       OptionValue::Separate,
       "--format FMT",
       "text, json, md or html (default: from -o's\nextension, else text)",
       "",
       storeValue(Format)},
      {{"--output", "-o"},
       OptionValue::Separate,
       "-o, --output FILE",
       "write the matrix there (atomically) instead of stdout",
       "",
       storeValue(Output)},
      {{"--targets"},
       OptionValue::Separate,
       "--targets LIST",
       "AMD targets to build for (default gfx942,gfx950)",
       "",
       storeValue(Req.Targets)},
      takeOption(SharedRows, "--cuda-path"),
      {{"-I"},
       OptionValue::CompilerStyle,
       "-I DIR, -IDIR",
       "search DIR for headers (repeatable); every parse,\nbuild and run "
       "gets it, e.g. the CUDA samples'\nCommon/ for helper_cuda.h",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         if (!sys::fs::is_directory(U.Value))
           return "-I " + U.Value + ": no such directory";
         Req.Flags.IncludeDirs.push_back(U.Value);
         return std::nullopt;
       }},
      {{"-D"},
       OptionValue::CompilerStyle,
       "-D NAME[=VALUE], -DNAME[=VALUE]",
       "define a macro (repeatable) for every parse, build\nand run",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         if (!isMacroDefinition(U.Value))
           return "-D needs NAME or NAME=VALUE, not '" + U.Value + "'";
         Req.Flags.Defines.push_back(U.Value);
         return std::nullopt;
       }},
      takeOption(SharedRows, "--jobs"),
      takeOption(SharedRows, "-j"),
      {{"--timeout"},
       OptionValue::Separate,
       "--timeout SECONDS",
       "limit for each run (default 120)",
       "",
       [&](const OptionUse &U) -> std::optional<std::string> {
         if (!to_integer(U.Value, Req.RunTimeoutSeconds, 10) ||
             Req.RunTimeoutSeconds == 0)
           return "--timeout needs a positive number of seconds, not '" +
                  U.Value + "'";
         return std::nullopt;
       }},
      {{"--manifest"},
       OptionValue::Separate,
       "--manifest FILE",
       "the programs, their arguments and verdicts\n(docs/verify.md#manifest;"
       " default: each DIR's\nhipwright-verify.yaml)",
       "",
       storeValue(Req.Manifest)},
      {{"--work"},
       OptionValue::Separate,
       "--work DIR",
       "keep ports, builds and logs in DIR",
       "",
       storeValue(Req.WorkDir)},
      {{"--keep-work"},
       OptionValue::None,
       "--keep-work",
       "keep the temporary work directory (its path is\nprinted)",
       "",
       setFlag(Req.KeepWork)},
      {{"-q", "--quiet"},
       OptionValue::None,
       "-q, --quiet",
       "no progress line",
       "",
       setFlag(Quiet)},
      // Taken, to say what to use instead.
      {{"-p"}, OptionValue::Separate, "", "", "", NotVerify},
  };
  // The rest (--rocm-version) is accepted as it always was, unlisted.
  for (Option &O : SharedRows) {
    O.Usage.clear();
    Spec.Options.push_back(std::move(O));
  }
  Spec.find("--cuda-path")->Help =
      "CUDA toolkit (default: $CUDA_PATH, nvcc's, or\n/usr/local/cuda)";
  Spec.find("--jobs")->Usage = "-j N, -jN, --jobs N";
  Spec.find("--jobs")->Help = "parallel builds and runs (default: one per "
                              "core)";
  Spec.Positional = appendTo(Req.Paths);
  Spec.AfterDashDash = [&](std::vector<std::string> Rest) {
    return Rest.empty() ? std::nullopt : NotVerify();
  };
  if (std::optional<int> Exit = parseCommandLine(Spec, Args))
    return *Exit;
  if (Shared.CudaPath)
    Req.CudaPath = Shared.CudaPath;
  if (Shared.Jobs)
    Req.Jobs = Shared.Jobs;
  if (Req.Paths.empty() && Req.Manifest) {
    // The programs are the manifest's; the port reads its folder.
    SmallString<256> Dir(sys::path::parent_path(*Req.Manifest));
    Req.Paths.push_back(Dir.empty() ? "." : std::string(Dir));
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

  // Before the long run: the report may not land on a test program (`-o
  // k.cu` is one typo away), and the ported files written under --work
  // must not land among the inputs, where the next run would read them.
  // A path that does not exist is runVerify's to report.
  if (Expected<InputTree> Tree = collectInputs(Req.Paths)) {
    if (Output)
      if (Error E = checkNotAnInput(*Output, "-o", InputFiles(*Tree)))
        return verifyError(toString(std::move(E)));
    if (Req.WorkDir) {
      if (Error E =
              checkOutRootOutsideInputs(*Req.WorkDir, Req.Paths, "--work"))
        return verifyError(toString(std::move(E)));
      if (Error E = checkDirHoldsNoInput(*Req.WorkDir, "--work", *Tree))
        return verifyError(toString(std::move(E)));
    }
  } else {
    consumeError(Tree.takeError());
  }

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
