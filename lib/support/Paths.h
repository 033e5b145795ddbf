//===- Paths.h - one spelling per file --------------------------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipwright {

/// Absolute path with `.` and `..` removed: the one spelling of a file
/// used in every result, so a header reached two ways is one file.
std::string normalizePath(llvm::StringRef Path);

/// \p Path as a build file or manifest in \p Dir means it: itself when
/// absolute, else under \p Dir; `.` and `..` removed.
std::string resolvePath(llvm::StringRef Dir, llvm::StringRef Path);

} // namespace hipwright
