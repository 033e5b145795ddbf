//===- ThreadRoles.cpp - thread ranges built from counts of 32-lane warps -===//
#include "ThreadRoles.h"
#include "WarpFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace hipwright::warpsize {

static constexpr unsigned MaxDepth = 10;
static constexpr size_t MaxConditions = 5;

/// A name that says it counts threads (`COPY_THREADS`, `kNumThreads`,
/// `nthreads_copy`), not a warp width or a size of data.
static bool isThreadCountName(llvm::StringRef Name) {
  std::string L = Name.lower();
  return llvm::StringRef(L).contains("thread");
}

int ThreadRoles::conditionIndex(const Expr *Cond,
                                llvm::ArrayRef<const Expr *> Conds) {
  llvm::FoldingSetNodeID ID;
  Cond->IgnoreParenImpCasts()->Profile(ID, Ctx, /*Canonical=*/true);
  for (size_t I = 0; I < Conds.size(); ++I) {
    llvm::FoldingSetNodeID Other;
    Conds[I]->IgnoreParenImpCasts()->Profile(Other, Ctx, /*Canonical=*/true);
    if (Other == ID)
      return static_cast<int>(I);
  }
  return -1;
}

void ThreadRoles::collectConditions(const Expr *E,
                                    llvm::SmallVectorImpl<const Expr *> &Conds,
                                    unsigned Depth) {
  if (!E || Depth > MaxDepth || Conds.size() > MaxConditions)
    return;
  E = E->IgnoreParenCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (conditionIndex(CO->getCond(), Conds) < 0)
      Conds.push_back(CO->getCond());
    collectConditions(CO->getTrueExpr(), Conds, Depth + 1);
    collectConditions(CO->getFalseExpr(), Conds, Depth + 1);
    return;
  }
  if (const VarDecl *V = Values.keptLocal(E)) {
    collectConditions(V->getInit(), Conds, Depth + 1);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    collectConditions(BO->getLHS(), Conds, Depth + 1);
    collectConditions(BO->getRHS(), Conds, Depth + 1);
  }
}

std::optional<int64_t> ThreadRoles::evaluate(const Expr *E,
                                             llvm::ArrayRef<const Expr *> Conds,
                                             unsigned Mask, unsigned Depth) {
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  if (auto V = evalInt(E, Ctx))
    return V;
  E = E->IgnoreParenCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    int I = conditionIndex(CO->getCond(), Conds);
    if (I < 0)
      return std::nullopt;
    return evaluate((Mask >> I) & 1 ? CO->getTrueExpr() : CO->getFalseExpr(),
                    Conds, Mask, Depth + 1);
  }
  if (const VarDecl *V = Values.keptLocal(E))
    return evaluate(V->getInit(), Conds, Mask, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = evaluate(BO->getLHS(), Conds, Mask, Depth + 1);
    auto R = L ? evaluate(BO->getRHS(), Conds, Mask, Depth + 1) : std::nullopt;
    if (L && R)
      return applyIntOp(BO->getOpcode(), *L, *R);
  }
  return std::nullopt;
}

std::optional<llvm::SmallVector<int64_t, 8>>
ThreadRoles::values(const Expr *E) {
  llvm::SmallVector<const Expr *, 4> Conds;
  collectConditions(E, Conds, 0);
  if (Conds.size() > MaxConditions)
    return std::nullopt;
  llvm::SmallVector<int64_t, 8> Out;
  for (unsigned Mask = 0; Mask < (1u << Conds.size()); ++Mask) {
    auto V = evaluate(E, Conds, Mask, 0);
    if (!V)
      return std::nullopt;
    if (!llvm::is_contained(Out, *V))
      Out.push_back(*V);
  }
  return Out;
}

void ThreadRoles::collectCounts(const Expr *E,
                                llvm::SmallVectorImpl<RoleCount> &Out,
                                unsigned Depth) {
  if (!E || Depth > MaxDepth)
    return;
  const Expr *Bare = E->IgnoreParenCasts();
  if (const VarDecl *V = Values.keptLocal(Bare)) {
    collectCounts(V->getInit(), Out, Depth + 1);
    return;
  }
  if (auto V = evalInt(Bare, Ctx); V && isRoleSize(*V)) {
    // A named constant, or a macro, that says it counts threads.
    const SourceManager &SM = Ctx.getSourceManager();
    ConstantNames Names = constantNames(Bare, SM, Ctx.getLangOpts());
    std::string Name;
    const ValueDecl *Decl = nullptr;
    for (const ValueDecl *D : Names.Decls)
      if (isThreadCountName(D->getName())) {
        Name = D->getNameAsString();
        Decl = D;
      }
    for (const std::string &M : Names.Macros)
      if (Name.empty() && isThreadCountName(M))
        Name = M;
    // 3 * WARP_SIZE: whole warps by construction.
    const auto *BO = dyn_cast<BinaryOperator>(Bare);
    if (Name.empty() && BO && BO->getOpcode() == BO_Mul &&
        (spelledWithWarp32(BO->getLHS(), Ctx) ||
         spelledWithWarp32(BO->getRHS(), Ctx)))
      Name = llvm::StringRef(quotedSnippet(BO, Ctx, "")).trim('\'').str();
    if (!Name.empty()) {
      Out.push_back({Bare, Decl, Name, *V});
      return;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(Bare)) {
    collectCounts(CO->getTrueExpr(), Out, Depth + 1);
    collectCounts(CO->getFalseExpr(), Out, Depth + 1);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Bare)) {
    collectCounts(BO->getLHS(), Out, Depth + 1);
    collectCounts(BO->getRHS(), Out, Depth + 1);
  }
}

llvm::SmallVector<RoleCount, 2> ThreadRoles::counts(const Expr *E) {
  llvm::SmallVector<RoleCount, 2> Out;
  collectCounts(E, Out, 0);
  return Out;
}

} // namespace hipwright::warpsize
