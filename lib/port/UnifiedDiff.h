//===- UnifiedDiff.h - `diff -u` of two texts -------------------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipwright {

/// A unified diff (3 lines of context) from \p Before to \p After, with
/// `--- a/<OldName>` / `+++ b/<NewName>` headers; empty when equal.
std::string unifiedDiff(llvm::StringRef Before, llvm::StringRef After,
                        llvm::StringRef OldName, llvm::StringRef NewName);

} // namespace hipwright
