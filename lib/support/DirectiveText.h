//===- DirectiveText.h - a preprocessor line as one spaced string -*- C++
//-*-===//
//
// The report's source scan and the analyzers' skipped-branch labels both
// show directives as written: `#if  defined(A) && \` over two lines reads
// `#if defined(A) &&` with one space between words.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipwright {

/// \p S with each run of whitespace and line-continuation backslashes made
/// one space, none at either end.
inline std::string collapseDirectiveText(llvm::StringRef S) {
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (C == '\\' || C == ' ' || C == '\t' || C == '\r' || C == '\n' ||
        C == '\f' || C == '\v') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

} // namespace hipwright
