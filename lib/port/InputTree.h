//===- InputTree.h - the files a port reads ---------------------*- C++ -*-===//
#pragma once

#include "support/Paths.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hipwright {

/// An input the walk did not take, and why.
struct InputNote {
  std::string Path;    ///< absolute, as reached by the walk
  std::string Message; ///< "cannot be read: Permission denied"
};

struct InputTree {
  std::string Root;                 ///< common root of every input
  std::vector<std::string> Units;   ///< sources to parse, sorted
  std::vector<std::string> Headers; ///< headers, sorted
  /// CMake files (buildfiles/BuildFiles.h), sorted; those inside a CMake
  /// build tree (a directory holding CMakeCache.txt) are not the user's.
  std::vector<std::string> BuildFiles;
  bool SingleFile = false; ///< exactly one file was named
  /// Directories (and links to sources) that could not be read: their files
  /// are missing from Units/Headers, so no command may pass over them.
  std::vector<InputNote> Unreadable;
  /// Symbolic links that were not followed because the directory or file
  /// they reach was already walked (a link cycle, or a second path to the
  /// same place), and links that lead nowhere. Sorted by path.
  std::vector<InputNote> Skipped;

  /// True for files under Root: the user's, translated and written.
  bool contains(llvm::StringRef Path) const;
  /// Path relative to Root.
  std::string relative(llvm::StringRef Path) const;
};

/// True for the extensions a port walks: CUDA, C and C++ sources/headers.
bool isPortableSource(llvm::StringRef Path);
bool isHeader(llvm::StringRef Path);

/// Resolves the command-line paths (files or directories, walked
/// recursively) into absolute, normalized paths. Every real directory and
/// file is taken once, however many links lead to it, so link cycles end.
/// A path that does not exist is an error naming it, and so is a set of
/// paths that holds no source at all.
llvm::Expected<InputTree> collectInputs(const std::vector<std::string> &Paths);

} // namespace hipwright
