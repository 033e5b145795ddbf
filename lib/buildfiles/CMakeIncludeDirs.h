//===- CMakeIncludeDirs.h - include paths from CMake files ------*- C++ -*-===//
//
// A whole-tree port without compile_commands.json parses each source with
// the toolkit's and the user's flags only, so a source whose headers sit in
// a folder its CMakeLists.txt adds (`target_include_directories(app PRIVATE
// inc)`) fails to parse and its port stays partial. The tree's CMake files
// already say where those headers are; this reads them, literally and
// conservatively: only directories written out (relative, absolute, or from
// ${CMAKE_CURRENT_SOURCE_DIR} / ${CMAKE_CURRENT_LIST_DIR}) that exist.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

class CMakeIncludeDirs {
public:
  /// \p Root: the top of the input tree; no CMake file above it is read.
  explicit CMakeIncludeDirs(std::string Root);

  /// For \p Source (absolute): the directories of include_directories() in
  /// the CMakeLists.txt of its folder and of each folder above it up to
  /// Root (nearest first; CMake gives a folder's include directories to
  /// every target in it and below), then those of target_include_directories()
  /// for targets whose add_executable/add_library/cuda_add_* names the
  /// source. Absolute, existing, each once. A CMake file that does not parse
  /// adds nothing (the build-file migration reports it).
  std::vector<std::string> dirsFor(llvm::StringRef Source);

private:
  struct FileInfo {
    std::vector<std::string> DirectoryWide;
    /// Absolute source path -> the include directories of its targets.
    std::map<std::string, std::vector<std::string>> BySource;
  };
  const FileInfo &infoFor(const std::string &Dir);

  std::string Root;
  std::map<std::string, FileInfo> Cache; ///< by folder
};

} // namespace hipwright
