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

void forEachRawCall(const RawFileTokens &Raw,
                    llvm::function_ref<bool(StringRef)> Match,
                    llvm::function_ref<void(const RawCall &)> Fn) {
  const std::vector<RawToken> &T = Raw.Tokens;
  for (size_t I = 0; I + 1 < T.size(); ++I) {
    if (T[I].Kind != tok::raw_identifier || !T[I + 1].is(tok::l_paren) ||
        !Match(T[I].Text))
      continue;
    if (I > 0 && (T[I - 1].is(tok::period) || T[I - 1].is(tok::arrow)))
      continue;
    RawCall C;
    C.Name = I;
    unsigned Depth = 0;
    size_t ArgStart = I + 2;
    size_t J = I + 1;
    for (; J < T.size(); ++J) {
      if (T[J].is(tok::l_paren) || T[J].is(tok::l_square) ||
          T[J].is(tok::l_brace)) {
        ++Depth;
      } else if (T[J].is(tok::r_paren) || T[J].is(tok::r_square) ||
                 T[J].is(tok::r_brace)) {
        if (--Depth == 0)
          break;
      } else if (T[J].is(tok::comma) && Depth == 1) {
        C.Args.push_back({ArgStart, J});
        ArgStart = J + 1;
      }
    }
    if (J >= T.size())
      continue; // unbalanced in this branch
    if (ArgStart < J)
      C.Args.push_back({ArgStart, J});
    C.RParen = J;
    Fn(C);
  }
}

} // namespace hipwright
