//===- TensorCoreTable.h - the report's per-kernel MFMA table ---*- C++ -*-===//
//
// The tensor-core analyzer already names, in each finding, the function it
// is in ("kernel 'gemm': ..."), the WMMA/MMA tile, the MFMA builtin per
// target ("use gfx942: __builtin_...; gfx950: ...") and the rocWMMA fragment
// in its suggestion. This gathers those per function; it reads the finding
// text only, never the source again.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "model/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

struct TensorCoreKernel {
  std::string File;  ///< absolute
  std::string Kind;  ///< "kernel", "device function", ... as the finding says
  std::string Name;  ///< empty when the finding names no function
  unsigned Line = 0; ///< first finding in it
  unsigned Findings = 0;
  std::vector<std::string> Shapes; ///< "m16n16k16 f16 x f16 + f32", ...
  /// Target -> MFMA builtins the findings propose for it.
  std::map<std::string, std::vector<std::string>> Mfma;
  std::vector<std::string> Rocwmma; ///< rocwmma::fragment<...> spellings
};

/// True for the rules this table is built from (tensor-core, tensor-core.*).
bool isTensorCoreRule(llvm::StringRef RuleId);

/// One row per (file, function) with tensor-core findings, in file/line
/// order. \p Targets are the run's target names, which the findings use as
/// labels.
std::vector<TensorCoreKernel>
tensorCoreKernels(llvm::ArrayRef<Finding> Findings,
                  llvm::ArrayRef<std::string> Targets);

} // namespace hipwright
