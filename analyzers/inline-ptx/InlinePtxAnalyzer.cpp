//===- InlinePtxAnalyzer.cpp - the inline-ptx rules -----------------------===//
//
// Every asm statement in device code holds NVIDIA PTX, which does not
// assemble for AMDGPU (clang even rejects PTX constraints such as "=f" and
// "l" for amdgcn). Each one is parsed (PtxParser), classified by idiom
// (PtxIdioms) and reported with its HIP/AMDGPU equivalent; a statement that
// is exactly one idiom with an exact equivalent gets a fix-it (PtxFixes).
//
// Three sources: the AST, for asm the host-side parse saw (device function
// bodies are parsed there too), a raw-lexer scan of preprocessor-skipped
// ranges, for asm under `#ifdef __CUDA_ARCH__`, and the bodies of #define
// directives (MacroAsm), for PTX helpers stamped out by macros. Host code
// stays silent: its asm is x86, not PTX; in skipped ranges, macro bodies
// and __host__ __device__ functions only text that reads as PTX is
// reported. An asm in a macro is reported once, at the #define; its
// expansions are not reported again.
//
//===----------------------------------------------------------------------===//
#include "InlinePtxAnalyzer.h"
#include "inline-ptx/AsmLexScan.h"
#include "inline-ptx/MacroAsm.h"
#include "inline-ptx/PtxIdioms.h"
#include "inline-ptx/PtxVerdict.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

enum class Side { Host, HostDevice, Device };

/// Where a function's code runs; a lambda inherits its enclosing
/// function's side unless it carries attributes of its own.
Side sideOf(const FunctionDecl *FD) {
  while (FD) {
    bool Dev = FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>();
    bool Host = FD->hasAttr<CUDAHostAttr>();
    if (Dev)
      return Host ? Side::HostDevice : Side::Device;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD || !MD->getParent()->isLambda())
      return Side::Host;
    const DeclContext *DC = MD->getParent()->getDeclContext();
    while (DC && !isa<FunctionDecl>(DC))
      DC = DC->getParent();
    FD = dyn_cast_or_null<FunctionDecl>(DC);
  }
  return Side::Host;
}

bool isSimple(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, IntegerLiteral, CharacterLiteral>(E))
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return isa<CXXThisExpr, DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
  return false;
}

std::string typeName(QualType T) {
  return T.isNull() ? ""
                    : T.getCanonicalType().getUnqualifiedType().getAsString();
}

class InlinePtxAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    // Instantiations included: an asm statement with no dependent operand
    // is one node shared by the pattern and every instantiation, so
    // excluding instantiations would drop it. Judged once per statement.
    Finder.addMatcher(
        asmStmt(forFunction(functionDecl().bind("fn"))).bind("asm"), this);
  }

  void registerPPCallbacks(Preprocessor &PP) override {
    PP.addPPCallbacks(std::make_unique<DefinitionWatcher>(*this, PP));
  }

  void run(const MatchFinder::MatchResult &R) override {
    const auto *S = R.Nodes.getNodeAs<GCCAsmStmt>("asm");
    const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!S || !FD || !Ctx.isUserLocation(S->getAsmLoc()) ||
        !Judged.insert(S->getAsmLoc().getRawEncoding()).second)
      return;
    if (S->getAsmLoc().isMacroID() &&
        ReportedInMacro.contains(Ctx.sourceManager()
                                     .getSpellingLoc(S->getAsmLoc())
                                     .getRawEncoding()))
      return;
    Side Where = sideOf(FD);
    if (Where == Side::Host)
      return;
    ptx::AsmStatement A = fromAst(*S);
    if (Where == Side::HostDevice && !ptx::looksLikePtx(A.Ptx))
      return;
    // An asm written in a macro body is rewritten nowhere: replacing one
    // expansion would leave the PTX in the #define for the others.
    std::optional<CharSourceRange> Whole;
    if (S->getBeginLoc().isFileID() && S->getEndLoc().isFileID())
      Whole = CharSourceRange::getTokenRange(S->getBeginLoc(), S->getEndLoc());
    emit(A, S->getAsmLoc(), Whole);
  }

  void finishTranslationUnit() override {
    SourceManager &SM = Ctx.sourceManager();
    // scanAsm lexes the range itself: it needs the exact extent of each asm
    // statement for its fix-it, which the shared raw tokens do not keep.
    for (const AnalysisContext::SkippedBranch &B : Ctx.skippedUserBranches()) {
      emitForMacros(ptx::scanMacroAsm(B.Range, SM, Ctx.langOpts()));
      for (ptx::LexedAsm &L : ptx::scanAsm(B.Range, SM, Ctx.langOpts()))
        if (ptx::looksLikePtx(L.Asm.Ptx) &&
            !ReportedInMacro.contains(L.Begin.getRawEncoding()))
          emit(L.Asm, L.Begin, CharSourceRange::getCharRange(L.Begin, L.End));
    }
  }

private:
  /// Reads every #define the parse processes in a user file.
  class DefinitionWatcher : public PPCallbacks {
  public:
    DefinitionWatcher(InlinePtxAnalyzer &A, Preprocessor &PP) : A(A), PP(PP) {}
    void MacroDefined(const Token &Name, const MacroDirective *MD) override {
      const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
      SourceLocation Loc = Name.getLocation();
      if (!MI || MI->getNumTokens() == 0 || !Loc.isFileID() ||
          !A.Ctx.isUserLocation(Loc))
        return;
      // Cheap filter first: most macros hold no asm keyword.
      if (llvm::none_of(MI->tokens(),
                        [](const Token &T) { return T.is(tok::kw_asm); }))
        return;
      SourceManager &SM = A.Ctx.sourceManager();
      auto [FID, Offset] = SM.getDecomposedLoc(Loc);
      SourceLocation LineStart =
          SM.translateLineCol(FID, SM.getLineNumber(FID, Offset), 1);
      // A name in the template that is a macro holding one string literal
      // (`#define PTX_RELAXED "relaxed.gpu"`) reads as that string.
      auto Resolve = [this](StringRef Name) -> std::optional<std::string> {
        const MacroInfo *Def = PP.getMacroInfo(PP.getIdentifierInfo(Name));
        if (!Def || Def->getNumTokens() != 1 ||
            !Def->tokens().front().is(tok::string_literal))
          return std::nullopt;
        return ptx::decodeStringLiteral(PP.getSpelling(Def->tokens().front()));
      };
      A.emitForMacros(
          ptx::scanMacroAsm(SourceRange(LineStart, MI->getDefinitionEndLoc()),
                            SM, A.Ctx.langOpts(), Resolve));
    }

  private:
    InlinePtxAnalyzer &A;
    Preprocessor &PP;
  };

  /// One finding per macro, at its name, for the asm statements in its
  /// body that read as PTX (\p Found: one scan, grouped by definition); the
  /// asm keywords are remembered so that expansions stay quiet.
  void emitForMacros(const std::vector<ptx::MacroAsm> &Found) {
    for (size_t I = 0; I < Found.size();) {
      size_t J = I;
      while (J < Found.size() && Found[J].NameLoc == Found[I].NameLoc)
        ++J;
      emitForMacro(llvm::ArrayRef(Found).slice(I, J - I));
      I = J;
    }
  }

  void emitForMacro(llvm::ArrayRef<ptx::MacroAsm> Statements) {
    std::vector<ptx::Verdict> Verdicts;
    bool Holes = false;
    for (const ptx::MacroAsm &M : Statements) {
      if (!ptx::looksLikePtx(M.Asm.Ptx) ||
          !ReportedInMacro.insert(M.AsmLoc.getRawEncoding()).second)
        continue;
      if (std::optional<ptx::Verdict> V = ptx::judge(M.Asm, fixOptions())) {
        Verdicts.push_back(std::move(*V));
        Holes |= M.TemplateHasParameters;
      }
    }
    if (Verdicts.empty())
      return;
    const ptx::MacroAsm &First = Statements.front();
    std::string Rule = Verdicts.front().Rule;
    Severity Level = Verdicts.front().Level;
    std::string Message = "in macro " + First.Macro + ": ";
    std::string Suggestion;
    if (Verdicts.size() > 1)
      Message += std::to_string(Verdicts.size()) + " asm statements: ";
    for (size_t K = 0; K < Verdicts.size(); ++K) {
      const ptx::Verdict &V = Verdicts[K];
      if (V.Rule != Rule)
        Rule = ptx::kRuleGeneric;
      Level = std::max(Level, V.Level);
      llvm::StringRef Text = V.Message;
      if (K > 0) {
        Text.consume_front("inline PTX ");
        Message += "; ";
      }
      Message += Text;
      if (!V.Suggestion.empty() &&
          !llvm::StringRef(Suggestion).contains(V.Suggestion))
        Suggestion += (Suggestion.empty() ? "" : "; ") + V.Suggestion;
    }
    Finding *F = Ctx.report(First.NameLoc, Rule, Level, std::move(Message));
    if (!F)
      return;
    F->Suggestion = std::move(Suggestion);
    if (Holes)
      F->Suggestion +=
          (F->Suggestion.empty() ? "" : "; ") +
          std::string("the PTX depends on the macro's arguments (shown as "
                      "<name>): each instantiation needs the equivalent for "
                      "its own arguments");
    // No fix-it: the #define serves every expansion, and a rewrite for one
    // set of arguments would be wrong for the others.
  }

  llvm::DenseSet<SourceLocation::UIntTy> ReportedInMacro;
  /// asm statements judged: a template's, once for all its instantiations.
  llvm::DenseSet<SourceLocation::UIntTy> Judged;

  ptx::AsmOperand operand(std::string Constraint, const Expr *E) {
    ptx::AsmOperand Op;
    Op.Constraint = std::move(Constraint);
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()),
        Ctx.sourceManager(), Ctx.langOpts());
    if (R.isValid())
      Op.Expr = Ctx.sourceText(R);
    Op.Type = typeName(E->getType());
    if (const auto *PT = E->getType()->getAs<PointerType>())
      Op.PointeeType = typeName(PT->getPointeeType());
    Op.Simple = isSimple(E);
    return Op;
  }

  ptx::AsmStatement fromAst(const GCCAsmStmt &S) {
    ptx::AsmStatement A;
    A.Ptx = ptx::parse(S.getAsmString());
    A.Volatile = S.isVolatile();
    for (unsigned I = 0; I < S.getNumOutputs(); ++I)
      A.Outputs.push_back(
          operand(S.getOutputConstraint(I), S.getOutputExpr(I)));
    for (unsigned I = 0; I < S.getNumInputs(); ++I)
      A.Inputs.push_back(operand(S.getInputConstraint(I), S.getInputExpr(I)));
    for (unsigned I = 0; I < S.getNumClobbers(); ++I)
      A.Clobbers.push_back(S.getClobber(I));
    return A;
  }

  ptx::FixOptions fixOptions() const {
    ptx::FixOptions O;
    for (const GpuTarget &T : Ctx.targets())
      O.HasDot4 &= T.Name == "gfx906" || T.Name == "gfx908" ||
                   T.Name == "gfx90a" || T.Name == "gfx942" ||
                   T.Name == "gfx950";
    return O;
  }

  void emit(const ptx::AsmStatement &A, SourceLocation Loc,
            std::optional<CharSourceRange> Whole) {
    std::optional<ptx::Verdict> V = ptx::judge(A, fixOptions());
    if (!V)
      return;
    Finding *F = Ctx.report(Loc, V->Rule, V->Level, V->Message);
    if (!F)
      return;
    F->Suggestion = V->Suggestion;
    if (V->Rewrite && Whole)
      if (auto Fix = Ctx.replacement(*Whole, *V->Rewrite))
        F->Fixes.push_back(std::move(*Fix));
  }
};

} // namespace

std::vector<RuleInfo> inlinePtxRules() {
  const char *Why = "PTX is NVIDIA's virtual ISA: AMDGPU cannot assemble it, "
                    "and clang rejects PTX operand constraints such as \"=f\" "
                    "and \"l\" when it compiles for amdgcn. ";
  return {
      {ptx::kRuleGeneric, Severity::Warning,
       "an inline PTX asm statement (several idioms, plain arithmetic, or PTX "
       "with no AMD equivalent)",
       std::string(Why) + "Plain arithmetic becomes C++; an instruction "
                          "without an AMD counterpart is an error."},
      {ptx::kRuleSpecialRegister, Severity::Warning,
       "PTX special registers (%laneid, %lanemask_*, %warpid, %tid, %clock64, "
       "%globaltimer ...)",
       std::string(Why) + "HIP has built-ins for most of them; lane masks "
                          "are 64-bit on a 64-wide wavefront."},
      {ptx::kRuleWarpIntrinsic, Severity::Warning,
       "PTX warp instructions (shfl, vote, activemask, match, redux)",
       std::string(Why) + "Use HIP's warp functions with 64-bit masks and an "
                          "explicit width."},
      {ptx::kRuleBarrier, Severity::Warning,
       "PTX barriers and fences (bar.sync, membar, fence)",
       std::string(Why) + "Barrier 0 is __syncthreads(); fences are "
                          "__threadfence*; named barriers have no "
                          "equivalent."},
      {ptx::kRuleMemory, Severity::Warning,
       "PTX loads, stores and copies (ld.global.nc, cp.async, cvta, cache "
       "hints)",
       std::string(Why) + "Most become plain C++ accesses, __ldg or "
                          "__builtin_amdgcn_global_load_lds."},
      {ptx::kRuleAtomic, Severity::Warning, "PTX atomics (atom, red)",
       std::string(Why) + "HIP's atomicAdd and friends do the same."},
      {ptx::kRuleBitManipulation, Severity::Warning,
       "PTX bit manipulation (prmt, brev, popc, clz, bfe, bfi, lop3, shf)",
       std::string(Why) + "HIP functions or plain bit operations compute the "
                          "same bits."},
      {ptx::kRuleDotProduct, Severity::Warning, "PTX dp4a / dp2a",
       std::string(Why) + "gfx9 CDNA targets have v_dot4 instructions "
                          "(__builtin_amdgcn_sdot4/udot4)."},
  };
}

std::unique_ptr<Analyzer> createInlinePtxAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<InlinePtxAnalyzer>(Ctx);
}

} // namespace hipwright
