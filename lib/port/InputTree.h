//===- InputTree.h - the files a port reads ---------------------*- C++ -*-===//
#pragma once

#include "support/Paths.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright {

struct InputTree {
  std::string Root;                      ///< common root of every input
  std::vector<std::string> Units;        ///< sources to parse, sorted
  std::vector<std::string> Headers;      ///< headers, sorted
  bool SingleFile = false;               ///< exactly one file was named

  /// True for files under Root: the user's, translated and written.
  bool contains(llvm::StringRef Path) const;
  /// Path relative to Root.
  std::string relative(llvm::StringRef Path) const;
};

/// True for the extensions a port walks: CUDA, C and C++ sources/headers.
bool isPortableSource(llvm::StringRef Path);
bool isHeader(llvm::StringRef Path);

/// Resolves the command-line paths (files or directories, walked
/// recursively) into absolute, normalized paths. A path that does not exist
/// is an error naming it.
llvm::Expected<InputTree> collectInputs(const std::vector<std::string> &Paths);

} // namespace hipwright
