//===- HopperOnlyAnalyzer.cpp - the hopper-only rules ---------------------===//
//
// Hopper (sm_90) and Blackwell added hardware that no AMD GPU has: warpgroup
// MMA, the Tensor Memory Accelerator with its descriptors and
// transaction-counting barriers, thread-block clusters with distributed
// shared memory, register reallocation between warpgroups, and tcgen05.
// Code built on them does not port by renaming; it has to be restructured.
// These rules find every use (PTX in asm, libcu++ wrappers, CUDA API names,
// __cluster_dims__, cooperative_groups cluster calls) and say what to build
// instead. No fix-its.
//
// cooperative_groups::cluster_group is only declared for nvcc, so clang's
// parse cannot resolve this_cluster() and friends; those names are found by
// a raw scan of the user's files. PTX in #if __CUDA_ARCH__ branches, which
// the host-side parse skips, is found by a raw scan of the skipped ranges.
//
//===----------------------------------------------------------------------===//
#include "HopperOnlyAnalyzer.h"
#include "analysis/SkippedCode.h"
#include "hopper-only/DeviceCode.h"
#include "hopper-only/HopperFeatures.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

/// Non-inline namespaces around \p D, outermost first ("cuda", "ptx").
std::vector<std::string> namespacePath(const Decl *D) {
  std::vector<std::string> Out;
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (!NS->isInline())
        Out.insert(Out.begin(), NS->getName().str());
  return Out;
}

bool isTensorMapType(QualType T) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType().getCanonicalType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType().getCanonicalType();
  const RecordDecl *RD = T->getAsRecordDecl();
  return RD && RD->getName() == "CUtensorMap_st";
}

/// The Hopper feature a call to \p Callee uses, if any: libcu++'s
/// cuda::ptx and cuda::device wrappers and CUDA's API names.
std::optional<HopperKind> classifyCallee(const FunctionDecl &Callee) {
  std::vector<std::string> NS = namespacePath(&Callee);
  StringRef Name = Callee.getName();
  if (NS.size() == 2 && NS[0] == "cuda" && NS[1] == "ptx")
    return classifyLibcuxxFunction(Name, /*InPtx=*/true);
  if (NS.size() >= 2 && NS[0] == "cuda" && NS[1] == "device")
    return classifyLibcuxxFunction(Name, /*InPtx=*/false);
  if (NS.empty())
    return classifyCudaApiName(Name);
  return std::nullopt;
}

// Cheap tests that run before the enclosing function is looked up: that
// walk up the parent map is the costly part of a match, and nearly every
// call, enumerator reference and declaration in a real TU is not a Hopper
// feature.
AST_MATCHER(FunctionDecl, isHopperFeatureCallee) {
  return Node.getIdentifier() && classifyCallee(Node).has_value();
}
AST_MATCHER(EnumConstantDecl, namesHopperFeature) {
  return classifyCudaApiName(Node.getName()).has_value();
}
AST_MATCHER(DeclaratorDecl, hasTensorMapType) {
  return isTensorMapType(Node.getType());
}

class HopperOnlyAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    auto User = unless(isExpansionInSystemHeader());
    auto InFn = optionally(hasAncestor(functionDecl().bind("fn")));
    Finder.addMatcher(functionDecl(User, isDefinition()).bind("def"), this);
    Finder.addMatcher(asmStmt(User, InFn).bind("asm"), this);
    Finder.addMatcher(
        callExpr(User,
                 callee(functionDecl(isHopperFeatureCallee()).bind("callee")),
                 InFn)
            .bind("call"),
        this);
    Finder.addMatcher(
        declRefExpr(
            User, to(enumConstantDecl(namesHopperFeature()).bind("enum")), InFn)
            .bind("enumref"),
        this);
    Finder.addMatcher(
        declaratorDecl(User, hasTensorMapType(), InFn).bind("decl"), this);
  }

  void run(const MatchFinder::MatchResult &R) override {
    const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
    if (const auto *D = R.Nodes.getNodeAs<FunctionDecl>("def")) {
      Functions.add(D);
      checkClusterDims(D);
    } else if (const auto *A = R.Nodes.getNodeAs<GCCAsmStmt>("asm")) {
      checkPtx(A->getAsmLoc(), A->getAsmString(), describeFunction(Fn));
    } else if (const auto *C = R.Nodes.getNodeAs<CallExpr>("call")) {
      checkCall(C, R.Nodes.getNodeAs<FunctionDecl>("callee"), Fn);
    } else if (const auto *E = R.Nodes.getNodeAs<DeclRefExpr>("enumref")) {
      checkApiName(E->getLocation(),
                   R.Nodes.getNodeAs<EnumConstantDecl>("enum")->getName(), Fn);
    } else if (const auto *D = R.Nodes.getNodeAs<DeclaratorDecl>("decl")) {
      checkTensorMapDecl(D, Fn);
    }
  }

  void finishTranslationUnit() override {
    for (const AnalysisContext::SkippedBranch &B : Ctx.skippedUserBranches()) {
      std::string Where = "code the host-side parse skips (#if branch)";
      forEachRawAsm(B.Raw, [&](SourceLocation Loc, StringRef Text) {
        checkPtx(Loc, Text, Where);
      });
      for (const RawToken &T : B.Raw.Tokens)
        if (T.Kind == tok::raw_identifier && T.Text == "__cluster_dims__")
          report(B.Raw.loc(T), HopperKind::Cluster,
                 Where + ": __cluster_dims__");
    }
    scanClusterGroupNames();
  }

private:
  FunctionSpans Functions;
  std::set<std::pair<unsigned, std::string>> Seen;

  /// Reports \p Subject (which names the code and the construct) as a use
  /// of \p K, once per location and message.
  void report(SourceLocation Loc, HopperKind K, const std::string &Subject) {
    const HopperFeature &F = hopperFeature(K);
    std::string Msg = Subject + " (" + F.Name + ") has no AMD equivalent";
    unsigned Key = Ctx.sourceManager().getFileLoc(Loc).getRawEncoding();
    if (!Seen.insert({Key, Msg}).second)
      return;
    if (Finding *Out = Ctx.report(Loc, F.Rule, Severity::Error, Msg))
      Out->Suggestion = F.Redesign;
  }

  void checkPtx(SourceLocation Loc, StringRef Text, const std::string &Where) {
    for (auto &[Kind, Why] : classifyHopperPtx(Text))
      report(Loc, Kind, Where + ": PTX " + Why);
  }

  void checkClusterDims(const FunctionDecl *D) {
    if (const auto *A = D->getAttr<CUDAClusterDimsAttr>())
      if (!D->getPreviousDecl() ||
          !D->getPreviousDecl()->hasAttr<CUDAClusterDimsAttr>())
        report(A->getLocation(), HopperKind::Cluster,
               describeFunction(D) + ": __cluster_dims__");
  }

  void checkCall(const CallExpr *C, const FunctionDecl *Callee,
                 const FunctionDecl *Fn) {
    std::optional<HopperKind> K = classifyCallee(*Callee);
    if (!K)
      return;
    std::string Qual;
    for (const std::string &N : namespacePath(Callee))
      Qual += N + "::";
    report(C->getBeginLoc(), *K,
           describeFunction(Fn) + ": " + Qual + Callee->getName().str());
  }

  void checkApiName(SourceLocation Loc, StringRef Name,
                    const FunctionDecl *Fn) {
    if (std::optional<HopperKind> K = classifyCudaApiName(Name))
      report(Loc, *K, describeFunction(Fn) + ": " + Name.str());
  }

  void checkTensorMapDecl(const DeclaratorDecl *D, const FunctionDecl *Fn) {
    if (!isTensorMapType(D->getType()))
      return;
    // A parameter belongs to its function, not to the ancestor matched.
    if (const auto *P = dyn_cast<ParmVarDecl>(D))
      Fn = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
    report(D->getLocation(), HopperKind::Tma,
           describeFunction(Fn) + ": CUtensorMap '" + D->getNameAsString() +
               "'");
  }

  /// this_cluster(), cluster_group and map_shared_rank(): clang never
  /// declares them, so look at the user's tokens.
  void scanClusterGroupNames() {
    SourceManager &SM = Ctx.sourceManager();
    // The user's files first, by name, and only then their FileIDs:
    // translateFile on a file that came from the prelude PCH reads the
    // PCH's source-location table, which adds to the very map walked here
    // (and costs a scan of the whole table).
    std::vector<FileEntryRef> UserFiles;
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      if (Ctx.isUserFile(It->first.getName()))
        UserFiles.push_back(It->first);
    for (FileEntryRef FE : UserFiles) {
      FileID FID = SM.translateFile(FE);
      if (FID.isInvalid())
        continue;
      SourceLocation Begin = SM.getLocForStartOfFile(FID);
      if (!Ctx.isUserLocation(Begin))
        continue;
      RawFileTokens Raw = lexRaw(
          SM, Ctx.langOpts(), SourceRange(Begin, SM.getLocForEndOfFile(FID)));
      for (size_t I = 0; I < Raw.Tokens.size(); ++I)
        checkClusterToken(Raw, I);
    }
  }

  /// `cluster_group c = this_cluster();` is one construct: report it once,
  /// at the call.
  static bool thisClusterFollows(const std::vector<RawToken> &Tokens,
                                 size_t I) {
    for (size_t J = I + 1; J < Tokens.size() && J < I + 10; ++J) {
      if (Tokens[J].Kind == tok::semi)
        return false;
      if (Tokens[J].Text == "this_cluster")
        return true;
    }
    return false;
  }

  void checkClusterToken(const RawFileTokens &Raw, size_t I) {
    const std::vector<RawToken> &Tokens = Raw.Tokens;
    const RawToken &T = Tokens[I];
    if (T.Kind != tok::raw_identifier)
      return;
    bool Call = I + 1 < Tokens.size() && Tokens[I + 1].Kind == tok::l_paren;
    bool Member = I > 0 && (Tokens[I - 1].Kind == tok::period ||
                            Tokens[I - 1].Kind == tok::arrow);
    std::string What;
    if (T.Text == "this_cluster" && Call)
      What = "cooperative_groups::this_cluster()";
    else if (T.Text == "cluster_group" && !thisClusterFollows(Tokens, I))
      What = "cooperative_groups::cluster_group";
    else if (T.Text == "map_shared_rank" && Call && Member)
      What = "map_shared_rank() (distributed shared memory)";
    else
      return;
    SourceLocation Loc = Raw.loc(T);
    const FunctionDecl *Fn = Functions.enclosing(Ctx.sourceManager(), Loc);
    report(Loc, HopperKind::Cluster, describeFunction(Fn) + ": " + What);
  }
};

} // namespace

std::vector<RuleInfo> hopperOnlyRules() {
  auto Rule = [](HopperKind K, const char *Summary, const char *Details) {
    return RuleInfo{hopperFeature(K).Rule, Severity::Error, Summary,
                    std::string(Details) + " What to build instead: " +
                        hopperFeature(K).Redesign + "."};
  };
  return {
      Rule(HopperKind::Other,
           "other sm_90+ PTX (elect.sync, griddepcontrol, fence.proxy.async, "
           "st.async, red.async, multimem)",
           "These instructions serve Hopper's asynchronous proxies, cluster "
           "messaging and programmatic dependent launch, none of which AMD "
           "GPUs have."),
      Rule(HopperKind::Wgmma, "PTX wgmma.* (warpgroup MMA)",
           "wgmma runs a matrix multiply across four warps asynchronously, "
           "with operands described by shared-memory descriptors. AMD matrix "
           "cores are driven per wave by MFMA instructions on register "
           "operands."),
      Rule(HopperKind::Tma,
           "TMA: cp.async.bulk(.tensor), CUtensorMap, cuTensorMapEncode*",
           "The Tensor Memory Accelerator copies tiles described by a tensor "
           "map between global and shared memory in hardware. AMD has no "
           "such unit and no tensor-map descriptor."),
      Rule(HopperKind::MbarrierTx,
           "mbarrier expect_tx / complete_tx, cuda::device::barrier_arrive_tx",
           "Transaction-count barriers complete when a number of bytes "
           "written by TMA has landed. AMD barriers count arrivals only."),
      Rule(HopperKind::Cluster,
           "thread-block clusters: __cluster_dims__, cluster launch "
           "attributes, cluster_group, map_shared_rank, %cluster registers",
           "A cluster lets blocks on neighbouring SMs synchronize and read "
           "each other's shared memory. An AMD workgroup's LDS is private to "
           "it, and there is no level between workgroup and grid."),
      Rule(HopperKind::SetMaxNReg, "PTX setmaxnreg",
           "setmaxnreg moves registers between warpgroups at run time. AMD "
           "allocates a kernel's registers per wave at compile time."),
      Rule(HopperKind::Tcgen05, "PTX tcgen05.* (Blackwell tensor cores)",
           "tcgen05 drives Blackwell's fifth-generation tensor cores and "
           "their tensor memory. AMD has neither."),
  };
}

std::unique_ptr<Analyzer> createHopperOnlyAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<HopperOnlyAnalyzer>(Ctx);
}

} // namespace hipwright
