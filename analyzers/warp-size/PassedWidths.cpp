//===- PassedWidths.cpp - parameters a function uses as the warp width ----===//
#include "PassedWidths.h"
#include "WarpFlow.h"
#include "analysis/TemplateCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hipwright::warpsize {

namespace {

/// \p E is \p P, through parentheses and conversions.
bool isParam(const Expr *E, const ParmVarDecl *P) {
  const auto *DRE =
      E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  return DRE && DRE->getDecl() == P;
}

/// \p S reads \p P (a shuffle's width, a side of a comparison): a few
/// levels of arithmetic around it.
bool readsParam(const Stmt *S, const ParmVarDecl *P) {
  return readsDecl(S, P, /*MaxDepth=*/8);
}

/// `warpSize`, as written (clang's CUDA headers declare it a constant).
bool isWarpSizeRef(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl()->getIdentifier() &&
         DRE->getDecl()->getName() == "warpSize";
}

/// `p - 1`: the mask of a power-of-two width.
bool isParamMinusOne(const Expr *E, const ParmVarDecl *P,
                     const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return BO && BO->getOpcode() == BO_Sub && isParam(BO->getLHS(), P) &&
         evalInt(BO->getRHS(), Ctx) == 1;
}

class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  UseFinder(const FunctionDecl *FD, const ParmVarDecl *P, ASTContext &Ctx,
            PassedWidths &Widths, unsigned Depth, std::vector<WidthUse> &Out)
      : FD(FD), P(P), Ctx(Ctx), Flow(Ctx), Widths(Widths), Depth(Depth),
        Out(Out) {}

  bool VisitCallExpr(CallExpr *CE) {
    if (auto S = asShuffle(CE)) {
      if (S->WidthArg && readsParam(S->WidthArg, P))
        Out.push_back({WidthUse::Kind::ShuffleWidth, CE, FD, P});
      return true;
    }
    // Passed on unchanged: the callee's uses are this parameter's too.
    const FunctionDecl *Callee = CE->getDirectCallee()
                                     ? writtenDefinition(CE->getDirectCallee())
                                     : nullptr;
    if (!Callee || Callee == FD || Depth >= 3)
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I)
      if (isParam(CE->getArg(I), P)) {
        std::vector<WidthUse> More = Widths.collect(Callee, I, Depth + 1);
        Out.insert(Out.end(), More.begin(), More.end());
      }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    BinaryOperatorKind Op = BO->getOpcode();
    bool Split = ((Op == BO_Rem || Op == BO_Div) && isParam(BO->getRHS(), P)) ||
                 (Op == BO_And && isParamMinusOne(BO->getRHS(), P, Ctx));
    if (Split && Flow.isThreadIndex(BO->getLHS())) {
      Out.push_back({WidthUse::Kind::LaneSplit, BO, FD, P});
      return true;
    }
    if (BO->isRelationalOp() &&
        ((Flow.isThreadIndex(BO->getLHS()) && readsParam(BO->getRHS(), P)) ||
         (Flow.isThreadIndex(BO->getRHS()) && readsParam(BO->getLHS(), P))))
      Out.push_back({WidthUse::Kind::LaneCompare, BO, FD, P});
    return true;
  }

private:
  const FunctionDecl *FD;
  const ParmVarDecl *P;
  ASTContext &Ctx;
  IndexFlow Flow;
  PassedWidths &Widths;
  unsigned Depth;
  std::vector<WidthUse> &Out;
};

class WaveLaneFinder : public RecursiveASTVisitor<WaveLaneFinder> {
public:
  explicit WaveLaneFinder(ASTContext &Ctx) : Flow(Ctx) {}

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (Found)
      return false;
    const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
    bool ByWave = false;
    if (BO->getOpcode() == BO_Rem)
      ByWave = isWarpSizeRef(R);
    else if (const auto *Mask = dyn_cast<BinaryOperator>(R);
             BO->getOpcode() == BO_And && Mask && Mask->getOpcode() == BO_Sub)
      ByWave = isWarpSizeRef(Mask->getLHS());
    if (ByWave && Flow.isThreadIndex(BO->getLHS()))
      Found = BO;
    return !Found;
  }

  bool VisitCallExpr(CallExpr *CE) {
    StringRef N = calleeName(CE);
    if (!Found && (N == "__lane_id" || N == "__laneid"))
      Found = CE;
    return !Found;
  }

  IndexFlow Flow;
  const Expr *Found = nullptr;
};

} // namespace

const std::vector<WidthUse> &PassedWidths::usesOf(const FunctionDecl *FD,
                                                  unsigned Index) {
  auto Key = std::make_pair(FD, Index);
  auto It = Uses.find(Key);
  if (It == Uses.end())
    It = Uses.emplace(Key, collect(FD, Index, 0)).first;
  return It->second;
}

std::vector<WidthUse> PassedWidths::collect(const FunctionDecl *FD,
                                            unsigned Index, unsigned Depth) {
  std::vector<WidthUse> Found;
  if (!FD || !FD->getBody() || Index >= FD->getNumParams())
    return Found;
  const ParmVarDecl *P = FD->getParamDecl(Index);
  if (!P->getType()->isIntegerType())
    return Found;
  // The depth bounds recursion too: a function passing the value to
  // itself, directly or through others, stops three calls down.
  UseFinder(FD, P, Ctx, *this, Depth, Found).TraverseStmt(FD->getBody());
  return Found;
}

const Expr *PassedWidths::wavefrontLane(const FunctionDecl *FD) {
  if (!FD || !FD->getBody())
    return nullptr;
  auto [It, New] = WaveLanes.try_emplace(FD, nullptr);
  if (!New)
    return It->second;
  WaveLaneFinder Finder(Ctx);
  Finder.TraverseStmt(FD->getBody());
  WaveLanes[FD] = Finder.Found;
  return Finder.Found;
}

} // namespace hipwright::warpsize
