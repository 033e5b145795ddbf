//===- TensorCoreAnalyzer.cpp - the tensor-core rules ---------------------===//
//
// NVIDIA's tensor cores are reached through nvcuda::wmma (fragments, loads,
// stores, mma_sync) or PTX (mma.sync, ldmatrix, movmatrix, stmatrix). None
// of it exists on AMD: the matrix cores there are driven by MFMA builtins
// (CDNA, wave64) or WMMA builtins (RDNA, wave32), or through rocWMMA, whose
// fragments spread a tile over 64 lanes in a different element order. These
// rules read each tile's shape and types from the AST and name, per target,
// the instruction and rocWMMA fragment that replace it. Nothing here is a
// fix-it: re-tiling and re-layout are design work.
//
//===----------------------------------------------------------------------===//
#include "TensorCoreAnalyzer.h"
#include "tensor-core/MfmaTable.h"
#include "tensor-core/PtxMma.h"
#include "tensor-core/WmmaTypes.h"

#include "analysis/SkippedCode.h"
#include "hopper-only/DeviceCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Frontend/CompilerInstance.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

std::string describeFragment(const WmmaFragment &F) {
  std::string S =
      std::string(useName(F.Use)) + " " + shapeName(F.M, F.N, F.K) + " " +
      (F.DependentElem.empty()
           ? std::string(elemName(F.Elem))
           : "of element type " + F.DependentElem + " (a template parameter)");
  if (!F.Layout.empty())
    S += " " + F.Layout;
  return S;
}

/// True when \p S mentions `num_elements` (a fragment's element count).
bool mentionsNumElements(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (ME->getMemberDecl()->getName() == "num_elements")
      return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl()->getName() == "num_elements")
      return true;
  for (const Stmt *C : S->children())
    if (mentionsNumElements(C))
      return true;
  return false;
}

/// True when \p Index is the counter of an enclosing loop over every
/// element (`for (int i = 0; i < f.num_elements; ++i)`): the same operation
/// on every element does not depend on which lane holds which element.
bool isElementwiseLoopIndex(ASTContext &AST, const Expr *Use,
                            const Expr *Index) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Index->IgnoreParenImpCasts());
  const auto *Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!Var)
    return false;
  DynTypedNodeList Parents = AST.getParents(*Use);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *For = P.get<ForStmt>()) {
      const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
      bool Declares =
          Init && Init->isSingleDecl() && Init->getSingleDecl() == Var;
      if (Declares)
        return mentionsNumElements(For->getCond());
    }
    if (P.get<FunctionDecl>())
      return false;
    Parents = AST.getParents(P);
  }
  return false;
}

// Cheap tests that run before the enclosing function is looked up (a walk
// up the parent map, the costly part of a match): nearly no declaration in
// a real TU is a fragment, and nearly no dependent call names wmma.
AST_MATCHER(DeclaratorDecl, hasWmmaFragmentType) {
  return wmmaFragmentOf(Node.getType()).has_value();
}
/// The first candidate of a dependent call's name, when it is wmma's.
const NamedDecl *wmmaCandidate(const UnresolvedLookupExpr &E) {
  const NamedDecl *First = E.decls().empty() ? nullptr : (*E.decls().begin());
  return First && isInWmmaNamespace(First->getUnderlyingDecl()) ? First
                                                                : nullptr;
}
AST_MATCHER(UnresolvedLookupExpr, hasWmmaCandidate) {
  return wmmaCandidate(Node) != nullptr;
}

class TensorCoreAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    auto InFn = optionally(hasAncestor(functionDecl().bind("fn")));
    auto User = unless(isExpansionInSystemHeader());
    Finder.addMatcher(
        declaratorDecl(User, hasWmmaFragmentType(), InFn).bind("decl"), this);
    Finder.addMatcher(
        callExpr(User,
                 callee(functionDecl(hasAnyName("::nvcuda::wmma::mma_sync",
                                                "::nvcuda::wmma::bmma_sync"))),
                 InFn)
            .bind("mma"),
        this);
    Finder.addMatcher(
        callExpr(
            User,
            callee(functionDecl(hasAnyName("::nvcuda::wmma::load_matrix_sync",
                                           "::nvcuda::wmma::store_matrix_sync",
                                           "::nvcuda::wmma::fill_fragment"))
                       .bind("callee")),
            InFn)
            .bind("memop"),
        this);
    Finder.addMatcher(
        arraySubscriptExpr(User,
                           hasBase(ignoringImpCasts(memberExpr(
                               member(fieldDecl(hasName("x"))),
                               hasObjectExpression(expr().bind("frag"))))),
                           InFn)
            .bind("elem"),
        this);
    Finder.addMatcher(asmStmt(User, InFn).bind("asm"), this);
    // In a template pattern a call with dependent arguments names its
    // candidates only: `wmma::store_matrix_sync(out, c, ...)` with `T *out`.
    Finder.addMatcher(
        callExpr(User, callee(unresolvedLookupExpr(hasWmmaCandidate())), InFn)
            .bind("unresolved"),
        this);
  }

  void run(const MatchFinder::MatchResult &R) override {
    // A template pattern's code is judged after every instantiation's, and
    // only where none was reported: an instantiation knows the fragment's
    // element type, the pattern may not.
    const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
    if (Fn && Fn->isDependentContext())
      Patterns.push_back({R.Nodes, R.Context});
    else
      judge(R.Nodes, *R.Context);
  }

  void judge(const BoundNodes &Nodes, ASTContext &AST) {
    const auto *Fn = Nodes.getNodeAs<FunctionDecl>("fn");
    if (const auto *D = Nodes.getNodeAs<DeclaratorDecl>("decl"))
      checkFragmentDecl(D, Fn);
    else if (const auto *C = Nodes.getNodeAs<CallExpr>("mma"))
      checkMmaSync(C, C->getDirectCallee()->getName(), Fn);
    else if (const auto *C = Nodes.getNodeAs<CallExpr>("memop"))
      checkMemOp(C, Nodes.getNodeAs<FunctionDecl>("callee")->getName(), Fn);
    else if (const auto *C = Nodes.getNodeAs<CallExpr>("unresolved"))
      checkUnresolved(C, Fn);
    else if (const auto *E = Nodes.getNodeAs<ArraySubscriptExpr>("elem"))
      checkElementAccess(AST, E, Nodes.getNodeAs<Expr>("frag"), Fn);
    else if (const auto *A = Nodes.getNodeAs<GCCAsmStmt>("asm"))
      checkPtx(A->getAsmLoc(), A->getAsmString(), describeFunction(Fn));
  }

  void finishTranslationUnit() override {
    JudgingPatterns = true;
    for (auto &[Nodes, AST] : Patterns)
      judge(Nodes, *AST);
    JudgingPatterns = false;
    for (const AnalysisContext::SkippedBranch &B : Ctx.skippedUserBranches()) {
      forEachRawAsm(B.Raw, [&](SourceLocation Loc, StringRef Text) {
        checkPtx(Loc, Text, "code the host-side parse skips (#if branch)");
      });
      checkSkippedWmma(B.Raw);
    }
  }

private:
  /// Template instantiations revisit the same source; report each finding
  /// once.
  std::set<std::pair<unsigned, std::string>> Seen;
  /// (location, rule) of every finding, and the pattern matches waiting
  /// for the instantiations' findings.
  std::set<std::pair<unsigned, std::string>> SeenRule;
  std::vector<std::pair<BoundNodes, ASTContext *>> Patterns;
  bool JudgingPatterns = false;

  Finding *reportOnce(SourceLocation Loc, StringRef Rule, Severity Level,
                      std::string Message) {
    unsigned Key = Ctx.sourceManager().getFileLoc(Loc).getRawEncoding();
    if (JudgingPatterns && SeenRule.count({Key, Rule.str()}))
      return nullptr;
    if (!Seen.insert({Key, Rule.str() + Message}).second)
      return nullptr;
    SeenRule.insert({Key, Rule.str()});
    return Ctx.report(Loc, Rule, Level, std::move(Message));
  }

  void checkFragmentDecl(const DeclaratorDecl *D, const FunctionDecl *Fn) {
    std::optional<WmmaFragment> F = wmmaFragmentOf(D->getType());
    if (!F)
      return;
    MmaOp Op{F->M, F->N, F->K, F->Elem, F->Elem};
    std::string Retile = retileAdvice(Op);
    std::string Msg = describeFunction(Fn) + ": WMMA fragment '" +
                      D->getNameAsString() + "' (" + describeFragment(*F) +
                      ") has no AMD counterpart";
    if (!Retile.empty())
      Msg += "; " + Retile;
    if (Finding *Out = reportOnce(D->getLocation(), "tensor-core.wmma",
                                  Severity::Error, std::move(Msg)))
      Out->Suggestion = "rocWMMA: " + rocwmmaFragmentFor(*F, Ctx.targets()) +
                        "; " + kLayoutDiffers;
  }

  /// A WMMA call a template pattern leaves unresolved, judged by the name
  /// its candidates share.
  void checkUnresolved(const CallExpr *C, const FunctionDecl *Fn) {
    const NamedDecl *First = wmmaCandidate(
        *cast<UnresolvedLookupExpr>(C->getCallee()->IgnoreImplicit()));
    if (!First)
      return;
    StringRef Name = First->getName();
    if (Name == "mma_sync" || Name == "bmma_sync")
      checkMmaSync(C, Name, Fn);
    else if (Name == "load_matrix_sync" || Name == "store_matrix_sync" ||
             Name == "fill_fragment")
      checkMemOp(C, Name, Fn);
  }

  void checkMmaSync(const CallExpr *C, StringRef Name, const FunctionDecl *Fn) {
    if (C->getNumArgs() < 4)
      return;
    std::optional<WmmaFragment> A = wmmaFragmentOf(C->getArg(1)->getType());
    std::optional<WmmaFragment> Acc = wmmaFragmentOf(C->getArg(3)->getType());
    if (!A || !Acc)
      return;
    MmaOp Op{A->M, A->N, A->K, A->Elem, Acc->Elem};
    std::string Msg = describeFunction(Fn) + ": WMMA " + Name.str() + " " +
                      shapeName(Op.M, Op.N, Op.K) + " " + elemName(Op.In) +
                      " x " + elemName(Op.In) + " + " + elemName(Op.Acc) +
                      " has no AMD counterpart; use " +
                      matrixBuiltinsFor(Op, Ctx.targets());
    std::string Retile = retileAdvice(Op);
    if (Finding *Out = reportOnce(C->getBeginLoc(), "tensor-core.wmma",
                                  Severity::Error, std::move(Msg)))
      Out->Suggestion = (Retile.empty() ? "" : Retile + "; ") +
                        "or rocwmma::mma_sync on rocWMMA fragments (" +
                        rocwmmaFragmentFor(*A, Ctx.targets()) + ")";
  }

  void checkMemOp(const CallExpr *C, StringRef Name, const FunctionDecl *Fn) {
    std::string Msg = describeFunction(Fn) + ": wmma::" + Name.str() +
                      " ports to rocwmma::" + Name.str() +
                      " once its fragment is a rocWMMA fragment";
    if (Finding *Out = reportOnce(C->getBeginLoc(), "tensor-core",
                                  Severity::Note, std::move(Msg)))
      if (Name == "store_matrix_sync")
        Out->Suggestion = "the layout argument becomes rocwmma::mem_row_major "
                          "or rocwmma::mem_col_major";
  }

  void checkElementAccess(ASTContext &AST, const ArraySubscriptExpr *E,
                          const Expr *Frag, const FunctionDecl *Fn) {
    std::optional<WmmaFragment> F =
        Frag ? wmmaFragmentOf(Frag->IgnoreParenImpCasts()->getType())
             : std::nullopt;
    if (!F || isElementwiseLoopIndex(AST, E, E->getIdx()))
      return;
    std::string Msg =
        describeFunction(Fn) + ": fragment element " +
        Ctx.sourceText(CharSourceRange::getTokenRange(E->getSourceRange())) +
        " (" + describeFragment(*F) +
        ") assumes NVIDIA's lane-to-element layout";
    if (Finding *Out =
            reportOnce(E->getBeginLoc(), "tensor-core.fragment-layout",
                       Severity::Error, std::move(Msg)))
      Out->Suggestion =
          std::string(kLayoutDiffers) +
          " (a 16x16 tile is 4 elements per lane on a 64-wide wave, 8 on "
          "NVIDIA); touch elements only in loops over num_elements, or go "
          "through shared memory with load/store_matrix_sync";
  }

  /// One finding per asm statement (findings are keyed by location and
  /// rule), listing each tensor-core instruction in it.
  void checkPtx(SourceLocation Loc, StringRef Text, const std::string &Where) {
    std::string Msg, Suggestion;
    for (const PtxMatrixOp &Op : findPtxMatrixOps(Text)) {
      Msg += (Msg.empty() ? Where + ": PTX " : "; and PTX ") + Op.Opcode + " " +
             Op.What;
      std::string Advice = Op.Instead;
      if (Op.Mma) {
        Msg += "; use " + matrixBuiltinsFor(*Op.Mma, Ctx.targets());
        std::string Retile = retileAdvice(*Op.Mma);
        Advice = (Retile.empty() ? "" : Retile + "; ") + Advice;
      }
      if (Suggestion.find(Advice) == std::string::npos)
        Suggestion += (Suggestion.empty() ? "" : "; ") + Advice;
    }
    if (Msg.empty())
      return;
    if (Finding *Out = reportOnce(Loc, "tensor-core.mma-ptx", Severity::Error,
                                  std::move(Msg)))
      Out->Suggestion = std::move(Suggestion);
  }

  /// wmma::mma_sync in a skipped branch: the tile is unknown there.
  void checkSkippedWmma(const RawFileTokens &Raw) {
    const std::vector<RawToken> &Tokens = Raw.Tokens;
    for (size_t I = 2; I < Tokens.size(); ++I) {
      const RawToken &T = Tokens[I];
      if (T.Kind != tok::raw_identifier ||
          (T.Text != "mma_sync" && T.Text != "bmma_sync") ||
          Tokens[I - 1].Kind != tok::coloncolon || Tokens[I - 2].Text != "wmma")
        continue;
      if (Finding *Out = reportOnce(
              Raw.loc(Tokens[I - 2]), "tensor-core.wmma", Severity::Error,
              "WMMA " + T.Text.str() +
                  " in code the host-side parse skips (#if "
                  "branch) has no AMD counterpart; its tile was not analyzed"))
        Out->Suggestion = "MFMA builtins or rocwmma::mma_sync; see "
                          "`hipwright explain tensor-core.wmma` for the "
                          "shape table";
    }
  }
};

} // namespace

std::vector<RuleInfo> tensorCoreRules() {
  return {
      {"tensor-core", Severity::Note,
       "a WMMA load, store or fill that follows its fragment to rocWMMA",
       "nvcuda::wmma::load_matrix_sync, store_matrix_sync and fill_fragment "
       "have rocWMMA counterparts with the same names and arguments (the "
       "store's layout becomes rocwmma::mem_row_major/mem_col_major). They "
       "port once the fragments they take are rocWMMA fragments."},
      {"tensor-core.wmma", Severity::Error,
       "an nvcuda::wmma fragment or mma_sync: no WMMA API on AMD",
       "AMD GPUs have no nvcuda::wmma. Matrix cores are driven by MFMA "
       "builtins (CDNA: gfx908..gfx950, 64-wide waves) or by rocWMMA, whose "
       "tiles are 16x16 or 32x32: CUDA's m32n8k16, m8n32k16, m8n8k4 (f64), "
       "4-bit and 1-bit tiles have no direct counterpart. The finding names "
       "the builtin per target and the rocWMMA fragment."},
      {"tensor-core.mma-ptx", Severity::Error,
       "PTX mma.sync / ldmatrix / stmatrix / movmatrix: no AMD counterpart",
       "Inline PTX does not compile for AMD. mma.sync's warp-level tiles "
       "(m16n8k16 and others) map to MFMA builtins over a 64-wide wave with "
       "a different register layout; ldmatrix, stmatrix and movmatrix have "
       "no AMD instruction and become LDS loads/stores in the MFMA layout."},
      {"tensor-core.fragment-layout", Severity::Error,
       "code indexes fragment.x[i] assuming NVIDIA's element layout",
       "Which matrix element a lane holds in fragment.x[i] is defined by "
       "the hardware. AMD fragments spread a tile over 64 lanes (4 elements "
       "of a 16x16 tile per lane, not 8) in a different order, so code that "
       "picks elements by index computes the wrong thing. Loops that apply "
       "the same operation to every element (bounded by num_elements) are "
       "fine and not flagged."},
  };
}

std::unique_ptr<Analyzer> createTensorCoreAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<TensorCoreAnalyzer>(Ctx);
}

} // namespace hipwright
