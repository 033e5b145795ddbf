//===- ValueFlow.cpp - constants held in variables that never change ------===//
#include "ValueFlow.h"
#include "WarpFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hipwright::warpsize {

namespace {

/// Every reference to one variable in a function body.
class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  explicit RefFinder(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V)
      Refs.push_back(E);
    return true;
  }
  const VarDecl *V;
  llvm::SmallVector<const DeclRefExpr *, 8> Refs;
};

} // namespace

bool ValueFlow::keepsInitialValue(const VarDecl *V) {
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
      !V->getType()->isIntegerType() || V->getType().isVolatileQualified())
    return false;
  // A const local cannot change (short of a const_cast); its reads inside
  // a template's dependent calls carry no lvalue-to-rvalue cast to test.
  if (V->getType().isConstQualified())
    return true;
  auto [It, New] = Kept.try_emplace(V, false);
  if (!New)
    return It->second;
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return false;
  RefFinder Finder(V);
  Finder.TraverseStmt(FD->getBody());
  // A read of a scalar is an lvalue-to-rvalue conversion of the reference;
  // anything else (an assignment, ++, &v, a reference bound to it, a
  // lambda capturing it by reference and writing it) may change it.
  bool OnlyRead = true;
  for (const DeclRefExpr *Ref : Finder.Refs) {
    DynTypedNodeList Parents = Ctx.getParents(*Ref);
    const auto *Cast =
        Parents.empty() ? nullptr : Parents[0].get<ImplicitCastExpr>();
    if (!Cast || Cast->getCastKind() != CK_LValueToRValue) {
      OnlyRead = false;
      break;
    }
  }
  Kept[V] = OnlyRead;
  return OnlyRead;
}

const VarDecl *ValueFlow::keptLocal(const Expr *E) {
  const auto *DRE = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenCasts()) : nullptr;
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && keepsInitialValue(V) ? V : nullptr;
}

std::optional<int64_t> ValueFlow::value(const Expr *E, unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  if (auto V = evalInt(E, Ctx))
    return V;
  if (const VarDecl *V = keptLocal(E))
    return value(V->getInit(), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenCasts())) {
    auto L = value(BO->getLHS(), Depth + 1);
    auto R = L ? value(BO->getRHS(), Depth + 1) : std::nullopt;
    if (L && R)
      return applyIntOp(BO->getOpcode(), *L, *R);
  }
  return std::nullopt;
}

const Expr *ValueFlow::origin(const Expr *E, unsigned Depth) {
  if (const VarDecl *V = keptLocal(E); V && Depth < 8)
    return origin(V->getInit(), Depth + 1);
  return E;
}

} // namespace hipwright::warpsize
