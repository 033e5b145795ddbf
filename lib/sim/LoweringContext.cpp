//===- LoweringContext.cpp - tokens and edits of one lowering -------------===//
#include "sim/LoweringContext.h"

#include "edit/EditSet.h"
#include "frontend/RawLexer.h"

#include <algorithm>

using namespace llvm;
namespace tok = clang::tok;

namespace hipwright::sim::detail {

std::vector<RawToken> lexForSimulation(StringRef Source) {
  return lexRawTokens(Source, rawScanLangOptions());
}

unsigned lineOf(StringRef Source, unsigned Offset) {
  return lineAndColumn(Source, Offset).first;
}

LoweringContext::LoweringContext(StringRef Src, StringRef File)
    : Src(Src), File(File), All(lexForSimulation(Src)) {}

void LoweringContext::enterSegment(std::vector<const RawToken *> Seg,
                                   bool Define, StringSet<> Params) {
  S = std::move(Seg);
  InDefine = Define;
  MacroParams = std::move(Params);
}

size_t LoweringContext::matchForward(size_t I) const {
  std::vector<tok::TokenKind> Stack;
  for (size_t J = I; J < S.size(); ++J) {
    if (isOpen(S[J]->Kind))
      Stack.push_back(S[J]->Kind);
    else if (isClose(S[J]->Kind)) {
      tok::TokenKind Want = S[J]->is(tok::r_paren)    ? tok::l_paren
                            : S[J]->is(tok::r_square) ? tok::l_square
                                                      : tok::l_brace;
      if (Stack.empty() || Stack.back() != Want)
        return StringRef::npos;
      Stack.pop_back();
      if (Stack.empty())
        return J;
    }
  }
  return StringRef::npos;
}

size_t LoweringContext::matchBackward(size_t I) const {
  int Depth = 0;
  for (size_t J = I + 1; J-- > 0;) {
    if (isClose(S[J]->Kind))
      ++Depth;
    else if (isOpen(S[J]->Kind) && --Depth == 0)
      return J;
    if (Depth < 0)
      break;
  }
  return StringRef::npos;
}

size_t LoweringContext::matchAngleBackward(size_t I) const {
  int Depth = 0;
  for (size_t J = I + 1; J-- > 0;) {
    switch (S[J]->Kind) {
    case tok::greater:
      Depth += 1;
      break;
    case tok::greatergreater:
      Depth += 2;
      break;
    case tok::greatergreatergreater:
      Depth += 3;
      break;
    case tok::less:
      Depth -= 1;
      break;
    case tok::lessless:
      Depth -= 2;
      break;
    case tok::r_paren:
    case tok::r_square:
      J = matchBackward(J);
      if (J == StringRef::npos)
        return J;
      continue;
    case tok::semi:
    case tok::l_brace:
    case tok::r_brace:
      return StringRef::npos;
    default:
      break;
    }
    if (Depth == 0)
      return J;
    if (Depth < 0)
      return StringRef::npos;
  }
  return StringRef::npos;
}

std::string LoweringContext::spell(size_t First, size_t Last) const {
  std::string Out;
  for (size_t I = First; I <= Last; ++I) {
    if (I > First && S[I]->Offset > endOf(I - 1))
      Out += ' ';
    Out += S[I]->Text;
  }
  return Out;
}

Expected<std::string> LoweringContext::breaksIn(unsigned Begin,
                                                unsigned End) const {
  auto It = std::lower_bound(
      All.begin(), All.end(), Begin,
      [](const RawToken &T, unsigned O) { return T.Offset < O; });
  for (; It != All.end() && It->Offset < End; ++It)
    if ((It->Directive >= 0) != InDefine)
      return error(It->Offset, "a preprocessor directive inside a kernel "
                               "launch's name cannot be lowered");
  std::string Out;
  StringRef Range = Src.slice(Begin, End);
  for (char C : Range)
    if (C == '\n')
      Out += InDefine ? " \\\n" : "\n";
  // The indentation that followed the last break, when the range ends in
  // it, keeps the next line's text where the user put it.
  size_t LastBreak = Range.rfind('\n');
  if (LastBreak != StringRef::npos) {
    StringRef Indent = Range.substr(LastBreak + 1);
    if (Indent.find_first_not_of(" \t") == StringRef::npos)
      Out += Indent;
  }
  return Out;
}

Error LoweringContext::error(unsigned Offset, const Twine &Msg) const {
  auto [Line, Col] = lineAndColumn(Src, Offset);
  return createStringError(inconvertibleErrorCode(), "%s:%u:%u: error: %s",
                           File.str().c_str(), Line, Col, Msg.str().c_str());
}

Error LoweringContext::error(size_t I, const Twine &Msg) const {
  return error(I < S.size() ? S[I]->Offset : unsigned(Src.size()), Msg);
}

void LoweringContext::replace(unsigned Begin, unsigned End, std::string Text) {
  Edits.push_back({File.str(), Begin, End - Begin, std::move(Text)});
}

Expected<std::string> LoweringContext::rewrittenSource() {
  EditSet Set;
  for (Replacement &R : Edits)
    Set.add(std::move(R));
  Edits.clear();
  std::vector<Replacement> Sorted = Set.editsFor(File);
  if (!Set.conflicts().empty()) {
    const Replacement &R = Set.conflicts().front().Dropped;
    return error(R.Offset, "overlapping rewrites (two launches joined "
                           "without a separator?)");
  }
  return applyEdits(Src, Sorted);
}

} // namespace hipwright::sim::detail
