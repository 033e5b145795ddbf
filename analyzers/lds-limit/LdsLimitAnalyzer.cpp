//===- LdsLimitAnalyzer.cpp - the lds-limit rules -------------------------===//
//
// Shared memory becomes LDS on AMD, and a workgroup may allocate 64 KiB of
// it on gfx942 (MI300) and 160 KiB on gfx950 (MI350), against up to 227 KiB
// of shared memory per block on Hopper. A kernel that asks for more does not
// launch. These rules add up each kernel's static __shared__ variables
// (through the device functions it calls) and, where the source states it
// as a constant, the dynamic shared memory it requests via
// cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, n)
// or a launch's third configuration argument, and compare with each target.
// Shrinking a tile is design work: suggestions only.
//
//===----------------------------------------------------------------------===//
#include "LdsLimitAnalyzer.h"
#include "hopper-only/DeviceCode.h"
#include "lds-limit/SharedMemoryUsage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

/// The kernel an expression names: `k`, `&k`, `(const void *)k`,
/// `reinterpret_cast<const void *>(k<64>)`.
const FunctionDecl *kernelOf(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  return FD && FD->hasAttr<CUDAGlobalAttr>() ? FD : nullptr;
}

std::optional<uint64_t> constantBytes(const Expr *E, const ASTContext &AST) {
  if (!E || E->isValueDependent() || isa<CXXDefaultArgExpr>(E))
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, AST) || R.Val.getInt().isNegative())
    return std::nullopt;
  return R.Val.getInt().getZExtValue();
}

bool namesMaxDynamicShared(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl()->getName() ==
                    "cudaFuncAttributeMaxDynamicSharedMemorySize";
}

class LdsLimitAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    auto User = unless(isExpansionInSystemHeader());
    Finder.addMatcher(
        functionDecl(User, isDefinition(), hasAttr(attr::CUDAGlobal))
            .bind("kernel"),
        this);
    Finder.addMatcher(cudaKernelCallExpr(User).bind("launch"), this);
    Finder.addMatcher(
        callExpr(User, callee(functionDecl(hasAnyName(
                           "cudaFuncSetAttribute", "cudaLaunchKernel",
                           "cudaLaunchCooperativeKernel"))))
            .bind("api"),
        this);
  }

  void run(const MatchFinder::MatchResult &R) override {
    if (!Usage)
      Usage = std::make_unique<SharedMemoryUsage>(*R.Context);
    if (const auto *K = R.Nodes.getNodeAs<FunctionDecl>("kernel"))
      Kernels.push_back(K);
    else if (const auto *L = R.Nodes.getNodeAs<CUDAKernelCallExpr>("launch"))
      checkLaunch(L, *R.Context);
    else if (const auto *C = R.Nodes.getNodeAs<CallExpr>("api"))
      checkApiCall(C, *R.Context);
  }

  void finishTranslationUnit() override {
    for (const FunctionDecl *K : Kernels)
      checkStatic(K);
  }

private:
  std::unique_ptr<SharedMemoryUsage> Usage;
  std::vector<const FunctionDecl *> Kernels;
  std::set<std::pair<unsigned, std::string>> Seen;

  /// The targets whose LDS is smaller than \p Bytes.
  std::vector<const GpuTarget *> exceeded(uint64_t Bytes) const {
    std::vector<const GpuTarget *> Out;
    for (const GpuTarget &T : Ctx.targets())
      if (Bytes > T.LdsBytes)
        Out.push_back(&T);
    return Out;
  }

  static std::string describeTargets(const std::vector<const GpuTarget *> &Ts) {
    std::string S;
    for (size_t I = 0; I < Ts.size(); ++I)
      S += (I == 0               ? ""
            : I + 1 == Ts.size() ? " and "
                                 : ", ") +
           Ts[I]->Name + " (" + std::to_string(Ts[I]->LdsBytes / 1024) +
           " KiB)";
    return "the LDS of " + S;
  }

  std::string suggestion() const {
    std::string Fits;
    for (const GpuTarget &T : Ctx.targets())
      Fits += (Fits.empty() ? "" : ", ") + T.Name + " " +
              std::to_string(T.LdsBytes / 1024) + " KiB";
    return "a workgroup may allocate at most " + Fits +
           " of LDS: use smaller tiles, fewer pipeline stages or "
           "double-buffer in registers; or build only for targets whose LDS "
           "holds it";
  }

  void reportOnce(SourceLocation Loc, StringRef Rule, std::string Msg) {
    unsigned Key = Ctx.sourceManager().getFileLoc(Loc).getRawEncoding();
    if (!Seen.insert({Key, Msg}).second)
      return;
    if (Finding *F = Ctx.report(Loc, Rule, Severity::Error, std::move(Msg)))
      F->Suggestion = suggestion();
  }

  void checkStatic(const FunctionDecl *K) {
    uint64_t Bytes = Usage->staticBytes(K);
    std::vector<const GpuTarget *> Over = exceeded(Bytes);
    if (Over.empty())
      return;
    reportOnce(K->getLocation(), "lds-limit",
               describeKernelInstance(K) + " uses " + formatBytes(Bytes) +
                   " of static shared memory, more than " +
                   describeTargets(Over));
  }

  /// Static plus \p Dynamic bytes, reported at \p Loc for the targets the
  /// static part alone still fits (those already have a finding).
  void checkDynamic(SourceLocation Loc, const FunctionDecl *K, uint64_t Dynamic,
                    StringRef How) {
    if (!Usage)
      return;
    uint64_t Static = Usage->staticBytes(K);
    std::vector<const GpuTarget *> Over;
    for (const GpuTarget *T : exceeded(Static + Dynamic))
      if (Static <= T->LdsBytes)
        Over.push_back(T);
    if (Over.empty())
      return;
    reportOnce(Loc, "lds-limit.dynamic",
               describeKernelInstance(K) + " " + How.str() + " " +
                   formatBytes(Dynamic) + " of dynamic shared memory; with " +
                   formatBytes(Static) + " static that is " +
                   formatBytes(Static + Dynamic) + ", more than " +
                   describeTargets(Over));
  }

  void checkLaunch(const CUDAKernelCallExpr *L, const ASTContext &AST) {
    const CallExpr *Config = L->getConfig();
    const FunctionDecl *K = L->getDirectCallee();
    if (!Config || !K || Config->getNumArgs() < 3)
      return;
    if (std::optional<uint64_t> N = constantBytes(Config->getArg(2), AST))
      checkDynamic(L->getBeginLoc(), K, *N, "is launched with");
  }

  void checkApiCall(const CallExpr *C, const ASTContext &AST) {
    StringRef Name = C->getDirectCallee()->getName();
    if (Name == "cudaFuncSetAttribute") {
      if (C->getNumArgs() < 3 || !namesMaxDynamicShared(C->getArg(1)))
        return;
      const FunctionDecl *K = kernelOf(C->getArg(0));
      if (std::optional<uint64_t> N = constantBytes(C->getArg(2), AST); K && N)
        checkDynamic(C->getBeginLoc(), K, *N, "requests up to");
      return;
    }
    // cudaLaunchKernel(func, grid, block, args, sharedMem, stream).
    if (C->getNumArgs() < 5)
      return;
    const FunctionDecl *K = kernelOf(C->getArg(0));
    if (std::optional<uint64_t> N = constantBytes(C->getArg(4), AST); K && N)
      checkDynamic(C->getBeginLoc(), K, *N, "is launched with");
  }
};

} // namespace

std::vector<RuleInfo> ldsLimitRules() {
  return {
      {"lds-limit", Severity::Error,
       "a kernel's static shared memory exceeds a target's LDS",
       "__shared__ memory is LDS on AMD. One workgroup may allocate 64 KiB "
       "on gfx942 (MI300) and gfx90a, 160 KiB on gfx950 (MI350); NVIDIA "
       "allows up to 227 KiB per block on Hopper. A kernel whose static "
       "__shared__ variables (its own and its callees') add up to more does "
       "not compile or launch for that target."},
      {"lds-limit.dynamic", Severity::Error,
       "static plus constant dynamic shared memory exceeds a target's LDS",
       "Dynamic shared memory requested with cudaFuncSetAttribute(kernel, "
       "cudaFuncAttributeMaxDynamicSharedMemorySize, n) or a launch's third "
       "<<<>>> argument adds to the kernel's static shared memory. When the "
       "sum is larger than the target's LDS (64 KiB gfx942, 160 KiB "
       "gfx950), the attribute call or the launch fails on AMD."},
  };
}

std::unique_ptr<Analyzer> createLdsLimitAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<LdsLimitAnalyzer>(Ctx);
}

} // namespace hipwright
