//===- WarpSizeAnalyzer.cpp - the warp-size rules -------------------------===//
//
// CUDA code often writes the warp width as a literal: lane = threadIdx.x % 32,
// warp = threadIdx.x / 32, shuffle reductions from offset 16, #define
// WARP_SIZE 32, tiled_partition<32>. On gfx942/gfx950 a wavefront has 64
// lanes, so such code runs as two 32-lane groups per wavefront. That still
// works as long as every cross-lane operation stays inside its group (a
// warning); it computes the wrong answer where a shuffle, whose width
// defaults to the whole wavefront, reaches across the groups (an error).
//
// The rules judge a 32 by what it is combined with (WarpFlow.h), never by
// its value alone, so tile edges, bit widths and array lengths stay silent.
// The one fix-it is provably safe: an explicit shuffle width of 32 makes a
// 64-lane wavefront shuffle exactly as a 32-lane warp does (32 is CUDA's own
// default width), so the code's groups hold on both vendors. Replacing 32
// with warpSize changes the work decomposition and is only suggested.
//
//===----------------------------------------------------------------------===//
#include "WarpSizeAnalyzer.h"
#include "LaneRows.h"
#include "NativeRewrite.h"
#include "PassedWidths.h"
#include "SkippedWarpCode.h"
#include "ThreadRoles.h"
#include "ValueFlow.h"
#include "WarpFlow.h"
#include "analysis/FoldedUses.h"
#include "analysis/TemplateCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <array>
#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

using namespace warpsize;

constexpr llvm::StringLiteral kLaneArithmetic = "warp-size.lane-arithmetic";
constexpr llvm::StringLiteral kShuffleOffset = "warp-size.shuffle-offset";
constexpr llvm::StringLiteral kShuffleWidth = "warp-size.shuffle-width";
constexpr llvm::StringLiteral kLane0Broadcast = "warp-size.lane0-broadcast";
constexpr llvm::StringLiteral kMacroConstant = "warp-size.macro-constant";
constexpr llvm::StringLiteral kTileTemplate = "warp-size.tile-template";
constexpr llvm::StringLiteral kLaunchShape = "warp-size.launch-shape";
constexpr llvm::StringLiteral kNativeRewrite = "warp-size.native-rewrite";
constexpr llvm::StringLiteral kPassedWidth = "warp-size.passed-width";
constexpr llvm::StringLiteral kThreadRoles = "warp-size.thread-roles";

//===- what one function body holds ---------------------------------------===//

struct ShuffleSite {
  Shuffle S;
  const ForStmt *Loop = nullptr; ///< the for loop stepping the offset var
  /// For __shfl_sync(m, v, lane ^ d): the d, and the loop stepping it; a
  /// butterfly written as an indexed shuffle.
  const Expr *XorOffset = nullptr;
  const ForStmt *XorLoop = nullptr;
};

struct TileSite {
  SourceLocation Loc; ///< where the 32 (or its name) is written
  const Expr *Arg;    ///< the template argument, when an expression
  bool IsPartition;   ///< tiled_partition<32>() vs thread_block_tile<32>
};

struct BodyFacts {
  SmallVector<std::pair<const BinaryOperator *, IndexFlow::Split>, 4> Splits;
  /// Sums and comparisons, judged for `lane + 32` and `lane < 16` once the
  /// whole body (and every PTX %laneid it reads) has been seen.
  SmallVector<const BinaryOperator *, 8> LaneUseCandidates;
  /// Divisions and right shifts, judged as rows of lanes (`wid / 8`).
  SmallVector<const BinaryOperator *, 8> RowSplitCandidates;
  SmallVector<ShuffleSite, 4> Shuffles;
  SmallVector<TileSite, 2> Tiles;
  SmallVector<const CUDAKernelCallExpr *, 2> Launches;
  SmallVector<const CallExpr *, 8> Calls;   ///< every call, launches included
  SmallVector<const ForStmt *, 4> ForLoops; ///< every for loop
  SmallVector<const DeclRefExpr *, 2> ConstRefs; ///< named constants read
  bool DirectWarpOps = false;
};

/// The first template argument of a tiled_partition<N> call or a
/// thread_block_tile<N> type when N is 32.
static bool isTile32Args(ArrayRef<TemplateArgument> Args) {
  return !Args.empty() && Args[0].getKind() == TemplateArgument::Integral &&
         Args[0].getAsIntegral() == 32;
}

static bool isTile32Type(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  return Spec && Spec->getName() == "thread_block_tile" &&
         isTile32Args(Spec->getTemplateArgs().asArray());
}

/// Whether \p E (an initializer) is built from a tiled_partition call, so
/// the thread_block_tile<32> it initialises is already reported there.
static bool comesFromTiledPartition(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > 6)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (calleeName(CE) == "tiled_partition")
      return true;
  for (const Stmt *Child : S->children())
    if (comesFromTiledPartition(Child, Depth + 1))
      return true;
  return false;
}

/// Collects BodyFacts over one function body, lambdas included.
class BodyWalker : public RecursiveASTVisitor<BodyWalker> {
public:
  BodyWalker(const ASTContext &AST, IndexFlow &Flow, BodyFacts &F)
      : AST(AST), Flow(Flow), F(F) {}

  bool TraverseForStmt(ForStmt *S) {
    F.ForLoops.push_back(S);
    Loops.push_back(S);
    bool Ok = RecursiveASTVisitor::TraverseForStmt(S);
    Loops.pop_back();
    return Ok;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Shr)
      F.RowSplitCandidates.push_back(BO);
    if (auto K = Flow.splitKind(BO); K != IndexFlow::Split::None)
      F.Splits.push_back({BO, K});
    else if (BO->getOpcode() == BO_Add || BO->isRelationalOp() ||
             BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Shr ||
             BO->getOpcode() == BO_And)
      F.LaneUseCandidates.push_back(BO);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    F.Calls.push_back(CE);
    StringRef Name = calleeName(CE);
    F.DirectWarpOps |= isWarpLevelCall(Name);
    if (auto S = asShuffle(CE)) {
      ShuffleSite Site{*S, loopStepping(S->LaneArg)};
      if (S->Kind == ShuffleKind::Index)
        if ((Site.XorOffset = xorPartnerOffset(S->LaneArg)))
          Site.XorLoop = loopStepping(Site.XorOffset);
      F.Shuffles.push_back(Site);
    }
    if (Name == "tiled_partition")
      noteTiledPartition(CE);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    F.Launches.push_back(E);
    return true;
  }

  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    std::string Asm = A->getAsmString();
    StringRef S(Asm);
    F.DirectWarpOps |=
        S.contains("laneid") || S.contains("shfl") || S.contains("vote.");
    // asm("mov.u32 %0, %%laneid;" : "=r"(lane)): lane is a lane id.
    if (S.contains("%laneid") && A->getNumOutputs() == 1)
      if (const auto *D =
              dyn_cast<DeclRefExpr>(A->getOutputExpr(0)->IgnoreParenCasts()))
        Flow.addLaneIdVar(D->getDecl());
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (isTile32Type(V->getType()) && !comesFromTiledPartition(V->getInit()))
      if (TypeSourceInfo *TSI = V->getTypeSourceInfo())
        F.Tiles.push_back({TSI->getTypeLoc().getBeginLoc(), nullptr, false});
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (V->getType().isConstQualified() && V->getInit())
        F.ConstRefs.push_back(DRE);
    return true;
  }

private:
  /// d in a source lane `lane ^ d` (or `d ^ lane`), where lane is a lane id
  /// or thread index, also through a local `int partner = lane ^ d;`.
  const Expr *xorPartnerOffset(const Expr *Lane, unsigned Depth = 0) {
    const Expr *E = Lane->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && Depth < 2)
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getInit())
        return xorPartnerOffset(V->getInit(), Depth + 1);
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || BO->getOpcode() != BO_Xor)
      return nullptr;
    for (auto [L, D] : {std::pair(BO->getLHS(), BO->getRHS()),
                        std::pair(BO->getRHS(), BO->getLHS())})
      if ((Flow.isWarpLane(L) || Flow.isThreadIndex(L)) &&
          !Flow.isThreadIndex(D))
        return D;
    return nullptr;
  }

  /// The innermost for loop whose init sets the variable \p Offset reads.
  const ForStmt *loopStepping(const Expr *Offset) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(Offset->IgnoreParenCasts());
    if (!DRE)
      return nullptr;
    for (auto It = Loops.rbegin(); It != Loops.rend(); ++It)
      if (forLoopVariable(*It) == DRE->getDecl())
        return *It;
    return nullptr;
  }

  void noteTiledPartition(const CallExpr *CE) {
    const Expr *Callee = CE->getCallee()->IgnoreImplicit();
    ArrayRef<TemplateArgumentLoc> Written;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
      Written = DRE->template_arguments();
    else if (const auto *OE = dyn_cast<OverloadExpr>(Callee))
      Written = OE->template_arguments();
    const Expr *Arg = nullptr;
    if (!Written.empty() &&
        Written[0].getArgument().getKind() == TemplateArgument::Expression)
      Arg = Written[0].getSourceExpression();
    bool Is32 = false;
    if (const FunctionDecl *FD = CE->getDirectCallee();
        FD && FD->getTemplateSpecializationArgs())
      Is32 = isTile32Args(FD->getTemplateSpecializationArgs()->asArray());
    else if (Arg)
      Is32 = evalInt(Arg, AST) == 32;
    if (!Is32)
      return;
    SourceLocation Loc =
        Written.empty() ? CE->getBeginLoc() : Written[0].getLocation();
    F.Tiles.push_back({Loc, Arg, true});
  }

  const ASTContext &AST;
  IndexFlow &Flow;
  BodyFacts &F;
  SmallVector<const ForStmt *, 4> Loops;
};

/// Just the warp-level-operation facts, for the callees of a function.
class WarpOpScan : public RecursiveASTVisitor<WarpOpScan> {
public:
  bool VisitCallExpr(CallExpr *CE) {
    Direct |= isWarpLevelCall(calleeName(CE));
    forEachPossibleCallee(
        CE, [&](const FunctionDecl *Callee) { Callees.insert(Callee); });
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    std::string Asm = A->getAsmString();
    Direct |=
        StringRef(Asm).contains("laneid") || StringRef(Asm).contains("shfl");
    return true;
  }
  bool Direct = false;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Callees;
};

//===- shuffle offsets built for 32 lanes ---------------------------------===//

/// Why a shuffle offset counts in 32 lanes, with the constant that says
/// so; empty when it does not.
struct OffsetEvidence {
  std::string Why;
  const Expr *Constant = nullptr;
};

/// `o < 32`, `o <= 16`, `o != 32`, `32 > o`: the loop's bound on \p Var.
static const Expr *loopBound(const ForStmt *FS, const ValueDecl *Var,
                             const ASTContext &AST) {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !Cond->isComparisonOp())
    return nullptr;
  auto IsVar = [&](const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    return D && D->getDecl() == Var;
  };
  const Expr *Other = IsVar(Cond->getLHS())   ? Cond->getRHS()
                      : IsVar(Cond->getRHS()) ? Cond->getLHS()
                                              : nullptr;
  if (!Other)
    return nullptr;
  auto V = evalInt(Other, AST);
  bool Upper =
      (V == 32 && Cond->getOpcode() != BO_LE && Cond->getOpcode() != BO_GE) ||
      (V == 16 && (Cond->getOpcode() == BO_LE || Cond->getOpcode() == BO_GE));
  return Upper ? Other : nullptr;
}

static OffsetEvidence offsetEvidence(const ShuffleSite &Site,
                                     const ASTContext &AST) {
  const Expr *Offset = Site.S.LaneArg;
  if (evalInt(Offset, AST) == 16)
    return {"offset 16 is half of a 32-lane warp", Offset};
  if (!Site.Loop) {
    // int offset = 16; while (offset > 0) { ...; offset >>= 1; }
    const auto *DRE = dyn_cast<DeclRefExpr>(Offset->IgnoreParenCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (V && !isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getInit() &&
        evalInt(V->getInit(), AST) == 16)
      return {"the offset variable starts at 16, half of a 32-lane warp",
              V->getInit()};
    return {};
  }
  const ValueDecl *Var = forLoopVariable(Site.Loop);
  if (const Expr *Init = forLoopInit(Site.Loop);
      Init && evalInt(Init, AST) == 16)
    return {"the offset loop starts at 16, half of a 32-lane warp", Init};
  if (const Expr *Bound = loopBound(Site.Loop, Var, AST))
    return {"the offset loop is bounded by a 32-lane warp", Bound};
  return {};
}

//===- the analyzer -------------------------------------------------------===//

/// #define NAME 32 directives, and whether each was expanded.
struct MacroConstant {
  SourceLocation Def;
  bool Expanded = false;
  SourceLocation WarpUse; ///< first use as a warp width, if any
  /// Lane and warp index computations spelled with this macro alone
  /// (`threadIdx.x % WARP_SIZE`): reported with the definition, the one
  /// place a person changes, instead of one by one.
  std::vector<SourceLocation> LaneUses;
};
using MacroTable = llvm::StringMap<MacroConstant>;
/// Object-like macros whose body is an expression (`(1U << LOG2_WARP)`):
/// where they are defined, in case a use shows their value is 32.
using MacroDefs = llvm::StringMap<SourceLocation>;

class MacroRecorder : public PPCallbacks {
public:
  MacroRecorder(Preprocessor &PP, MacroTable &Table, MacroDefs &Exprs)
      : PP(PP), Table(Table), Exprs(Exprs) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    if (MI->isFunctionLike() || MI->getNumTokens() == 0)
      return;
    StringRef Id = Name.getIdentifierInfo()->getName();
    if (definesThirtyTwo(MI))
      Table[Id] = {Name.getLocation(), false, {}};
    else if (MI->getNumTokens() > 1 && MI->getNumTokens() <= 16 &&
             !PP.getSourceManager().isInSystemHeader(Name.getLocation()))
      Exprs[Id] = Name.getLocation();
  }

  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    auto It = Table.find(Name.getIdentifierInfo()->getName());
    if (It != Table.end())
      It->second.Expanded = true;
  }

private:
  /// `32` with any integer suffix (`32U`, `32ul`, `32LL`), in any base
  /// (`0x20`), in parentheses or not: the value decides, not the spelling.
  bool definesThirtyTwo(const MacroInfo *MI) const {
    ArrayRef<Token> T = MI->tokens();
    while (T.size() >= 3 && T.front().is(tok::l_paren) &&
           T.back().is(tok::r_paren))
      T = T.drop_front().drop_back();
    if (T.size() != 1 || !T[0].is(tok::numeric_constant))
      return false;
    std::string S = PP.getSpelling(T[0]);
    StringRef Digits = StringRef(S).rtrim("uUlLzZ");
    uint64_t V = 0;
    return !Digits.getAsInteger(0, V) && V == 32;
  }

  Preprocessor &PP;
  MacroTable &Table;
  MacroDefs &Exprs;
};

class WarpSizeAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(
        functionDecl(isDefinition(), unless(isInstantiated()),
                     unless(cxxMethodDecl(ofClass(cxxRecordDecl(isLambda())))))
            .bind("fn"),
        this);
  }

  void registerPPCallbacks(Preprocessor &PP) override {
    PP.addPPCallbacks(std::make_unique<MacroRecorder>(PP, Macros, MacroExprs));
  }

  void run(const MatchFinder::MatchResult &R) override {
    const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!FD || FD->isImplicit() || !FD->getBody() ||
        !Ctx.isUserLocation(FD->getLocation()) || waveTargets().empty())
      return;
    AST = R.Context;
    // Judged at the end of the TU: with --fix=native, which functions are
    // rewritten depends on their callers and launches anywhere in it.
    Functions.push_back(FD);
  }

  /// The native verdicts come first: the lane-mask analyzer reads them in
  /// its own end of TU.
  void planTranslationUnit() override {
    if (!waveTargets().empty() && Ctx.nativeRewrite())
      planNative();
  }

  void finishTranslationUnit() override {
    if (waveTargets().empty())
      return;
    for (const FunctionDecl *FD : Functions)
      judgeFunction(FD);
    reportConstants();
    judgeSkippedBranches();
  }

private:
  //===- reporting --------------------------------------------------------===//

  /// "gfx942, gfx950": the targets with 64-lane wavefronts. Empty when every
  /// target is wave32 (RDNA), where a 32-lane group is the whole wavefront
  /// and none of these rules is a hazard.
  const std::string &waveTargets() {
    if (!WaveTargets)
      WaveTargets = Ctx.wave64TargetNames();
    return *WaveTargets;
  }

  Finding *report(SourceLocation Loc, StringRef Rule, Severity Level,
                  std::string Message, std::string Suggestion) {
    SourceLocation File = Ctx.sourceManager().getFileLoc(Loc);
    if (!Reported.insert({File.getRawEncoding(), Rule.str()}).second)
      return nullptr;
    Finding *F = Ctx.report(Loc, Rule, Level, std::move(Message));
    if (F)
      F->Suggestion = std::move(Suggestion);
    return F;
  }

  /// The safe fix: `, 32` before the shuffle's closing parenthesis.
  void addWidthFix(Finding *F, const CallExpr *CE) {
    if (!F || NativeFns.contains(Current))
      return; // rewritten for the whole wavefront instead
    SourceLocation RParen = CE->getRParenLoc();
    if (auto R = Ctx.replacement(CharSourceRange::getCharRange(RParen, RParen),
                                 ", 32"))
      F->Fixes.push_back(std::move(*R));
  }

  /// Source text of \p E as written, shortened for a message.
  std::string text(const Expr *E) {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()),
        Ctx.sourceManager(), Ctx.langOpts());
    std::string S = R.isValid() ? Ctx.sourceText(R) : "";
    if (S.empty() || S.find('\n') != std::string::npos || S.size() > 48)
      return "this expression";
    return "'" + S + "'";
  }

  unsigned line(SourceLocation Loc) {
    return Ctx.sourceManager().getExpansionLineNumber(Loc);
  }

  //===- code the parse skipped -------------------------------------------===//

  /// Token-level checks of #if branches the parse skipped; a branch that
  /// chooses HIP or ROCm code holds AMD code already.
  void judgeSkippedBranches() {
    for (const AnalysisContext::SkippedBranch &B : Ctx.skippedUserBranches()) {
      if (B.Condition.VendorSwitch)
        continue;
      for (SkippedWarpHazard &H : scanSkippedWarpCode(B.Raw, waveTargets())) {
        SourceLocation Loc = B.Raw.loc(B.Raw.Tokens[H.Token]);
        if (!H.Shuffle) {
          report(Loc, kLaneArithmetic, Severity::Warning, std::move(H.Message),
                 "Keep the 32-lane groups: give every shuffle that relies on "
                 "them width 32 (hipwright port --fix does) and narrow ballot "
                 "results to the group.");
          continue;
        }
        Finding *F =
            report(Loc, kShuffleOffset, Severity::Warning, std::move(H.Message),
                   "hipwright port --fix adds width 32, which keeps "
                   "the shuffle inside 32-lane groups on every "
                   "target (32 is CUDA's default width).");
        SourceLocation RParen = B.Raw.loc(B.Raw.Tokens[*H.RParen]);
        if (F)
          if (auto R = Ctx.replacement(
                  CharSourceRange::getCharRange(RParen, RParen), ", 32"))
            F->Fixes.push_back(std::move(*R));
      }
    }
  }

  //===- one function -----------------------------------------------------===//

  void judgeFunction(const FunctionDecl *FD) {
    Current = FD;
    IndexFlow Flow(*AST);
    BodyFacts F;
    BodyWalker(*AST, Flow, F).TraverseStmt(FD->getBody());
    for (const ParmVarDecl *P : FD->parameters())
      if (isTile32Type(P->getType()) && P->getTypeSourceInfo())
        F.Tiles.push_back({P->getTypeSourceInfo()->getTypeLoc().getBeginLoc(),
                           nullptr, false});
    for (const DeclRefExpr *Ref : F.ConstRefs) {
      const auto *V = cast<VarDecl>(Ref->getDecl());
      // By name alone only a constant that is 32 as written (or an alias of
      // one): `max_warps = 1024 / WARP_SIZE` is 32 too, but a count of warps.
      const Expr *Init = V->getInit()->IgnoreParenCasts();
      if (isWarpName(V->getName()) &&
          (isa<IntegerLiteral>(Init) || isa<DeclRefExpr>(Init)) &&
          evalInt(V->getInit(), *AST) == 32)
        noteWarpConstant(V, Ref->getLocation());
    }

    llvm::SmallPtrSet<const Stmt *, 8> Judged;
    judgeShuffles(F, Flow, Judged);
    judgeSplits(FD, F, Judged);
    judgeLaneUses(FD, F, Flow, Judged);
    judgeLaneRows(F, Flow);
    judgeThreadRoles(FD, F, Flow);
    judgeTiles(F);
    judgeLaunches(F);
    judgePassedWidths(FD, F.Calls);
  }

  /// Whether \p FD or a function it calls (a few levels deep) uses a
  /// warp-level operation, so its lane arithmetic matters.
  bool usesWarpOps(const FunctionDecl *FD, unsigned Depth = 0) {
    const FunctionDecl *Def = writtenDefinition(FD);
    if (!Def || Depth > 4)
      return false;
    auto [It, New] = WarpOps.try_emplace(Def, false);
    if (!New)
      return It->second;
    WarpOpScan Scan;
    Scan.TraverseStmt(Def->getBody());
    bool Result = Scan.Direct;
    for (const FunctionDecl *Callee : Scan.Callees)
      if (!Result && Callee != Def)
        Result = usesWarpOps(Callee, Depth + 1);
    WarpOps[Def] = Result;
    return Result;
  }

  /// Shuffles: offsets built for 32 lanes (warning), source lanes numbered
  /// inside a 32-lane group (error), explicit width 32 (note).
  void judgeShuffles(const BodyFacts &F, IndexFlow &Flow,
                     llvm::SmallPtrSetImpl<const Stmt *> &Judged) {
    std::string Group = groupEvidence(F);
    bool Ladder = false; // an offset-16 step makes 8, 4, 2, 1 32-lane too
    for (const ShuffleSite &Site : F.Shuffles)
      Ladder |= !Site.S.WidthArg && Site.S.Kind != ShuffleKind::Index &&
                !offsetEvidence(Site, *AST).Why.empty();
    for (const ShuffleSite &Site : F.Shuffles) {
      if (Site.S.WidthArg) {
        judgeExplicitWidth(Site.S);
        continue;
      }
      bool Hit = Site.S.Kind == ShuffleKind::Index
                     ? judgeSourceLane(Site.S, Flow, Group) ||
                           judgeXorPartner(Site) || judgeRotation(Site.S, Flow)
                     : judgeOffset(Site, Ladder);
      if (Hit)
        markSubtree(Site.S.LaneArg, Judged);
    }
  }

  /// A line-numbered reason to think this function works in 32-lane
  /// groups, or "" when nothing says so.
  std::string groupEvidence(const BodyFacts &F) {
    if (!F.Splits.empty()) {
      const BinaryOperator *BO = F.Splits.front().first;
      return text(BO) + " at line " + std::to_string(line(BO->getBeginLoc())) +
             " splits threads into 32-lane groups";
    }
    for (const ShuffleSite &Site : F.Shuffles)
      if (Site.S.Kind != ShuffleKind::Index && !Site.S.WidthArg &&
          !offsetEvidence(Site, *AST).Why.empty())
        return "the shuffle at line " +
               std::to_string(line(Site.S.Call->getBeginLoc())) +
               " reduces over 32 lanes";
    return "";
  }

  static void markSubtree(const Stmt *S,
                          llvm::SmallPtrSetImpl<const Stmt *> &Out) {
    if (!S)
      return;
    Out.insert(S);
    for (const Stmt *C : S->children())
      markSubtree(C, Out);
  }

  void judgeExplicitWidth(const Shuffle &S) {
    if (evalInt(S.WidthArg, *AST) != 32)
      return; // warpSize, or a sub-group width such as 16 or 8: portable
    // Not a use "as the warp width" for macro-constant: an explicit width
    // is the correct, group-keeping form.
    report(S.WidthArg->getBeginLoc(), kShuffleWidth, Severity::Note,
           "width 32 keeps " + S.Name.str() +
               " inside 32-lane groups: correct on " + waveTargets() +
               " (wave64), where each wavefront holds two such groups",
           "Nothing to change for correctness. A native wave64 version "
           "would use warpSize here, and then every offset, per-warp array "
           "and launch shape built on 32 must change with it.");
  }

  /// Whether the value \p S broadcasts is the same in every 32-lane group:
  /// the last stage of a block reduction, where each group loads the
  /// per-warp partials from __shared__ memory at its own lane number (so
  /// every group loads the same ones) and then only combines them with xor
  /// shuffles. Lane C of the wavefront then holds what lane C of each group
  /// holds, and reading it from the whole wavefront is right.
  bool sameInEveryGroup(const Shuffle &S, IndexFlow &Flow) {
    if (!Current || !Current->getBody() || S.Call->getNumArgs() < 2)
      return false;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(S.Call->getArg(1)->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage())
      return false;
    // The writes to V before the broadcast, in source order.
    struct Writes : RecursiveASTVisitor<Writes> {
      const VarDecl *V;
      const CallExpr *Until;
      const SourceManager &SM;
      SmallVector<const Expr *, 8> Values;
      Writes(const VarDecl *V, const CallExpr *Until, const SourceManager &SM)
          : V(V), Until(Until), SM(SM) {}
      /// Whether \p S is done before the broadcast starts (so not the
      /// `v = __shfl_sync(m, v, 0)` that stores the broadcast itself).
      bool before(const Stmt *S) {
        return SM.isBeforeInTranslationUnit(S->getEndLoc(),
                                            Until->getBeginLoc());
      }
      bool VisitVarDecl(VarDecl *D) {
        if (D == V && D->getInit() && before(D->getInit()))
          Values.push_back(D->getInit());
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
        if (BO->isAssignmentOp() && L && L->getDecl() == V && before(BO))
          Values.push_back(BO->getRHS());
        return true;
      }
    } W(V, S.Call, Ctx.sourceManager());
    W.TraverseStmt(Current->getBody());
    // From the last load of partials on, only xor shuffles of V itself.
    for (const Expr *Value : llvm::reverse(W.Values)) {
      if (loadsSharedAtGroupLane(Value, Flow))
        return true;
      if (!xorShufflesOnly(Value, V))
        return false;
    }
    return false;
  }

  /// Whether \p E reads a __shared__ array, or memory a pointer parameter
  /// points to (the partials passed in), at a lane numbered within a
  /// 32-lane group (`red_smem[lane]`): every group reads the same slots.
  bool loadsSharedAtGroupLane(const Stmt *E, IndexFlow &Flow) {
    if (!E)
      return false;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *Base =
          dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      const auto *Arr = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
      bool Uniform =
          Arr && (Arr->hasAttr<CUDASharedAttr>() ||
                  (isa<ParmVarDecl>(Arr) && Arr->getType()->isPointerType()));
      if (Uniform && Flow.isGroupLane(AS->getIdx()))
        return true;
    }
    for (const Stmt *Child : E->children())
      if (loadsSharedAtGroupLane(Child, Flow))
        return true;
    return false;
  }

  /// Whether \p E combines \p V only with xor shuffles of \p V
  /// (`fmaxf(v, __shfl_xor_sync(m, v, mask))`, the right side of `v +=`).
  bool xorShufflesOnly(const Expr *E, const VarDecl *V) {
    bool Xor = false, Other = false;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *St) {
      if (!St || Other)
        return;
      if (const auto *CE = dyn_cast<CallExpr>(St))
        if (auto Sh = asShuffle(CE)) {
          const auto *R =
              CE->getNumArgs() > 1
                  ? dyn_cast<DeclRefExpr>(CE->getArg(1)->IgnoreParenImpCasts())
                  : nullptr;
          if (Sh->Kind == ShuffleKind::Xor && R && R->getDecl() == V)
            Xor = true;
          else
            Other = true;
          return;
        }
      for (const Stmt *Child : St->children())
        Walk(Child);
    };
    Walk(E);
    return Xor && !Other;
  }

  /// __shfl_sync whose source lane counts from a 32-lane group's start.
  bool judgeSourceLane(const Shuffle &S, IndexFlow &Flow,
                       const std::string &Group) {
    std::string Why;
    if (Flow.isGroupLane(S.LaneArg)) {
      Why = "the source lane " + text(S.LaneArg) +
            " is numbered within a 32-lane group, but the width defaults to "
            "the wavefront, 64 lanes on " +
            waveTargets() +
            ": lanes 32-63 read from the first group instead of their own";
    } else if (auto C = evalInt(S.LaneArg, *AST); C && *C >= 0 && *C < 32 &&
                                                  !Group.empty() &&
                                                  !sameInEveryGroup(S, Flow)) {
      std::string N = std::to_string(*C);
      Why = S.Name.str() + " reads lane " + N +
            " of the whole wavefront, but this code works in 32-lane groups (" +
            Group + "): on " + waveTargets() +
            " (wave64) lanes 32-63 get lane " + N +
            "'s value instead of lane " + std::to_string(32 + *C) + "'s";
    } else {
      return false;
    }
    Finding *F =
        report(S.Call->getBeginLoc(), kLane0Broadcast, Severity::Error,
               Why + "; the result is wrong",
               "hipwright port --fix adds width 32: the source lane is "
               "then counted from the start of the caller's 32-lane "
               "group, as on a 32-wide warp.");
    addWidthFix(F, S.Call);
    return true;
  }

  /// __shfl_sync(m, v, lane ^ 16), or `lane ^ mask` in a loop from 16: a
  /// butterfly over 32 lanes written as an indexed shuffle, judged as the
  /// __shfl_xor_sync it is.
  bool judgeXorPartner(const ShuffleSite &Site) {
    if (!Site.XorOffset)
      return false;
    ShuffleSite AsXor = Site;
    AsXor.S.Kind = ShuffleKind::Xor;
    AsXor.S.LaneArg = Site.XorOffset;
    AsXor.Loop = Site.XorLoop;
    OffsetEvidence E = offsetEvidence(AsXor, *AST);
    if (E.Why.empty())
      return false;
    if (E.Constant)
      noteConstantUse(E.Constant, Site.S.Call->getBeginLoc());
    Finding *F = report(
        Site.S.Call->getBeginLoc(), kShuffleOffset, Severity::Warning,
        offsetMessage(AsXor.S, "its source lane " + text(Site.S.LaneArg) +
                                   " is an xor partner: " + E.Why),
        "hipwright port --fix adds width 32, which keeps the shuffle inside "
        "32-lane groups on every target (32 is CUDA's default width). A "
        "native wave64 version starts the partners at warpSize / 2 with no "
        "width, and every per-warp index, array and launch shape must change "
        "with it.");
    addWidthFix(F, Site.S.Call);
    return true;
  }

  /// __shfl_sync(m, v, lane + 1) with lane a lane id or a thread index:
  /// CUDA takes the source lane modulo the width, 32, so the last lanes of
  /// a warp wrap to its first; with the wavefront's width they read the
  /// next 32-lane group instead.
  bool judgeRotation(const Shuffle &S, IndexFlow &Flow) {
    const auto *BO = dyn_cast<BinaryOperator>(throughKeptLocal(S.LaneArg));
    if (!BO || !BO->isAdditiveOp())
      return false;
    const Expr *Lane = BO->getLHS(), *Step = BO->getRHS();
    if (BO->getOpcode() == BO_Add && evalInt(Lane, *AST))
      std::swap(Lane, Step);
    auto C = evalInt(Step, *AST);
    if (!C || *C < 1 || *C > 31 || Flow.isGroupLane(Lane) ||
        (!Flow.isWarpLane(Lane) && !Flow.isThreadIndex(Lane)))
      return false;
    bool Up = BO->getOpcode() == BO_Add;
    std::string N = std::to_string(*C);
    std::string Which = *C == 1 ? " lane" : " " + N + " lanes";
    std::string Edge =
        (Up ? "the last" : "the first") + Which + " of each 32-lane group";
    Finding *F = report(
        S.Call->getBeginLoc(), kShuffleOffset, Severity::Warning,
        S.Name.str() + " reads source lane " + text(S.LaneArg) +
            ", which CUDA wraps at the warp's 32 lanes, but its width "
            "defaults to the wavefront, 64 lanes on " +
            waveTargets() + ": " + Edge + " read the " +
            (Up ? "next" : "previous") +
            " group (or past the wavefront) instead of wrapping inside their "
            "own",
        "hipwright port --fix adds width 32: the source lane then wraps "
        "inside each 32-lane group, as on a 32-wide warp.");
    addWidthFix(F, S.Call);
    return F != nullptr;
  }

  /// __shfl_{up,down,xor}_sync whose offsets count 32 lanes.
  bool judgeOffset(const ShuffleSite &Site, bool Ladder) {
    OffsetEvidence E = offsetEvidence(Site, *AST);
    if (E.Why.empty()) {
      auto C = evalInt(Site.S.LaneArg, *AST);
      if (!Ladder || !C || (*C != 1 && *C != 2 && *C != 4 && *C != 8))
        return false;
      E.Why = "this step belongs to a reduction that starts at offset 16";
    }
    if (E.Constant)
      noteConstantUse(E.Constant, Site.S.Call->getBeginLoc());
    Finding *F = report(Site.S.Call->getBeginLoc(), kShuffleOffset,
                        Severity::Warning, offsetMessage(Site.S, E.Why),
                        "hipwright port --fix adds width 32, which keeps the "
                        "shuffle inside 32-lane groups on every target (32 is "
                        "CUDA's default width). A native wave64 version starts "
                        "at warpSize / 2 with no width, and every per-warp "
                        "index, array and launch shape must change with it.");
    addWidthFix(F, Site.S.Call);
    return true;
  }

  std::string offsetMessage(const Shuffle &S, const std::string &Why) {
    std::string Head = S.Name.str() + " works in 32 lanes (" + Why +
                       ") but its width defaults to the wavefront, 64 lanes "
                       "on " +
                       waveTargets() + ": ";
    switch (S.Kind) {
    case ShuffleKind::Down:
      return Head + "upper lanes of each 32-lane group read the next group, "
                    "so only lane 0 of each group keeps the 32-lane result";
    case ShuffleKind::Up:
      return Head + "lower lanes of the second 32-lane group read the first "
                    "group, so a scan not guarded by a lane % 32 test runs "
                    "across both groups";
    default:
      return Head + "xor offsets below 32 stay inside each 32-lane group, so "
                    "each group works on its own, as a 32-wide warp";
    }
  }

  /// The outermost sum or product \p E is a term of (through parentheses,
  /// casts, +, -, *, <<), or \p E itself.
  const Expr *indexRoot(const Expr *E) {
    DynTypedNode Node = DynTypedNode::create(*E);
    const Expr *Root = E;
    for (unsigned Depth = 0; Depth < 12; ++Depth) {
      DynTypedNodeList Parents = AST->getParents(Node);
      if (Parents.empty())
        break;
      Node = Parents[0];
      const auto *P = Node.get<Expr>();
      if (!P)
        break;
      if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        BinaryOperatorKind Op = BO->getOpcode();
        if (Op != BO_Add && Op != BO_Sub && Op != BO_Mul && Op != BO_Shl)
          break;
      } else if (!isa<ParenExpr, ImplicitCastExpr, CStyleCastExpr>(P)) {
        break;
      }
      Root = P;
    }
    return Root;
  }

  /// Splits whose value is summed back with its other half in one index,
  /// `(col & ~31) * m + (row << 5) + (col & 31)`: a layout of 32-wide
  /// tiles of data (the COL32 layout of int8 GEMMs), not lanes of a warp.
  llvm::SmallPtrSet<const BinaryOperator *, 4>
  tiledLayoutSplits(const BodyFacts &F) {
    llvm::SmallPtrSet<const BinaryOperator *, 4> Out;
    auto Profile = [&](const Expr *E) {
      llvm::FoldingSetNodeID ID;
      E->IgnoreParenImpCasts()->Profile(ID, *AST, /*Canonical=*/true);
      return ID;
    };
    for (auto &[Lane, LaneKind] : F.Splits) {
      if (LaneKind != IndexFlow::Split::LaneInGroup)
        continue;
      const Expr *Root = indexRoot(Lane);
      const auto *Sum = dyn_cast<BinaryOperator>(Root->IgnoreParenCasts());
      if (!Sum || !Sum->isAdditiveOp())
        continue;
      llvm::FoldingSetNodeID Value = Profile(Lane->getLHS());
      for (auto &[Group, GroupKind] : F.Splits)
        if (GroupKind == IndexFlow::Split::GroupIndex &&
            indexRoot(Group) == Root && Profile(Group->getLHS()) == Value) {
          Out.insert(Lane);
          Out.insert(Group);
        }
    }
    return Out;
  }

  /// threadIdx.x % 32, & 31, / 32, >> 5 in code that uses warp-level
  /// operations (or spells the 32 as a warp size).
  void judgeSplits(const FunctionDecl *FD, const BodyFacts &F,
                   const llvm::SmallPtrSetImpl<const Stmt *> &Judged) {
    bool HasTiles =
        llvm::any_of(F.Tiles, [](auto &T) { return T.IsPartition; });
    bool WarpOps = usesWarpOps(FD);
    llvm::SmallPtrSet<const BinaryOperator *, 4> Layout = tiledLayoutSplits(F);
    for (auto &[BO, Kind] : F.Splits) {
      if (Judged.contains(BO) || Layout.contains(BO))
        continue; // a shuffle source lane already reported, or a data tile
      ConstantNames Names =
          constantNames(BO->getRHS(), Ctx.sourceManager(), Ctx.langOpts());
      // With a tiled_partition<32> the 32-thread groups are explicit tiles,
      // which HIP keeps on wave64; the tile finding covers them.
      if (HasTiles || (!WarpOps && !Names.anyWarpName()))
        continue;
      noteConstantUse(BO->getRHS(), BO->getBeginLoc());
      if (foldIntoDefinition(BO->getRHS(), BO->getBeginLoc()))
        continue;
      std::string What =
          Kind == IndexFlow::Split::LaneInGroup
              ? " numbers lanes within a 32-lane group"
          : Kind == IndexFlow::Split::GroupCount
              ? " counts the block's 32-lane groups, not its wavefronts"
          : Kind == IndexFlow::Split::SubGroup
              ? " lays lanes out in rows of " + subGroupRow(BO) +
                    " inside a 32-lane warp (" + Names.display() + " = 32)"
              : " counts 32-lane groups, not wavefronts";
      report(BO->getBeginLoc(), kLaneArithmetic, Severity::Warning,
             text(BO) + What + ", but " + waveTargets() +
                 " run 64-lane wavefronts: each holds two such groups, which "
                 "works only while every cross-lane operation stays inside "
                 "its group",
             "Keep the 32-lane groups: give every shuffle that relies on them "
             "width 32 (hipwright port --fix does) and narrow ballot results "
             "to the group. Using warpSize here instead is a native wave64 "
             "rewrite: per-warp arrays, launch shapes and data indexing built "
             "on 32 must change with it.");
    }
  }

  /// "8" for `tid / (WARP_SIZE / 4)`; "8" for `tid & (WARP_SIZE / 4 - 1)`.
  std::string subGroupRow(const BinaryOperator *BO) {
    int64_t V = evalInt(BO->getRHS(), *AST).value_or(0);
    return std::to_string(BO->getOpcode() == BO_And ? V + 1 : V);
  }

  /// `lane < 16` (half of a 32-lane warp) and `lane + 32` (the same lane one
  /// 32-lane warp on), with the lane followed through variables and the
  /// constant through macros and named constants.
  void judgeLaneUses(const FunctionDecl *FD, const BodyFacts &F,
                     IndexFlow &Flow,
                     const llvm::SmallPtrSetImpl<const Stmt *> &Judged) {
    if (llvm::any_of(F.Tiles, [](auto &T) { return T.IsPartition; }))
      return; // explicit 32-thread tiles: HIP keeps them
    bool WarpOps = usesWarpOps(FD);
    for (const BinaryOperator *BO : F.LaneUseCandidates) {
      if (Judged.contains(BO))
        continue;
      IndexFlow::LaneUse Use = Flow.laneUse(BO);
      if (Use == IndexFlow::LaneUse::None)
        continue;
      // Which side is the 16 or the 32.
      const Expr *C = evalInt(BO->getRHS(), *AST) ? BO->getRHS() : BO->getLHS();
      const Expr *Lane = C == BO->getRHS() ? BO->getLHS() : BO->getRHS();
      if (!WarpOps && !spelledWithWarp32(C, *AST))
        continue;
      noteConstantUse(C, BO->getBeginLoc());
      if (foldIntoDefinition(C, BO->getBeginLoc()))
        continue;
      bool InGroup = Flow.isGroupLane(Lane);
      std::string Msg;
      if (Use == IndexFlow::LaneUse::HalfSelect)
        Msg = text(BO) + " picks a half of a 32-lane warp, but on " +
              waveTargets() + " " + text(Lane) +
              " runs to 63 (64-lane wavefronts): " +
              (BO->getOpcode() == BO_And
                   ? "the bit is set for lanes 16-31 and 48-63, not for "
                     "one half"
                   : "it is 0 to 3 there, not 0 or 1");
      else if (Use == IndexFlow::LaneUse::HalfTest)
        Msg = InGroup ? text(BO) + " picks one half of a 32-lane group, but " +
                            waveTargets() +
                            " run 64-lane wavefronts: each holds two such "
                            "groups, which works only while every cross-lane "
                            "operation stays inside its group"
                      : text(BO) + " splits a 32-lane warp in halves, but on " +
                            waveTargets() + " " + text(Lane) +
                            " runs to 63 (64-lane wavefronts): the test parts "
                            "lanes 0-15 from lanes 16-63, not two halves";
      else
        Msg = InGroup
                  ? text(BO) +
                        " offsets a lane numbered within a 32-lane group by "
                        "32, the group's width, but " +
                        waveTargets() +
                        " run 64-lane wavefronts: each holds two such "
                        "groups, which works only while every cross-lane "
                        "operation stays inside its group"
              : !Flow.isWarpLane(Lane)
                  ? text(BO) + " steps a thread index one 32-lane warp on (" +
                        constantNames(C, Ctx.sourceManager(), Ctx.langOpts())
                            .display() +
                        " = 32), but " + waveTargets() +
                        " run 64-lane wavefronts: for lanes 0-31 the thread "
                        "it reaches is in the same wavefront, not the next"
                  : text(BO) +
                        " offsets a lane id by 32, one 32-lane warp, "
                        "but " +
                        waveTargets() +
                        " run 64-lane wavefronts: there a lane id already "
                        "runs to 63, so lanes 32-63 step past the "
                        "wavefront's last lane";
      report(BO->getBeginLoc(), kLaneArithmetic, Severity::Warning, Msg,
             "Keep the 32-lane groups (number the lane as lane % 32 and give "
             "the shuffles width 32), or rewrite natively for the wavefront: "
             "warpSize / 2 for the half, warpSize for the step, and every "
             "per-warp array and launch shape built on 32 changed with it.");
    }
  }

  /// `g*WARP_SIZE - 4*(g/2) + wid - (g%2)*(wid/8)`: the 4 is the number of
  /// 8-lane rows in a 32-lane warp, written as a number (LaneRows.h).
  void judgeLaneRows(const BodyFacts &F, IndexFlow &Flow) {
    if (llvm::any_of(F.Tiles, [](auto &T) { return T.IsPartition; }))
      return; // explicit 32-thread tiles: HIP keeps them
    for (const BinaryOperator *BO : F.RowSplitCandidates) {
      auto Lanes = laneRowWidth(BO, Flow, *AST);
      if (!Lanes)
        continue;
      const Expr *Root = indexRoot(BO);
      if (Root == BO)
        continue;
      auto Row = laneRowCount(BO, *Lanes, Root, Flow, *AST);
      if (!Row)
        continue;
      std::string Width =
          constantNames(Row->Width, Ctx.sourceManager(), Ctx.langOpts())
              .display();
      std::string N = std::to_string(*Lanes);
      std::string C = std::to_string(32 / *Lanes);
      Finding *Fd = report(
          Row->Count->getLocation(), kLaneArithmetic, Severity::Warning,
          "'" + C + "' is 32 / " + N + ", the number of " + N + "-lane rows (" +
              text(BO) +
              ") in a 32-lane warp, in an index "
              "that steps whole warps (" +
              text(Row->WarpStep) + "): written as a number, it stays " + C +
              " if the warp width becomes 64 for " + waveTargets() +
              " (wave64), where a wavefront holds " +
              std::to_string(64 / *Lanes) +
              " such rows, and the index skips and repeats elements",
          "Write it from the warp width (" +
              (Width.empty() || Width == "32" ? std::string("a width constant")
                                              : Width) +
              " / " + N +
              ") so it follows a native wave64 port; while the width stays "
              "32 (32-lane groups, every cross-lane operation inside its "
              "group) the value is the same.");
      // Same value while the width is 32: safe on every target.
      if (Fd && !Width.empty() && Width != "32")
        if (auto R = Ctx.replacement(
                CharSourceRange::getTokenRange(Row->Count->getSourceRange()),
                "(" + Width + " / " + N + ")"))
          Fd->Fixes.push_back(std::move(*R));
    }
  }

  /// `tid < tidStartBcast` where the bound is built from a 96-thread
  /// count and can be 96: a role boundary inside a wavefront (ThreadRoles.h).
  void judgeThreadRoles(const FunctionDecl *FD, const BodyFacts &F,
                        IndexFlow &Flow) {
    if (!usesWarpOps(FD))
      return; // without warp-level work a shared wavefront only diverges
    ThreadRoles Roles(*AST, values());
    for (const BinaryOperator *BO : F.LaneUseCandidates) {
      if (!BO->isRelationalOp())
        continue;
      bool L = Flow.isThreadIndex(BO->getLHS());
      bool R = Flow.isThreadIndex(BO->getRHS());
      if (L == R)
        continue;
      const Expr *Bound = L ? BO->getRHS() : BO->getLHS();
      llvm::SmallVector<RoleCount, 2> Counts = Roles.counts(Bound);
      if (Counts.empty())
        continue;
      auto Values = Roles.values(Bound);
      if (!Values)
        continue;
      const int64_t *Mid = llvm::find_if(*Values, splitsWavefronts);
      if (Mid == Values->end())
        continue;
      std::string Can = Values->size() == 1 ? " is " : " can be ";
      reportRoleCount(Counts.front(),
                      "the thread ranges built from it end inside a wavefront "
                      "(" +
                          text(BO) + " at line " +
                          std::to_string(line(BO->getBeginLoc())) + ", where " +
                          text(Bound) + Can + std::to_string(*Mid) +
                          "), so one wavefront runs two roles: their branches "
                          "run one after the other and a warp-level operation "
                          "in either sees lanes of the other");
    }
    for (const ForStmt *Loop : F.ForLoops)
      judgeWarpStride(Loop, Roles, Flow);
  }

  /// `for (w = tid / WARP_SIZE; ...; w += COPY_THREADS / WARP_SIZE)`: a
  /// role's warps stepped by its count of 32-lane warps, 3 for 96 threads,
  /// which is no whole number of 64-lane wavefronts.
  void judgeWarpStride(const ForStmt *Loop, ThreadRoles &Roles,
                       IndexFlow &Flow) {
    const ValueDecl *Var = forLoopVariable(Loop);
    const Expr *Init = forLoopInit(Loop);
    const auto *Inc = dyn_cast_or_null<CompoundAssignOperator>(
        Loop->getInc() ? Loop->getInc()->IgnoreParenImpCasts() : nullptr);
    if (!Var || !Init || !Inc || Inc->getOpcode() != BO_AddAssign)
      return;
    const auto *Target = dyn_cast<DeclRefExpr>(Inc->getLHS()->IgnoreParens());
    if (!Target || Target->getDecl() != Var || !isWarpIndex(Init, Flow))
      return;
    // The stride counts warps: a thread count divided by the warp width.
    const auto *Div = dyn_cast<BinaryOperator>(throughKeptLocal(Inc->getRHS()));
    if (!Div || Div->getOpcode() != BO_Div ||
        evalInt(Div->getRHS(), *AST) != 32)
      return;
    llvm::SmallVector<RoleCount, 2> Counts = Roles.counts(Div->getLHS());
    auto Stride = values().value(Div);
    if (Counts.empty() || !Stride)
      return;
    const RoleCount &C = Counts.front();
    reportRoleCount(
        C, "the loop at line " + std::to_string(line(Loop->getBeginLoc())) +
               " steps over warps by " + text(Inc->getRHS()) + " (" +
               std::to_string(*Stride) +
               " 32-lane warps), which is no whole number of wavefronts: a "
               "port that counts 64-lane wavefronts gets " +
               std::to_string(C.Value / 64) +
               " (integer division), and its wavefronts then repeat each "
               "other's work");
  }

  /// A warp index: `tid / 32` (any spelling of 32), or a local holding one.
  bool isWarpIndex(const Expr *E, IndexFlow &Flow) {
    const auto *BO = dyn_cast<BinaryOperator>(throughKeptLocal(E));
    return BO && Flow.splitKind(BO) == IndexFlow::Split::GroupIndex;
  }

  /// \p E without parentheses and casts, or, when it reads a local that
  /// keeps its initial value, that initialiser (one step).
  const Expr *throughKeptLocal(const Expr *E) {
    if (const VarDecl *V = values().keptLocal(E))
      E = V->getInit();
    return E->IgnoreParenCasts();
  }

  /// At the count's declaration (the one place to change), or where the
  /// bound reads it when it is a macro or a product.
  void reportRoleCount(const RoleCount &C, const std::string &What) {
    int64_t Whole = (C.Value + 63) / 64 * 64;
    SourceLocation At = C.Decl ? C.Decl->getLocation() : C.At->getBeginLoc();
    report(At, kThreadRoles, Severity::Warning,
           "'" + C.Name + "' is " + std::to_string(C.Value) + " threads, " +
               std::to_string(C.Value / 32) + " 32-lane warps but " +
               std::to_string(C.Value / 64) + ".5 64-lane wavefronts on " +
               waveTargets() + ": " + What,
           "Give each role a whole number of wavefronts: a multiple of 64 "
           "threads on " +
               waveTargets() + " (" + std::to_string(Whole) +
               " here), which is whole warps on NVIDIA too, and re-derive "
               "the per-role warp counts from it.");
  }

  void judgeTiles(const BodyFacts &F) {
    for (const TileSite &T : F.Tiles) {
      std::string Name = "32";
      // The tile finding names the constant; it is not reported again as a
      // macro-constant, since HIP keeps the tile's 32-thread semantics.
      if (T.Arg) {
        std::string Shown =
            constantNames(T.Arg, Ctx.sourceManager(), Ctx.langOpts()).display();
        if (!Shown.empty())
          Name = Shown + " = 32";
      }
      std::string What = T.IsPartition ? "tiled_partition<" + Name + ">"
                                       : "thread_block_tile<32>";
      report(T.Loc, kTileTemplate, Severity::Warning,
             What + " makes 32-thread tiles: on " + waveTargets() +
                 " (wave64) each wavefront holds two of them; HIP keeps the "
                 "tile semantics, so this works, each tile using half a "
                 "wavefront",
             "To use whole wavefronts, tiles of 64 (on wave64 targets only: "
             "warpSize is not a compile-time constant in ROCm 7) and "
             "everything indexed per tile, including shared arrays sized by "
             "the tile count, must change together.");
    }
  }

  //===- launches ---------------------------------------------------------===//

  /// The three block dimensions of a launch argument, when constant.
  std::optional<std::array<int64_t, 3>> blockDims(const Expr *E) {
    if (!E)
      return std::nullopt;
    std::array<int64_t, 3> D = {1, 1, 1};
    if (auto Dims = dimExprs(E)) {
      for (unsigned I = 0; I < 3; ++I) {
        if (!(*Dims)[I])
          continue; // left to its default, 1
        auto V = values().value((*Dims)[I]);
        if (!V)
          return std::nullopt;
        D[I] = *V;
      }
      return D;
    }
    const Expr *Bare = E->IgnoreImplicit()->IgnoreParenCasts();
    if (!Bare->getType()->isIntegerType())
      return std::nullopt;
    auto V = values().value(Bare);
    if (!V)
      return std::nullopt;
    D[0] = *V;
    return D;
  }

  /// The expression that gives the block's x dimension, for naming it.
  static const Expr *blockXExpr(const Expr *E) {
    E = E->IgnoreImplicit()->IgnoreParenCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr()->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() > 0 && !CE->getArg(0)->getType()->isRecordType())
      return CE->getArg(0);
    return E;
  }

  void judgeLaunches(const BodyFacts &F) {
    for (const CUDAKernelCallExpr *L : F.Launches) {
      const CallExpr *Config = L->getConfig();
      const FunctionDecl *Kernel = L->getDirectCallee();
      if (!Config || Config->getNumArgs() < 2 || !Kernel ||
          !usesWarpOps(Kernel))
        continue;
      const Expr *Block = Config->getArg(1);
      auto D = blockDims(Block);
      // 32 wide, or an odd number of 32s (96, 160): a whole number of
      // 32-lane warps that is not a whole number of 64-lane wavefronts.
      if (!D || (*D)[0] <= 0 || (*D)[0] % 64 != 32) {
        judgeWarpSlices(Kernel, Block);
        continue;
      }
      noteConstantUse(blockXExpr(Block), Block->getBeginLoc());
      int64_t X = (*D)[0];
      bool OneRow = (*D)[1] * (*D)[2] == 1;
      std::string K = Kernel->getNameAsString();
      // Name an integer constant (COPY_THREADS), not a dim3 variable.
      const Expr *XExpr = blockXExpr(Block);
      std::string Named =
          XExpr->getType()->isIntegerType()
              ? constantNames(XExpr, Ctx.sourceManager(), Ctx.langOpts())
                    .display()
              : "";
      std::string N = Named.empty() || Named == "32"
                          ? std::to_string(X)
                          : Named + " = " + std::to_string(X);
      std::string Msg;
      if (OneRow)
        Msg = wholeBlockMessage(N, K, X);
      else
        Msg = "blocks " + N + " threads wide for '" + K +
              "', which uses warp-level operations: on " + waveTargets() +
              " a 64-lane wavefront spans two rows of the block, so "
              "code that takes threadIdx.x as the lane works only "
              "while every cross-lane operation stays inside 32 "
              "lanes";
      report(Block->getBeginLoc(), kLaunchShape, Severity::Warning, Msg,
             "Launch blocks whose x dimension is a multiple of 64 to fill "
             "wavefronts, and re-derive the per-warp indexing (lane, warp id, "
             "per-warp arrays, grid size) from the new shape; on NVIDIA the "
             "same shape works with 32-wide warps.");
    }
  }

  /// A block of \p Threads threads in all (32, 96, 160: an odd number of
  /// 32-lane warps), spelled \p N, launched for kernel \p K.
  std::string wholeBlockMessage(const std::string &N, const std::string &K,
                                int64_t Threads) {
    std::string Head = "blocks of " + N + " threads for '" + K +
                       "', which uses warp-level operations: ";
    if (Threads == 32)
      return Head + "on " + waveTargets() +
             " a wavefront has 64 lanes, so each block fills half of one and "
             "the other 32 lanes idle";
    return Head + std::to_string(Threads / 32) + " 32-lane warps but " +
           std::to_string(Threads / 64) + ".5 64-lane wavefronts on " +
           waveTargets() +
           ", so the last wavefront of each block runs half "
           "empty";
  }

  /// The expressions of a launch's three block dimensions (null: 1), for
  /// a dim3 built where it is used or in a variable; nullopt otherwise.
  std::optional<std::array<const Expr *, 3>> dimExprs(const Expr *E,
                                                      unsigned Depth = 0) {
    if (!E || Depth > 4)
      return std::nullopt;
    E = E->IgnoreImplicit()->IgnoreParenCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      return dimExprs(MT->getSubExpr(), Depth + 1);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() == 1 && CE->getArg(0)->getType()->isRecordType())
        return dimExprs(CE->getArg(0), Depth + 1);
      std::array<const Expr *, 3> Out = {nullptr, nullptr, nullptr};
      for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I)
        if (!isa<CXXDefaultArgExpr>(CE->getArg(I)))
          Out[I] = CE->getArg(I);
      return Out;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->getInit() && V->getType()->isRecordType())
        return dimExprs(V->getInit(), Depth + 1);
    return std::nullopt;
  }

  /// `dim3 block(8, 4, block_size / WARP_SIZE)`: x is a fraction of a warp
  /// (8 = 32 / 4) and x * y is one 32-lane warp, so each z slice (or the
  /// whole block) is a warp on NVIDIA and half a wavefront on AMD.
  void judgeWarpSlices(const FunctionDecl *Kernel, const Expr *Block) {
    auto Dims = dimExprs(Block);
    if (!Dims)
      return;
    auto Value = [&](const Expr *E) -> std::optional<int64_t> {
      return E ? values().value(E) : std::optional<int64_t>(1);
    };
    auto X = Value((*Dims)[0]), Y = Value((*Dims)[1]), Z = Value((*Dims)[2]);
    if (!X || !Y || (*X != 2 && *X != 4 && *X != 8 && *X != 16) || *Y <= 1)
      return;
    int64_t Slice = *X * *Y;
    if (Slice % 64 != 32)
      return;
    std::string K = Kernel->getNameAsString();
    std::string Shape = std::to_string(*X) + " x " + std::to_string(*Y);
    std::string Msg;
    if (Z && *Z == 1) {
      Msg = wholeBlockMessage(Shape + " = " + std::to_string(Slice), K, Slice);
    } else {
      std::string Zs = Z ? std::to_string(*Z) : text((*Dims)[2]);
      if (Zs == "this expression")
        Zs = "n";
      Msg = "blocks of " + Shape + " x " + Zs + " threads for '" + K +
            "', which uses warp-level operations: each " + Shape +
            " slice is " + std::to_string(Slice) + " threads, " +
            (Slice == 32 ? std::string("one 32-lane warp")
                         : std::to_string(Slice / 32) + " 32-lane warps") +
            ", but on " + waveTargets() +
            " a 64-lane wavefront spans two slices, so code that takes "
            "threadIdx.z as the warp works only while every cross-lane "
            "operation stays inside 32 lanes";
    }
    int64_t Rows = (Z && *Z == 1 ? (Slice + 63) / 64 * 64 : 64) / *X;
    report(Block->getBeginLoc(), kLaunchShape, Severity::Warning, Msg,
           std::string(Z && *Z == 1 ? "Launch blocks of whole 64-lane "
                                      "wavefronts ("
                                    : "Launch blocks whose slices are whole "
                                      "64-lane wavefronts (") +
               std::to_string(*X) + " x " + std::to_string(Rows) +
               " here) and re-derive the lane and warp indexing from the new "
               "shape; on NVIDIA that shape is whole warps too.");
  }

  //===- warp widths passed as arguments ---------------------------------===//

  ValueFlow &values() {
    if (!Values)
      Values.emplace(*AST);
    return *Values;
  }

  PassedWidths &widths() {
    if (!Widths)
      Widths.emplace(*AST);
    return *Widths;
  }

  /// The calls and launches of \p Caller (\p Calls) that pass 32 (a
  /// literal, a constant, or a local that keeps it) to a parameter the
  /// callee uses as a warp width.
  void judgePassedWidths(const FunctionDecl *Caller,
                         ArrayRef<const CallExpr *> Calls) {
    for (const CallExpr *CE : Calls) {
      const FunctionDecl *Callee =
          CE->getDirectCallee() ? writtenDefinition(CE->getDirectCallee())
                                : nullptr;
      if (!Callee || asShuffle(CE) ||
          !Ctx.isUserLocation(Callee->getLocation()))
        continue;
      for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
           ++I) {
        const Expr *Arg = CE->getArg(I);
        if (isa<CXXDefaultArgExpr>(Arg) || values().value(Arg) != 32)
          continue;
        judgePassedWidth(Caller, Calls, CE, Callee, I,
                         widths().usesOf(Callee, I));
      }
    }
  }

  /// The use that makes a passed 32 a hazard, and, for an error, where
  /// the function called or the one using the value numbers lanes by the
  /// wavefront.
  struct PassedHazard {
    WidthUse Use;
    const Expr *Wave = nullptr;
    const FunctionDecl *WaveIn = nullptr;
  };
  std::optional<PassedHazard> hazardousUse(const FunctionDecl *Callee,
                                           const std::vector<WidthUse> &Uses) {
    for (const WidthUse &U : Uses) {
      if (U.K == WidthUse::Kind::LaneCompare)
        continue;
      for (const FunctionDecl *In : {U.In, Callee})
        if (const Expr *Wave = widths().wavefrontLane(In))
          return PassedHazard{U, Wave, In};
    }
    for (const WidthUse &U : Uses)
      if (U.K == WidthUse::Kind::LaneSplit && usesWarpOps(U.In))
        return PassedHazard{U};
    // A comparison alone says little (`tid < n`); with a parameter named
    // as the warp width, in code with warp-level operations, it lays
    // threads out by 32-lane warps.
    for (const WidthUse &U : Uses)
      if (U.K == WidthUse::Kind::LaneCompare && usesWarpOps(U.In) &&
          U.Param->getIdentifier() && isWarpName(U.Param->getName()))
        return PassedHazard{U};
    return std::nullopt;
  }

  void judgePassedWidth(const FunctionDecl *Caller,
                        ArrayRef<const CallExpr *> Calls, const CallExpr *CE,
                        const FunctionDecl *Callee, unsigned Index,
                        const std::vector<WidthUse> &Uses) {
    auto Hit = hazardousUse(Callee, Uses);
    if (!Hit)
      return;
    const WidthUse &Use = Hit->Use;
    const Expr *Wave = Hit->Wave;
    const Expr *Arg = CE->getArg(Index);
    const VarDecl *Local = values().keptLocal(Arg);
    const Expr *Origin = values().origin(Arg);
    // Lines in the message, with their file's name where it is not the
    // finding's (a kernel in a header, launched from the .cu).
    SourceLocation At = Origin->getBeginLoc();
    auto Line = [&](const Stmt *S) { return place(S->getBeginLoc(), At); };
    std::string Source = Local
                             ? "'" + Local->getNameAsString() + "' (32, line " +
                                   place(Local->getLocation(), At) + ")"
                             : "32";
    std::string Head = Source + " is passed to '" + Callee->getNameAsString() +
                       "' as '" +
                       Callee->getParamDecl(Index)->getNameAsString() +
                       "' (line " + Line(CE) + ")";
    if (Use.In != Callee)
      Head += " and on to '" + Use.In->getNameAsString() + "'";
    std::string UseLine = Line(Use.At);
    std::string Msg;
    if (Wave) {
      std::string What =
          Use.K == WidthUse::Kind::ShuffleWidth
              ? "the width of " + calleeName(cast<CallExpr>(Use.At)).str() +
                    " (line " + UseLine + ")"
              : "the lane split " + text(Use.At) + " (line " + UseLine + ")";
      Msg = Head + ", where it is " + What + ", while '" +
            Hit->WaveIn->getNameAsString() +
            "' numbers lanes by the wavefront (" + text(Wave) + ", line " +
            Line(Wave) + "): on " + waveTargets() +
            " (wave64) lanes 32-63 count their place in 64 lanes while the " +
            (Use.K == WidthUse::Kind::ShuffleWidth
                 ? "shuffle moves values within 32, so they combine values "
                   "it did not bring"
                 : "split counts in 32, so the two numberings disagree") +
            "; the result is wrong";
    } else if (Use.K == WidthUse::Kind::LaneSplit) {
      Msg = Head + ", where " + text(Use.At) + " (line " + UseLine +
            ") splits the thread index into 32-lane groups, but " +
            waveTargets() +
            " run 64-lane wavefronts: each holds two such groups, which "
            "works only while every cross-lane operation stays inside its "
            "group";
    } else {
      Msg = Head + ", where " + text(Use.At) + " (line " + UseLine +
            ") places threads by 32-lane warps beside warp-level "
            "operations: on " +
            waveTargets() +
            " a warp-level operation spans a 64-lane wavefront, so threads "
            "placed in two warps vote and shuffle together";
    }
    std::string FixText =
        passedWidthFix(Caller, Calls, Local, Origin, Wave != nullptr);
    Finding *F = report(
        Origin->getBeginLoc(), kPassedWidth,
        Wave ? Severity::Error : Severity::Warning, Msg,
        FixText.empty()
            ? "Pass the wavefront's width (warpSize in device code; "
              "hipDeviceGetAttribute(hipDeviceAttributeWarpSize) in host "
              "code) and size what depends on it from that, or keep 32-lane "
              "groups throughout: lanes numbered % 32 and shuffles of width "
              "32."
            : "hipwright port --fix passes the device's width instead (" +
                  FixText +
                  "): 32 on NVIDIA as before, 64 on gfx942/gfx950, so the "
                  "code's own lane numbering and this value agree.");
    if (!F || FixText.empty())
      return;
    if (auto R = Ctx.replacement(
            CharSourceRange::getTokenRange(Origin->getSourceRange()), FixText))
      F->Fixes.push_back(std::move(*R));
  }

  /// The text that replaces the passed 32, or "" when no fix is safe:
  /// a literal 32 written in a function that is host-only or device-only,
  /// and either the callee numbers lanes by the wavefront (so only this
  /// value disagrees with it), or the 32 is held in a local named as the
  /// warp width. A local's 32 reaches every call that reads it, so none of
  /// those callees may build anything else on 32 lanes.
  std::string passedWidthFix(const FunctionDecl *Caller,
                             ArrayRef<const CallExpr *> Calls,
                             const VarDecl *Local, const Expr *Origin,
                             bool Wavefront) {
    const auto *Lit = dyn_cast<IntegerLiteral>(Origin->IgnoreParenImpCasts());
    if (!Lit || Lit->getBeginLoc().isMacroID())
      return "";
    if (!Wavefront && !(Local && isWarpName(Local->getName())))
      return "";
    if (Local && calleeBuiltOn32Lanes(Calls, Local))
      return "";
    bool Device =
        Caller->hasAttr<CUDADeviceAttr>() || Caller->hasAttr<CUDAGlobalAttr>();
    if (Device && Caller->hasAttr<CUDAHostAttr>())
      return ""; // both sides: neither spelling is right for both
    return Device ? "warpSize" : "hipwright_device_warp_size()";
  }

  /// Whether one of \p Calls (a function's) whose arguments read \p Local
  /// goes to a kernel or device function that works in 32-lane groups of
  /// its own. Host functions (a sample's checks) take it as data.
  bool calleeBuiltOn32Lanes(ArrayRef<const CallExpr *> Calls,
                            const VarDecl *Local) {
    return llvm::any_of(Calls, [&](const CallExpr *CE) {
      const FunctionDecl *D = CE->getDirectCallee()
                                  ? writtenDefinition(CE->getDirectCallee())
                                  : nullptr;
      return D && D->hasBody() &&
             (D->hasAttr<CUDADeviceAttr>() || D->hasAttr<CUDAGlobalAttr>()) &&
             llvm::any_of(CE->arguments(),
                          [&](const Expr *A) { return readsDecl(A, Local); }) &&
             builtOn32Lanes(D);
    });
  }

  /// Whether \p FD itself works in 32-lane groups: lane or warp splits by
  /// a constant 32, shuffle offsets or widths of 32 lanes, 32-thread tiles.
  bool builtOn32Lanes(const FunctionDecl *FD) {
    if (!FD || !FD->getBody())
      return true;
    IndexFlow Flow(*AST);
    BodyFacts F;
    BodyWalker(*AST, Flow, F).TraverseStmt(FD->getBody());
    if (!F.Splits.empty() || !F.Tiles.empty())
      return true;
    for (const ShuffleSite &Site : F.Shuffles)
      if ((Site.S.WidthArg && evalInt(Site.S.WidthArg, *AST) == 32) ||
          !offsetEvidence(Site, *AST).Why.empty())
        return true;
    return false;
  }

  //===- --fix=native -----------------------------------------------------===//

  /// Plans the native rewrite of every function, groups the functions that
  /// call each other, and rewrites a group only when none of its members
  /// refuses and every kernel in it is launched here with blocks that are
  /// whole 64-lane wavefronts wide. One note per group says which.
  void planNative() {
    std::map<const FunctionDecl *, NativePlan> Plans;
    for (const FunctionDecl *FD : Functions)
      Plans[FD] = planNativeRewrite(FD, *AST);
    // A function matters when it depends on the width or calls one that
    // does: a caller sees its callee's lanes change.
    std::set<const FunctionDecl *> Relevant;
    for (auto &[FD, P] : Plans)
      if (P.WarpWork)
        Relevant.insert(FD);
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (auto &[FD, P] : Plans)
        for (const FunctionDecl *C : P.Callees)
          if (Relevant.count(C) && Relevant.insert(FD).second)
            Grew = true;
    }
    std::map<const FunctionDecl *, std::vector<const CUDAKernelCallExpr *>>
        LaunchesOf;
    for (auto &[FD, P] : Plans)
      for (const CUDAKernelCallExpr *L : P.Launches)
        if (const FunctionDecl *K = writtenDefinition(L->getDirectCallee()))
          LaunchesOf[K].push_back(L);

    std::set<const FunctionDecl *> Seen;
    for (const FunctionDecl *Start : Functions) {
      if (!Relevant.count(Start) || Seen.count(Start))
        continue;
      // The group: relevant functions connected by calls either way.
      std::vector<const FunctionDecl *> Found = {Start};
      std::set<const FunctionDecl *> Members = {Start};
      for (size_t I = 0; I < Found.size(); ++I)
        for (const FunctionDecl *FD : Functions) {
          if (!Relevant.count(FD) || Members.count(FD))
            continue;
          if (llvm::is_contained(Plans[FD].Callees, Found[I]) ||
              llvm::is_contained(Plans[Found[I]].Callees, FD)) {
            Members.insert(FD);
            Found.push_back(FD);
          }
        }
      Seen.insert(Members.begin(), Members.end());
      // In source order (Functions), so both sides' parses word the note
      // alike.
      std::vector<const FunctionDecl *> Group;
      for (const FunctionDecl *FD : Functions)
        if (Members.count(FD))
          Group.push_back(FD);
      judgeNativeGroup(Group, Plans, LaunchesOf);
    }
  }

  void judgeNativeGroup(
      const std::vector<const FunctionDecl *> &Group,
      std::map<const FunctionDecl *, NativePlan> &Plans,
      std::map<const FunctionDecl *, std::vector<const CUDAKernelCallExpr *>>
          &LaunchesOf) {
    std::vector<std::string> Refusals;
    std::vector<Replacement> Edits;
    std::vector<const FunctionDecl *> Kernels;
    for (const FunctionDecl *FD : Group) {
      NativePlan &P = Plans[FD];
      Refusals.insert(Refusals.end(), P.Refusals.begin(), P.Refusals.end());
      for (const NativeEdit &E : P.Edits) {
        if (auto R = Ctx.replacement(E.Range, E.Text))
          Edits.push_back(std::move(*R));
        else
          Refusals.push_back(
              "line " + std::to_string(line(E.Range.getBegin())) +
              ": the width is spelled inside a macro's definition");
      }
      if (FD->hasAttr<CUDAGlobalAttr>())
        Kernels.push_back(FD);
    }
    if (Edits.empty() && Refusals.empty())
      return; // nothing built on 32 lanes
    const FunctionDecl *At = Kernels.empty() ? Group.front() : Kernels.front();
    if (Kernels.empty())
      Refusals.push_back("no kernel in this file calls '" +
                         At->getNameAsString() +
                         "', so the blocks it runs in are unknown");
    for (const FunctionDecl *K : Kernels) {
      auto It = LaunchesOf.find(K);
      if (It == LaunchesOf.end()) {
        Refusals.push_back("'" + K->getNameAsString() +
                           "' is not launched in this file, so its blocks "
                           "may not be whole 64-lane wavefronts");
        continue;
      }
      for (const CUDAKernelCallExpr *L : It->second) {
        const CallExpr *Config = L->getConfig();
        auto D = Config && Config->getNumArgs() >= 2
                     ? blockDims(Config->getArg(1))
                     : std::nullopt;
        std::string Where =
            "line " + std::to_string(line(L->getBeginLoc())) + ": ";
        if (!D)
          Refusals.push_back(Where + "the block shape of this launch of '" +
                             K->getNameAsString() +
                             "' is not a compile-time constant");
        else if ((*D)[0] % 64 != 0)
          Refusals.push_back(Where + "blocks " + std::to_string((*D)[0]) +
                             " threads wide are not whole 64-lane "
                             "wavefronts");
      }
    }
    std::string Names;
    for (const FunctionDecl *FD : Group)
      Names += (Names.empty() ? "'" : ", '") + FD->getNameAsString() + "'";
    if (!Refusals.empty()) {
      // The first few reasons; one is enough to refuse, and the fix-its
      // show the rest.
      const size_t Shown = 3;
      std::string Why;
      for (size_t I = 0; I < Refusals.size() && I < Shown; ++I)
        Why += (Why.empty() ? "" : "; ") + Refusals[I];
      if (Refusals.size() > Shown)
        Why += "; and " + std::to_string(Refusals.size() - Shown) + " more";
      report(At->getLocation(), kNativeRewrite, Severity::Note,
             "not rewritten for whole wavefronts, kept in 32-lane groups: " +
                 Names + "; " + Why,
             "The 32-lane-group fix-its apply instead (explicit shuffle width "
             "32); a native version of this code is a change by hand.");
      return;
    }
    std::set<unsigned> Lines;
    for (const FunctionDecl *FD : Group)
      for (const NativeEdit &E : Plans[FD].Edits)
        Lines.insert(line(E.Range.getBegin()));
    std::string LineList;
    for (unsigned L : Lines)
      LineList += (LineList.empty() ? "" : ", ") + std::to_string(L);
    Finding *F = report(
        At->getLocation(), kNativeRewrite, Severity::Note,
        "rewritten for whole wavefronts, 32-lane warps becoming warpSize "
        "lanes: " +
            Names + " (" + std::to_string(Edits.size()) +
            (Edits.size() == 1 ? " edit, line " : " edits, lines ") + LineList +
            ")",
        "Every launch in this file has blocks of whole 64-lane wavefronts "
        "and nothing built on a 32-lane warp leaves the block; on NVIDIA "
        "warpSize is 32 and the code does what it did.");
    if (!F)
      return;
    F->Fixes = std::move(Edits);
    for (const FunctionDecl *FD : Group) {
      NativeFns.insert(FD);
      Ctx.markNativeRewritten(FD);
    }
  }

  //===- macros and named constants used as the warp width ---------------===//

  /// Records that the constant expression \p E, used as a warp width at
  /// \p Use, is spelled with macros, constants or template parameters.
  void noteConstantUse(const Expr *E, SourceLocation Use) {
    noteMacroExpression(E);
    ConstantNames Names = constantNames(E, Ctx.sourceManager(), Ctx.langOpts());
    for (const std::string &M : Names.Macros) {
      auto It = Macros.find(M);
      if (It != Macros.end() && It->second.WarpUse.isInvalid())
        It->second.WarpUse = Use;
    }
    for (const ValueDecl *D : Names.Decls) {
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (V->getInit() && evalInt(V->getInit(), *AST) == 32)
          noteWarpConstant(V, Use);
      } else if (const auto *P = dyn_cast<NonTypeTemplateParmDecl>(D)) {
        reportTemplateDefault(P, Use);
      }
    }
  }

  /// The macro whose expansion is all of \p E (`WARP_SIZE` for the 32 it
  /// expands to), or "" when \p E is not exactly one macro's expansion.
  StringRef wholeMacroName(const Expr *E) {
    const SourceManager &SM = Ctx.sourceManager();
    SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
    if (!B.isMacroID() || SM.isMacroArgExpansion(B) ||
        !Lexer::isAtStartOfMacroExpansion(B, SM, Ctx.langOpts()) ||
        !Lexer::isAtEndOfMacroExpansion(End, SM, Ctx.langOpts()))
      return "";
    return Lexer::getImmediateMacroName(B, SM, Ctx.langOpts());
  }

  /// A whole macro expansion whose value is 32, though its body is an
  /// expression (`#define WARP_SIZE (1U << LOG2_WARP_SIZE)`): the value
  /// decides, so it joins the table of 32-valued macros.
  void noteMacroExpression(const Expr *E) {
    StringRef Name = wholeMacroName(E);
    if (Name.empty())
      return;
    auto Def = MacroExprs.find(Name);
    if (Def == MacroExprs.end() || Macros.count(Name) || evalInt(E, *AST) != 32)
      return;
    Macros[Name] = {Def->second, true, {}};
  }

  /// A lane or warp computation whose 32 is exactly one macro of the
  /// user's (`threadIdx.x % WARP_SIZE`, not `WARP_SIZE / 4`), in the file
  /// that defines it: it joins that macro's definition finding.
  bool foldIntoDefinition(const Expr *Constant, SourceLocation Use) {
    const SourceManager &SM = Ctx.sourceManager();
    // `((32UL))` keeps its parentheses inside the macro; `(WARP_SIZE)`
    // has them around it.
    const Expr *E = Constant->IgnoreImpCasts();
    if (!E->getBeginLoc().isMacroID())
      E = E->IgnoreParenImpCasts();
    StringRef Name = wholeMacroName(E);
    if (Name.empty())
      return false;
    auto It = Macros.find(Name);
    // Uses in any of the user's files: a translation unit lists those it
    // sees, and the port merges the lists of every unit that includes the
    // definition (analysis/FoldedUses.h).
    if (It == Macros.end() || !Ctx.isUserLocation(It->second.Def) ||
        !Ctx.isUserLocation(Use))
      return false;
    It->second.LaneUses.push_back(Use);
    return true;
  }

  void noteWarpConstant(const VarDecl *V, SourceLocation Use) {
    ConstUses.try_emplace(V, Use);
  }

  /// template <int W = 32> where W is used as a warp width.
  void reportTemplateDefault(const NonTypeTemplateParmDecl *P,
                             SourceLocation Use) {
    if (!P->hasDefaultArgument() ||
        evalInt(P->getDefaultArgument().getArgument().getAsExpr(), *AST) != 32)
      return;
    report(P->getLocation(), kTileTemplate, Severity::Warning,
           "template parameter '" + P->getNameAsString() +
               "' defaults to 32 and is used as the warp width (line " +
               std::to_string(line(Use)) + "): on " + waveTargets() +
               " (wave64) the default makes 32-lane groups, two per wavefront",
           "Keep the default and give the shuffles built on it width 32, or "
           "instantiate with 64 for wave64-only builds (warpSize is not a "
           "compile-time constant in ROCm 7) and change what is sized by it.");
  }

  void reportConstants() {
    for (auto &[Name, M] : Macros) {
      if (M.WarpUse.isInvalid() && !(M.Expanded && isWarpName(Name)))
        continue;
      reportConstant(M.Def, Name.str(), M.WarpUse, M.LaneUses);
    }
    for (auto &[V, Use] : ConstUses)
      reportConstant(V->getLocation(), V->getNameAsString(), Use, {});
  }

  /// Where \p Use is, as FoldedUses lists it: its line, with its file's
  /// name when that is not \p Def's file.
  std::pair<std::string, unsigned> placeOf(SourceLocation Use,
                                           SourceLocation Def) {
    const SourceManager &SM = Ctx.sourceManager();
    SourceLocation U = SM.getExpansionLoc(Use);
    bool Same = SM.getFileID(U) == SM.getFileID(SM.getExpansionLoc(Def));
    return {Same ? "" : llvm::sys::path::filename(SM.getFilename(U)).str(),
            line(U)};
  }

  /// "12", or "kernel.cu:12" for a use in another file than \p Def.
  std::string place(SourceLocation Use, SourceLocation Def) {
    return placeText(placeOf(Use, Def));
  }

  void reportConstant(SourceLocation Def, const std::string &Name,
                      SourceLocation Use,
                      const std::vector<SourceLocation> &LaneUses) {
    // The first use as a width, unless it is the first lane computation
    // listed below anyway.
    std::string Where =
        Use.isValid() && (LaneUses.empty() ||
                          place(Use, Def) != place(LaneUses.front(), Def))
            ? " (line " + place(Use, Def) + ")"
            : "";
    FoldedUses Folded;
    Folded.One = "lane or warp index computation is built on it";
    Folded.Many = "lane and warp index computations are built on it";
    for (SourceLocation L : LaneUses)
      Folded.Places.push_back(placeOf(L, Def));
    normalizeFoldedUses(Folded);
    std::string Head =
        "'" + Name + "' is 32 and used as the warp width" + Where;
    Folded.At = Head.size();
    Finding *F = report(
        Def, kMacroConstant, Severity::Warning,
        Head + Folded.Text + ": on " + waveTargets() +
            " a wavefront has 64 lanes, so code built on it works in "
            "32-lane groups, two per wavefront",
        "Do not just change it to 64 or warpSize: per-warp arrays, launch "
        "shapes and data layout built on it change too, and warpSize is "
        "not a compile-time constant in ROCm 7. Keep 32 and give the "
        "shuffles width 32 (hipwright port --fix does), or rewrite the "
        "kernel natively for 64-lane wavefronts.");
    if (F)
      F->Folded = std::move(Folded);
  }

  ASTContext *AST = nullptr;
  std::vector<const FunctionDecl *> Functions;
  const FunctionDecl *Current = nullptr;
  llvm::DenseSet<const FunctionDecl *> NativeFns; ///< rewritten natively
  std::optional<std::string> WaveTargets;
  MacroTable Macros;
  MacroDefs MacroExprs;
  std::map<const VarDecl *, SourceLocation> ConstUses;
  llvm::DenseMap<const FunctionDecl *, bool> WarpOps;
  std::set<std::pair<unsigned, std::string>> Reported;
  std::optional<ValueFlow> Values;
  std::optional<PassedWidths> Widths;
};

} // namespace

std::vector<RuleInfo> warpSizeRules() {
  return {
      {std::string(kLaneArithmetic), Severity::Warning,
       "a thread index split into lanes or warps by 32 (% 32, & 31, / 32, >> "
       "5), a half-warp test on a lane (lane < 16), lane + 32",
       "On 64-lane wavefronts (gfx942, gfx950) lane = threadIdx.x % 32 and "
       "warp = threadIdx.x / 32 describe 32-lane groups, two per wavefront. "
       "The code still works while every cross-lane operation (shuffle, "
       "ballot) stays inside its group. A lane id (__lane_id(), PTX %laneid) "
       "runs to 63 there, so lane < 16 is no longer half the lanes."},
      {std::string(kShuffleOffset), Severity::Warning,
       "shuffle offsets built for 32 lanes (from 16, or bounded by 32) with "
       "the default width",
       "The default width of __shfl_down/up/xor_sync is the wavefront: 64 "
       "lanes on gfx942/gfx950. A 32-lane reduction then reads across its "
       "group: only lane 0 of each group keeps the 32-lane result. The fix-it "
       "adds width 32."},
      {std::string(kShuffleWidth), Severity::Note,
       "a shuffle with an explicit width of 32",
       "Width 32 keeps the shuffle inside 32-lane groups, which is correct on "
       "64-lane wavefronts; it uses half a wavefront per group."},
      {std::string(kLane0Broadcast), Severity::Error,
       "a __shfl_sync source lane numbered within a 32-lane group, with the "
       "default width",
       "With lane = threadIdx.x % 32, __shfl_sync(mask, v, 0) means 'lane 0 "
       "of my group'; with the default width (64 on gfx942/gfx950) lanes "
       "32-63 read lane 0 of the other group: a wrong result. The fix-it "
       "adds width 32."},
      {std::string(kMacroConstant), Severity::Warning,
       "a macro or constant defined as 32 and used as the warp width",
       "#define WARP_SIZE 32 or constexpr int kWarpSize = 32 makes the code "
       "work in 32-lane groups on 64-lane wavefronts. Changing it to 64 or "
       "warpSize is not safe alone: what is sized by it changes too."},
      {std::string(kTileTemplate), Severity::Warning,
       "tiled_partition<32>, thread_block_tile<32> or a template width "
       "defaulting to 32",
       "32-thread tiles are half a wavefront on gfx942/gfx950. HIP keeps tile "
       "semantics, so the code works, with two tiles per wavefront."},
      {std::string(kNativeRewrite), Severity::Note,
       "with port --fix=native: which functions were rewritten for whole "
       "wavefronts, or why not",
       "port --fix=native rewrites code built on 32-lane warps to use "
       "warpSize (offsets from warpSize / 2, lanes and warp indices from "
       "warpSize) when every width-dependent construct of a kernel and the "
       "device functions it calls is understood and every launch has blocks "
       "of whole 64-lane wavefronts; otherwise it says why and applies the "
       "32-lane-group fix-its instead. Only port --fix=native reports it."},
      {std::string(kPassedWidth), Severity::Warning,
       "32 passed to a function that uses the parameter as a warp width: "
       "a shuffle's width or a lane split (an error where the function also "
       "numbers lanes by warpSize), or compared with the thread index",
       "A width passed at a call or launch (`kernel<<<g, b>>>(data, 32)`, "
       "or a local `int warp_size = 32` passed on) is followed into the "
       "callee. Where the callee numbers lanes by the wavefront (id % "
       "warpSize) and takes the shuffle width from the argument, lanes "
       "32-63 of a 64-lane wavefront combine values the 32-wide shuffle did "
       "not bring."},
      {std::string(kThreadRoles), Severity::Warning,
       "a thread count of whole 32-lane warps but not whole 64-lane "
       "wavefronts (96, 160) that the ranges of thread roles, or the stride "
       "of a loop over warps, are built from, in code that uses warp-level "
       "operations",
       "`tid < tidStartBcast`, with the bound built from `COPY_THREADS = 96` "
       "and able to be 96, ends a role in the middle of a 64-lane wavefront: "
       "the two roles' branches share it, so its lanes run one role after "
       "the other and a vote, shuffle or warp barrier in either includes "
       "lanes of the other."},
      {std::string(kLaunchShape), Severity::Warning,
       "a launch whose blocks are an odd number of 32-lane warps wide (32, "
       "96, 160), for a kernel that uses warp-level operations",
       "A block of 32 threads fills half a 64-lane wavefront (the rest "
       "idles), a block of 96 one and a half; a block 32 wide and several "
       "rows tall puts two rows in one wavefront, so threadIdx.x is not the "
       "lane."},
  };
}

std::unique_ptr<Analyzer> createWarpSizeAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<WarpSizeAnalyzer>(Ctx);
}

} // namespace hipwright
