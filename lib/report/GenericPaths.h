//===- GenericPaths.h - where a tree's generic path to a fast path is -*- C++
//-*-===//
//
// A kernel written for NVIDIA's newest GPUs alone (its definition, or all
// of its body, under `#if __CUDA_ARCH__ >= 900`) has no role on AMD when
// the tree also has the path every other GPU runs. Trees say which one that
// is in two ways this recognises: the same kernel name defined outside such
// a branch, or the name (of the kernel or of its file) with the
// architecture spelled in it (`attn_fwd_sm90`, `gemm_hopper.cu`) beside
// one without it or with an older architecture (`attn_fwd`,
// `attn_fwd_sm80`, `gemm.cu`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

/// The names \p Name would have on the generic path, lower-cased: the
/// newer-architecture word (`sm90`, `sm_90a`, `SM100`, `hopper`,
/// `blackwell`) taken out, or replaced by an older one (`sm80`, `sm75`,
/// `sm70`, `ampere`). Empty when the name spells no such architecture.
std::vector<std::string> genericNames(llvm::StringRef Name);

/// A definition outside NVIDIA-only branches.
struct GenericDefinition {
  std::string Name; ///< as written
  std::string Path;
  unsigned Line = 0;
};

/// Definitions outside NVIDIA-only branches, by name.
class GenericDefinitions {
public:
  void add(llvm::StringRef Name, llvm::StringRef Path, unsigned Line);
  /// The first definition of \p Name itself, else of one of its generic
  /// names (case aside); null when the tree has neither.
  const GenericDefinition *find(llvm::StringRef Name) const;

private:
  std::map<std::string, GenericDefinition> Exact, Lower;
};

} // namespace hipwright
