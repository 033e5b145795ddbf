//===- BuildFileLinks.h - CUDA libraries a build file links -----*- C++ -*-===//
//
// The dependency inventory's second source: CMake files (read with the
// build-file migration's CMake parser) and Makefiles name the libraries a
// tree links even where no source includes their headers directly.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "buildfiles/BuildFiles.h"
#include "report/LibraryTable.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

struct BuildLink {
  const LibraryRow *Library = nullptr;
  unsigned Line = 0;
  std::string How; ///< the word as written: CUDA::cublas, -lcufft
};

/// The known libraries \p Text (a build file of kind \p Kind, named \p Path
/// in errors) links or looks for. A CMake file CMake itself would reject
/// yields nothing and its error.
std::vector<BuildLink> buildFileLinks(llvm::StringRef Path,
                                      llvm::StringRef Text, BuildFileKind Kind,
                                      const LibraryTable &Libraries,
                                      std::string *Error = nullptr);

} // namespace hipwright
