//===- MakeSyntax.h - logical lines and words of a GNU Makefile -*- C++ -*-===//
//
// The two steps of reading a Makefile that its migration (MakeMigrator) and
// the report's dependency inventory (report/BuildFileLinks) share: logical
// lines, with their \-newline continuations, and the words of one, with
// $(...) and ${...} references kept whole and comments left out. Both keep
// byte offsets, so edits can be made by range.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace hipwright {

/// A word of a logical line: a run without blanks, $(...) kept whole.
struct MakeWord {
  size_t Begin, End;
  llvm::StringRef Text;
};

/// One logical line: [Begin, End) in the file, continuations included.
struct LogicalLine {
  size_t Begin, End;
  bool Recipe; ///< starts with a tab
};

std::vector<LogicalLine> logicalLines(llvm::StringRef T);

/// Words of T[B, E): blanks and \-newlines separate; a word that starts
/// with '#' begins a comment (make's, or in a recipe the shell's), and
/// outside recipes a '#' inside a word does too.
std::vector<MakeWord> wordsOf(llvm::StringRef T, size_t B, size_t E,
                              bool Recipe);

} // namespace hipwright
