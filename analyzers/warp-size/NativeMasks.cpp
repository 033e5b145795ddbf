//===- NativeMasks.cpp - masks kept whole by the native rewrite -----------===//
#include "NativeMasks.h"
#include "WarpFlow.h"
#include "analysis/WarpIntrinsics.h"
#include "lane-mask/MaskFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace hipwright::warpsize {

bool isWholeMaskCall(StringRef Name) {
  return Name == "__ballot_sync" || Name == "__ballot" ||
         Name == "__activemask";
}

namespace {

/// Every lane of the wavefront, at either width: what a 32-lane warp's
/// 0xffffffff meant when it was compared with a whole warp's ballot.
constexpr llvm::StringLiteral kEveryLane = "(~0ull >> (64 - warpSize))";

class MaskPlanner {
public:
  MaskPlanner(const FunctionDecl &FD, ASTContext &AST, IndexFlow &Lanes)
      : AST(AST), Flow(AST, FD), Lanes(Lanes) {}

  MaskRewrite run() {
    findMaskVars();
    for (const VarDecl *V : MaskVars)
      checkVar(V);
    // Every place a mask starts: a ballot, a lane bit, a read of a mask
    // variable. Each is followed up to where its value stops being a mask.
    for (const CallExpr *C : Flow.calls())
      if (isWholeMaskCall(calleeName(C)))
        use(C);
    for (const BinaryOperator *B : Flow.binaryOps())
      if (isLaneBit(B)) {
        if (lanemask::integerBits(AST, B->getType()) < 64)
          edit(B->getLHS()->IgnoreParenImpCasts()->getSourceRange(), "1ull");
        use(B);
      }
    for (const VarDecl *V : MaskVars) {
      const lanemask::VarFacts *F = Flow.facts(V);
      for (const DeclRefExpr *R : F->MaskUses)
        use(R);
      for (const DeclRefExpr *R : F->OtherUses)
        use(R);
    }
    const SourceManager &SM = AST.getSourceManager();
    std::stable_sort(Out.Refusals.begin(), Out.Refusals.end(),
                     [&](const auto &A, const auto &B) {
                       return SM.isBeforeInTranslationUnit(A.first, B.first);
                     });
    return std::move(Out);
  }

private:
  /// `1u << lane`: one lane's bit, 32-bit wide as written.
  bool isLaneBit(const BinaryOperator *B) {
    if (B->getOpcode() != BO_Shl || B->isValueDependent())
      return false;
    const auto *One =
        dyn_cast<IntegerLiteral>(B->getLHS()->IgnoreParenImpCasts());
    return One && One->getValue() == 1 && Lanes.isWarpLane(B->getRHS());
  }

  /// Whether \p E is a lane mask: a ballot, a lane bit, a mask variable,
  /// or bitwise work on one (`m & lt`, `~m`, `(1u << lane) - 1`).
  bool isMaskValue(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CallExpr>(E))
      return isWholeMaskCall(calleeName(C));
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (isLaneBit(B))
        return true;
      switch (B->getOpcode()) {
      case BO_And:
      case BO_Or:
      case BO_Xor:
        return isMaskValue(B->getLHS()) || isMaskValue(B->getRHS());
      case BO_Sub:
        return isMaskValue(B->getLHS()) && evalInt(B->getRHS(), AST);
      default:
        return false;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return U->getOpcode() == UO_Not && isMaskValue(U->getSubExpr());
    const VarDecl *V = Flow.localVar(E);
    return V && MaskVars.count(V);
  }

  /// `m = x`, `m &= x`, `m |= x`, `m ^= x` and the initializer: what a
  /// local variable holds.
  SmallVector<const Expr *, 4> sourcesOf(const VarDecl *V) {
    SmallVector<const Expr *, 4> S(Flow.facts(V)->Sources.begin(),
                                   Flow.facts(V)->Sources.end());
    for (const BinaryOperator *B : Flow.binaryOps())
      if ((B->getOpcode() == BO_AndAssign || B->getOpcode() == BO_OrAssign ||
           B->getOpcode() == BO_XorAssign) &&
          Flow.localVar(B->getLHS()) == V)
        S.push_back(B->getRHS());
    return S;
  }

  /// The integer variables that hold a mask, also through one another.
  void findMaskVars() {
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const auto &[V, F] : Flow.vars()) {
        if (MaskVars.count(V) || lanemask::integerBits(AST, V->getType()) == 0)
          continue;
        for (const Expr *Src : sourcesOf(V))
          if (isMaskValue(Src)) {
            MaskVars.insert(V);
            Grew = true;
            break;
          }
      }
    }
  }

  /// A mask variable becomes 64-bit; everything stored in it must be a
  /// mask, the full mask or 0.
  void checkVar(const VarDecl *V) {
    std::string Name = "'" + V->getNameAsString() + "'";
    if (isa<ParmVarDecl>(V)) {
      refuse(V->getLocation(), "parameter " + Name +
                                   " is given a lane mask, but its callers "
                                   "pass 32-bit ones");
      return;
    }
    for (const Expr *Src : sourcesOf(V)) {
      if (isMaskValue(Src) || evalInt(Src, AST) == 0)
        continue;
      if (lanemask::isFull32Literal(Src)) {
        edit(Src->IgnoreImpCasts()->getSourceRange(), kFullLaneMask64.str());
        continue;
      }
      refuse(Src->getBeginLoc(), Name + " holds a lane mask and also " +
                                     snippet(Src) +
                                     ", which is not one the rewrite "
                                     "knows");
    }
    for (const BinaryOperator *B : Flow.binaryOps())
      if (B->isCompoundAssignmentOp() && B->getOpcode() != BO_AndAssign &&
          B->getOpcode() != BO_OrAssign && B->getOpcode() != BO_XorAssign &&
          Flow.localVar(B->getLHS()) == V)
        refuse(B->getBeginLoc(),
               snippet(B) + " computes with the lane mask in " + Name);
    if (Flow.isDeclared64(V))
      return; // 64-bit or auto already
    const lanemask::VarFacts *F = Flow.facts(V);
    TypeSourceInfo *TSI = V->getTypeSourceInfo();
    if (!F->SoleDecl || !TSI) {
      refuse(V->getLocation(), Name + " holds a lane mask but is declared with "
                                      "other variables, so its type cannot "
                                      "widen alone");
      return;
    }
    edit(TSI->getTypeLoc().getSourceRange(), "unsigned long long");
  }

  /// Follows the mask \p E to where it is used.
  void use(const Expr *E) {
    if (!Seen.insert(E).second)
      return;
    auto [P, Outer] = Flow.context(E);
    if (!P)
      return refuse(E->getBeginLoc(), "the lane mask " + snippet(E) +
                                          " is used where the rewrite does "
                                          "not follow it");
    if (const auto *B = dyn_cast<BinaryOperator>(P))
      return useIn(B, Outer);
    if (const auto *U = dyn_cast<UnaryOperator>(P)) {
      if (U->getOpcode() == UO_Not)
        return use(U);
      if (U->getOpcode() == UO_LNot)
        return;
      return refuse(U->getBeginLoc(),
                    snippet(U) + " changes or takes the address of the "
                                 "lane mask");
    }
    if (const auto *C = dyn_cast<CallExpr>(P))
      return useAsArgument(C, Outer);
    if (isCondition(P, Outer))
      return;
    if (isa<DeclStmt>(P)) {
      const VarDecl *V = Flow.initializedVar(Outer);
      if (V && (MaskVars.count(V) || V->getType()->isBooleanType()))
        return;
      return refuse(Outer->getBeginLoc(),
                    "the lane mask " + snippet(Outer) + " initializes " +
                        (V ? "'" + V->getNameAsString() + "'" : "a variable") +
                        ", which is not an integer the rewrite follows");
    }
    if (isa<ReturnStmt>(P))
      return refuse(P->getBeginLoc(),
                    "the lane mask " + snippet(Outer) +
                        " is returned, and what the caller does with it is "
                        "not followed");
    if (const auto *X = dyn_cast<ExplicitCastExpr>(P))
      return refuse(X->getBeginLoc(),
                    "the lane mask " + snippet(Outer) + " is cast to '" +
                        X->getType().getAsString(AST.getPrintingPolicy()) +
                        "'");
    refuse(Outer->getBeginLoc(), "the lane mask " + snippet(Outer) +
                                     " is used where the rewrite does not "
                                     "follow it");
  }

  void useIn(const BinaryOperator *B, const Expr *Outer) {
    bool Left = B->getLHS() == Outer;
    const Expr *Other = Left ? B->getRHS() : B->getLHS();
    switch (B->getOpcode()) {
    case BO_And:
    case BO_Or:
    case BO_Xor:
      // A constant other than 0 or 1 picks lanes of a 32-lane warp.
      if (!isMaskValue(Other) && evalInt(Other, AST) != 0 &&
          evalInt(Other, AST) != 1)
        return refuse(B->getBeginLoc(),
                      snippet(B) + " combines the lane mask with " +
                          snippet(Other) + ", which is not a lane mask");
      return use(B);
    case BO_Sub:
      if (Left && evalInt(Other, AST))
        return use(B);
      break;
    case BO_Shr: {
      // (m >> lane) & 1: one lane's bit.
      auto [PP, Shifted] = Flow.context(B);
      const auto *A = dyn_cast_or_null<BinaryOperator>(PP);
      if (Left && A && A->getOpcode() == BO_And &&
          evalInt(A->getLHS() == Shifted ? A->getRHS() : A->getLHS(), AST) == 1)
        return;
      break;
    }
    case BO_EQ:
    case BO_NE:
      if (isMaskValue(Other) || evalInt(Other, AST) == 0)
        return;
      if (lanemask::isFull32Literal(Other)) {
        edit(Other->IgnoreImpCasts()->getSourceRange(), kEveryLane.str());
        return;
      }
      return refuse(B->getBeginLoc(), snippet(B) +
                                          " compares the lane mask with " +
                                          snippet(Other));
    case BO_LAnd:
    case BO_LOr:
      return;
    case BO_Assign:
    case BO_AndAssign:
    case BO_OrAssign:
    case BO_XorAssign:
      if (!Left && MaskVars.count(Flow.localVar(B->getLHS())))
        return; // one of the variable's sources, checked with it
      return refuse(B->getBeginLoc(),
                    "the lane mask is stored to " + snippet(B->getLHS()) +
                        ", outside the function: whoever reads it expects "
                        "32 bits");
    default:
      break;
    }
    refuse(B->getBeginLoc(), snippet(B) + " computes with the lane mask in a "
                                          "way the rewrite does not follow");
  }

  void useAsArgument(const CallExpr *C, const Expr *Outer) {
    StringRef Name = calleeName(C);
    bool First = C->getNumArgs() > 0 && C->getArg(0) == Outer;
    if (First && takesLaneMask(Name))
      return; // a *_sync intrinsic's mask: 64-bit on AMD
    if (auto Wide = lanemask::equivalent64(Name); First && Wide) {
      edit(C->getCallee()->IgnoreImpCasts()->getSourceRange(), Wide->str());
      return;
    }
    if (First && lanemask::isBitCount32(Name))
      return refuse(C->getBeginLoc(),
                    "'" + Name.str() +
                        "' of the lane mask: its 64-bit form counts "
                        "differently");
    refuse(C->getBeginLoc(),
           "the lane mask is passed to '" +
               (Name.empty() ? std::string("a function") : Name.str()) +
               "', and the rewrite does not follow it there");
  }

  /// Whether \p E is the condition of \p P: only its truth is read.
  static bool isCondition(const Stmt *P, const Expr *E) {
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getCond() == E;
    if (const auto *W = dyn_cast<WhileStmt>(P))
      return W->getCond() == E;
    if (const auto *D = dyn_cast<DoStmt>(P))
      return D->getCond() == E;
    if (const auto *F = dyn_cast<ForStmt>(P))
      return F->getCond() == E;
    if (const auto *C = dyn_cast<ConditionalOperator>(P))
      return C->getCond() == E;
    return false;
  }

  void edit(SourceRange R, std::string Text) {
    if (EditedAt.insert(R.getBegin().getRawEncoding()).second)
      Out.Edits.push_back({CharSourceRange::getTokenRange(R), std::move(Text)});
  }

  void refuse(SourceLocation Loc, std::string Why) {
    Out.Refusals.push_back({Loc, std::move(Why)});
  }

  std::string snippet(const Expr *E) {
    return quotedSnippet(E, AST, "this expression");
  }

  ASTContext &AST;
  lanemask::MaskFlow Flow;
  IndexFlow &Lanes;
  llvm::SetVector<const VarDecl *> MaskVars;
  llvm::SmallPtrSet<const Expr *, 16> Seen;
  std::set<unsigned> EditedAt;
  MaskRewrite Out;
};

} // namespace

MaskRewrite planNativeMasks(const FunctionDecl &FD, ASTContext &AST,
                            IndexFlow &Lanes) {
  return MaskPlanner(FD, AST, Lanes).run();
}

} // namespace hipwright::warpsize
