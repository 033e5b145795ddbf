//===- CompileCheckCommand.cpp - `hipwright compile-check` ----------------===//
//
// Compiles HIP sources for real targets and prints one line per file and
// target (docs/compile-check.md). tests/compile/hip_compile_check.sh execs
// this command with its own arguments, so the options and the report are
// the script's: the test suites and bench/samples_port.sh depend on both.
//
//===----------------------------------------------------------------------===//
#include "ArgCursor.h"
#include "Commands.h"

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

static const char *CompileCheckHelp =
    R"(usage: hipwright compile-check [options] FILE...

Compiles HIP sources for real AMDGPU targets with clang's HIP toolchain
and, given a mapping header, for NVIDIA targets with nvcc. One line per file
and target: PASS, FAIL (followed by the first compiler errors, indented) or
SKIP (with the reason). A PASS on an AMDGPU target means clang produced an
object whose offload bundle holds a code object for exactly that target.

  --targets LIST         gfxNNN and sm_NN names (default gfx942,gfx950)
  -I DIR, --include DIR  search DIR for headers (repeatable)
  -D NAME[=VALUE], --define NAME[=VALUE]
                         define a macro (repeatable)
  --work DIR             objects, logs and the device-library overlay
                         (default $TMPDIR/hipwright-compile-check)
  -j N, --jobs N         compiles at once (default 1)
  --nvidia-mapping-header FILE
                         build sm_* targets through this header (hipwright's
                         HIP-on-CUDA mapping); without it they are skipped
  -v, --verbose          print each passing build's command line

HIPWRIGHT_REQUIRE_TOOLCHAIN=1 turns a missing tool into a failure.
Exit status: 0 nothing failed, 1 something failed, 2 usage or setup error,
77 the toolchain is missing (everything skipped).
)";

static int usageError(const Twine &Msg) {
  errs() << "hipwright compile-check: " << Msg << "\n"
         << "Run `hipwright compile-check --help` for usage.\n";
  return ExitUsage;
}

int runCompileCheckCommand(const std::vector<std::string> &Args) {
  verify::CompileCheckRequest Req;
  std::string Targets = "gfx942,gfx950";
  ArgCursor C(Args);
  while (!C.done()) {
    bool Missing = false;
    const std::string A = C.peek();
    if (A == "-h" || A == "--help") {
      outs() << CompileCheckHelp;
      return ExitOk;
    }
    if (A == "--") {
      C.next();
      while (!C.done())
        Req.Files.push_back(C.next());
      break;
    }
    if (auto V = C.value("--targets", Missing)) {
      Targets = *V;
    } else if (auto V = C.value("--include", Missing)) {
      Req.IncludeDirs.push_back(*V);
    } else if (auto V = C.value("-I", Missing)) {
      Req.IncludeDirs.push_back(*V);
    } else if (auto V = C.value("--define", Missing)) {
      Req.Defines.push_back(*V);
    } else if (auto V = C.value("-D", Missing)) {
      Req.Defines.push_back(*V);
    } else if (auto V = C.value("--work", Missing)) {
      Req.WorkDir = *V;
    } else if (auto V = C.value("--jobs", Missing)) {
      if (!to_integer(*V, Req.Jobs, 10) || Req.Jobs == 0)
        return usageError("--jobs needs a positive number, not '" + *V + "'");
    } else if (auto V = C.value("-j", Missing)) {
      if (!to_integer(*V, Req.Jobs, 10) || Req.Jobs == 0)
        return usageError("-j needs a positive number, not '" + *V + "'");
    } else if (auto V = C.value("--nvidia-mapping-header", Missing)) {
      Req.NvidiaMappingHeader = *V;
    } else if (C.flag("-v") || C.flag("--verbose")) {
      Req.KeepCommands = true;
    } else if (Missing) {
      return usageError(A + " needs a value");
    } else if (!A.empty() && A[0] == '-') {
      return usageError("unknown option '" + A + "'");
    } else {
      Req.Files.push_back(C.next());
    }
  }
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
