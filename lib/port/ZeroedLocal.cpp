//===- ZeroedLocal.cpp - a local that only carries zeros to a call --------===//
#include "port/ZeroedLocal.h"

#include "frontend/RawLexer.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hipwright {
namespace {

/// Counts the references to one variable in a function body.
class RefCounter : public RecursiveASTVisitor<RefCounter> {
public:
  explicit RefCounter(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Count += E->getDecl() == V;
    return true;
  }
  unsigned Count = 0;

private:
  const VarDecl *V;
};

/// `T v = {};` or `T v{};`: aggregate initialization with no initializer,
/// so every member is zero.
bool zeroInitialized(const VarDecl *V) {
  const auto *List = dyn_cast_or_null<InitListExpr>(V->getInit());
  if (!List)
    return false;
  if (const InitListExpr *Written = List->getSyntacticForm())
    List = Written;
  return List->getNumInits() == 0;
}

/// How often \p Name occurs as an identifier in \p Range of the file.
unsigned countSpellings(CharSourceRange Range, StringRef Name,
                        const SourceManager &SM, const LangOptions &LO) {
  auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
  unsigned End = SM.getFileOffset(Range.getEnd());
  RawLexOptions Opts;
  Opts.Begin = Begin;
  Opts.End = End;
  unsigned N = 0;
  for (const RawToken &Tok : lexRawTokens(SM.getBufferData(File), LO, Opts))
    if (Tok.isIdent(Name))
      ++N;
  return N;
}

} // namespace

std::optional<std::pair<FileID, std::pair<unsigned, unsigned>>>
removableZeroedLocal(const Expr *Arg, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const auto *Addr = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParens());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() ||
      !V->getType()->isRecordType() || !V->getIdentifier() ||
      !zeroInitialized(V))
    return std::nullopt;
  const auto *Fn =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!Fn || !Fn->hasBody())
    return std::nullopt;
  RefCounter Refs(V);
  Refs.TraverseStmt(Fn->getBody());
  if (Refs.Count != 1)
    return std::nullopt;
  // The declaration statement, holding v alone, written in a file.
  auto Parents = Ctx.getParents(*V);
  const DeclStmt *Decl =
      Parents.size() == 1 ? Parents[0].get<DeclStmt>() : nullptr;
  if (!Decl || !Decl->isSingleDecl() || Decl->getBeginLoc().isMacroID() ||
      Decl->getEndLoc().isMacroID())
    return std::nullopt;
  // Nothing the parse did not see names it: the function's text has the
  // name twice, at the declaration and at the one use.
  CharSourceRange FnText = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Fn->getSourceRange()), SM, LO);
  if (FnText.isInvalid() || countSpellings(FnText, V->getName(), SM, LO) != 2)
    return std::nullopt;
  auto [File, Begin] = SM.getDecomposedLoc(Decl->getBeginLoc());
  auto [EndFile, Semi] = SM.getDecomposedLoc(Decl->getEndLoc());
  if (File != EndFile || Semi < Begin)
    return std::nullopt;
  unsigned End = Semi + 1; // past ';'
  // Take the whole line when the statement is all there is on it.
  StringRef Buffer = SM.getBufferData(File);
  size_t LineStart = Buffer.rfind('\n', Begin);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Buffer.find('\n', End);
  if (LineEnd == StringRef::npos)
    LineEnd = Buffer.size();
  if (Buffer.slice(LineStart, Begin).trim().empty() &&
      Buffer.slice(End, LineEnd).trim().empty()) {
    Begin = LineStart;
    End = LineEnd < Buffer.size() ? LineEnd + 1 : LineEnd;
  }
  return std::make_pair(File, std::make_pair(Begin, End));
}

} // namespace hipwright
