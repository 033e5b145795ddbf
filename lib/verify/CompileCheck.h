//===- CompileCheck.h - compile HIP sources for real targets ----*- C++ -*-===//
//
// The compile check: builds HIP sources for AMDGPU targets with clang's HIP
// toolchain (gfx942, gfx950: a real code object in the offload bundle) and,
// given the HIP-on-CUDA mapping header, for NVIDIA targets with nvcc. It is
// what `verify` fills its build cells with, what `hipwright compile-check`
// prints, and what the test suites run (tests/compile/hip_compile_check.sh
// execs that command). docs/compile-check.md describes the rules.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "verify/CompileToolchain.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright::verify {

struct CompileCheckRequest {
  std::vector<std::string> Files;       ///< sources, as the caller names them
  std::vector<std::string> Targets;     ///< gfxNNN (AMD) or sm_NN (NVIDIA)
  std::vector<std::string> IncludeDirs; ///< -I, searched in order
  std::vector<std::string> Defines;     ///< NAME or NAME=VALUE
  /// Objects, logs and the NVIDIA stand-in headers live here.
  std::string WorkDir;
  unsigned Jobs = 1; ///< compiles run at once (at least 1)
  /// A missing tool is an error (ToolchainMissing) rather than a skip: a
  /// test run that compiled nothing must not pass.
  bool RequireToolchain = false;
  /// sm_* targets build through this header (NvidiaMapping.h); without it
  /// they are skipped.
  std::optional<std::string> NvidiaMappingHeader;
  bool KeepCommands = false; ///< fill CompileResult::Command (--verbose)
};

enum class CompileStatus {
  Compiled,         ///< an object for the target (see Detail)
  Failed,           ///< the compiler or the object check said no
  Skipped,          ///< not run, for the reason in Detail
  ToolchainMissing, ///< not run for lack of a tool, and that was required
};

/// "file:line[:col]: message" of the first compiler error.
struct CompileError {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0; ///< 0 when the compiler gave none (nvcc)
  std::string Message;
};

struct CompileResult {
  std::string File;   ///< as in the request
  std::string Target; ///< as in the request
  CompileStatus Status = CompileStatus::Skipped;
  /// One line: what was built ("bundle ..., code object v6"), why it failed
  /// ("clang++ exited non-zero") or why it was not run.
  std::string Detail;
  /// The first error the compiler reported, when it reported one in the
  /// usual file:line form.
  std::optional<CompileError> FirstError;
  /// The first error lines of the log (or its last lines when none says
  /// "error:"), for a reader: at most six.
  std::vector<std::string> ErrorLines;
  std::string LogPath; ///< everything the tools printed; "" when not run
  std::string Command; ///< the compiler command line (KeepCommands)

  bool failed() const {
    return Status == CompileStatus::Failed ||
           Status == CompileStatus::ToolchainMissing;
  }
};

struct CompileCheckOutcome {
  /// One per file and target, files in request order, targets within each.
  std::vector<CompileResult> Results;
  /// Set when a tool the AMD builds need is missing: every result then says
  /// so (Skipped, or ToolchainMissing when required) and nothing was built.
  std::optional<std::string> ToolchainProblem;
};

/// Runs the check. Missing tools and failing compiles are results; an
/// llvm::Error means the check itself could not be set up (a bad request,
/// an unwritable work directory, NVIDIA stand-in headers that could not be
/// built).
llvm::Expected<CompileCheckOutcome>
runCompileCheck(const CompileCheckRequest &Req, const CompileToolchain &Tools);

/// HIPWRIGHT_REQUIRE_TOOLCHAIN=1 in the environment (the suites and CI).
bool toolchainRequiredByEnvironment();

} // namespace hipwright::verify
