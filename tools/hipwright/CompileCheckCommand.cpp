//===- CompileCheckCommand.cpp - `hipwright compile-check` ----------------===//
//
// Compiles HIP sources for real targets and prints one line per file and
// target (docs/compile-check.md). tests/compile/hip_compile_check.sh execs
// this command with its own arguments, so the options and the report are
// the script's: the test suites and bench/samples_port.sh depend on both.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "OptionTable.h"

#include "verify/CompileCheck.h"
#include "verify/CompileCheckReport.h"
#include "verify/CompileToolchain.h"
#include "verify/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace hipwright {

int runCompileCheckCommand(const std::vector<std::string> &Args) {
  verify::CompileCheckRequest Req;
  std::string Targets = "gfx942,gfx950";
  CommandOptions Spec;
  Spec.Command = "compile-check";
  Spec.Synopsis =
      "usage: hipwright compile-check [options] FILE...\n\n"
      "Compiles HIP sources for real AMDGPU targets with clang's HIP "
      "toolchain\nand, given a mapping header, for NVIDIA targets with nvcc. "
      "One line per file\nand target: PASS, FAIL (followed by the first "
      "compiler errors, indented) or\nSKIP (with the reason). A PASS on an "
      "AMDGPU target means clang produced an\nobject whose offload bundle "
      "holds a code object for exactly that target.\n";
  Spec.Epilogue =
      "HIPWRIGHT_REQUIRE_TOOLCHAIN=1 turns a missing tool into a failure.\n"
      "Exit status: 0 nothing failed, 1 something failed, 2 usage or setup "
      "error,\n77 the toolchain is missing (everything skipped).\n";
  Spec.Options = {
      {{"--targets"},
       OptionValue::Separate,
       "--targets LIST",
       "gfxNNN and sm_NN names (default gfx942,gfx950)",
       "",
       storeValue(Targets)},
      {{"-I", "--include"},
       OptionValue::CompilerStyle,
       "-I DIR, --include DIR",
       "search DIR for headers (repeatable)",
       "",
       appendValue(Req.IncludeDirs)},
      {{"-D", "--define"},
       OptionValue::CompilerStyle,
       "-D NAME[=VALUE], --define NAME[=VALUE]",
       "define a macro (repeatable)",
       "",
       appendValue(Req.Defines)},
      {{"--work"},
       OptionValue::Separate,
       "--work DIR",
       "objects, logs and generated headers\n(default "
       "$TMPDIR/hipwright-compile-check)",
       "",
       storeValue(Req.WorkDir)},
      {{"-j", "--jobs"},
       OptionValue::Joined,
       "-j N, --jobs N",
       "compiles at once (default 1)",
       "",
       storeJobs(Req.Jobs)},
      {{"--nvidia-mapping-header"},
       OptionValue::Separate,
       "--nvidia-mapping-header FILE",
       "build sm_* targets through this header (hipwright's\nHIP-on-CUDA "
       "mapping); without it they are skipped",
       "",
       [&](const OptionUse &U) {
         Req.NvidiaMappingHeader = U.Value;
         return std::optional<std::string>();
       }},
      {{"-v", "--verbose"},
       OptionValue::None,
       "-v, --verbose",
       "print each passing build's command line",
       "",
       setFlag(Req.KeepCommands)},
  };
  Spec.Positional = appendTo(Req.Files);
  Spec.AfterDashDash = [&](std::vector<std::string> Rest) {
    Req.Files.insert(Req.Files.end(), Rest.begin(), Rest.end());
    return std::optional<std::string>();
  };
  if (std::optional<int> Exit = parseCommandLine(Spec, Args))
    return *Exit;
  auto usageError = [](const Twine &Msg) {
    return commandUsageError("compile-check", Msg);
  };
  if (Req.Files.empty())
    return usageError("no input files");
  for (StringRef T : split(Targets, ','))
    if (!T.empty())
      Req.Targets.push_back(T.str());
  if (Req.Targets.empty())
    return usageError("--targets needs at least one target");
  if (Req.WorkDir.empty()) {
    const char *Tmp = std::getenv("TMPDIR");
    SmallString<256> W(Tmp && *Tmp ? Tmp : "/tmp");
    sys::path::append(W, "hipwright-compile-check");
    Req.WorkDir = std::string(W);
  }
  Req.RequireToolchain = verify::toolchainRequiredByEnvironment();

  verify::CompileToolchain Tools =
      verify::compileToolchainFrom(verify::findToolchain(std::nullopt));
  Expected<verify::CompileCheckOutcome> O = verify::runCompileCheck(Req, Tools);
  if (!O) {
    errs() << "hipwright compile-check: error: " << toString(O.takeError())
           << "\n";
    return ExitUsage;
  }
  if (O->ToolchainProblem && Req.RequireToolchain)
    errs() << "hipwright compile-check: " << *O->ToolchainProblem
           << "; HIPWRIGHT_REQUIRE_TOOLCHAIN=1 makes this an error\n";
  verify::printCompileReport(*O, outs());
  return verify::compileCheckExitCode(*O);
}

} // namespace hipwright
