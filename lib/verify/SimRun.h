//===- SimRun.h - running a program on the CPU SIMT runtime -----*- C++ -*-===//
#pragma once

#include "verify/CompileFlags.h"
#include "verify/Toolchain.h"
#include "verify/VerifyMatrix.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace hipwright::verify {

struct SimRequest {
  std::string Source; ///< the .cu (CUDA original or HIP port)
  /// The program's other sources (ProgramSources.h), built and linked
  /// with it.
  std::vector<std::string> Extra;
  bool IsCuda = true;      ///< nvcc includes cuda_runtime.h implicitly
  std::string WorkDir;     ///< where the lowered file and binary go
  std::vector<int> Widths; ///< wavefront widths to run at
  unsigned TimeoutSeconds = 120;
  CompileFlags Flags; ///< the user's -I and -D
  /// The program's arguments and environment (the manifest's).
  std::vector<std::string> Args = {};
  std::vector<std::pair<std::string, std::string>> Env = {};
};

/// Lowers, compiles and runs \p Req.Source once per width; one cell per
/// width, in the order of Req.Widths. A program the runtime cannot execute
/// (inline PTX, tensor cores, vendor libraries...) gets not-run cells with
/// the reason.
/// \p Stdout, when given, gets what each run printed on stdout (what was
/// kept of it), one per width; empty for a run that did not happen.
std::vector<Cell> runOnSimulator(const Toolchain &T, const SimRequest &Req,
                                 std::vector<std::string> *Stdout = nullptr);

} // namespace hipwright::verify
