//===- LaneMaskAnalyzer.cpp - the lane-mask rules -------------------------===//
//
// CUDA lane masks are 32-bit: one bit per lane of a 32-wide warp. On AMD
// CDNA (gfx942, gfx950) a wavefront has 64 lanes, __ballot_sync and
// __activemask return unsigned long long, and ROCm 7 refuses a mask narrower
// than 64 bits at compile time. A mask kept in 32 bits loses lanes 32-63
// silently; one passed to a *_sync intrinsic stops the build.
//
// The rules follow values, not spellings (MaskFlow): a 0xffffffff is judged
// only where it is a lane mask (it reaches a *_sync mask, or is compared with
// a ballot), and a __popc only where its operand comes from a ballot.
//
// Fix-its are applied only where they are equivalent at both widths: on a
// 32-wide warp they change nothing, on a 64-wide wave they either keep the
// code's own 32-lane groups (a ballot narrowed to the calling lane's group)
// or widen a variable that only ever feeds masks.
//
//===----------------------------------------------------------------------===//
#include "LaneMaskAnalyzer.h"
#include "MaskFlow.h"
#include "SkippedMasks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

using namespace lanemask;

constexpr const char *kNarrowMask = "lane-mask.narrow-mask";
constexpr const char *kBallotTruncation = "lane-mask.ballot-truncation";
constexpr const char *kPopcTruncation = "lane-mask.popc-truncation";
constexpr const char *kLaneBit = "lane-mask.lane-bit";
constexpr const char *kFullCompare = "lane-mask.full-compare";

/// The all-lanes mask the translator writes for 0xffffffff.
constexpr const char *kAllLanes64 = "0xffffffffffffffffull";
/// Shifts a 64-bit lane mask down to the calling lane's 32-lane group: by 0
/// on a 32-wide warp (lane ids stop at 31), by 32 for lanes 32-63.
constexpr const char *kGroupShift = " >> (__lane_id() & 32))";

/// The rules of one function body.
class FunctionChecks {
public:
  FunctionChecks(AnalysisContext &Ctx, const MaskFlow &Flow)
      : Ctx(Ctx), Flow(Flow), AST(Flow.ast()), Wave64(Ctx.wave64TargetNames()) {
  }

  void run() {
    checkStores();
    checkMaskArguments();
    checkBitCounts();
    checkCompares();
    checkLaneBits();
  }

private:
  AnalysisContext &Ctx;
  const MaskFlow &Flow;
  const ASTContext &AST;
  /// The targets with 64-wide waves; truncation is harmless without one.
  std::string Wave64;
  llvm::SmallPtrSet<const VarDecl *, 8> Widened;
  llvm::SmallPtrSet<const VarDecl *, 8> MaskReported;

  std::string onWave64() const {
    return "on a 64-wide wavefront (" + Wave64 + ")";
  }

  std::string text(const Expr *E) const {
    std::string T = Ctx.sourceText(
        Ctx.sourceManager().getExpansionRange(E->getSourceRange()));
    if (T.size() > 40)
      T = T.substr(0, 37) + "...";
    return T;
  }

  std::string typeName(QualType T) const {
    return T.getAsString(AST.getPrintingPolicy());
  }

  //===--- fix-its
  //---------------------------------------------------------===//

  /// `X` -> `(unsigned)(X >> (__lane_id() & 32))` for a ballot-like call
  /// whose mask names every lane: each lane gets its own 32-lane group's
  /// bits, which on a 32-wide warp is the whole unchanged result. Edits the
  /// callee name and the closing paren only, never the mask argument that
  /// the translator widens.
  std::vector<Replacement> narrowCall(const Expr *E) const {
    // Rewritten for whole wavefronts: the mask stays 64-bit there.
    if (Ctx.nativeRewritten(&Flow.function()))
      return {};
    const auto *C = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    if (!C || !returnsMask(calleeName(C)))
      return {};
    if (takesMask(calleeName(C)) &&
        (C->getNumArgs() == 0 || !Flow.isFullOrActiveMask(C->getArg(0))))
      return {};
    const Expr *Callee = C->getCallee()->IgnoreImpCasts();
    auto Open = Ctx.replacement(
        CharSourceRange::getTokenRange(Callee->getSourceRange()),
        "(unsigned)(" + Ctx.sourceText(CharSourceRange::getTokenRange(
                            Callee->getSourceRange())));
    auto Close = Ctx.replacement(
        CharSourceRange::getTokenRange(C->getRParenLoc(), C->getRParenLoc()),
        std::string(")") + kGroupShift);
    if (!Open || !Close || Callee->getBeginLoc().isMacroID())
      return {};
    return {*Open, *Close};
  }

  /// `unsigned m = ...` -> `unsigned long long m = ...` for a local that
  /// holds only full masks and ballot results and is read only as the mask
  /// of *_sync calls: the same value on a 32-wide warp, all 64 lanes on a
  /// 64-wide wave. A 0xffffffff it is given becomes the 64-bit all-lanes
  /// mask, as the translator does for one passed directly.
  std::vector<Replacement> widenVar(const VarDecl *V) const {
    const VarFacts *F = Flow.facts(V);
    if (!F || isa<ParmVarDecl>(V) || !F->SoleDecl || F->Escapes ||
        !F->OtherUses.empty() || F->MaskUses.empty() || F->Sources.empty() ||
        Flow.isDeclared64(V) || !V->getTypeSourceInfo())
      return {};
    std::vector<Replacement> Fix;
    for (const Expr *Src : F->Sources) {
      const auto *Call = dyn_cast<CallExpr>(Src->IgnoreParenImpCasts());
      if (Call && returnsMask(calleeName(Call)))
        continue; // 64-bit once ported
      if (auto R = lowLanesFix(Src)) {
        Fix.push_back(*R);
        continue; // (one whose 1 cannot be rewritten is no full mask: it
                  // stops below)
      }
      if (!isFull32Literal(Src))
        return {};
      auto R = Ctx.replacement(CharSourceRange::getTokenRange(
                                   Src->IgnoreImpCasts()->getSourceRange()),
                               kAllLanes64);
      if (!R)
        return {};
      Fix.push_back(*R);
    }
    SourceRange TypeRange =
        V->getTypeSourceInfo()->getTypeLoc().getSourceRange();
    auto Type = Ctx.replacement(CharSourceRange::getTokenRange(TypeRange),
                                "unsigned long long");
    if (!Type || TypeRange.getBegin().isMacroID())
      return {};
    Fix.push_back(*Type);
    return Fix;
  }

  /// The `1` of a mask of the low lanes, `(1 << n) - 1` or `1u << n`, as
  /// written in the file (not in a macro); null for any other value.
  static const IntegerLiteral *lowLanesOne(const Expr *Src) {
    const Expr *E = Src->IgnoreParenImpCasts();
    if (const auto *Sub = dyn_cast<BinaryOperator>(E);
        Sub && Sub->getOpcode() == BO_Sub) {
      const auto *One =
          dyn_cast<IntegerLiteral>(Sub->getRHS()->IgnoreParenImpCasts());
      if (!One || One->getValue() != 1)
        return nullptr;
      E = Sub->getLHS()->IgnoreParenImpCasts();
    }
    const auto *Shl = dyn_cast<BinaryOperator>(E);
    if (!Shl || Shl->getOpcode() != BO_Shl)
      return nullptr;
    const auto *One =
        dyn_cast<IntegerLiteral>(Shl->getLHS()->IgnoreParenImpCasts());
    if (!One || One->getValue() != 1 || !One->getBeginLoc().isFileID())
      return nullptr;
    return One;
  }

  /// `1` -> `1ull` in a mask of the low lanes: computed in 64 bits it names
  /// the same lanes (and n = 32 is defined), the 64-bit mask ROCm 7
  /// requires. None for any other value.
  std::optional<Replacement> lowLanesFix(const Expr *Src) const {
    const IntegerLiteral *One = lowLanesOne(Src);
    if (!One)
      return std::nullopt;
    return Ctx.replacement(
        CharSourceRange::getTokenRange(One->getSourceRange()), "1ull");
  }

  /// Attaches \p V's widening to \p F once per variable.
  bool attachWidening(Finding *F, const VarDecl *V) {
    if (!F || !V || Widened.count(V))
      return false;
    std::vector<Replacement> Fix = widenVar(V);
    if (Fix.empty())
      return false;
    Widened.insert(V);
    F->Fixes = std::move(Fix);
    // The variable feeds *_sync masks, which ROCm 7 rejects in 32 bits.
    F->FixRequired = true;
    return true;
  }

  //===--- lane-mask.ballot-truncation
  //-------------------------------------===//

  void checkStores() {
    if (Wave64.empty())
      return;
    for (const auto &[V, F] : Flow.vars())
      if (!isa<ParmVarDecl>(V) && !Flow.isDeclared64(V) &&
          integerBits(AST, V->getType()) != 0)
        for (const Expr *Src : F.Sources)
          if (Flow.isWideMask(Src))
            reportTruncation(Src, "variable '" + V->getNameAsString() + "'",
                             V->getType(), V);
    for (const BinaryOperator *B : Flow.binaryOps())
      checkAssignment(B);
    checkReturns();
    checkArguments();
    for (const ExplicitCastExpr *X : Flow.casts()) {
      unsigned Bits = integerBits(AST, X->getType());
      if (Bits != 0 && Bits < 64 && Flow.isWideMask(X->getSubExpr()))
        reportTruncation(X->getSubExpr(), "cast", X->getType(), nullptr);
    }
  }

  /// Stores other than to a tracked local: `a[i] = ballot`, `m |= ballot`.
  void checkAssignment(const BinaryOperator *B) {
    if (!B->isAssignmentOp() || B->getOpcode() == BO_ShlAssign ||
        B->getOpcode() == BO_ShrAssign)
      return;
    unsigned Bits = integerBits(AST, B->getLHS()->getType());
    if (Bits == 0 || Bits >= 64 || !Flow.isWideMask(B->getRHS()))
      return;
    if (B->getOpcode() == BO_Assign && Flow.localVar(B->getLHS()))
      return; // reported with the variable's sources
    reportTruncation(B->getRHS(), "store to '" + text(B->getLHS()) + "'",
                     B->getLHS()->getType(), nullptr);
  }

  void checkReturns() {
    const FunctionDecl &FD = Flow.function();
    unsigned Bits = integerBits(AST, FD.getReturnType());
    if (Bits == 0 || Bits >= 64)
      return;
    for (const ReturnStmt *R : Flow.returns())
      if (R->getRetValue() && Flow.isWideMask(R->getRetValue()))
        reportTruncation(R->getRetValue(),
                         "return type of '" + FD.getNameAsString() + "'",
                         FD.getReturnType(), nullptr);
  }

  /// A ballot passed to a parameter of the user's own 32-bit type.
  void checkArguments() {
    for (const CallExpr *C : Flow.calls()) {
      const FunctionDecl *Callee = C->getDirectCallee();
      if (!Callee || !Ctx.isUserLocation(Callee->getLocation()))
        continue;
      for (unsigned I = 0; I < C->getNumArgs() && I < Callee->getNumParams();
           ++I) {
        const ParmVarDecl *P = Callee->getParamDecl(I);
        unsigned Bits = integerBits(AST, P->getType());
        if (Bits != 0 && Bits < 64 && Flow.isWideMask(C->getArg(I)))
          reportTruncation(C->getArg(I),
                           "parameter '" + P->getNameAsString() + "' of '" +
                               Callee->getNameAsString() + "'",
                           P->getType(), nullptr);
      }
    }
  }

  void reportTruncation(const Expr *Stored, const std::string &Where,
                        QualType Type, const VarDecl *V) {
    const CallExpr *Call = Flow.maskCallIn(Stored);
    if (!Call)
      return;
    std::string Name = calleeName(Call).str();
    Finding *F =
        Ctx.report(Call->getBeginLoc(), kBallotTruncation, Severity::Error,
                   Name + " result kept in 32-bit '" + typeName(Type) + "' (" +
                       Where + "): " + onWave64() + " lanes 32-63 are lost");
    if (!F)
      return;
    if (attachWidening(F, V)) {
      F->Suggestion = "It only feeds lane masks: declare it unsigned long "
                      "long (applied by --fix).";
      return;
    }
    // A variable that is also a *_sync mask cannot be narrowed: the group's
    // bits would name the wrong lanes, and ROCm 7 rejects a 32-bit mask.
    bool AlsoMask = V && Flow.facts(V) && !Flow.facts(V)->MaskUses.empty();
    if (AlsoMask)
      F->Suggestion = "It is also used as a *_sync mask, which ROCm 7 "
                      "rejects in 32 bits. ";
    std::vector<Replacement> Fix;
    if (!AlsoMask && Stored->IgnoreParenImpCasts() == Call)
      Fix = narrowCall(Call);
    if (!Fix.empty()) {
      F->Fixes = std::move(Fix);
      F->Suggestion += "To keep the code's 32-lane groups, --fix narrows it "
                       "to the calling lane's group: (unsigned)(" +
                       Name + "(...)" + kGroupShift +
                       ". A native wave64 rewrite keeps it in unsigned long "
                       "long and counts it with __popcll.";
      return;
    }
    F->Suggestion += "Keep the mask in unsigned long long, or narrow it to the "
                     "calling lane's 32-lane group with "
                     "(unsigned)(mask >> (__lane_id() & 32)).";
  }

  //===--- lane-mask.narrow-mask
  //-------------------------------------------===//

  void checkMaskArguments() {
    for (const CallExpr *C : Flow.calls()) {
      StringRef Name = calleeName(C);
      if (!takesMask(Name) || C->getNumArgs() == 0 ||
          isa<CXXDefaultArgExpr>(C->getArg(0)))
        continue;
      checkMaskArgument(C, Name, C->getArg(0));
    }
  }

  void checkMaskArgument(const CallExpr *C, StringRef Name, const Expr *Mask) {
    const Expr *Inner = Mask->IgnoreParenImpCasts();
    unsigned Bits = integerBits(AST, Inner->getType());
    // 64-bit already; a literal 0xffffffff / ~0u is the translator's to
    // widen; a ballot result is 64-bit once ported.
    if (Bits == 0 || Bits >= 64 || isFull32Literal(Inner) ||
        Flow.isWideMask(Inner))
      return;
    const VarDecl *V = Flow.localVar(Inner);
    if (V && (Flow.isTruncatedMaskVar(Inner) || !MaskReported.insert(V).second))
      return; // one finding per variable; a truncated ballot has its own
    std::string What = !V ? "'" + text(Inner) + "'"
                       : isa<ParmVarDecl>(V)
                           ? "parameter '" + V->getNameAsString() + "'"
                           : "variable '" + V->getNameAsString() + "'";
    std::string Msg = "32-bit lane mask " + What + " passed to " + Name.str() +
                      ": ROCm 7 rejects it at compile time (lane masks are "
                      "64-bit)";
    if (!Wave64.empty())
      Msg += ", and " + onWave64() + " it names only lanes 0-31";
    Finding *F = Ctx.report(Mask->getBeginLoc(), kNarrowMask, Severity::Warning,
                            std::move(Msg));
    if (!F)
      return;
    if (!V) {
      // `(1u << n) - 1` passed directly.
      if (auto R = lowLanesFix(Inner)) {
        F->Fixes.push_back(std::move(*R));
        F->FixRequired = true;
        F->Suggestion = "--fix computes it in 64 bits (1ull << n): the same "
                        "lanes, in the 64-bit mask ROCm 7 requires.";
        return;
      }
    }
    if (attachWidening(F, V)) {
      F->Suggestion = "It only holds full masks, low-lane masks ((1 << n) - "
                      "1) and ballot results, and feeds *_sync masks: --fix "
                      "declares it unsigned long long, widens 0xffffffff to "
                      "0xffffffffffffffffull and shifts 1ull.";
      return;
    }
    if (V && isa<ParmVarDecl>(V))
      F->Suggestion = "Declare the parameter unsigned long long and have "
                      "callers pass a 64-bit mask (0xffffffffffffffffull, "
                      "__activemask()).";
    else
      F->Suggestion = "Build the mask in unsigned long long (1ull << lane, "
                      "~0ull, __activemask()).";
  }

  //===--- lane-mask.popc-truncation
  //---------------------------------------===//

  void checkBitCounts() {
    if (Wave64.empty())
      return;
    for (const CallExpr *C : Flow.calls()) {
      StringRef Name = calleeName(C);
      if (isBitCount32(Name) && C->getNumArgs() > 0 &&
          Flow.isWideMask(C->getArg(0)))
        reportBitCount(C, Name);
    }
  }

  /// True when \p E names a variable the user declared 64-bit (not `auto`,
  /// which is 32-bit on NVIDIA and only widens in the port).
  bool mentionsDeclared64Var(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const VarDecl *V = Flow.localVar(E))
      return !V->getType()->getContainedAutoType() && Flow.isDeclared64(V);
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        if (mentionsDeclared64Var(CE))
          return true;
    return false;
  }

  void reportBitCount(const CallExpr *C, StringRef Name) {
    const Expr *Arg = C->getArg(0);
    const CallExpr *Source = Flow.maskCallIn(Arg);
    Finding *F = Ctx.report(
        C->getBeginLoc(), kPopcTruncation, Severity::Error,
        Name.str() + " reads only bits 0-31 of the 64-bit lane mask from " +
            calleeName(Source).str() + ": " + onWave64() +
            " lanes 32-63 are ignored");
    if (!F)
      return;
    // A mask straight from the intrinsic belongs to 32-bit code: narrow it
    // to the lane's group. One the user declared 64-bit takes the 64-bit
    // form, where that form agrees on 32-bit values.
    std::vector<Replacement> Fix = narrowCall(Arg);
    auto Wide = equivalent64(Name);
    if (!Fix.empty()) {
      F->Suggestion = "--fix narrows the mask to the calling lane's 32-lane "
                      "group; a native wave64 rewrite would use " +
                      Wide.value_or("a 64-bit bit count").str() + ".";
    } else if (Wide && mentionsDeclared64Var(Arg)) {
      const Expr *Callee = C->getCallee()->IgnoreImpCasts();
      if (auto R = Ctx.replacement(
              CharSourceRange::getTokenRange(Callee->getSourceRange()),
              Wide->str()))
        Fix.push_back(*R);
      F->Suggestion = "Use " + Wide->str() + ", which agrees with " +
                      Name.str() + " on 32-bit values (applied by --fix).";
    } else {
      F->Suggestion =
          Wide ? "Use " + Wide->str() +
                     " on a 64-bit mask, or narrow the mask to the calling "
                     "lane's 32-lane group with (unsigned)(mask >> "
                     "(__lane_id() & 32))."
               : "Narrow the mask to the calling lane's 32-lane group with "
                 "(unsigned)(mask >> (__lane_id() & 32)), or rewrite with "
                 "64-bit bit operations (__clzll/__brevll differ from " +
                     Name.str() + " on 32-bit values).";
    }
    F->Fixes = std::move(Fix);
  }

  //===--- lane-mask.full-compare
  //------------------------------------------===//

  void checkCompares() {
    if (Wave64.empty())
      return;
    for (const BinaryOperator *B : Flow.binaryOps()) {
      if (B->getOpcode() != BO_EQ && B->getOpcode() != BO_NE)
        continue;
      const Expr *L = B->getLHS(), *R = B->getRHS();
      if (isFull32Literal(L) && Flow.isWideMask(R))
        reportCompare(B, R, L);
      else if (isFull32Literal(R) && Flow.isWideMask(L))
        reportCompare(B, L, R);
    }
  }

  void reportCompare(const BinaryOperator *B, const Expr *Mask,
                     const Expr *Full) {
    bool Eq = B->getOpcode() == BO_EQ;
    Finding *F = Ctx.report(
        B->getOperatorLoc(), kFullCompare, Severity::Error,
        "'" + text(Mask) + "' compared with the 32-lane full mask '" +
            text(Full) + "': " + onWave64() +
            " a full wave is 0xffffffffffffffff, so this is " +
            (Eq ? "never true" : "always true"));
    if (!F)
      return;
    // A full mask spelled through a macro may be widened by the translator
    // (when the macro also feeds a *_sync mask): then only the 64-bit
    // compare is right, and the narrowed one would never hold.
    std::vector<Replacement> Fix;
    if (!Full->getBeginLoc().isMacroID())
      Fix = narrowCall(Mask);
    if (!Fix.empty()) {
      F->Suggestion = "--fix compares the calling lane's 32-lane group, "
                      "which is the whole warp on 32-wide hardware.";
    } else if (mentionsDeclared64Var(Mask)) {
      // The user keeps a 64-bit mask: compare with every lane of the wave.
      if (auto R =
              Ctx.replacement(CharSourceRange::getTokenRange(
                                  Full->IgnoreImpCasts()->getSourceRange()),
                              "(~0ull >> (64 - warpSize))"))
        Fix.push_back(*R);
      F->Suggestion = "Compare with (~0ull >> (64 - warpSize)), every lane "
                      "at either width (applied by --fix).";
    } else {
      F->Suggestion = "Compare with (~0ull >> (64 - warpSize)), or narrow "
                      "the mask to the calling lane's 32-lane group.";
    }
    F->Fixes = std::move(Fix);
  }

  //===--- lane-mask.lane-bit
  //----------------------------------------------===//

  void checkLaneBits() {
    if (Wave64.empty())
      return;
    for (const BinaryOperator *B : Flow.binaryOps())
      checkLaneBit(B);
  }

  /// `1u << lane`, `(1u << lane) - 1`, `0xffffffff >> (32 - n)`,
  /// `0xffffffff << lane`: a 32-bit mask of lanes.
  void checkLaneBit(const BinaryOperator *B) {
    bool Shl = B->getOpcode() == BO_Shl, Shr = B->getOpcode() == BO_Shr;
    if (!Shl && !Shr)
      return;
    if (integerBits(AST, B->getType()) != 32 || B->isValueDependent() ||
        B->getRHS()->isIntegerConstantExpr(AST))
      return;
    const Expr *LHS = B->getLHS()->IgnoreParenImpCasts();
    const auto *One = dyn_cast<IntegerLiteral>(LHS);
    bool Bit = Shl && One && One->getValue() == 1;
    if (!Bit && !isFull32Literal(LHS))
      return;
    const Expr *Mask = B;
    std::string Better = Bit   ? "1ull << __lane_id() (__lanemask_eq())"
                         : Shl ? "~__lanemask_lt() (lanes at or above)"
                               : "~0ull >> (64 - n)";
    if (const auto *Sub = dyn_cast_or_null<BinaryOperator>(Flow.parentOf(B)))
      if (Bit && Sub->getOpcode() == BO_Sub &&
          Sub->getLHS()->IgnoreParenImpCasts() == B) {
        Mask = Sub;
        Better = "__lanemask_lt() (64-bit lanes below the caller)";
      }
    const Expr *Ballot = nullptr;
    bool Wide = false;
    if (!combinedWithBallot(Mask, Ballot, Wide))
      return;
    std::string Consequence =
        Wide ? onWave64() + " it drops lanes 32-63 of the 64-bit mask"
             : "correct " + onWave64() +
                   " only while that ballot is narrowed to the lane's "
                   "32-lane group";
    Finding *F = Ctx.report(
        Mask->getBeginLoc(), kLaneBit,
        Wide ? Severity::Error : Severity::Warning,
        "lane mask built in 32 bits ('" + text(Mask) + "') and combined with " +
            (Wide ? "the 64-bit lane mask '" : "the 32-bit ballot '") +
            text(Ballot) + "': " + Consequence);
    if (F)
      F->Suggestion = "For a wave-wide mask use " + Better +
                      "; to keep 32-lane groups, narrow the ballot with "
                      "(unsigned)(ballot >> (__lane_id() & 32)).";
  }

  /// Whether \p Mask (directly or through the local it initializes) is
  /// combined by &, | or ^ with a ballot result; \p Wide says whether that
  /// result is still 64-bit.
  bool combinedWithBallot(const Expr *Mask, const Expr *&Ballot,
                          bool &Wide) const {
    if (combinedHere(Mask, Ballot, Wide))
      return true;
    auto [P, Outer] = Flow.context(Mask);
    const VarDecl *V = Flow.initializedVar(Outer);
    const VarFacts *F = V ? Flow.facts(V) : nullptr;
    if (!F || F->Escapes || F->Sources.size() != 1)
      return false;
    for (const DeclRefExpr *Use : F->OtherUses)
      if (combinedHere(Use, Ballot, Wide))
        return true;
    return false;
  }

  bool combinedHere(const Expr *E, const Expr *&Ballot, bool &Wide) const {
    auto [P, Outer] = Flow.context(E);
    while (const auto *U = dyn_cast_or_null<UnaryOperator>(P)) {
      if (U->getOpcode() != UO_Not)
        return false;
      std::tie(P, Outer) = Flow.context(U);
    }
    const auto *B = dyn_cast_or_null<BinaryOperator>(P);
    if (!B || (B->getOpcode() != BO_And && B->getOpcode() != BO_Or &&
               B->getOpcode() != BO_Xor && B->getOpcode() != BO_AndAssign &&
               B->getOpcode() != BO_OrAssign && B->getOpcode() != BO_XorAssign))
      return false;
    const Expr *Other = B->getLHS() == Outer ? B->getRHS() : B->getLHS();
    Wide = Flow.isWideMask(Other);
    if (!Wide && !Flow.isTruncatedMaskVar(Other))
      return false;
    Ballot = Other;
    return true;
  }
};

class LaneMaskAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    // Template patterns, not instantiations: one verdict per line written.
    Finder.addMatcher(
        functionDecl(isDefinition(), unless(isInstantiated())).bind("fn"),
        this);
  }

  void run(const MatchFinder::MatchResult &R) override {
    const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!FD || !FD->getBody() || FD->isImplicit() ||
        !Ctx.isUserLocation(FD->getLocation()))
      return;
    // A lambda's body is walked with the function that holds it.
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
      if (M->getParent()->isLambda())
        return;
    // With --fix=native the warp-size analyzer decides at the end of
    // matching which functions it rewrites; their fix-its wait for that.
    if (Ctx.nativeRewrite()) {
      Deferred.push_back({FD, R.Context});
      return;
    }
    check(*FD, *R.Context);
  }

  void finishTranslationUnit() override {
    for (auto [FD, AST] : Deferred)
      check(*FD, *AST);
    checkSkippedBranches();
  }

private:
  /// Token-level checks of #if branches the parse skipped; a branch that
  /// chooses HIP or ROCm code holds AMD code already.
  void checkSkippedBranches() {
    std::string Wave64 = Ctx.wave64TargetNames();
    if (Wave64.empty())
      return;
    for (const AnalysisContext::SkippedBranch &B : Ctx.skippedUserBranches()) {
      if (B.Condition.VendorSwitch)
        continue;
      for (SkippedMaskHazard &H : scanSkippedMasks(B.Raw, Wave64))
        Ctx.report(B.Raw.loc(B.Raw.Tokens[H.Token]),
                   H.BitCount ? kPopcTruncation : kBallotTruncation,
                   Severity::Error, std::move(H.Message));
    }
  }

  void check(const FunctionDecl &FD, ASTContext &AST) {
    MaskFlow Flow(AST, FD);
    FunctionChecks(Ctx, Flow).run();
  }

  std::vector<std::pair<const FunctionDecl *, ASTContext *>> Deferred;
};

} // namespace

std::vector<RuleInfo> laneMaskRules() {
  return {
      {kNarrowMask, Severity::Warning,
       "a 32-bit lane mask reaches a *_sync intrinsic through a variable, "
       "parameter or expression",
       "ROCm 7's *_sync intrinsics take 64-bit masks and reject narrower "
       "ones at compile time; on a 64-wide wavefront a 32-bit mask could "
       "name only lanes 0-31. The translator widens a literal 0xffffffff "
       "passed directly; a mask held in an unsigned variable or computed in "
       "32 bits needs its type changed."},
      {kBallotTruncation, Severity::Error,
       "a __ballot_sync / __activemask / __match_*_sync result kept in a "
       "32-bit integer",
       "On AMD these return unsigned long long: one bit per lane of a "
       "64-wide wavefront. Kept in 32 bits, lanes 32-63 are lost, so votes, "
       "counts and ranks are wrong for the upper half of every wave."},
      {kPopcTruncation, Severity::Error,
       "__popc / __ffs / __clz / __brev / __fns applied to a 64-bit lane mask",
       "These read 32 bits. Applied to a ballot or active mask, which is "
       "64-bit on AMD, they ignore lanes 32-63: a vote count or leader "
       "election comes out wrong on a 64-wide wavefront."},
      {kLaneBit, Severity::Warning,
       "a lane mask built in 32 bits (1u << lane, (1u << lane) - 1, "
       "0xffffffff >> (32 - n)) combined with a ballot",
       "A 32-bit lane mask describes a 32-lane warp. On a 64-wide wavefront "
       "it is right only against a ballot narrowed to the lane's 32-lane "
       "group; against the full 64-bit ballot it drops lanes 32-63. "
       "__lanemask_lt() and friends give the 64-bit masks."},
      {kFullCompare, Severity::Error,
       "a lane mask compared with 0xffffffff to mean 'every lane'",
       "On a 64-wide wavefront a full __activemask() or ballot is "
       "0xffffffffffffffff, so `== 0xffffffff` is never true (and `!=` "
       "always) even when every lane takes part."},
  };
}

std::unique_ptr<Analyzer> createLaneMaskAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<LaneMaskAnalyzer>(Ctx);
}

} // namespace hipwright
