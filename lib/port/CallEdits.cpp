//===- CallEdits.cpp - applying `call` rules to parsed calls --------------===//
#include "port/CallEdits.h"
#include "port/ZeroedLocal.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace hipwright {
namespace {

/// The arguments the call spells: CUDA's default arguments appear in the
/// AST as CXXDefaultArgExpr after them.
std::vector<const Expr *> spelledArgs(const CallExpr *E) {
  std::vector<const Expr *> Args;
  for (const Expr *A : E->arguments()) {
    if (isa<CXXDefaultArgExpr>(A))
      break;
    Args.push_back(A);
  }
  return Args;
}

bool namesFunction(const Expr *Arg) {
  const Expr *A = Arg->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(A);
      U && U->getOpcode() == UO_AddrOf)
    A = U->getSubExpr()->IgnoreParens();
  // A template kernel named in a template (`kernel<T>`) is not resolved.
  if (isa<OverloadExpr>(A))
    return true;
  QualType T = A->getType();
  return !T.isNull() && (T->isFunctionType() || T->isFunctionPointerType());
}

bool holds(ArgCondition C, const Expr *Arg, ASTContext &Ctx) {
  switch (C) {
  case ArgCondition::Any:
    return true;
  case ArgCondition::Null:
    return !Arg->isValueDependent() &&
           Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) !=
               Expr::NPCK_NotNull;
  case ArgCondition::Function:
    return namesFunction(Arg);
  case ArgCondition::Symbol: {
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var &&
           (Var->hasAttr<CUDADeviceAttr>() || Var->hasAttr<CUDAConstantAttr>());
  }
  case ArgCondition::ZeroedLocal:
    return removableZeroedLocal(Arg, Ctx).has_value();
  case ArgCondition::TypedPointerPointer: {
    // CUDA's typed overload took it; HIP's void** one will not.
    QualType T = Arg->IgnoreParenImpCasts()->getType();
    if (T.isNull() || !T->isPointerType())
      return false;
    // A const pointee cannot be cast to void** (reinterpret_cast keeps
    // constness); such a call keeps the plain rename.
    QualType Inner = T->getPointeeType();
    return Inner->isPointerType() && !Inner->getPointeeType()->isVoidType() &&
           !Inner->getPointeeType().isConstQualified();
  }
  }
  return false;
}

/// Where the call's pieces are spelled, as offsets in one file.
struct SpelledCall {
  FileID File;
  unsigned Callee = 0; ///< offset of the callee's name
  unsigned LParen = 0; ///< offset of '('
  unsigned RParen = 0; ///< offset of ')'
  std::vector<std::pair<unsigned, unsigned>> Args; ///< [begin, end) each
};

class CallRewriter {
public:
  CallRewriter(CallEditContext &C)
      : C(C), SM(C.Ctx.getSourceManager()), LO(C.Ctx.getLangOpts()) {}

  void run(const CallExpr *E, StringRef Callee, SourceLocation CalleeLoc) {
    std::vector<const CallRow *> Rows = C.Rules.callRules(Callee);
    SmallString<64> Spelled;
    if (Rows.empty() && CalleeLoc.isMacroID()) {
      // CUDA 13 renames some calls with a macro (cuCtxCreate ->
      // cuCtxCreate_v4): the rules speak of the name the user wrote.
      if (auto L = nameSpelling(CalleeLoc)) {
        Callee = Lexer::getSpelling(*L, Spelled, SM, LO);
        Rows = C.Rules.callRules(Callee);
      }
    }
    if (Rows.empty())
      return;
    std::vector<const Expr *> Args = spelledArgs(E);
    const CallRow *Chosen = nullptr;
    for (const CallRow *R : Rows) {
      if (!R->Call.acceptsArgCount(Args.size()))
        continue;
      bool Ok = true;
      for (size_t I = 0; I < R->Call.Params.size() && Ok; ++I)
        Ok = holds(R->Call.Params[I], Args[I], C.Ctx);
      if (Ok) {
        Chosen = R;
        break;
      }
    }
    if (!Chosen)
      return; // a shape no row covers: the plain rename is right
    std::optional<SpelledCall> S = spell(E, Args, CalleeLoc, Callee);
    if (!S) {
      // Only where the callee itself is the user's to edit: a call written
      // wholly inside a toolkit macro is not.
      SourceLocation L = SM.getSpellingLoc(CalleeLoc);
      if (C.UserFile(L))
        report(L, Callee, Chosen,
               "the call is spelled partly inside a macro, where its "
               "arguments cannot be rewritten");
      return;
    }
    auto Path = C.UserFile(SM.getComposedLoc(S->File, S->Callee));
    if (!Path)
      return;
    CallEditFacts &Facts = C.Facts[*Path];
    if (!Chosen->Call.rewrites()) {
      report(SM.getComposedLoc(S->File, S->Callee), Callee, Chosen,
             Chosen->Row.Notes);
      return;
    }
    Facts.CalleeNames[S->Callee] = Chosen->Call.HipCallee;
    rewrite(*Path, *S, Chosen->Call, Facts);
    removeDroppedLocals(Chosen->Call, Args);
  }

private:
  CallEditContext &C;
  SourceManager &SM;
  const LangOptions &LO;

  /// \p L as a location in a file: itself, or where a macro argument
  /// containing it was written. Locations inside a macro's body have none.
  std::optional<SourceLocation> fileSpelling(SourceLocation L) {
    while (L.isMacroID()) {
      if (!SM.isMacroArgExpansion(L))
        return std::nullopt;
      L = SM.getImmediateSpellingLoc(L);
    }
    if (L.isInvalid())
      return std::nullopt;
    return L;
  }

  /// Like fileSpelling, but a name that an object-like macro turned into
  /// another (CUDA 13: `#define cuCtxCreate cuCtxCreate_v4`) is located at
  /// the macro's name as written, also inside another macro's argument
  /// (`checkCudaErrors(cuCtxCreate(...))`).
  std::optional<SourceLocation> nameSpelling(SourceLocation L) {
    while (L.isMacroID()) {
      if (SM.isMacroArgExpansion(L)) {
        L = SM.getImmediateSpellingLoc(L);
        continue;
      }
      CharSourceRange R = SM.getImmediateExpansionRange(L);
      if (R.getBegin() != R.getEnd())
        return std::nullopt; // a function-like macro call, not a plain name
      L = R.getBegin();
    }
    if (L.isInvalid())
      return std::nullopt;
    return L;
  }

  std::optional<SpelledCall> spell(const CallExpr *E,
                                   const std::vector<const Expr *> &Args,
                                   SourceLocation CalleeLoc, StringRef Callee) {
    SpelledCall S;
    auto Name = nameSpelling(CalleeLoc);
    auto CalleeEnd =
        nameSpelling(E->getCallee()->IgnoreImplicit()->getEndLoc());
    auto RParen = fileSpelling(E->getRParenLoc());
    if (!Name || !CalleeEnd || !RParen)
      return std::nullopt;
    // The name must be written as the CUDA name right there (not made by a
    // macro of the user's that expands to it).
    SmallString<64> Buf;
    if (Lexer::getSpelling(*Name, Buf, SM, LO) != Callee)
      return std::nullopt;
    S.File = SM.getFileID(*Name);
    S.Callee = SM.getFileOffset(*Name);
    std::optional<Token> Next = Lexer::findNextToken(*CalleeEnd, SM, LO);
    if (!Next || Next->isNot(tok::l_paren) || Next->getLocation().isMacroID())
      return std::nullopt;
    S.LParen = SM.getFileOffset(Next->getLocation());
    S.RParen = SM.getFileOffset(*RParen);
    if (SM.getFileID(Next->getLocation()) != S.File ||
        SM.getFileID(*RParen) != S.File || S.LParen < S.Callee)
      return std::nullopt;
    unsigned Prev = S.LParen + 1;
    for (const Expr *A : Args) {
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(A->getSourceRange()), SM, LO);
      if (R.isInvalid() || SM.getFileID(R.getBegin()) != S.File)
        return std::nullopt;
      unsigned B = SM.getFileOffset(R.getBegin());
      unsigned End = SM.getFileOffset(R.getEnd());
      if (B < Prev || End < B)
        return std::nullopt;
      S.Args.push_back({B, End});
      Prev = End;
    }
    if (S.RParen < Prev)
      return std::nullopt;
    return S;
  }

  void edit(const std::string &Path, unsigned From, unsigned To,
            std::string Text) {
    C.Out.Edits.push_back({Path, From, To - From, std::move(Text)});
  }

  /// Rewrites the argument list. Every kept argument stays where it is
  /// written; only the gaps around them change: the text from '(' or the end
  /// of one kept argument to the start of the next, or through ')'. A gap
  /// that drops nothing keeps its original text (separators, comments, line
  /// breaks) with the new arguments put in at its edge; a gap that drops
  /// arguments is rebuilt; a gap that does not change is not edited.
  void rewrite(const std::string &Path, const SpelledCall &S,
               const CallRule &Rule, CallEditFacts &Facts) {
    StringRef Buffer = SM.getBufferData(S.File);
    std::vector<CallOutputArg> Outs = Rule.Args;
    for (size_t I = Rule.Params.size(); I < S.Args.size(); ++I)
      Outs.push_back({"", static_cast<unsigned>(I + 1), ""}); // `...`
    const CallOutputArg *Prev = nullptr; // the last kept argument
    std::vector<std::string> Added;      // new arguments since then
    // The gap from Prev (or '(') to the argument at [Next, ...) or, with no
    // next argument, through ')'.
    auto Gap = [&](const CallOutputArg *Next) {
      unsigned PrevSource = Prev ? Prev->Source : 0;
      unsigned From = Prev ? S.Args[PrevSource - 1].second : S.LParen;
      unsigned To = Next ? S.Args[Next->Source - 1].first : S.RParen + 1;
      unsigned NextSource = Next ? Next->Source : S.Args.size() + 1;
      bool Drops = NextSource != PrevSource + 1;
      std::string Text = Prev ? Prev->Suffix : "(";
      StringRef Original = Buffer.slice(Prev ? From : From + 1, To);
      if (!Drops) {
        // "(" + "new, " ... + original; "suffix" + ", new" ... + original.
        for (const std::string &A : Added)
          Text += Prev ? ", " + A : A + ", ";
        if (!Prev && !Next && !Added.empty())
          Text.resize(Text.size() - 2); // "(a, b" + ")"
        Text += Original.str();
      } else {
        Facts.Claimed.push_back({From, To - From});
        std::vector<std::string> Items = Added;
        for (size_t I = 0; I < Items.size(); ++I)
          Text += (Prev || I ? ", " : "") + Items[I];
        if (Next)
          Text += Prev || !Items.empty() ? ", " : "";
        else
          Text += ")";
      }
      if (Next)
        Text += Next->Prefix;
      if (Buffer.slice(From, To) != Text)
        edit(Path, From, To, Text);
    };
    for (const CallOutputArg &O : Outs) {
      if (O.Source == 0) {
        Added.push_back(O.Prefix);
        continue;
      }
      Gap(&O);
      Prev = &O;
      Added.clear();
    }
    Gap(nullptr);
  }

  /// A `$N:&zeroed` argument the rewrite drops takes its variable's
  /// declaration with it (port/ZeroedLocal.h says when that is safe).
  void removeDroppedLocals(const CallRule &Rule,
                           const std::vector<const Expr *> &Args) {
    for (size_t I = 0; I < Rule.Params.size(); ++I) {
      if (Rule.Params[I] != ArgCondition::ZeroedLocal ||
          llvm::any_of(Rule.Args, [&](const CallOutputArg &O) {
            return O.Source == I + 1;
          }))
        continue;
      auto Decl = removableZeroedLocal(Args[I], C.Ctx);
      if (!Decl)
        continue;
      auto [File, Range] = *Decl;
      auto Path = C.UserFile(SM.getComposedLoc(File, Range.first));
      if (!Path)
        continue;
      C.Facts[*Path].Claimed.push_back(
          {Range.first, Range.second - Range.first});
      edit(*Path, Range.first, Range.second, "");
    }
  }

  void report(SourceLocation L, StringRef Callee, const CallRow *Row,
              StringRef Why) {
    auto Path = C.UserFile(L);
    if (!Path)
      return;
    Finding F;
    F.RuleId = "unsupported-api.call-signature";
    F.Level = Severity::Warning;
    F.File = *Path;
    F.Line = SM.getSpellingLineNumber(L);
    F.Column = SM.getSpellingColumnNumber(L);
    // The name is still translated like any other (a port of the port must
    // find nothing left to do, and it has no parse to recognize the call
    // by); only the arguments stay as CUDA wrote them.
    F.Message = Callee.str() + ": " + Why.str() +
                "; its arguments were left as written";
    F.Suggestion = Row->Call.rewrites()
                       ? "Rewrite it by hand as " + Row->Call.Replacement +
                             " (rules/" + Row->Row.Family +
                             ".tsv:" + std::to_string(Row->Row.Line) + ")."
                       : "See rules/" + Row->Row.Family +
                             ".tsv:" + std::to_string(Row->Row.Line) + ".";
    C.Out.Findings.push_back(std::move(F));
  }
};

} // namespace

void applyCallRules(const CallExpr *E, StringRef Callee,
                    SourceLocation CalleeLoc, CallEditContext &C) {
  CallRewriter(C).run(E, Callee, CalleeLoc);
}

} // namespace hipwright
