//===- AlgorithmTable.h - library algorithms and ROCm twins -----*- C++ -*-===//
//-*-===//
//
// rules/report/algorithms.tsv: for each algorithm shape the checklist
// recognizes in hand-written kernels (report/KernelShapes.h), the library
// that does it on NVIDIA and its ROCm counterpart, with the facts' source.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright {

enum class ShapeKind { Reduction, Scan, Sort, Histogram };
const char *toString(ShapeKind K);

/// A row of rules/report/algorithms.tsv: who does a shape on NVIDIA and on
/// ROCm.
struct AlgorithmRow {
  ShapeKind Shape = ShapeKind::Reduction;
  std::string Library; ///< the libraries.tsv row ("CUB")
  std::string Cuda;    ///< "cub::BlockReduce, cub::DeviceReduce, ..."
  std::string Rocm;    ///< "hipCUB BlockReduce / DeviceReduce ..."
  std::string Source;
};

/// Parses an algorithms table; errors name "FILE:LINE".
llvm::Expected<std::vector<AlgorithmRow>>
parseAlgorithmTable(llvm::StringRef Name, llvm::StringRef Text);
/// The table compiled into the binary.
const std::vector<AlgorithmRow> &builtinAlgorithms();
/// The builtin row for \p K (every shape has one; the unit tests check).
const AlgorithmRow &algorithmFor(ShapeKind K);

} // namespace hipwright
