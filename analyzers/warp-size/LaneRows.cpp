//===- LaneRows.cpp - counts of lane rows written as plain numbers --------===//
#include "LaneRows.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace hipwright::warpsize {

/// \p E as an integer literal written in the file, not from a macro.
static const IntegerLiteral *writtenLiteral(const Expr *E) {
  const auto *IL = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  return IL && IL->getBeginLoc().isFileID() ? IL : nullptr;
}

std::optional<int64_t> laneRowWidth(const BinaryOperator *BO, IndexFlow &Flow,
                                    const ASTContext &) {
  const IntegerLiteral *K = writtenLiteral(BO->getRHS());
  if (!K)
    return std::nullopt;
  uint64_t V = K->getValue().getLimitedValue();
  int64_t Lanes = 0;
  if (BO->getOpcode() == BO_Div && (V == 2 || V == 4 || V == 8 || V == 16))
    Lanes = static_cast<int64_t>(V);
  else if (BO->getOpcode() == BO_Shr && V >= 1 && V <= 4)
    Lanes = int64_t(1) << V;
  if (!Lanes || !Flow.isWarpLane(BO->getLHS()))
    return std::nullopt;
  return Lanes;
}

/// The operands of a chain of \p Op (through parentheses and casts).
static void flatten(const Expr *E, BinaryOperatorKind Op,
                    llvm::SmallVectorImpl<const Expr *> &Out,
                    unsigned Depth = 0) {
  const Expr *Bare = E->IgnoreParenCasts();
  const auto *BO = dyn_cast<BinaryOperator>(Bare);
  bool Same =
      BO && Depth < 16 &&
      (BO->getOpcode() == Op || (Op == BO_Add && BO->getOpcode() == BO_Sub));
  if (!Same) {
    Out.push_back(E);
    return;
  }
  flatten(BO->getLHS(), Op, Out, Depth + 1);
  flatten(BO->getRHS(), Op, Out, Depth + 1);
}

/// Whether \p E reads a lane or a thread index anywhere in it.
static bool readsLane(const Expr *E, IndexFlow &Flow, unsigned Depth = 0) {
  if (!E || Depth > 8)
    return false;
  if (Flow.isWarpLane(E) || Flow.isThreadIndex(E))
    return true;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (readsLane(CE, Flow, Depth + 1))
        return true;
  return false;
}

std::optional<LaneRowCount> laneRowCount(const BinaryOperator *Split,
                                         int64_t RowLanes, const Expr *Root,
                                         IndexFlow &Flow,
                                         const ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 8> Terms;
  flatten(Root, BO_Add, Terms);
  LaneRowCount Out;
  Out.Split = Split;
  Out.RowLanes = RowLanes;
  for (const Expr *Term : Terms) {
    llvm::SmallVector<const Expr *, 4> Factors;
    flatten(Term, BO_Mul, Factors);
    if (Factors.size() < 2)
      continue;
    for (const Expr *F : Factors) {
      // g * WARP_SIZE: a whole warp per step of something that is not a
      // lane (a lane times 32 would be a data stride, not a warp step).
      if (!Out.WarpStep && evalInt(F, Ctx) == 32 &&
          (spelledWithWarp32(F, Ctx) || writtenLiteral(F)) &&
          llvm::none_of(Factors, [&](const Expr *G) {
            return G != F && readsLane(G, Flow);
          })) {
        Out.WarpStep = Term;
        Out.Width = F;
        continue;
      }
      const IntegerLiteral *C = writtenLiteral(F);
      if (!Out.Count && C && C->getValue().getLimitedValue() * RowLanes == 32 &&
          llvm::none_of(Factors, [&](const Expr *G) {
            return G != F && readsLane(G, Flow);
          }))
        Out.Count = C;
    }
  }
  if (!Out.Count || !Out.WarpStep)
    return std::nullopt;
  return Out;
}

} // namespace hipwright::warpsize
