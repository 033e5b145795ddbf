//===- RawLexer.cpp - a file's tokens without preprocessing ---------------===//
#include "frontend/RawLexer.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

clang::LangOptions rawScanLangOptions() {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 =
      LO.CPlusPlus20 = LO.CUDA = true;
  LO.Bool = true;
  // Set by the language standard in a real compile, not by the flags above:
  // without it `//*****` opens a block comment that can swallow the file.
  LO.LineComment = true;
  return LO;
}

std::vector<RawToken> lexRawTokens(StringRef Buffer,
                                   const clang::LangOptions &LO,
                                   const RawLexOptions &Opts) {
  std::vector<RawToken> Tokens;
  unsigned Begin = std::min<size_t>(Opts.Begin, Buffer.size());
  // The lexer stamps some location on each token; only offsets are used,
  // taken from its buffer pointer.
  clang::Lexer Lex(clang::SourceLocation::getFromRawEncoding(1), LO,
                   Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
  Lex.SetCommentRetentionState(Opts.KeepComments);
  clang::Token Tok;
  int Directive = -1, Directives = 0;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    unsigned End = Lex.getBufferLocation() - Buffer.begin();
    unsigned Start = End - Tok.getLength();
    if (Start >= Opts.End && (!Opts.ToLineEnd || Tok.isAtStartOfLine()))
      break;
    // A comment does not end a directive, nor start one.
    if (Tok.isAtStartOfLine() && !Tok.is(clang::tok::comment))
      Directive = Tok.is(clang::tok::hash) ? Directives++ : -1;
    Tokens.push_back({Tok.getKind(), Start, Tok.getLength(),
                      Tok.isAtStartOfLine(), Tok.hasLeadingSpace(), Directive,
                      Buffer.substr(Start, Tok.getLength())});
  }
  return Tokens;
}

StringRef stringLiteralContent(StringRef Spelling) {
  size_t Open = Spelling.find('"');
  size_t Close = Spelling.rfind('"');
  if (Open == StringRef::npos || Close <= Open)
    return Spelling;
  return Spelling.slice(Open + 1, Close);
}

std::pair<unsigned, unsigned> lineAndColumn(StringRef Buffer, unsigned Offset) {
  Offset = std::min<size_t>(Offset, Buffer.size());
  StringRef Before = Buffer.take_front(Offset);
  unsigned Line = 1 + Before.count('\n');
  size_t LastNl = Before.rfind('\n');
  unsigned Col = LastNl == StringRef::npos ? Offset + 1 : Offset - LastNl;
  return {Line, Col};
}

} // namespace hipwright
