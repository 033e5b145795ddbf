//===- PtxText.cpp - opcodes of an inline-PTX template --------------------===//
#include "hopper-only/PtxText.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hipwright {
namespace {

/// Turns the source spelling's escapes into the characters they stand for,
/// so both spellings split the same way.
std::string unescape(StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\' && I + 1 < Text.size()) {
      char C = Text[++I];
      Out += C == 'n' ? '\n' : C == 't' ? '\t' : C;
      continue;
    }
    Out += Text[I];
  }
  return Out;
}

/// The opcode of one statement, or "" for a directive, label or brace.
std::string opcodeOf(StringRef Stmt) {
  Stmt = Stmt.trim(" \t\r{}");
  // A label before the instruction: `L0: mma...`.
  size_t Colon = Stmt.find(':');
  size_t Space = Stmt.find_first_of(" \t");
  if (Colon != StringRef::npos && (Space == StringRef::npos || Colon < Space) &&
      !Stmt.substr(Colon).starts_with("::"))
    Stmt = Stmt.drop_front(Colon + 1).ltrim(" \t");
  // A guard predicate: `@p`, `@!p`.
  if (Stmt.starts_with("@"))
    Stmt = Stmt.drop_until([](char C) { return C == ' ' || C == '\t'; })
               .ltrim(" \t");
  StringRef Word = Stmt.take_until([](char C) { return isSpace(C); });
  if (Word.empty() || Word.starts_with(".") || !isAlpha(Word.front()))
    return "";
  return Word.str();
}

} // namespace

std::vector<std::string> ptxOpcodes(StringRef AsmText) {
  std::string Text = unescape(AsmText);
  std::vector<std::string> Out;
  SmallVector<StringRef, 16> Stmts;
  StringRef(Text).split(Stmts, ';');
  for (StringRef S : Stmts) {
    SmallVector<StringRef, 4> Lines;
    S.split(Lines, '\n');
    for (StringRef L : Lines) {
      std::string Op = opcodeOf(L);
      if (!Op.empty())
        Out.push_back(std::move(Op));
    }
  }
  return Out;
}

std::string findOpcode(const std::vector<std::string> &Opcodes,
                       StringRef Root) {
  for (const std::string &Op : Opcodes)
    if (StringRef(Op).split('.').first == Root)
      return Op;
  return "";
}

std::string findOpcodePrefix(const std::vector<std::string> &Opcodes,
                             StringRef Prefix) {
  for (const std::string &Op : Opcodes)
    if (StringRef(Op).starts_with(Prefix))
      return Op;
  return "";
}

} // namespace hipwright
