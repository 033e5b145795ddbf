//===- HipAlternatives.h - headers an #if chain swaps for HIP ones -*- C++ -*-//
//
// Trees that already build for several vendors pick one header per platform
// in an #if chain:
//
//   #if defined(GGML_USE_HIP)
//   #include "vendors/hip.h"
//   #elif defined(GGML_USE_MUSA)
//   #include "vendors/musa.h"
//   #else
//   #include "vendors/cuda.h"
//   #endif
//
// On AMD the HIP branch is taken, so the headers of the other branches have
// no role there, and the tree itself shows what runs instead: the porting
// checklist's evidence for `drop`. A header counts only when every #include
// of it in the tree sits in such a chain, another branch of which includes
// a file that is HIP already, and a branch of the chain names HIP, ROCm or
// AMD in its condition (a chain on some other switch may take the CUDA
// branch on AMD too).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "report/SourceScan.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hipwright {

/// A file of the tree and the #include lines its token scan found.
struct IncludingFile {
  std::string Path; ///< absolute
  const std::vector<ScannedInclude> *Includes = nullptr;
};

/// For every file of \p AllFiles that the rules above make a swapped-out
/// header: one sentence of evidence naming the including line, its branch,
/// and the HIP header the chain takes instead. \p HipFiles are the tree's
/// files that are HIP already; \p Rel prints a path relative to the tree.
std::map<std::string, std::string>
hipAlternatives(const std::vector<IncludingFile> &Files,
                const std::set<std::string> &AllFiles,
                const std::set<std::string> &HipFiles,
                llvm::function_ref<std::string(llvm::StringRef)> Rel);

} // namespace hipwright
