//===- MemoryModelAnalyzer.cpp - the memory-model rules -------------------===//
//
// Code that ports by name and still hangs or reads stale data on AMD: it
// relies on NVIDIA's forward-progress and ordering guarantees.
//
// - Since Volta, each NVIDIA thread has its own program counter, so one
//   lane of a warp can take a lock while the others spin and then leave the
//   loop to release it. The lanes of an AMD wavefront share one program
//   counter: the wave stays in the loop while any lane spins, the lane that
//   holds the lock never reaches its release, and the kernel hangs.
// - A volatile load is not an acquire: on gfx942/gfx950 data another block
//   wrote before setting a flag can still be stale in this CU's caches
//   after the flag is seen, unless the load (or a fence after it) acquires.
// - System-scope atomics and fences are coherent on AMD only on
//   fine-grained memory; which memory that is is decided at allocation.
//
// The rules look at whole device functions once the TU is parsed, because
// a lock's release and a helper's callers lie outside the loop itself.
//
//===----------------------------------------------------------------------===//
#include "MemoryModelAnalyzer.h"
#include "analysis/TemplateCode.h"
#include "memory-model/HostAllocations.h"
#include "memory-model/SyncPatterns.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

constexpr const char *kRuleSpin = "memory-model.intra-warp-spin";
constexpr const char *kRulePoll = "memory-model.volatile-polling";
constexpr const char *kRuleSystem = "memory-model.system-scope";

const char *kElectSuggestion =
    "take the lock once per wavefront: elect one lane (`if (__lane_id() == "
    "0)`, or the first active lane: `__ffsll(__ballot(1)) - 1 == "
    "__lane_id()`) and share what it computed with a shuffle; or keep the "
    "critical section and the release inside the loop, so the lane that wins "
    "releases before the wave loops again: `for (bool done = false; !done;) "
    "if (atomicCAS(&l, 0, 1) == 0) { ...; atomicExch(&l, 0); done = true; }`";

/// A write of a location somewhere in a function.
struct Write {
  SourceLocation Loc;
  std::string Key;
};

/// A device function that spins on a lock its parameter points to and does
/// not release it: `__device__ void lock(int *m) { while (atomicCAS(m, 0,
/// 1)); }`. Its callers take the lock.
struct AcquireHelper {
  unsigned Param = 0;
  const Stmt *Loop = nullptr;
};

class MemoryModelAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    auto User = unless(isExpansionInSystemHeader());
    Finder.addMatcher(functionDecl(User, isDefinition(),
                                   anyOf(hasAttr(attr::CUDADevice),
                                         hasAttr(attr::CUDAGlobal)))
                          .bind("fn"),
                      this);
    Finder.addMatcher(
        callExpr(
            User,
            callee(functionDecl(hasAnyName(
                "__threadfence_system", "atomicAdd_system", "atomicSub_system",
                "atomicExch_system", "atomicMin_system", "atomicMax_system",
                "atomicInc_system", "atomicDec_system", "atomicCAS_system",
                "atomicAnd_system", "atomicOr_system", "atomicXor_system"))),
            forCallable(functionDecl().bind("in")))
            .bind("system"),
        this);
    Finder.addMatcher(cudaKernelCallExpr(User).bind("launch"), this);
    Finder.addMatcher(
        callExpr(User, callee(functionDecl(hasAnyName(
                           "cudaMalloc", "cudaMallocPitch", "cudaHostAlloc",
                           "cudaMallocHost", "cudaMallocManaged",
                           "cudaHostGetDevicePointer"))))
            .bind("alloc"),
        this);
  }

  void run(const MatchFinder::MatchResult &R) override {
    AST = R.Context;
    if (const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn")) {
      // Patterns and instantiations alike: a template no one instantiates
      // is still code someone ports, and an instantiation sees the types
      // its pattern leaves open. Findings are kept once per line.
      if (FD->getBody())
        Functions.insert(FD);
    } else if (const auto *C = R.Nodes.getNodeAs<CallExpr>("system")) {
      SystemCalls.push_back({C, R.Nodes.getNodeAs<FunctionDecl>("in")});
    } else if (const auto *L =
                   R.Nodes.getNodeAs<CUDAKernelCallExpr>("launch")) {
      Allocs.addLaunch(L);
    } else if (const auto *A = R.Nodes.getNodeAs<CallExpr>("alloc")) {
      Allocs.addCall(A, *R.Context);
    }
  }

  void finishTranslationUnit() override {
    if (!AST)
      return;
    Flow = std::make_unique<warpsize::IndexFlow>(*AST);
    // Instantiations first: they see the types a pattern leaves open, and
    // the first finding on a line is the one kept.
    std::vector<const FunctionDecl *> Order(Functions.begin(), Functions.end());
    std::stable_partition(
        Order.begin(), Order.end(),
        [](const FunctionDecl *FD) { return !FD->isDependentContext(); });
    for (const FunctionDecl *FD : Order)
      findReleaseHelper(FD);
    for (const FunctionDecl *FD : Order)
      checkLoops(FD);
    for (const FunctionDecl *FD : Order)
      checkHelperCalls(FD);
    std::stable_partition(
        SystemCalls.begin(), SystemCalls.end(), [](const auto &Site) {
          return !Site.second || !Site.second->isDependentContext();
        });
    for (auto &[Call, In] : SystemCalls)
      checkSystemScope(Call, In);
  }

private:
  ASTContext *AST = nullptr;
  std::unique_ptr<warpsize::IndexFlow> Flow;
  llvm::SetVector<const FunctionDecl *> Functions;
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> SystemCalls;
  memmodel::HostAllocations Allocs;
  /// Release helpers: the parameter whose pointee they write.
  llvm::DenseMap<const FunctionDecl *, unsigned> ReleaseHelpers;
  llvm::DenseMap<const FunctionDecl *, AcquireHelper> AcquireHelpers;
  std::map<const FunctionDecl *, std::vector<Write>> WritesCache;
  std::set<std::pair<unsigned, std::string>> Seen;

  SourceManager &SM() { return Ctx.sourceManager(); }

  Finding *reportOnce(SourceLocation Loc, const char *Rule, Severity Level,
                      std::string Msg) {
    unsigned Key = SM().getFileLoc(Loc).getRawEncoding();
    if (!Seen.insert({Key, Rule}).second)
      return nullptr;
    return Ctx.report(Loc, Rule, Level, std::move(Msg));
  }

  std::string text(const Stmt *S) {
    return Ctx.sourceText(CharSourceRange::getTokenRange(S->getSourceRange()));
  }

  unsigned line(SourceLocation L) {
    return SM().getPresumedLineNumber(SM().getFileLoc(L));
  }

  /// The helper of \p Helpers that \p CE calls (any candidate of a call a
  /// template leaves unresolved), with the function it is.
  template <typename MapT>
  std::pair<typename MapT::iterator, const FunctionDecl *>
  helperCalled(MapT &Helpers, const CallExpr *CE) {
    std::pair<typename MapT::iterator, const FunctionDecl *> Found = {
        Helpers.end(), nullptr};
    forEachPossibleCallee(CE, [&](const FunctionDecl *Callee) {
      if (Found.second)
        return;
      if (auto It = Helpers.find(writtenKey(Callee)); It != Helpers.end())
        Found = {It, Callee};
    });
    return Found;
  }

  /// Every write of memory in \p FD, including through release helpers.
  const std::vector<Write> &writes(const FunctionDecl *FD) {
    if (auto It = WritesCache.find(FD); It != WritesCache.end())
      return It->second;
    std::vector<Write> Out;
    collectWrites(FD->getBody(), Out);
    return WritesCache.emplace(FD, std::move(Out)).first->second;
  }

  void collectWrites(const Stmt *S, std::vector<Write> &Out) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      auto H = helperCalled(ReleaseHelpers, CE).first;
      if (H != ReleaseHelpers.end() && H->second < CE->getNumArgs())
        Out.push_back({CE->getBeginLoc(),
                       memmodel::pointeeKey(CE->getArg(H->second), *AST)});
      else if (CE->getNumArgs() > 0 && memmodel::isWritingCall(CE) &&
               !CE->getArg(0)->isTypeDependent())
        Out.push_back(
            {CE->getBeginLoc(), memmodel::pointeeKey(CE->getArg(0), *AST)});
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S);
               BO && BO->isAssignmentOp()) {
      Out.push_back(
          {BO->getBeginLoc(), memmodel::lvalueKey(BO->getLHS(), *AST)});
    }
    for (const Stmt *C : S->children())
      collectWrites(C, Out);
  }

  /// A device function that writes what one of its pointer parameters
  /// points to and has no loop: `unlock(int *m) { atomicExch(m, 0); }`.
  void findReleaseHelper(const FunctionDecl *FD) {
    if (llvm::none_of(FD->parameters(), [](const ParmVarDecl *P) {
          return P->getType()->isPointerType();
        }))
      return;
    bool HasLoop = false;
    std::vector<const Stmt *> Work{FD->getBody()};
    while (!Work.empty() && !HasLoop) {
      const Stmt *S = Work.back();
      Work.pop_back();
      HasLoop = memmodel::isLoop(S);
      for (const Stmt *C : S->children())
        if (C)
          Work.push_back(C);
    }
    if (HasLoop)
      return;
    std::vector<Write> W;
    collectWrites(FD->getBody(), W);
    for (const ParmVarDecl *P : FD->parameters()) {
      if (!P->getType()->isPointerType())
        continue;
      std::string Key = "*" + P->getNameAsString();
      for (const Write &X : W)
        if (X.Key == Key) {
          ReleaseHelpers[writtenKey(FD)] = P->getFunctionScopeIndex();
          return;
        }
    }
  }

  bool releasedAfter(const FunctionDecl *FD, SourceLocation After,
                     const std::string &Key) {
    for (const Write &W : writes(FD))
      if (W.Key == Key && SM().isBeforeInTranslationUnit(After, W.Loc))
        return true;
    return false;
  }

  void forEachLoop(const Stmt *S, llvm::function_ref<bool(const Stmt *)> F) {
    if (!S)
      return;
    if (memmodel::isLoop(S) && !F(S))
      return; // F consumed the loop and what it holds
    for (const Stmt *C : S->children())
      forEachLoop(C, F);
  }

  void checkLoops(const FunctionDecl *FD) {
    ParentMap PM(FD->getBody());
    forEachLoop(FD->getBody(), [&](const Stmt *Loop) {
      if (std::optional<memmodel::LockAttempt> A =
              memmodel::lockLoop(Loop, *AST)) {
        checkLockLoop(FD, Loop, *A, PM);
        return false;
      }
      if (std::optional<memmodel::Poll> P = memmodel::polledLoad(
              memmodel::loopCondition(Loop), Loop, *Flow, *AST))
        checkPoll(FD, Loop, *P, PM);
      return true;
    });
  }

  void checkLockLoop(const FunctionDecl *FD, const Stmt *Loop,
                     const memmodel::LockAttempt &A, ParentMap &PM) {
    if (memmodel::perThreadLocation(A.Ptr, *Flow))
      return;
    std::string Key = memmodel::pointeeKey(A.Ptr, *AST);
    if (!releasedAfter(FD, Loop->getEndLoc(), Key)) {
      const auto *DRE = dyn_cast<DeclRefExpr>(A.Ptr->IgnoreParenCasts());
      const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
      if (P && P->getDeclContext() == FD)
        AcquireHelpers[writtenKey(FD)] = {P->getFunctionScopeIndex(), Loop};
      return;
    }
    reportSpin(Loop, Loop, PM, "spin lock on '" + Key + "'", "");
  }

  /// Callers of an acquire helper that release the same lock later.
  void checkHelperCalls(const FunctionDecl *FD) {
    if (AcquireHelpers.empty())
      return;
    ParentMap PM(FD->getBody());
    std::vector<const Stmt *> Work{FD->getBody()};
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      for (const Stmt *C : S->children())
        if (C)
          Work.push_back(C);
      const auto *CE = dyn_cast<CallExpr>(S);
      if (!CE)
        continue;
      auto [H, Callee] = helperCalled(AcquireHelpers, CE);
      if (H == AcquireHelpers.end() || H->second.Param >= CE->getNumArgs())
        continue;
      const Expr *Arg = CE->getArg(H->second.Param);
      if (Arg->isTypeDependent() || memmodel::perThreadLocation(Arg, *Flow))
        continue;
      std::string Key = memmodel::pointeeKey(Arg, *AST);
      if (!releasedAfter(FD, CE->getEndLoc(), Key))
        continue;
      reportSpin(CE, CE, PM,
                 "'" + Callee->getNameAsString() + "' spins on lock '" + Key +
                     "'",
                 " (its loop at line " +
                     std::to_string(line(H->second.Loop->getBeginLoc())) + ")");
    }
  }

  void reportSpin(const Stmt *At, const Stmt *Guarded, ParentMap &PM,
                  const std::string &What, const std::string &Where) {
    const Expr *Guard = nullptr;
    memmodel::Election E = memmodel::electionOf(Guarded, PM, *Flow, &Guard);
    if (E == memmodel::Election::OneLane)
      return;
    std::string Msg;
    if (E == memmodel::Election::OnePer32)
      Msg = What + Where + " in one lane per 32 threads ('" + text(Guard) +
            "'): a 64-wide wavefront holds two such lanes, and the one that "
            "takes the lock cannot leave the loop to release it while the "
            "other spins: deadlock on AMD";
    else
      Msg = What + Where +
            " in every thread: the lanes of an AMD wavefront do not "
            "progress independently, so the lane that takes the lock cannot "
            "leave the loop to release it while the others spin: deadlock "
            "(NVIDIA's independent thread scheduling hides this)";
    if (Finding *F = reportOnce(At->getBeginLoc(), kRuleSpin, Severity::Error,
                                std::move(Msg)))
      F->Suggestion = E == memmodel::Election::OnePer32
                          ? "elect one lane per wavefront: compare the lane "
                            "with warpSize (`threadIdx.x % warpSize == 0`) "
                            "or use `__lane_id() == 0`"
                          : kElectSuggestion;
  }

  void checkPoll(const FunctionDecl *FD, const Stmt *Loop,
                 const memmodel::Poll &P, ParentMap &PM) {
    // A neighbour's slot that no lane of this function sets is polled like
    // any other flag: another kernel or the host produces it.
    if (P.NeighbourLane && checkNeighbourWait(FD, Loop, P, PM))
      return;
    if (P.Helper && helperMayAcquire(cast<CallExpr>(P.Load)))
      return;
    const Stmt *Body = memmodel::loopBody(Loop);
    const memmodel::Allocation *Host = hostAllocation(FD, P.Location);
    bool CoarseHost = Host && Host->CoarseOnAmd;
    if (P.Volatile && !CoarseHost) {
      // An acquire fence in the loop or right after it orders what follows,
      // and with nothing read after the loop there is nothing to order.
      if (memmodel::containsFence(Body) || fenceFollows(Loop, PM) ||
          !readsMemoryAfter(FD, Loop, P.Load))
        return;
    } else if (!P.Volatile &&
               (!memmodel::isEmptyStmt(Body) ||
                memmodel::containsCall(memmodel::loopCondition(Loop)))) {
      // A plain load in a loop that does other work may be re-read; only
      // the empty spin is one the compiler can turn into a single load.
      return;
    }
    std::string Spelled = text(P.Load);
    std::string Ptr = P.Helper ? text(P.Location)
                      : llvm::StringRef(Spelled).starts_with("*")
                          ? Spelled.substr(1)
                          : "&" + Spelled;
    const char *Scope =
        Host ? "__HIP_MEMORY_SCOPE_SYSTEM" : "__HIP_MEMORY_SCOPE_AGENT";
    std::string Msg;
    if (CoarseHost)
      Msg = "loop polls '" + Spelled + "' in memory allocated by " + Host->Api +
            " (line " + std::to_string(line(Host->Loc)) + "): " + Host->Why +
            ", where a write by the host may not be seen before the kernel "
            "ends";
    else if (P.Helper)
      Msg = "loop polls '" + Spelled +
            "', a volatile load, without an atomic load: a volatile read "
            "does not acquire, so data written before the flag may still be "
            "stale in this CU's caches on AMD (gfx942/gfx950) when the loop "
            "ends";
    else if (P.Volatile)
      Msg = "loop polls volatile '" + Spelled +
            "' without an atomic load: a volatile read does not acquire, so "
            "data written before the flag may still be stale in this CU's "
            "caches on AMD (gfx942/gfx950) when the loop ends";
    else
      Msg = "loop polls '" + Spelled +
            "' with a plain load: the compiler may read it once and spin "
            "forever, and the read does not acquire";
    // A volatile poll of device memory is a note: measured on real trees its
    // findings were right 6 times in 7 (docs/rules/...volatile-polling.md),
    // under the 90% a warning needs. A plain-load spin (which can hang) and
    // coarse-grained host memory stay warnings.
    Severity Sev =
        P.Volatile && !CoarseHost ? Severity::Note : Severity::Warning;
    if (Finding *F =
            reportOnce(P.Load->getBeginLoc(), kRulePoll, Sev, std::move(Msg)))
      F->Suggestion =
          std::string(CoarseHost ? "allocate it with hipHostMallocMapped or "
                                   "hipHostMallocCoherent, and "
                                 : "") +
          "read it with __hip_atomic_load(" + Ptr + ", __ATOMIC_ACQUIRE, " +
          Scope +
          ") (AGENT when another block writes it, SYSTEM when the host or "
          "another GPU does), or follow the loop with __threadfence()";
  }

  /// Whether the load helper \p Call calls acquires in some build: the
  /// parse sees the host side, where `#if __CUDA_ARCH__ < 700` keeps a
  /// volatile read that the device build replaces with `ld.acquire`. The
  /// helper's text as written, skipped branches included, decides.
  bool helperMayAcquire(const CallExpr *Call) {
    bool Acquires = false;
    forEachPossibleCallee(Call, [&](const FunctionDecl *FD) {
      const FunctionDecl *Def = writtenDefinition(FD);
      if (!Def || Acquires)
        return;
      std::string Text = text(Def->getBody());
      Acquires = llvm::StringRef(Text).contains("acquire") ||
                 llvm::StringRef(Text).contains("ACQUIRE") ||
                 llvm::StringRef(Text).contains("__threadfence");
    });
    return Acquires;
  }

  /// Whether memory another thread may have written is read after \p Loop
  /// in \p FD: what a missing acquire would leave stale. Reading the polled
  /// location \p Polled again does not count: it is the flag, not data.
  bool readsMemoryAfter(const FunctionDecl *FD, const Stmt *Loop,
                        const Expr *Polled) {
    std::string PolledKey = memmodel::lvalueKey(Polled, *AST);
    SourceLocation End = Loop->getEndLoc();
    bool Found = false;
    std::vector<const Stmt *> Work{FD->getBody()};
    llvm::SmallPtrSet<const Stmt *, 8> Assigned;
    while (!Work.empty() && !Found) {
      const Stmt *S = Work.back();
      Work.pop_back();
      for (const Stmt *C : S->children())
        if (C)
          Work.push_back(C);
      // In a template pattern, a read through a pointer to a dependent type
      // has no lvalue-to-rvalue cast yet: any such element or dereference
      // after the loop that is not assigned to is read.
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->isAssignmentOp())
        Assigned.insert(BO->getLHS()->IgnoreParens());
      if (const auto *E = dyn_cast<Expr>(S);
          E && E->isTypeDependent() && !Assigned.contains(E) &&
          SM().isBeforeInTranslationUnit(End, E->getBeginLoc())) {
        const auto *U = dyn_cast<UnaryOperator>(E);
        if (isa<ArraySubscriptExpr>(E) || (U && U->getOpcode() == UO_Deref)) {
          Found = true;
          continue;
        }
      }
      const auto *IC = dyn_cast<ImplicitCastExpr>(S);
      if (!IC || IC->getCastKind() != CK_LValueToRValue ||
          !SM().isBeforeInTranslationUnit(End, IC->getBeginLoc()))
        continue;
      const Expr *LV = IC->getSubExpr()->IgnoreParens();
      if (memmodel::lvalueKey(LV, *AST) == PolledKey)
        continue;
      if (const auto *ME = dyn_cast<MemberExpr>(LV)) {
        // A field of the object whose method polls (NCCL's Primitives
        // reading its own flags after waiting on a FIFO) is this thread's
        // state, not data the flag publishes.
        Found = !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
      } else if (isa<ArraySubscriptExpr>(LV)) {
        Found = true;
      } else if (const auto *U = dyn_cast<UnaryOperator>(LV)) {
        Found = U->getOpcode() == UO_Deref;
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(LV)) {
        const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        Found = V && V->hasGlobalStorage();
      }
    }
    return Found;
  }

  /// The statement after \p Loop in its block is (or holds) a fence.
  bool fenceFollows(const Stmt *Loop, ParentMap &PM) {
    const auto *CS = dyn_cast_or_null<CompoundStmt>(PM.getParent(Loop));
    if (!CS)
      return false;
    for (auto It = CS->body_begin(); It != CS->body_end(); ++It)
      if (*It == Loop)
        return std::next(It) != CS->body_end() &&
               memmodel::containsFence(*std::next(It));
    return false;
  }

  /// The host allocation the polled memory visibly comes from (passed to
  /// this kernel by a launch in the TU), the coarse-grained one first.
  const memmodel::Allocation *hostAllocation(const FunctionDecl *FD,
                                             const Expr *Load) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(memmodel::baseDecl(Load));
    if (!P || !FD->hasAttr<CUDAGlobalAttr>())
      return nullptr;
    const memmodel::Allocation *Found = nullptr;
    for (const memmodel::Allocation *A : Allocs.reaching(FD, P))
      if (A->HostMemory && (!Found || (A->CoarseOnAmd && !Found->CoarseOnAmd)))
        Found = A;
    return Found;
  }

  /// `while (flag[lane ^ 1] == 0);`: reported when the lanes that set
  /// their own slot may do so after this loop (in another branch, later in
  /// the code), not when every lane sets its slot before waiting. False
  /// when no lane of \p FD sets a slot of that array.
  bool checkNeighbourWait(const FunctionDecl *FD, const Stmt *Loop,
                          const memmodel::Poll &P, ParentMap &PM) {
    std::string Base = memmodel::lvalueKey(P.Array, *AST);
    auto OwnSlot = [&](const Stmt *S) {
      bool Found = false;
      std::vector<const Stmt *> Work{S};
      while (!Work.empty() && !Found) {
        const Stmt *X = Work.back();
        Work.pop_back();
        for (const Stmt *C : X->children())
          if (C)
            Work.push_back(C);
        const auto *BO = dyn_cast<BinaryOperator>(X);
        if (!BO || !BO->isAssignmentOp())
          continue;
        const auto *AS =
            dyn_cast<ArraySubscriptExpr>(BO->getLHS()->IgnoreParenCasts());
        Found = AS && memmodel::lvalueKey(AS->getBase(), *AST) == Base &&
                Flow->isThreadIndex(AS->getIdx());
      }
      return Found;
    };
    if (!OwnSlot(FD->getBody()))
      return false; // no lane of this function produces it
    // A write of the lane's own slot in a statement that runs before the
    // loop on the way down from the function body: every lane has set its
    // slot before any lane waits.
    const Stmt *Child = Loop;
    for (const Stmt *Par = PM.getParent(Child); Par;
         Child = Par, Par = PM.getParent(Par)) {
      const auto *CS = dyn_cast<CompoundStmt>(Par);
      if (!CS)
        continue;
      for (const Stmt *S : CS->body()) {
        if (S == Child)
          break;
        if ((isa<Expr>(S) || isa<DeclStmt>(S)) && OwnSlot(S))
          return true;
      }
    }
    std::string Spelled = text(P.Load);
    if (Finding *F = reportOnce(
            P.Load->getBeginLoc(), kRuleSpin, Severity::Error,
            "busy-wait on '" + Spelled +
                "', which another lane of the same warp sets: the lanes of "
                "an AMD wavefront do not progress independently, so a wave "
                "that reaches this loop before its lanes have set their "
                "slots spins forever"))
      F->Suggestion =
          "let every lane set its own slot before any lane waits (no "
          "branch between them), or exchange the value through registers "
          "with a shuffle (__shfl_xor) instead of memory";
    return true;
  }

  void checkSystemScope(const CallExpr *Call, const FunctionDecl *In) {
    StringRef Name = Call->getDirectCallee()->getName();
    const bool Fence = Name == "__threadfence_system";
    std::vector<const memmodel::Allocation *> Reaching, Coarse;
    if (!Fence && Call->getNumArgs() > 0 && In && In->hasAttr<CUDAGlobalAttr>())
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(
              memmodel::baseDecl(Call->getArg(0))))
        Reaching = Allocs.reaching(In, P);
    for (const memmodel::Allocation *A : Reaching)
      if (A->CoarseOnAmd)
        Coarse.push_back(A);
    // Every launch shows fine-grained memory: nothing to say.
    if (!Reaching.empty() && Coarse.empty())
      return;
    const char *FineGrained =
        "allocate memory that the host or another GPU shares with a running "
        "kernel fine-grained: hipHostMalloc with hipHostMallocMapped or "
        "hipHostMallocCoherent, hipExtMallocWithFlags(&p, n, "
        "hipDeviceMallocFinegrained) for device memory, or managed memory";
    if (!Coarse.empty()) {
      const memmodel::Allocation *A = Coarse.front();
      if (Finding *F = reportOnce(
              Call->getBeginLoc(), kRuleSystem, Severity::Warning,
              Name.str() + " on memory allocated by " + A->Api + " (line " +
                  std::to_string(line(A->Loc)) + "): " + A->Why +
                  ", and system-scope atomics on coarse-grained memory are "
                  "not coherent with the host or other GPUs"))
        F->Suggestion = FineGrained;
      return;
    }
    std::string Msg =
        Fence ? "__threadfence_system orders this kernel's writes for the "
                "host and other GPUs on AMD only on fine-grained memory; on "
                "coarse-grained memory (hipMalloc, hipHostMalloc without "
                "Mapped/Coherent) they are visible only after the kernel "
                "or a synchronize"
              : Name.str() +
                    " is a system-scope atomic: on AMD it is coherent with "
                    "the host and other GPUs only on fine-grained memory; "
                    "where this pointer is allocated is not visible here";
    if (Finding *F =
            reportOnce(Call->getBeginLoc(), kRuleSystem, Severity::Note, Msg))
      F->Suggestion = FineGrained;
  }
};

} // namespace

std::vector<RuleInfo> memoryModelRules() {
  return {
      {kRuleSpin, Severity::Error,
       "a per-thread spin lock or busy-wait on a value another lane of the "
       "same warp must produce",
       "Since Volta, NVIDIA threads have their own program counters, so one "
       "lane of a warp can take a lock and leave the spin loop to release "
       "it while the other lanes still spin. The lanes of an AMD wavefront "
       "share one program counter: the wave stays in the loop while any of "
       "its lanes spins, the lane holding the lock never reaches the "
       "release, and the kernel hangs. The same holds for a lane waiting on "
       "a flag another lane of its wave sets later in the code."},
      {kRulePoll, Severity::Warning,
       "a loop polls a volatile or plain load that another block or the host "
       "writes, without an atomic acquire load",
       "A volatile read is not an acquire. On gfx942/gfx950 the data a "
       "producer wrote before setting the flag can still be stale in the "
       "consumer's caches when the flag is seen; a plain load can be read "
       "once and spin forever. __hip_atomic_load with __ATOMIC_ACQUIRE and "
       "__HIP_MEMORY_SCOPE_AGENT (another block) or _SYSTEM (the host) reads "
       "the flag and orders what follows."},
      {kRuleSystem, Severity::Note,
       "a system-scope atomic or fence on memory that may be coarse-grained "
       "on AMD",
       "System-scope atomics and __threadfence_system are coherent with the "
       "host and other GPUs on AMD only for fine-grained memory. hipMalloc "
       "memory is coarse-grained, and so is hipHostMalloc memory allocated "
       "with flags but without hipHostMallocMapped/Coherent (unless "
       "HIP_HOST_COHERENT=1). A warning when the allocation is visible in "
       "the same file, a note otherwise."},
  };
}

std::unique_ptr<Analyzer> createMemoryModelAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<MemoryModelAnalyzer>(Ctx);
}

} // namespace hipwright
