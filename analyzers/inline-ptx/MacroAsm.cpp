//===- MacroAsm.cpp - asm statements inside #define bodies ----------------===//
//
// The body of a #define is read with the raw lexer, the same way for a
// directive the preprocessor processed and for one in a skipped #if branch:
// nothing is expanded, so what is reported is what the user wrote.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/MacroAsm.h"
#include "inline-ptx/AsmLexScan.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hipwright::ptx {
namespace {

struct Tok {
  tok::TokenKind Kind;
  llvm::StringRef Text;
  unsigned Offset;
  bool StartOfLine;
  bool LeadingSpace;
};

bool isIdent(const Tok &T, llvm::StringRef S) {
  return T.Kind == tok::raw_identifier && T.Text == S;
}

bool isAsmKeyword(const Tok &T) {
  return isIdent(T, "asm") || isIdent(T, "__asm__") || isIdent(T, "__asm");
}

bool isQualifier(const Tok &T) {
  return isIdent(T, "volatile") || isIdent(T, "__volatile__") ||
         isIdent(T, "__volatile") || isIdent(T, "inline") || isIdent(T, "goto");
}

bool isString(const Tok &T) {
  return T.Kind == tok::string_literal || T.Kind == tok::utf8_string_literal;
}

/// Reads one asm statement of a macro body [Begin, End) of \p Toks.
class BodyReader {
public:
  BodyReader(llvm::ArrayRef<Tok> Toks, llvm::StringRef Buf,
             const NameResolver &Resolve)
      : Toks(Toks), Buf(Buf), Resolve(Resolve) {}

  /// Reads the statement whose keyword is at \p I; on success fills \p Out
  /// and leaves the index of its ')' in \p Close.
  bool read(size_t I, MacroAsm &Out, size_t &Close);

private:
  llvm::ArrayRef<Tok> Toks;
  llvm::StringRef Buf;
  const NameResolver &Resolve;
  size_t P = 0;
  bool Holes = false;

  bool at(tok::TokenKind K) const {
    return P < Toks.size() && Toks[P].Kind == K;
  }
  /// Adjacent pieces of a string: literals, `#param` (stringified),
  /// `param` and `NAME` (a macro that expands to a string), `##` (pasting
  /// adds nothing a reader of the template needs). Holes read `<name>`.
  std::optional<std::string> pieces();
  bool operand(AsmOperand &Op);
};

std::optional<std::string> BodyReader::pieces() {
  std::string S;
  bool Any = false;
  while (P < Toks.size()) {
    const Tok &T = Toks[P];
    if (isString(T)) {
      S += decodeStringLiteral(T.Text);
    } else if (T.Kind == tok::hash && P + 1 < Toks.size() &&
               Toks[P + 1].Kind == tok::raw_identifier) {
      S += "<" + Toks[++P].Text.str() + ">";
      Holes = true;
    } else if (T.Kind == tok::raw_identifier && !isQualifier(T)) {
      // NAME, or NAME##NAME...: a macro (or parameter) that expands to a
      // string.
      std::string Name = T.Text.str();
      while (P + 2 < Toks.size() && Toks[P + 1].Kind == tok::hashhash &&
             Toks[P + 2].Kind == tok::raw_identifier) {
        Name += "##" + Toks[P + 2].Text.str();
        P += 2;
      }
      std::optional<std::string> Known;
      if (Resolve && !llvm::StringRef(Name).contains("##"))
        Known = Resolve(Name);
      if (Known) {
        S += *Known;
      } else {
        S += "<" + Name + ">";
        Holes = true;
      }
    } else if (T.Kind != tok::hashhash) {
      break;
    }
    Any = true;
    ++P;
  }
  if (!Any)
    return std::nullopt;
  return S;
}

bool BodyReader::operand(AsmOperand &Op) {
  if (at(tok::l_square)) { // [name]
    while (P < Toks.size() && !at(tok::r_square))
      ++P;
    ++P;
  }
  auto C = pieces();
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
  const Tok &First = Toks[Open + 1], &Last = Toks[P - 2];
  Op.Expr = Buf.slice(First.Offset, Last.Offset + Last.Text.size()).str();
  return true;
}

bool BodyReader::read(size_t I, MacroAsm &Out, size_t &Close) {
  P = I + 1;
  Holes = false;
  AsmStatement &A = Out.Asm;
  while (P < Toks.size() && isQualifier(Toks[P])) {
    A.Volatile |= Toks[P].Text.contains("volatile");
    ++P;
  }
  if (!at(tok::l_paren))
    return false;
  ++P;
  auto Template = pieces();
  if (!Template)
    return false;
  A.Ptx = parse(*Template);
  unsigned Section = 0;
  while (P < Toks.size() && !at(tok::r_paren)) {
    if (at(tok::colon) || at(tok::coloncolon)) {
      Section += at(tok::colon) ? 1 : 2;
      ++P;
    } else if (at(tok::comma)) {
      ++P;
    } else if (Section == 1 || Section == 2) {
      AsmOperand Op;
      if (!operand(Op))
        return false;
      (Section == 1 ? A.Outputs : A.Inputs).push_back(std::move(Op));
    } else if (Section == 3) {
      auto C = pieces();
      if (!C)
        return false;
      A.Clobbers.push_back(*C);
    } else {
      ++P; // goto labels
    }
  }
  if (!at(tok::r_paren))
    return false;
  Out.TemplateHasParameters = Holes;
  Close = P;
  return true;
}

} // namespace

std::vector<MacroAsm> scanMacroAsm(SourceRange Range, const SourceManager &SM,
                                   const LangOptions &LO,
                                   const NameResolver &Resolve) {
  auto [FID, Begin] = SM.getDecomposedLoc(Range.getBegin());
  auto [EndFID, End] = SM.getDecomposedLoc(Range.getEnd());
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid || FID != EndFID || End < Begin)
    return {};
  Lexer L(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin() + Begin,
          Buf.end());
  std::vector<Tok> Toks;
  Token T;
  while (true) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    unsigned Off = SM.getFileOffset(T.getLocation());
    // A directive that starts in the range is read to its end.
    if (Off >= End && T.isAtStartOfLine())
      break;
    Toks.push_back({T.getKind(), Buf.substr(Off, T.getLength()), Off,
                    T.isAtStartOfLine(), T.hasLeadingSpace()});
  }

  std::vector<MacroAsm> Found;
  auto Loc = [&](unsigned Off) { return SM.getComposedLoc(FID, Off); };
  for (size_t I = 0; I + 2 < Toks.size(); ++I) {
    if (Toks[I].Kind != tok::hash || !Toks[I].StartOfLine ||
        !isIdent(Toks[I + 1], "define") ||
        Toks[I + 2].Kind != tok::raw_identifier)
      continue;
    const Tok &Name = Toks[I + 2];
    size_t J = I + 3;
    // `NAME(` with no space opens a function-like macro's parameter list.
    if (J < Toks.size() && Toks[J].Kind == tok::l_paren &&
        !Toks[J].LeadingSpace && !Toks[J].StartOfLine) {
      while (J < Toks.size() && !Toks[J].StartOfLine &&
             Toks[J].Kind != tok::r_paren)
        ++J;
      ++J;
    }
    size_t BodyEnd = J;
    while (BodyEnd < Toks.size() && !Toks[BodyEnd].StartOfLine)
      ++BodyEnd;
    if (BodyEnd == J) {
      I = BodyEnd - 1;
      continue;
    }
    llvm::ArrayRef<Tok> Body = llvm::ArrayRef(Toks).slice(J, BodyEnd - J);
    const Tok &LastTok = Body.back();
    SourceRange Definition(Loc(Toks[I].Offset),
                           Loc(LastTok.Offset + LastTok.Text.size()));
    BodyReader Reader(Body, Buf, Resolve);
    for (size_t K = 0; K < Body.size(); ++K) {
      if (!isAsmKeyword(Body[K]))
        continue;
      MacroAsm M;
      size_t Close;
      if (!Reader.read(K, M, Close))
        continue;
      M.Macro = Name.Text.str();
      M.NameLoc = Loc(Name.Offset);
      M.AsmLoc = Loc(Body[K].Offset);
      M.Definition = Definition;
      Found.push_back(std::move(M));
      K = Close;
    }
    I = BodyEnd - 1;
  }
  return Found;
}

} // namespace hipwright::ptx
