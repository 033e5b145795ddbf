//===- SkippedCode.cpp - raw scan of branches the parse skipped -----------===//
#include "analysis/SkippedCode.h"

#include "clang/Basic/SourceManager.h"
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

RawFileTokens lexRaw(const SourceManager &SM, const LangOptions &LO,
                     SourceRange Range) {
  RawFileTokens Out;
  SourceLocation Begin = SM.getFileLoc(Range.getBegin());
  SourceLocation End = SM.getFileLoc(Range.getEnd());
  FileID FID = SM.getFileID(Begin);
  if (FID != SM.getFileID(End))
    return Out;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return Out;
  Out.FileStart = SM.getLocForStartOfFile(FID);
  RawLexOptions Opts;
  Opts.Begin = SM.getFileOffset(Begin);
  Opts.End = SM.getFileOffset(End);
  Out.Tokens = lexRawTokens(Buffer, LO, Opts);
  return Out;
}

void forEachRawAsm(const RawFileTokens &Raw,
                   const std::function<void(SourceLocation, StringRef)> &Fn) {
  const std::vector<RawToken> &Tokens = Raw.Tokens;
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
      Text += stringLiteralContent(Tokens[J].Text);
    if (!Text.empty())
      Fn(Raw.loc(Tokens[I]), Text);
  }
}

} // namespace hipwright
