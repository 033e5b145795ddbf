//===- Plural.h - "1 file", "2 files" ---------------------------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipwright {

/// \p N and the noun, singular for exactly one: "1 file", "0 files",
/// "3 matches" (give \p Plural when adding "s" is wrong).
inline std::string countOf(uint64_t N, llvm::StringRef Singular,
                           llvm::StringRef Plural = "") {
  std::string Out = std::to_string(N) + " ";
  if (N == 1)
    return Out + Singular.str();
  return Out + (Plural.empty() ? Singular.str() + "s" : Plural.str());
}

} // namespace hipwright
