//===- NativeRewrite.cpp - 32-lane idioms rewritten for warpSize ----------===//
#include "NativeRewrite.h"

#include "NativeMasks.h"
#include "WarpFlow.h"
#include "analysis/TemplateCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

using namespace clang;

namespace hipwright::warpsize {

namespace {

/// Lane-mask, tile and warp-wide matrix operations: their 32-bit results,
/// 32-thread groups and per-warp fragments need more than a warpSize in
/// place of a 32, so a function using them is left as it is (the lane-mask
/// fix-its keep it correct). Ballots are the exception: NativeMasks keeps
/// them whole where it can follow every use.
bool isMaskOrTileCall(StringRef Name) {
  return Name.starts_with("__ballot") || Name == "__activemask" ||
         Name.starts_with("__match_") || Name.starts_with("__reduce_") ||
         Name.starts_with("__lanemask") || Name == "tiled_partition" ||
         Name == "coalesced_threads" || Name == "labeled_partition" ||
         Name == "mma_sync" || Name == "load_matrix_sync" ||
         Name == "store_matrix_sync" || Name == "fill_fragment";
}

class Planner : public RecursiveASTVisitor<Planner> {
public:
  Planner(ASTContext &AST, NativePlan &P) : AST(AST), Flow(AST), P(P) {}

  bool TraverseForStmt(ForStmt *S) {
    Loops.push_back(S);
    bool Ok = RecursiveASTVisitor::TraverseForStmt(S);
    Loops.pop_back();
    return Ok;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasAttr<CUDASharedAttr>())
      return true;
    const auto *T = AST.getAsConstantArrayType(V->getType());
    TypeSourceInfo *TSI = V->getTypeSourceInfo();
    if (!T || !TSI)
      return true;
    SharedSizes[V] = T->getSize().getZExtValue();
    auto AL = TSI->getTypeLoc().getAs<ConstantArrayTypeLoc>();
    const Expr *Size = AL ? AL.getSizeExpr() : nullptr;
    if (!Size)
      return true;
    // `__shared__ int partial[BLOCK / 32]`: one slot per 32-lane warp is
    // more than a block of 64-lane wavefronts needs.
    if (const auto *Div = dyn_cast<BinaryOperator>(Size->IgnoreParenImpCasts());
        Div && Div->getOpcode() == BO_Div && evalInt(Div->getRHS(), AST) == 32)
      consume(Div->getRHS());
    // `__shared__ float lanes[32]`: judged by its subscripts in finish().
    else if (evalInt(Size, AST) == 32)
      Arrays32[V].Size = Size;
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    StringRef Name = calleeName(CE);
    P.WarpWork |= isWarpLevelCall(Name);
    // A launch starts new blocks; only a call shares the caller's lanes.
    if (!isa<CUDAKernelCallExpr>(CE))
      forEachPossibleCallee(CE, [&](const FunctionDecl *FD) {
        if (const FunctionDecl *Callee = writtenDefinition(FD))
          P.Callees.push_back(Callee);
      });
    if (isWholeMaskCall(Name)) {
      P.WarpWork = true; // planned by NativeMasks
    } else if (isMaskOrTileCall(Name)) {
      P.WarpWork = true;
      refuse(CE, "'" + Name.str() +
                     "' works on 32-bit lane masks, 32-thread tiles or "
                     "warp-wide fragments, which the native rewrite does not "
                     "change");
    } else if (auto S = asShuffle(CE)) {
      P.WarpWork = true;
      shuffle(*S);
    }
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    P.Launches.push_back(E);
    return true;
  }

  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    std::string Asm = A->getAsmString();
    StringRef S(Asm);
    if (S.contains("laneid") || S.contains("shfl") || S.contains("vote.")) {
      P.WarpWork = true;
      refuse(A, "inline PTX works on the warp");
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    using Split = IndexFlow::Split;
    switch (Flow.splitKind(BO)) {
    case Split::LaneInGroup:
      P.WarpWork = true;
      edit(BO->getRHS(),
           BO->getOpcode() == BO_Rem ? "warpSize" : "(warpSize - 1)");
      return true;
    case Split::GroupIndex:
    case Split::GroupCount:
      P.WarpWork = true;
      edit(BO->getRHS(), BO->getOpcode() == BO_Div   ? "warpSize"
                         : BO->getOpcode() == BO_Shr ? "(__ffs(warpSize) - 1)"
                                                     : "~(warpSize - 1)");
      return true;
    case Split::SubGroup:
      P.WarpWork = true;
      refuse(BO, "splits a 32-lane warp into rows of lanes");
      return true;
    case Split::None:
      break;
    }
    if (BO->getOpcode() == BO_Shl || BO->getOpcode() == BO_Shr)
      if (evalInt(BO->getRHS(), AST) == 5)
        Constants.push_back(BO->getRHS());
    switch (Flow.laneUse(BO)) {
    case IndexFlow::LaneUse::HalfTest: {
      P.WarpWork = true;
      const Expr *C = evalInt(BO->getRHS(), AST) ? BO->getRHS() : BO->getLHS();
      edit(C, evalInt(C, AST) == 16 ? "(warpSize / 2)" : "(warpSize / 2 - 1)");
      return true;
    }
    case IndexFlow::LaneUse::NextGroup:
      P.WarpWork = true;
      refuse(BO, "steps one 32-lane warp on, a layout the rewrite cannot "
                 "change");
      return true;
    case IndexFlow::LaneUse::None:
      break;
    }
    // lane == 31: the group's last lane is the wavefront's last lane.
    if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)
      for (auto [Lane, C] : {std::pair(BO->getLHS(), BO->getRHS()),
                             std::pair(BO->getRHS(), BO->getLHS())})
        if (evalInt(C, AST) == 31 && Flow.isWarpLane(Lane)) {
          P.WarpWork = true;
          edit(C, "(warpSize - 1)");
          break;
        }
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(Base);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    bool Shared = V && V->hasAttr<CUDASharedAttr>();
    std::string Name = V ? "'" + V->getNameAsString() + "'" : "this array";
    if (!Shared && involvesWarpIndex(ASE->getIdx(), 0))
      refuse(ASE, "the warp index addresses " + Name +
                      " outside shared memory: that layout follows the warp "
                      "width, and whoever reads it counts 32-lane warps");
    bool Lane = Shared && Flow.isWarpLane(ASE->getIdx());
    bool Unguarded = Lane && !guardedByBound(ASE);
    if (auto A = Arrays32.find(V); A != Arrays32.end() && DRE) {
      ++A->second.Subscripts;
      if (Unguarded)
        A->second.LaneUses.push_back(ASE);
      else if (!Lane && !involvesWarpIndex(ASE->getIdx(), 0))
        A->second.OtherIndex = true;
      return true;
    }
    if (Unguarded)
      if (auto It = SharedSizes.find(V);
          It != SharedSizes.end() && It->second < 64)
        refuse(ASE, laneOverrun(Name, It->second));
    return true;
  }

  bool VisitIntegerLiteral(IntegerLiteral *IL) {
    uint64_t V = IL->getValue().getLimitedValue();
    if (V == 16 || V == 31 || V == 32)
      Constants.push_back(IL);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (auto A = Arrays32.find(V); A != Arrays32.end())
      ++A->second.Refs;
    if (V && V->getType()->isIntegerType() && V->getType().isConstQualified() &&
        V->getInit())
      if (auto C = evalInt(V->getInit(), AST); C == 16 || C == 31 || C == 32)
        Constants.push_back(DRE);
    return true;
  }

  /// Every width-like constant no rule above accounted for: the function
  /// may depend on 32 lanes in a way the rewrite does not see.
  void finish() {
    sharedArrays32();
    for (const Expr *C : Constants)
      if (!Consumed.count(C) && !spelledWarpSize(C))
        refuse(C, snippet(C) + " is 16, 31 or 32, perhaps a warp width, "
                               "used in a way the rewrite does not "
                               "understand");
  }

  /// The function's ballots, kept whole (NativeMasks.h).
  void masks(const FunctionDecl &FD) {
    MaskRewrite M = planNativeMasks(FD, AST, Flow);
    P.Edits.insert(P.Edits.end(), M.Edits.begin(), M.Edits.end());
    for (auto &[Loc, Why] : M.Refusals)
      refuseAt(Loc, Why);
  }

private:
  /// A shared array of 32 elements, sized for a 32-lane warp or for 32
  /// warps of a 1024-thread block.
  struct Array32 {
    const Expr *Size = nullptr;
    unsigned Refs = 0, Subscripts = 0;
    SmallVector<const ArraySubscriptExpr *, 2> LaneUses; ///< unguarded
    bool OtherIndex = false; ///< a subscript neither a lane nor a warp
  };

  /// Indexed only by lanes and warp indices, a 32-element array is
  /// widened to 64 if a lane reads it unguarded (lanes run to 63 in a
  /// wavefront; 64 elements are harmless at 32), else left as it is (a
  /// wavefront block has fewer warps than a warp block). Anything else
  /// keeps its 32 unexplained.
  void sharedArrays32() {
    for (auto &[V, A] : Arrays32) {
      if (A.OtherIndex || A.Refs != A.Subscripts) {
        for (const ArraySubscriptExpr *ASE : A.LaneUses)
          refuse(ASE, laneOverrun("'" + V->getNameAsString() + "'", 32));
        continue;
      }
      if (A.LaneUses.empty())
        consume(A.Size);
      else
        edit(A.Size, "64");
    }
  }

  static std::string laneOverrun(const std::string &Name, uint64_t Size) {
    return Name + " has " + std::to_string(Size) +
           " elements but is indexed by a lane, which runs to 63 in a "
           "64-lane wavefront";
  }

  void shuffle(const Shuffle &S) {
    if (S.WidthArg) {
      if (evalInt(S.WidthArg, AST) == 32)
        refuse(S.WidthArg, "an explicit width of 32 keeps 32-lane groups");
      else
        consume(S.WidthArg); // a sub-group width: the same on both vendors
      return;
    }
    if (S.Kind == ShuffleKind::Index)
      return; // its source lane is built from splits judged on their own
    const Expr *Offset = S.LaneArg;
    if (auto V = evalInt(Offset, AST)) {
      if (*V == 16)
        refuse(Offset, "an unrolled shuffle step of 16: a wavefront needs "
                       "one more step, of 32");
      return;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(Offset->IgnoreParenCasts());
    if (!DRE)
      return;
    for (auto It = Loops.rbegin(); It != Loops.rend(); ++It)
      if (forLoopVariable(*It) == DRE->getDecl())
        return offsetLoop(*It, DRE->getDecl());
    // int offset = 16; while (offset > 0) { ...; offset /= 2; }
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && !isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getInit() &&
        evalInt(V->getInit(), AST) == 16)
      edit(V->getInit(), "warpSize / 2");
  }

  /// for (o = 16; o > 0; o /= 2) or for (o = 1; o < 32; o *= 2).
  void offsetLoop(const ForStmt *FS, const ValueDecl *Var) {
    const Expr *Init = forLoopInit(FS);
    if (Init && evalInt(Init, AST) == 16) {
      edit(Init, "warpSize / 2");
      return;
    }
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(
        FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
    if (!Cond || !Cond->isRelationalOp())
      return;
    const auto *L = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenCasts());
    if (!L || L->getDecl() != Var)
      return;
    auto B = evalInt(Cond->getRHS(), AST);
    if (B == 32 && Cond->getOpcode() == BO_LT)
      edit(Cond->getRHS(), "warpSize");
    else if (B == 16 && Cond->getOpcode() == BO_LE)
      edit(Cond->getRHS(), "warpSize / 2");
  }

  /// Whether \p E computes with a warp index (`tid / 32`, or a local
  /// variable initialised from one).
  bool involvesWarpIndex(const Stmt *S, unsigned Depth) {
    if (!S || Depth > 8)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      auto K = Flow.splitKind(BO);
      if (K == IndexFlow::Split::GroupIndex)
        return true;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getInit()) {
        auto [It, New] = WarpIndexVars.try_emplace(V, false);
        if (New)
          It->second = involvesWarpIndex(V->getInit(), Depth + 1);
        return WarpIndexVars[V];
      }
    for (const Stmt *C : S->children())
      if (involvesWarpIndex(C, Depth + 1))
        return true;
    return false;
  }

  /// Whether \p S runs only under `t < N` for a thread index t (`(lane <
  /// nWarps) ? partial[lane] : 0`): the code already bounds the index.
  bool guardedByBound(const Stmt *S) {
    DynTypedNode Node = DynTypedNode::create(*S);
    for (unsigned Depth = 0; Depth < 8; ++Depth) {
      DynTypedNodeList Parents = AST.getParents(Node);
      if (Parents.empty())
        return false;
      const Stmt *Child = Node.get<Stmt>();
      Node = Parents[0];
      const Expr *Cond = nullptr;
      if (const auto *CO = Node.get<ConditionalOperator>();
          CO && CO->getTrueExpr() == Child)
        Cond = CO->getCond();
      else if (const auto *If = Node.get<IfStmt>();
               If && If->getThen() == Child)
        Cond = If->getCond();
      const auto *BO = dyn_cast_or_null<BinaryOperator>(
          Cond ? Cond->IgnoreParenImpCasts() : nullptr);
      if (BO && (BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE) &&
          (Flow.isThreadIndex(BO->getLHS()) || Flow.isWarpLane(BO->getLHS())))
        return true;
    }
    return false;
  }

  /// `warpSize` itself (a variable, or CUDA's macro for 32): already the
  /// native spelling.
  bool spelledWarpSize(const Expr *E) {
    const SourceManager &SM = AST.getSourceManager();
    CharSourceRange R = CharSourceRange::getTokenRange(
        SM.getExpansionRange(E->getSourceRange()).getAsRange());
    return Lexer::getSourceText(R, SM, AST.getLangOpts()).trim() == "warpSize";
  }

  void edit(const Expr *E, std::string Text) {
    if (spelledWarpSize(E)) {
      consume(E);
      return;
    }
    P.Edits.push_back(
        {CharSourceRange::getTokenRange(E->getSourceRange()), std::move(Text)});
    consume(E);
  }

  void consume(const Stmt *S) {
    if (!S)
      return;
    Consumed.insert(S);
    for (const Stmt *C : S->children())
      consume(C);
  }

  void refuse(const Stmt *S, std::string Why) {
    refuseAt(S->getBeginLoc(), std::move(Why));
  }

  void refuseAt(SourceLocation Loc, std::string Why) {
    const SourceManager &SM = AST.getSourceManager();
    unsigned Line = SM.getExpansionLineNumber(Loc);
    std::string R = "line " + std::to_string(Line) + ": " + std::move(Why);
    if (Refused.insert(R).second)
      P.Refusals.push_back(std::move(R));
  }

  std::string snippet(const Expr *E) {
    return quotedSnippet(E, AST, "a constant");
  }

  ASTContext &AST;
  IndexFlow Flow;
  NativePlan &P;
  SmallVector<const ForStmt *, 4> Loops;
  llvm::SmallPtrSet<const Stmt *, 32> Consumed;
  SmallVector<const Expr *, 8> Constants;
  llvm::DenseMap<const VarDecl *, uint64_t> SharedSizes;
  llvm::DenseMap<const VarDecl *, bool> WarpIndexVars;
  llvm::MapVector<const VarDecl *, Array32> Arrays32;
  std::set<std::string> Refused;
};

} // namespace

NativePlan planNativeRewrite(const FunctionDecl *FD, ASTContext &AST) {
  NativePlan P;
  Planner Walk(AST, P);
  Walk.TraverseStmt(FD->getBody());
  Walk.masks(*FD);
  Walk.finish();
  return P;
}

} // namespace hipwright::warpsize
