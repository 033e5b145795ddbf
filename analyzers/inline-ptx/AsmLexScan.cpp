//===- AsmLexScan.cpp - asm statements in code the parse skipped ----------===//
//
// GNU asm syntax: asm [volatile|inline|goto]* ( "template"... [: outputs
// [: inputs [: clobbers [: labels]]]] ), each operand `[name] "c" (expr)`.
// The raw lexer gives exact token offsets, so the statement's extent and
// each operand's text are exact even though nothing was parsed.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/AsmLexScan.h"

using namespace clang;

namespace hipwright::ptx {
namespace {

bool isString(const RawToken &T) {
  return T.Kind == tok::string_literal || T.Kind == tok::utf8_string_literal;
}

class StatementReader {
public:
  StatementReader(llvm::ArrayRef<RawToken> Toks, llvm::StringRef Buf,
                  PieceReader Pieces)
      : Toks(Toks), Buf(Buf), Pieces(Pieces) {}

  bool read(size_t I, AsmStatement &Out, size_t &Close);

private:
  llvm::ArrayRef<RawToken> Toks;
  llvm::StringRef Buf;
  PieceReader Pieces;
  size_t P = 0;

  bool at(tok::TokenKind K) const {
    return P < Toks.size() && Toks[P].Kind == K;
  }
  bool operand(AsmOperand &Op);
};

bool StatementReader::operand(AsmOperand &Op) {
  if (at(tok::l_square)) { // [name]
    while (P < Toks.size() && !at(tok::r_square))
      ++P;
    ++P;
  }
  auto C = Pieces(Toks, P);
  if (!C || !at(tok::l_paren))
    return false;
  Op.Constraint = *C;
  size_t Open = P++;
  int Depth = 1;
  for (; P < Toks.size() && Depth > 0; ++P) {
    if (Toks[P].Kind == tok::l_paren)
      ++Depth;
    else if (Toks[P].Kind == tok::r_paren)
      --Depth;
  }
  if (Depth != 0 || P - 1 == Open + 1)
    return false;
  const RawToken &First = Toks[Open + 1], &Last = Toks[P - 2];
  Op.Expr = Buf.slice(First.Offset, Last.Offset + Last.Text.size()).str();
  Op.Simple = P - 1 == Open + 2 && (First.Kind == tok::raw_identifier ||
                                    First.Kind == tok::numeric_constant);
  return true;
}

bool StatementReader::read(size_t I, AsmStatement &Out, size_t &Close) {
  P = I + 1;
  while (P < Toks.size() && isAsmQualifier(Toks[P])) {
    Out.Volatile |= Toks[P].Text.contains("volatile");
    ++P;
  }
  if (!at(tok::l_paren))
    return false;
  ++P;
  auto Template = Pieces(Toks, P);
  if (!Template)
    return false;
  Out.Ptx = parse(*Template);
  unsigned Section = 0;
  while (P < Toks.size() && !at(tok::r_paren)) {
    if (at(tok::colon) || at(tok::coloncolon)) {
      Section += at(tok::colon) ? 1 : 2;
      ++P;
      continue;
    }
    if (at(tok::comma)) {
      ++P;
      continue;
    }
    if (Section == 1 || Section == 2) {
      AsmOperand Op;
      if (!operand(Op))
        return false;
      (Section == 1 ? Out.Outputs : Out.Inputs).push_back(std::move(Op));
    } else if (Section == 3) {
      auto C = Pieces(Toks, P);
      if (!C)
        return false;
      Out.Clobbers.push_back(*C);
    } else {
      ++P; // goto labels
    }
  }
  if (!at(tok::r_paren))
    return false;
  Close = P;
  return true;
}

/// Plain code: a string is adjacent literals only.
std::optional<std::string> literals(llvm::ArrayRef<RawToken> Toks, size_t &P) {
  if (P >= Toks.size() || !isString(Toks[P]))
    return std::nullopt;
  std::string S;
  while (P < Toks.size() && isString(Toks[P]))
    S += decodeStringLiteral(Toks[P++].Text);
  return S;
}

} // namespace

bool isAsmKeyword(const RawToken &T) {
  return T.Kind == tok::raw_identifier &&
         (T.Text == "asm" || T.Text == "__asm__" || T.Text == "__asm");
}

bool isAsmQualifier(const RawToken &T) {
  return T.Kind == tok::raw_identifier &&
         (T.Text == "volatile" || T.Text == "__volatile__" ||
          T.Text == "__volatile" || T.Text == "inline" || T.Text == "goto");
}

bool readAsmStatement(llvm::ArrayRef<RawToken> Toks, llvm::StringRef Buf,
                      size_t I, PieceReader Pieces, AsmStatement &Out,
                      size_t &Close) {
  return StatementReader(Toks, Buf, Pieces).read(I, Out, Close);
}

std::string decodeStringLiteral(llvm::StringRef S) {
  size_t Q = S.find('"');
  if (Q == llvm::StringRef::npos || S.size() < Q + 2)
    return "";
  S = S.slice(Q + 1, S.size() - 1);
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] != '\\' || I + 1 == S.size()) {
      Out += S[I];
      continue;
    }
    char C = S[++I];
    switch (C) {
    case 'n':
      Out += '\n';
      break;
    case 't':
      Out += '\t';
      break;
    case 'r':
      Out += '\r';
      break;
    case '\n':
      break; // line continuation
    case 'x': {
      unsigned V = 0;
      while (I + 1 < S.size() && llvm::isHexDigit(S[I + 1]))
        V = V * 16 + llvm::hexDigitValue(S[++I]);
      Out += static_cast<char>(V);
      break;
    }
    default:
      if (C >= '0' && C <= '7') {
        unsigned V = C - '0';
        for (int K = 0;
             K < 2 && I + 1 < S.size() && S[I + 1] >= '0' && S[I + 1] <= '7';
             ++K)
          V = V * 8 + (S[++I] - '0');
        Out += static_cast<char>(V);
      } else {
        Out += C; // \" \\ \' \?
      }
    }
  }
  return Out;
}

RawTokens lexRange(SourceRange Range, const SourceManager &SM,
                   const LangOptions &LO, bool ToLineEnd) {
  RawTokens R;
  auto [FID, Begin] = SM.getDecomposedLoc(Range.getBegin());
  auto [EndFID, End] = SM.getDecomposedLoc(Range.getEnd());
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid || FID != EndFID || End < Begin)
    return R;
  R.File = FID;
  R.Buffer = Buf;
  RawLexOptions Opts;
  Opts.Begin = Begin;
  Opts.End = End;
  Opts.ToLineEnd = ToLineEnd;
  R.Toks = lexRawTokens(Buf, LO, Opts);
  return R;
}

std::vector<LexedAsm> scanAsm(SourceRange Range, const SourceManager &SM,
                              const LangOptions &LO) {
  RawTokens R = lexRange(Range, SM, LO, /*ToLineEnd=*/false);
  const std::vector<RawToken> &Toks = R.Toks;
  std::vector<LexedAsm> Found;
  for (size_t I = 0; I < Toks.size(); ++I) {
    if (!isAsmKeyword(Toks[I]))
      continue;
    LexedAsm A;
    size_t Close;
    if (!readAsmStatement(Toks, R.Buffer, I, literals, A.Asm, Close))
      continue;
    A.Begin = SM.getComposedLoc(R.File, Toks[I].Offset);
    A.End = SM.getComposedLoc(R.File, Toks[Close].Offset + 1);
    Found.push_back(std::move(A));
    I = Close;
  }
  return Found;
}

} // namespace hipwright::ptx
