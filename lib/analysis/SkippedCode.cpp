//===- SkippedCode.cpp - raw scan of branches the parse skipped -----------===//
#include "analysis/SkippedCode.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace hipwright {
namespace {

class SkippedRangeRecorder : public PPCallbacks {
public:
  explicit SkippedRangeRecorder(std::vector<SourceRange> &Out) : Out(Out) {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    Out.push_back(Range);
  }

private:
  std::vector<SourceRange> &Out;
};

/// The characters between the quotes of a raw string-literal token (u8"..",
/// L".." and the like); raw strings R"(..)" are rare in asm and kept whole.
std::string literalContent(StringRef Spelling) {
  size_t Open = Spelling.find('"');
  size_t Close = Spelling.rfind('"');
  if (Open == StringRef::npos || Close <= Open)
    return Spelling.str();
  return Spelling.substr(Open + 1, Close - Open - 1).str();
}

bool isAsmKeyword(const RawToken &T) {
  return T.Kind == tok::raw_identifier &&
         (T.Text == "asm" || T.Text == "__asm__" || T.Text == "__asm");
}

bool isAsmQualifier(const RawToken &T) {
  return T.Kind == tok::raw_identifier &&
         (T.Text == "volatile" || T.Text == "__volatile__" ||
          T.Text == "inline" || T.Text == "goto");
}

} // namespace

void recordSkippedRanges(Preprocessor &PP, std::vector<SourceRange> &Out) {
  PP.addPPCallbacks(std::make_unique<SkippedRangeRecorder>(Out));
}

std::vector<RawToken> lexRaw(const SourceManager &SM, const LangOptions &LO,
                             SourceRange Range) {
  std::vector<RawToken> Out;
  SourceLocation Begin = SM.getFileLoc(Range.getBegin());
  SourceLocation End = SM.getFileLoc(Range.getEnd());
  FileID FID = SM.getFileID(Begin);
  if (FID != SM.getFileID(End))
    return Out;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return Out;
  unsigned BeginOff = SM.getFileOffset(Begin);
  unsigned EndOff = std::min<unsigned>(SM.getFileOffset(End), Buffer.size());
  Lexer L(SM.getLocForStartOfFile(FID), LO, Buffer.begin(),
          Buffer.begin() + BeginOff, Buffer.end());
  Token Tok;
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = L.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || SM.getFileOffset(Tok.getLocation()) >= EndOff)
      break;
    StringRef Spelling(SM.getCharacterData(Tok.getLocation()), Tok.getLength());
    RawToken T{Tok.getLocation(), Tok.getKind(), Spelling.str()};
    if (tok::isStringLiteral(Tok.getKind()))
      T.Text = literalContent(Spelling);
    Out.push_back(std::move(T));
  }
  return Out;
}

void forEachRawAsm(const std::vector<RawToken> &Tokens,
                   const std::function<void(SourceLocation, StringRef)> &Fn) {
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (!isAsmKeyword(Tokens[I]))
      continue;
    size_t J = I + 1;
    while (J < Tokens.size() && isAsmQualifier(Tokens[J]))
      ++J;
    if (J >= Tokens.size() || Tokens[J].Kind != tok::l_paren)
      continue;
    std::string Text;
    for (++J; J < Tokens.size() && tok::isStringLiteral(Tokens[J].Kind); ++J)
      Text += Tokens[J].Text;
    if (!Text.empty())
      Fn(Tokens[I].Loc, Text);
  }
}

} // namespace hipwright
