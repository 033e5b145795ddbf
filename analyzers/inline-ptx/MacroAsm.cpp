//===- MacroAsm.cpp - asm statements inside #define bodies ----------------===//
//
// The body of a #define is read with the raw lexer, the same way for a
// directive the preprocessor processed and for one in a skipped #if branch:
// nothing is expanded, so what is reported is what the user wrote.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/MacroAsm.h"
#include "inline-ptx/AsmLexScan.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hipwright::ptx {
namespace {

bool isIdent(const RawToken &T, llvm::StringRef S) {
  return T.Kind == tok::raw_identifier && T.Text == S;
}

/// Adjacent pieces of a string in a macro body: literals, `#param`
/// (stringified), `NAME` or `A##B` (a macro or parameter that expands to a
/// string; \p Resolve may know it), `##`. Unknown pieces read `<name>` and
/// set \p Holes.
std::optional<std::string> macroPieces(llvm::ArrayRef<RawToken> Toks, size_t &P,
                                       const NameResolver &Resolve,
                                       bool &Holes) {
  std::string S;
  bool Any = false;
  while (P < Toks.size()) {
    const RawToken &T = Toks[P];
    if (T.Kind == tok::string_literal || T.Kind == tok::utf8_string_literal) {
      S += decodeStringLiteral(T.Text);
    } else if (T.Kind == tok::hash && P + 1 < Toks.size() &&
               Toks[P + 1].Kind == tok::raw_identifier) {
      S += "<" + Toks[++P].Text.str() + ">";
      Holes = true;
    } else if (T.Kind == tok::raw_identifier && !isAsmQualifier(T)) {
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

} // namespace

std::vector<MacroAsm> scanMacroAsm(SourceRange Range, const SourceManager &SM,
                                   const LangOptions &LO,
                                   const NameResolver &Resolve) {
  // A directive that starts in the range is read to its end.
  RawTokens R = lexRange(Range, SM, LO, /*ToLineEnd=*/true);
  const std::vector<RawToken> &Toks = R.Toks;
  llvm::StringRef Buf = R.Buffer;
  clang::FileID FID = R.File;

  std::vector<MacroAsm> Found;
  auto Loc = [&](unsigned Off) { return SM.getComposedLoc(FID, Off); };
  for (size_t I = 0; I + 2 < Toks.size(); ++I) {
    if (Toks[I].Kind != tok::hash || !Toks[I].StartOfLine ||
        !isIdent(Toks[I + 1], "define") ||
        Toks[I + 2].Kind != tok::raw_identifier)
      continue;
    const RawToken &Name = Toks[I + 2];
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
    llvm::ArrayRef<RawToken> Body = llvm::ArrayRef(Toks).slice(J, BodyEnd - J);
    const RawToken &LastTok = Body.back();
    SourceRange Definition(Loc(Toks[I].Offset),
                           Loc(LastTok.Offset + LastTok.Text.size()));
    for (size_t K = 0; K < Body.size(); ++K) {
      if (!isAsmKeyword(Body[K]))
        continue;
      MacroAsm M;
      size_t Close;
      bool Holes = false;
      auto Pieces = [&](llvm::ArrayRef<RawToken> Ts, size_t &P) {
        return macroPieces(Ts, P, Resolve, Holes);
      };
      if (!readAsmStatement(Body, Buf, K, Pieces, M.Asm, Close))
        continue;
      M.TemplateHasParameters = Holes;
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
