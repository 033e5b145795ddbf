//===- MakeIncludeDirs.h - include paths from Makefiles ---------*- C++ -*-===//
//
// What CMakeIncludeDirs does for CMake trees, for trees built by make: a
// source whose headers sit in a folder its Makefile names with -I (INCLUDES
// := -Iinc, CFLAGS += -I../common) parses with that folder on the path when
// the port has no compile_commands.json. Read literally and conservatively:
// -I words anywhere in the Makefile of the source's folder or of a folder
// above it (up to the tree's root), written out or from $(CURDIR), relative
// to the Makefile's folder (where make runs), that exist.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

class MakeIncludeDirs {
public:
  /// \p Root: the top of the input tree; no Makefile above it is read.
  explicit MakeIncludeDirs(std::string Root);

  /// For \p Source (absolute): the -I directories of the Makefiles of its
  /// folder and the folders above it up to Root, nearest first. Absolute,
  /// existing, each once.
  std::vector<std::string> dirsFor(llvm::StringRef Source);

private:
  const std::vector<std::string> &dirsOfFolder(const std::string &Dir);

  std::string Root;
  std::map<std::string, std::vector<std::string>> Cache; ///< by folder
};

} // namespace hipwright
