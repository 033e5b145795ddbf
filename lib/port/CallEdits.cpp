//===- CallEdits.cpp - applying `call` rules to parsed calls --------------===//
#include "port/CallEdits.h"
#include "port/ZeroedLocal.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
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

/// The enum type \p Arg has as written, before any conversion.
const EnumDecl *writtenEnum(const Expr *Arg) {
  const auto *T = Arg->IgnoreParenImpCasts()->getType()->getAs<EnumType>();
  return T ? T->getDecl() : nullptr;
}

bool holds(ArgCondition C, StringRef Name, const Expr *Arg, ASTContext &Ctx) {
  switch (C) {
  case ArgCondition::Enumerator: {
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    return Ref && isa<EnumConstantDecl>(Ref->getDecl()) &&
           Ref->getDecl()->getName() == Name;
  }
  case ArgCondition::OfEnumType: {
    const EnumDecl *E = writtenEnum(Arg);
    return E && E->getIdentifier() && E->getName() == Name;
  }
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

/// The parent of \p E, looking through nodes that have no text of their
/// own (implicit casts, cleanups); nullptr at the top.
const DynTypedNode *parentOf(const Expr *E, ASTContext &Ctx,
                             DynTypedNodeList &Storage) {
  Storage = Ctx.getParents(*E);
  while (!Storage.empty()) {
    const Expr *P = Storage[0].get<Expr>();
    if (!P ||
        !(isa<ImplicitCastExpr>(P) || isa<ExprWithCleanups>(P) ||
          isa<CXXBindTemporaryExpr>(P) || isa<MaterializeTemporaryExpr>(P)))
      return &Storage[0];
    Storage = Ctx.getParents(*P);
  }
  return nullptr;
}

/// Whether a call may become an expression form. A form that is an
/// assignment (a store) replaces only a call whose value nothing uses: the
/// CUDA call returns void, the assignment an lvalue, and `return f(...);`
/// in a void function would stop compiling. A value form (a load) is not
/// applied where the call's temporary is bound to a reference that outlives
/// it: the plain load's lvalue would alias memory a later store changes.
bool fitsExpressionContext(const CallExpr *E, const CallRule &Rule,
                           ASTContext &Ctx) {
  DynTypedNodeList Storage = Ctx.getParents(*E);
  if (Rule.StatementOnly) {
    const DynTypedNode *P = parentOf(E, Ctx, Storage);
    const Stmt *S = P ? P->get<Stmt>() : nullptr;
    return S && !isa<Expr>(S) && !isa<ReturnStmt>(S);
  }
  // Up through the nodes without text: a temporary a declaration extends.
  while (!Storage.empty()) {
    const Expr *P = Storage[0].get<Expr>();
    if (!P)
      break;
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(P))
      return M->getExtendingDecl() == nullptr;
    if (!(isa<ImplicitCastExpr>(P) || isa<ExprWithCleanups>(P) ||
          isa<CXXBindTemporaryExpr>(P)))
      break;
    Storage = Ctx.getParents(*P);
  }
  return true;
}

/// Whether a value form's result needs parentheses where the call stood:
/// `*p` under a postfix operator (`__ldcs(p).x`) would bind wrongly.
bool needsOuterParens(const CallExpr *E, const CallRule &Rule,
                      ASTContext &Ctx) {
  if (Rule.StatementOnly)
    return false;
  DynTypedNodeList Storage = Ctx.getParents(*E);
  const DynTypedNode *P = parentOf(E, Ctx, Storage);
  if (!P)
    return false;
  const Expr *Parent = P->get<Expr>();
  return Parent &&
         (isa<MemberExpr>(Parent) || isa<ArraySubscriptExpr>(Parent) ||
          isa<CXXDependentScopeMemberExpr>(Parent) ||
          isa<UnresolvedMemberExpr>(Parent) ||
          (isa<CallExpr>(Parent) &&
           cast<CallExpr>(Parent)->getCallee()->IgnoreImplicit() == E));
}

/// Whether an argument written after a prefix operator (`*$1`) must be
/// parenthesized: anything but a unary, cast, postfix or primary expression.
bool needsParensAfterPrefix(const Expr *Arg, StringRef Before) {
  Before = Before.rtrim();
  if (Before.empty() || !StringRef("*&!~-+").contains(Before.back()))
    return false;
  const Expr *A = Arg->IgnoreImplicit();
  if (isa<CXXOperatorCallExpr>(A))
    return true;
  return !(isa<ParenExpr>(A) || isa<DeclRefExpr>(A) || isa<MemberExpr>(A) ||
           isa<ArraySubscriptExpr>(A) || isa<CallExpr>(A) ||
           isa<ExplicitCastExpr>(A) || isa<UnaryOperator>(A) ||
           isa<IntegerLiteral>(A) || isa<CXXThisExpr>(A) ||
           isa<DependentScopeDeclRefExpr>(A) ||
           isa<CXXDependentScopeMemberExpr>(A) ||
           isa<UnresolvedLookupExpr>(A) || isa<UnresolvedMemberExpr>(A) ||
           isa<CXXUnresolvedConstructExpr>(A));
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
        Ok = holds(R->Call.Params[I], R->Call.ParamNames[I], Args[I], C.Ctx);
      if (Ok && R->Call.Expression)
        Ok = fitsExpressionContext(E, R->Call, C.Ctx);
      if (Ok) {
        Chosen = R;
        break;
      }
    }
    if (!Chosen)
      return; // a shape no row covers: the plain rename is right
    std::optional<SpelledCall> S = spell(E, Args, CalleeLoc, Callee);
    if (!S) {
      // An expression form's name has no HIP twin: its own row reports the
      // call, once.
      if (Chosen->Call.Expression)
        return;
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
    if (Chosen->Call.Expression) {
      rewriteAsExpression(E, *Path, *S, *Chosen, Callee, Args, Facts);
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

  /// The call becomes the row's expression: the text from the callee to
  /// the first argument, between arguments and after the last through ')'
  /// is replaced (and claimed, so the token pass does not report the CUDA
  /// name); the arguments stay where they are written.
  void rewriteAsExpression(const CallExpr *E, const std::string &Path,
                           const SpelledCall &S, const CallRow &Row,
                           StringRef Callee,
                           const std::vector<const Expr *> &Args,
                           CallEditFacts &Facts) {
    const CallRule &Rule = Row.Call;
    bool Outer = needsOuterParens(E, Rule, C.Ctx);
    std::vector<bool> Parens;
    for (size_t I = 0; I < Rule.Args.size(); ++I)
      Parens.push_back(needsParensAfterPrefix(Args[I], Rule.Args[I].Prefix));
    auto Replace = [&](unsigned From, unsigned To, std::string Text) {
      Facts.Claimed.push_back({From, To - From});
      edit(Path, From, To, std::move(Text));
    };
    size_t N = Rule.Args.size();
    Replace(S.Callee, S.Args[0].first,
            std::string(Outer ? "(" : "") + Rule.Args[0].Prefix +
                (Parens[0] ? "(" : ""));
    for (size_t I = 1; I < N; ++I)
      Replace(S.Args[I - 1].second, S.Args[I].first,
              std::string(Parens[I - 1] ? ")" : "") + Rule.Args[I].Prefix +
                  (Parens[I] ? "(" : ""));
    Replace(S.Args[N - 1].second, S.RParen + 1,
            std::string(Parens[N - 1] ? ")" : "") + Rule.Args[N - 1].Suffix +
                (Outer ? ")" : ""));
    SourceLocation L = SM.getComposedLoc(S.File, S.Callee);
    C.Out.References.push_back({Callee.str(), Rule.Replacement, Row.Row.Family,
                                Path, S.Callee, SM.getSpellingLineNumber(L),
                                SM.getSpellingColumnNumber(L), true});
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
