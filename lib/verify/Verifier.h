//===- Verifier.h - `hipwright verify`: fill the matrix ---------*- C++ -*-===//
#pragma once

#include "support/Progress.h"
#include "verify/CompileFlags.h"
#include "verify/VerifyMatrix.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {
class AnalyzerRegistry;
} // namespace hipwright

namespace hipwright::verify {

struct VerifyRequest {
  std::vector<std::string> Paths; ///< directories or .cu files
  std::string Targets = "gfx942,gfx950";
  /// -I and -D for every parse, build and run (made absolute by runVerify).
  CompileFlags Flags;
  std::optional<std::string> CudaPath;
  std::optional<std::string> WorkDir; ///< kept when given; else a temp dir
  /// The programs with their arguments and verdicts (Manifest.h); without
  /// it, each directory's hipwright-verify.yaml, else every test program
  /// found, judged by its exit status.
  std::optional<std::string> Manifest;
  bool KeepWork = false;
  unsigned Jobs = 0;                ///< 0: one per core
  unsigned RunTimeoutSeconds = 120; ///< per simulated or GPU run
  /// Called as each build/run task completes (a progress line).
  ProgressCallback OnProgress;
  /// The analyzers whose fix-its the fixed port applies (the command line
  /// passes builtinAnalyzers()). Null: the fixed port has no fix-its.
  const AnalyzerRegistry *Analyzers = nullptr;
};

/// Finds the test programs (a .cu with a main) under \p Paths, sorted.
llvm::Expected<std::vector<std::string>>
findTestPrograms(const std::vector<std::string> &Paths);

/// Ports the programs (plainly and with --fix), builds and runs them, and
/// returns the matrix. Fails only when the request itself is unusable.
llvm::Expected<Matrix> runVerify(const VerifyRequest &Req);

} // namespace hipwright::verify
