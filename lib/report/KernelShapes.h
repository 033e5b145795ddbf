//===- KernelShapes.h - kernels shaped like a library algorithm -*- C++ -*-===//
//
// A hand-written block reduction, prefix scan, sorting network or histogram
// is what hipCUB / rocPRIM / rocThrust already do on AMD; a team replaces it
// rather than porting and tuning it for wave64. The checklist needs to know
// which kernels are that and nothing else, so it reads each kernel body's
// tokens (the same raw token pass as SourceScan: no parse, no headers) for
// the algorithm's steps, and separately for work the algorithm does not do
// (transcendental math, calls it cannot see, per-element outputs, several
// inputs): a softmax has a reduction's steps, but also exp and a
// per-element store. A name never decides; it is only named as agreeing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "report/AlgorithmTable.h"
#include "report/SourceScan.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {

struct KernelShape {
  ShapeKind Kind = ShapeKind::Reduction;
  /// The lines that matched, each "line N `code`: what it does".
  std::vector<std::string> Steps;
  /// Work beyond the algorithm, each with its line; empty: the kernel is
  /// only the algorithm.
  std::vector<std::string> OtherWork;
  /// What the algorithm's shape lacks (a reduction whose result is never
  /// written once per block); empty when complete.
  std::string Missing;
  /// "its name (reduce6) agrees", or "".
  std::string NameAgrees;

  bool replaceable() const { return Missing.empty() && OtherWork.empty(); }
};

/// The device code of a tree, for recognizing its kernels: each file's
/// text and scan, so a kernel's calls to `__device__` helpers defined in
/// any file of the tree are read too.
class ShapeContext {
public:
  ShapeContext();
  ~ShapeContext();
  /// \p Text and \p Scan must outlive the context (and \p Text, as every
  /// std::string, end in a NUL the lexer may read); \p Path names the file
  /// in evidence. Returns the file's handle for recognize().
  unsigned addFile(llvm::StringRef Path, llvm::StringRef Text,
                   const SourceScanResult &Scan);

  /// The library algorithm kernel \p K of file \p File has the shape of,
  /// with the lines that show it and any other work; nullopt when it has
  /// no such shape (not even an incomplete one).
  std::optional<KernelShape> recognize(unsigned File,
                                       const ScannedKernel &K) const;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace hipwright
