//===- BranchCondition.cpp - which #if a skipped branch belongs to --------===//
#include "analysis/BranchCondition.h"
#include "support/DirectiveText.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {
namespace {

/// The text of the line starting at \p Start, joined with continuation
/// lines, comments cut.
std::string logicalLine(StringRef Buffer, size_t Start) {
  std::string Raw;
  size_t I = Start;
  while (I < Buffer.size()) {
    size_t End = Buffer.find('\n', I);
    if (End == StringRef::npos)
      End = Buffer.size();
    StringRef L = Buffer.slice(I, End).rtrim('\r');
    bool Continued = L.ends_with("\\");
    Raw += L.str();
    Raw += ' ';
    I = End + 1;
    if (!Continued)
      break;
  }
  if (size_t C = Raw.find("//"); C != std::string::npos)
    Raw.resize(C);
  if (size_t C = Raw.find("/*"); C != std::string::npos)
    Raw.resize(C);
  return collapseDirectiveText(Raw);
}

/// "ifdef" for "#ifdef X", "" for a line that is not a directive.
std::string keywordOf(StringRef Text) {
  Text = Text.ltrim();
  if (!Text.consume_front("#"))
    return "";
  Text = Text.ltrim();
  size_t N = 0;
  while (N < Text.size() && (isalpha(static_cast<unsigned char>(Text[N]))))
    ++N;
  return Text.take_front(N).str();
}

bool opensChain(StringRef K) {
  return K == "if" || K == "ifdef" || K == "ifndef";
}

bool continuesChain(StringRef K) {
  return K == "elif" || K == "else" || K == "elifdef" || K == "elifndef";
}

std::string shorten(std::string S) {
  if (S.size() > 70)
    S = S.substr(0, 67) + "...";
  return S;
}

} // namespace

BranchCondition describeBranch(StringRef Buffer, size_t Offset) {
  BranchCondition Out;
  Offset = std::min(Offset, Buffer.size());
  // A skipped range may start just before its directive's '#'.
  while (Offset < Buffer.size() &&
         isspace(static_cast<unsigned char>(Buffer[Offset])))
    ++Offset;
  // StringRef::rfind looks strictly before the index it is given.
  size_t Start = Buffer.rfind('\n', Offset);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  unsigned Line = 1 + Buffer.take_front(Start).count('\n');
  std::string Directive = logicalLine(Buffer, Start);
  std::string Keyword = keywordOf(Directive);

  SmallVector<std::string, 4> Chain = {Directive};
  std::string Head;
  unsigned HeadLine = 0;
  if (continuesChain(Keyword)) {
    // Walk back to the #if this branch belongs to, over nested chains.
    unsigned Depth = 0;
    size_t End = Start;
    unsigned L = Line;
    while (End > 0) {
      // [Begin, End) is the line before: End - 1 is its newline.
      size_t Prev = Buffer.rfind('\n', End - 1);
      size_t Begin = Prev == StringRef::npos ? 0 : Prev + 1;
      --L;
      StringRef Text = Buffer.slice(Begin, End).ltrim(" \t");
      End = Begin;
      if (!Text.starts_with("#"))
        continue;
      std::string Logical = logicalLine(Buffer, Begin);
      std::string K = keywordOf(Logical);
      if (K == "endif") {
        ++Depth;
      } else if (opensChain(K)) {
        if (Depth == 0) {
          Head = Logical;
          HeadLine = L;
          Chain.push_back(Logical);
          break;
        }
        --Depth;
      } else if (continuesChain(K) && Depth == 0) {
        Chain.push_back(Logical);
      }
    }
  }

  Out.Label = "`" + shorten(Directive) + "`";
  if (!Head.empty())
    Out.Label += " (line " + std::to_string(Line) + ") of `" + shorten(Head) +
                 "`, line " + std::to_string(HeadLine);
  else
    Out.Label += ", line " + std::to_string(Line);
  Out.Directives.assign(Chain.begin(), Chain.end());
  for (const std::string &D : Chain) {
    StringRef S(D);
    Out.CompiledByBuild |= S.contains("__CUDA_ARCH") || S.contains("__NVCC__");
    Out.VendorSwitch |= S.contains("HIP") || S.contains("ROCM") ||
                        S.contains("ROCm") || S.contains("AMD") ||
                        S.contains("MUSA");
  }
  return Out;
}

bool BranchCondition::mentionsAny(
    const std::set<std::string, std::less<>> &Macros) const {
  if (Macros.empty())
    return false;
  for (StringRef D : Directives)
    for (size_t I = 0; I < D.size();) {
      if (!isalpha(static_cast<unsigned char>(D[I])) && D[I] != '_') {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < D.size() &&
             (isalnum(static_cast<unsigned char>(D[J])) || D[J] == '_'))
        ++J;
      if (Macros.count(D.slice(I, J)))
        return true;
      I = J;
    }
  return false;
}

size_t governingDirective(StringRef Buffer, size_t RangeBegin, size_t Offset) {
  while (RangeBegin < Buffer.size() &&
         isspace(static_cast<unsigned char>(Buffer[RangeBegin])))
    ++RangeBegin; // as in describeBranch
  size_t Governing = RangeBegin;
  unsigned Depth = 0;
  size_t Line = Buffer.find('\n', RangeBegin);
  // Lines after the range's first directive, up to the one holding Offset.
  while (Line != StringRef::npos && Line + 1 <= Offset) {
    size_t Begin = Line + 1;
    Line = Buffer.find('\n', Begin);
    StringRef Text =
        Buffer.slice(Begin, Line == StringRef::npos ? Buffer.size() : Line)
            .ltrim(" \t");
    if (!Text.starts_with("#"))
      continue;
    std::string K = keywordOf(Text);
    if (opensChain(K))
      ++Depth;
    else if (K == "endif" && Depth > 0)
      --Depth;
    else if (continuesChain(K) && Depth == 0 && Begin <= Offset)
      Governing = Begin;
  }
  return Governing;
}

} // namespace hipwright
