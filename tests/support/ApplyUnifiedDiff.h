//===- ApplyUnifiedDiff.h - checking a diff by applying it ------*- C++ -*-===//
//
// Test support (the unit tests and the fuzz target): applies a diff made by
// unifiedDiff() to the text it was made from, like `patch` would, so a test
// can check that the diff really turns Before into After without depending
// on which of several equally valid diffs was chosen.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace hipwright::testing {

inline std::vector<llvm::StringRef> linesWithBreaks(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Lines;
  while (!Text.empty()) {
    size_t Nl = Text.find('\n');
    size_t Len = Nl == llvm::StringRef::npos ? Text.size() : Nl + 1;
    Lines.push_back(Text.take_front(Len));
    Text = Text.drop_front(Len);
  }
  return Lines;
}

/// \p Before with \p Diff applied; std::nullopt when the diff does not fit
/// (a context or removed line differs, a hunk miscounts or overlaps).
inline std::optional<std::string> applyUnifiedDiff(llvm::StringRef Before,
                                                   llvm::StringRef Diff) {
  std::vector<llvm::StringRef> Old = linesWithBreaks(Before);
  std::vector<llvm::StringRef> D = linesWithBreaks(Diff);
  if (D.empty())
    return Before.str();
  if (D.size() < 2 || !D[0].starts_with("--- ") || !D[1].starts_with("+++ "))
    return std::nullopt;
  std::string Out;
  size_t Pos = 0;      // next line of Old to copy
  size_t NewLines = 0; // lines of the result so far
  size_t I = 2;
  while (I < D.size()) {
    unsigned A, ALen, B, BLen;
    if (std::sscanf(D[I].str().c_str(), "@@ -%u,%u +%u,%u @@", &A, &ALen, &B,
                    &BLen) != 4)
      return std::nullopt;
    if ((ALen && A == 0) || (BLen && B == 0))
      return std::nullopt;
    size_t Start = ALen ? A - 1 : A;
    if (Start < Pos || Start > Old.size())
      return std::nullopt;
    for (; Pos < Start; ++Pos, ++NewLines)
      Out += Old[Pos].str();
    if ((BLen ? B - 1 : B) != NewLines)
      return std::nullopt; // the hunk's place in the new text is wrong
    ++I;
    size_t SeenA = 0, SeenB = 0;
    while (I < D.size() && !D[I].starts_with("@@")) {
      char Kind = D[I][0];
      std::string Text = D[I].drop_front().str();
      ++I;
      // The marker says the line above has no line break in its file.
      if (I < D.size() && D[I].starts_with("\\ No newline at end of file")) {
        if (Text.empty() || Text.back() != '\n')
          return std::nullopt;
        Text.pop_back();
        ++I;
      }
      if (Kind == ' ' || Kind == '-') {
        if (Pos >= Old.size() || Old[Pos] != Text)
          return std::nullopt;
        ++Pos;
        ++SeenA;
      }
      if (Kind == ' ' || Kind == '+') {
        Out += Text;
        ++SeenB;
        ++NewLines;
      }
      if (Kind != ' ' && Kind != '-' && Kind != '+')
        return std::nullopt;
    }
    if (SeenA != ALen || SeenB != BLen)
      return std::nullopt;
  }
  for (; Pos < Old.size(); ++Pos)
    Out += Old[Pos].str();
  return Out;
}

} // namespace hipwright::testing
