//===- SyncPatterns.cpp - locks, releases, polls and elections ------------===//
#include "memory-model/SyncPatterns.h"
#include "analysis/TemplateCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace hipwright::memmodel {
namespace {

std::string print(const Expr *E, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->IgnoreParenCasts()->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return S;
}

std::optional<int64_t> constant(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

StringRef calleeName(const CallExpr *CE) { return warpsize::calleeName(CE); }

/// atomicCAS, atomicCAS_block, atomicCAS_system -> "CAS".
StringRef atomicBase(StringRef Name) {
  if (!Name.consume_front("atomic"))
    return {};
  Name.consume_back("_system");
  Name.consume_back("_block");
  return Name;
}

template <typename Fn> void forEachDescendant(const Stmt *S, Fn &&F) {
  if (!S)
    return;
  F(S);
  for (const Stmt *C : S->children())
    forEachDescendant(C, F);
}

bool isThreadIdentity(const Expr *E, warpsize::IndexFlow &Flow) {
  return E && !E->isValueDependent() && Flow.isThreadIndex(E);
}

/// Division or shift right: the index names a group of threads.
bool splitsThreads(const Expr *E) {
  bool Found = false;
  forEachDescendant(E, [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      Found |= BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Shr;
  });
  return Found;
}

/// The election a condition makes: a thread index compared for equality
/// (`threadIdx.x == 0`, `lane != leader`) or tested for zero.
Election conditionElection(const Expr *Cond, warpsize::IndexFlow &Flow) {
  Election Best = Election::None;
  auto Judge = [&](const Expr *Side) {
    if (!isThreadIdentity(Side, Flow) || splitsThreads(Side))
      return;
    Election E =
        Flow.isGroupLane(Side) ? Election::OnePer32 : Election::OneLane;
    if (Best == Election::None || E == Election::OneLane)
      Best = E;
  };
  forEachDescendant(Cond, [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) {
        Judge(BO->getLHS());
        Judge(BO->getRHS());
      }
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->getOpcode() == UO_LNot)
        Judge(U->getSubExpr());
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      // cooperative groups' elect / a project's electOne()
      if (calleeName(CE).contains_insensitive("elect"))
        Best = Election::OneLane;
    }
  });
  // `if (threadIdx.x) return;`: the bare index as the condition.
  const Expr *Bare = Cond->IgnoreParenImpCasts();
  if (Best == Election::None && !isa<BinaryOperator>(Bare))
    Judge(Bare);
  return Best;
}

bool exits(const Stmt *S) {
  if (isa<ReturnStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return CS->size() >= 1 && isa<ReturnStmt>(CS->body_back());
  return false;
}

/// Reads inside a loop condition, not descending into calls or lambdas.
void reads(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  if (!E)
    return;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E);
      IC && IC->getCastKind() == CK_LValueToRValue) {
    Out.push_back(IC->getSubExpr()->IgnoreParens());
    return;
  }
  if (isa<CallExpr>(E) || isa<LambdaExpr>(E))
    return;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      reads(CE, Out);
}

/// The declarations an expression's value depends on.
void referencedDecls(const Expr *E,
                     llvm::SmallVectorImpl<const ValueDecl *> &Out) {
  forEachDescendant(E, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      Out.push_back(DRE->getDecl());
  });
}

bool modifies(const Stmt *S, const ValueDecl *D) {
  bool Found = false;
  auto Names = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    return DRE && DRE->getDecl() == D;
  };
  forEachDescendant(S, [&](const Stmt *X) {
    if (const auto *BO = dyn_cast<BinaryOperator>(X))
      Found |= BO->isAssignmentOp() && Names(BO->getLHS());
    else if (const auto *U = dyn_cast<UnaryOperator>(X))
      Found |= U->isIncrementDecrementOp() && Names(U->getSubExpr());
    else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X))
      Found |=
          OC->isAssignmentOp() && OC->getNumArgs() > 0 && Names(OC->getArg(0));
  });
  return Found;
}

} // namespace

const ValueDecl *baseDecl(const Expr *E) {
  E = E->IgnoreParenCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenCasts();
    else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf))
      E = U->getSubExpr()->IgnoreParenCasts();
    else if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase()->IgnoreParenCasts();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E);
             BO && BO->isAdditiveOp())
      E = BO->getLHS()->getType()->isPointerType()
              ? BO->getLHS()->IgnoreParenCasts()
              : BO->getRHS()->IgnoreParenCasts();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? DRE->getDecl() : nullptr;
}

namespace {

/// Whether an lvalue is memory another thread can write: reached through a
/// pointer or a global, not a thread's own local or a `__shared__` array.
bool isSharedMemoryCandidate(const Expr *LV) {
  const Expr *E = LV->IgnoreParenCasts();
  bool ThroughPointer = false;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    ThroughPointer = U->getOpcode() == UO_Deref;
  else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    ThroughPointer =
        AS->getBase()->IgnoreParenImpCasts()->getType()->isPointerType();
  else if (const auto *M = dyn_cast<MemberExpr>(E))
    ThroughPointer = M->isArrow();
  const ValueDecl *D = baseDecl(E);
  if (D && D->hasAttr<CUDASharedAttr>())
    return false;
  if (ThroughPointer)
    return true;
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && V->hasGlobalStorage() && !V->isStaticLocal() &&
         V->hasAttr<CUDADeviceAttr>() && !V->hasAttr<CUDAConstantAttr>();
}

/// `base[t ^ 1]`, `base[t + 1]`, `base[t - 1]` with t a thread index: the
/// slot of another lane of the same warp.
const Expr *neighbourArray(const Expr *LV, warpsize::IndexFlow &Flow,
                           const ASTContext &Ctx) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(LV->IgnoreParenCasts());
  if (!AS)
    return nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(AS->getIdx()->IgnoreParenCasts());
  if (!BO || (BO->getOpcode() != BO_Xor && BO->getOpcode() != BO_Add &&
              BO->getOpcode() != BO_Sub))
    return nullptr;
  for (auto [Index, Delta] : {std::pair{BO->getLHS(), BO->getRHS()},
                              std::pair{BO->getRHS(), BO->getLHS()}}) {
    std::optional<int64_t> K = constant(Delta, Ctx);
    if (K && *K >= 1 && *K < 32 && isThreadIdentity(Index, Flow) &&
        !splitsThreads(Index))
      return AS->getBase();
  }
  return nullptr;
}

} // namespace

bool isWritingCall(const CallExpr *CE) {
  StringRef Name = calleeName(CE);
  return !atomicBase(Name).empty() || Name.starts_with("__hip_atomic_store") ||
         Name.starts_with("__hip_atomic_exchange") ||
         Name.starts_with("__hip_atomic_fetch_") ||
         Name.starts_with("__hip_atomic_compare_exchange") ||
         Name.starts_with("__atomic_store") ||
         Name.starts_with("__atomic_exchange") ||
         Name.starts_with("__atomic_fetch_") ||
         Name.starts_with("__atomic_compare_exchange");
}

std::string lvalueKey(const Expr *LV, const ASTContext &Ctx) {
  const Expr *E = LV->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return pointeeKey(U->getSubExpr(), Ctx);
  return print(E, Ctx);
}

std::string pointeeKey(const Expr *Ptr, const ASTContext &Ctx) {
  const Expr *E = Ptr->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    return lvalueKey(U->getSubExpr(), Ctx);
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Add) {
    const Expr *P = BO->getLHS(), *I = BO->getRHS();
    if (!P->getType()->isPointerType())
      std::swap(P, I);
    return print(P, Ctx) + "[" + print(I, Ctx) + "]";
  }
  return "*" + print(E, Ctx);
}

std::optional<LockAttempt> asLockAttempt(const Expr *E, const ASTContext &Ctx) {
  const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  if (!CE || CE->getNumArgs() < 2)
    return std::nullopt;
  StringRef Base = atomicBase(calleeName(CE));
  LockAttempt A;
  A.Call = CE;
  A.Ptr = CE->getArg(0);
  if (Base == "CAS" && CE->getNumArgs() == 3) {
    std::optional<int64_t> Free = constant(CE->getArg(1), Ctx);
    std::optional<int64_t> Held = constant(CE->getArg(2), Ctx);
    if (!Free || !Held || *Free == *Held)
      return std::nullopt;
    A.Free = *Free;
    A.Held = *Held;
    return A;
  }
  if (Base == "Exch" && CE->getNumArgs() == 2) {
    std::optional<int64_t> Held = constant(CE->getArg(1), Ctx);
    if (!Held || *Held == 0)
      return std::nullopt;
    A.Free = 0;
    A.Held = *Held;
    return A;
  }
  return std::nullopt;
}

/// Cond compares an attempt with a constant: (attempt, op, value).
static std::optional<std::tuple<LockAttempt, BinaryOperatorKind, int64_t>>
comparedAttempt(const Expr *Cond, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE))
    return std::nullopt;
  for (auto [A, V] : {std::pair{BO->getLHS(), BO->getRHS()},
                      std::pair{BO->getRHS(), BO->getLHS()}}) {
    std::optional<LockAttempt> Try = asLockAttempt(A, Ctx);
    std::optional<int64_t> K = constant(V, Ctx);
    if (Try && K)
      return std::tuple{*Try, BO->getOpcode(), *K};
  }
  return std::nullopt;
}

std::optional<LockAttempt> failedAttempt(const Expr *Cond,
                                         const ASTContext &Ctx) {
  if (!Cond)
    return std::nullopt;
  if (std::optional<LockAttempt> A = asLockAttempt(Cond, Ctx);
      A && A->Free == 0)
    return A; // while (atomicCAS(&l, 0, 1))
  if (auto C = comparedAttempt(Cond, Ctx)) {
    auto &[A, Op, K] = *C;
    if ((Op == BO_NE && K == A.Free) || (Op == BO_EQ && K == A.Held))
      return A;
  }
  return std::nullopt;
}

std::optional<LockAttempt> succeededAttempt(const Expr *Cond,
                                            const ASTContext &Ctx) {
  if (!Cond)
    return std::nullopt;
  if (const auto *U = dyn_cast<UnaryOperator>(Cond->IgnoreParenImpCasts());
      U && U->getOpcode() == UO_LNot)
    if (std::optional<LockAttempt> A = asLockAttempt(U->getSubExpr(), Ctx);
        A && A->Free == 0)
      return A;
  if (auto C = comparedAttempt(Cond, Ctx)) {
    auto &[A, Op, K] = *C;
    if ((Op == BO_EQ && K == A.Free) || (Op == BO_NE && K == A.Held))
      return A;
  }
  return std::nullopt;
}

bool isLoop(const Stmt *S) {
  return isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<ForStmt>(S);
}

const Expr *loopCondition(const Stmt *Loop) {
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getCond();
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getCond();
  return nullptr;
}

const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getBody();
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  return nullptr;
}

bool writesLocation(const Stmt *S, StringRef Key, const ASTContext &Ctx,
                    const Expr *Skip) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *X) {
    if (Found || X == Skip)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(X)) {
      if (CE->getNumArgs() > 0 && isWritingCall(CE) &&
          !CE->getArg(0)->isTypeDependent())
        Found = pointeeKey(CE->getArg(0), Ctx) == Key;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
      if (BO->isAssignmentOp())
        Found = lvalueKey(BO->getLHS(), Ctx) == Key;
    }
  });
  return Found;
}

std::optional<LockAttempt> lockLoop(const Stmt *Loop, const ASTContext &Ctx) {
  const Expr *Cond = loopCondition(Loop);
  const Stmt *Body = loopBody(Loop);
  if (std::optional<LockAttempt> A = failedAttempt(Cond, Ctx)) {
    if (writesLocation(Body, pointeeKey(A->Ptr, Ctx), Ctx))
      return std::nullopt;
    return A;
  }
  // for (;;) / while (true): a top-level `if (<success>) break;`.
  if (Cond) {
    std::optional<int64_t> V = constant(Cond, Ctx);
    if (!V || *V == 0)
      return std::nullopt;
  }
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  if (!CS)
    return std::nullopt;
  for (const Stmt *S : CS->body()) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getElse())
      continue;
    const Stmt *Then = If->getThen();
    if (const auto *TC = dyn_cast<CompoundStmt>(Then); TC && TC->size() == 1)
      Then = TC->body_front();
    if (!isa<BreakStmt>(Then))
      continue;
    if (std::optional<LockAttempt> A = succeededAttempt(If->getCond(), Ctx)) {
      if (writesLocation(Body, pointeeKey(A->Ptr, Ctx), Ctx, A->Call))
        return std::nullopt;
      return A;
    }
  }
  return std::nullopt;
}

Election electionOf(const Stmt *Target, ParentMap &PM,
                    warpsize::IndexFlow &Flow, const Expr **Guard) {
  Election Best = Election::None;
  auto Consider = [&](const Expr *Cond) {
    if (!Cond)
      return;
    Election E = conditionElection(Cond, Flow);
    if (E == Election::None || Best == Election::OneLane)
      return;
    Best = E;
    *Guard = Cond;
  };
  const Stmt *Child = Target;
  for (const Stmt *P = PM.getParent(Child); P; Child = P, P = PM.getParent(P)) {
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (Child != If->getCond())
        Consider(If->getCond());
    } else if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      for (const Stmt *S : CS->body()) {
        if (S == Child)
          break;
        if (const auto *If = dyn_cast<IfStmt>(S);
            If && !If->getElse() && exits(If->getThen()))
          Consider(If->getCond());
      }
    }
  }
  return Best;
}

bool perThreadLocation(const Expr *Ptr, warpsize::IndexFlow &Flow) {
  const Expr *E = Ptr->IgnoreParenCasts();
  const Expr *Index = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    if (const auto *AS =
            dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParenCasts()))
      Index = AS->getIdx();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Add)
    Index =
        BO->getLHS()->getType()->isPointerType() ? BO->getRHS() : BO->getLHS();
  return Index && isThreadIdentity(Index, Flow) && !splitsThreads(Index);
}

/// The pointer argument of \p CE when its callee is a volatile load
/// helper: a device function with one pointer parameter whose body returns
/// a volatile read through it, or holds a PTX `ld.volatile` / `ld.relaxed`.
static const Expr *volatileLoadHelperArg(const CallExpr *CE) {
  // The body as written: a helper template named in a pattern has none of
  // its own until something instantiates it.
  const FunctionDecl *FD = writtenDefinition(CE->getDirectCallee());
  if (!FD || !FD->hasAttr<CUDADeviceAttr>())
    return nullptr;
  const ParmVarDecl *Param = nullptr;
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType()->isPointerType()) {
      if (Param)
        return nullptr; // which one is the flag?
      Param = P;
    }
  if (!Param || Param->getFunctionScopeIndex() >= CE->getNumArgs())
    return nullptr;
  bool Found = false;
  forEachDescendant(FD->getBody(), [&](const Stmt *S) {
    if (const auto *R = dyn_cast<ReturnStmt>(S); R && R->getRetValue()) {
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(R->getRetValue());
          IC && IC->getCastKind() == CK_LValueToRValue)
        Found |= IC->getSubExpr()->getType().isVolatileQualified() &&
                 baseDecl(IC->getSubExpr()) == Param;
    } else if (const auto *A = dyn_cast<GCCAsmStmt>(S)) {
      std::string T = A->getAsmString();
      Found |= StringRef(T).contains("ld.volatile") ||
               StringRef(T).contains("ld.relaxed");
    }
  });
  return Found ? CE->getArg(Param->getFunctionScopeIndex()) : nullptr;
}

std::optional<Poll> polledLoad(const Expr *Cond, const Stmt *Loop,
                               warpsize::IndexFlow &Flow,
                               const ASTContext &Ctx) {
  if (!Cond || Cond->isValueDependent())
    return std::nullopt;
  llvm::SmallVector<const Expr *, 4> Reads;
  reads(Cond, Reads);
  for (const Expr *LV : Reads) {
    // The location must stay the same from one iteration to the next.
    llvm::SmallVector<const ValueDecl *, 4> Decls;
    referencedDecls(LV, Decls);
    if (llvm::any_of(Decls,
                     [&](const ValueDecl *D) { return modifies(Loop, D); }))
      continue;
    Poll P;
    P.Load = LV;
    P.Location = LV;
    P.Volatile = LV->getType().isVolatileQualified();
    if (const Expr *Array = neighbourArray(LV, Flow, Ctx)) {
      // Shared memory counts here: lanes of one warp share it too. A
      // thread's own local array does not.
      const auto *V = dyn_cast_or_null<VarDecl>(baseDecl(Array));
      if (V && V->hasLocalStorage() && !V->hasAttr<CUDASharedAttr>() &&
          !V->getType()->isPointerType())
        continue;
      P.NeighbourLane = true;
      P.Array = Array;
      return P;
    }
    if (isSharedMemoryCandidate(LV))
      return P;
  }
  llvm::SmallVector<const CallExpr *, 2> Calls;
  forEachDescendant(Cond, [&](const Stmt *S) {
    if (const auto *CE = dyn_cast<CallExpr>(S))
      Calls.push_back(CE);
  });
  for (const CallExpr *CE : Calls) {
    const Expr *Ptr = volatileLoadHelperArg(CE);
    if (!Ptr)
      continue;
    llvm::SmallVector<const ValueDecl *, 4> Decls;
    referencedDecls(Ptr, Decls);
    if (llvm::any_of(Decls,
                     [&](const ValueDecl *D) { return modifies(Loop, D); }))
      continue;
    Poll P;
    P.Load = CE;
    P.Location = Ptr;
    P.Volatile = true;
    P.Helper = true;
    return P;
  }
  return std::nullopt;
}

bool isEmptyStmt(const Stmt *S) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::all_of(CS->body(), isEmptyStmt);
  return false;
}

bool containsFence(const Stmt *S) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *X) {
    if (const auto *CE = dyn_cast<CallExpr>(X)) {
      StringRef N = calleeName(CE);
      Found |= N.starts_with("__threadfence") || N == "__atomic_thread_fence" ||
               N == "__builtin_amdgcn_fence" || N == "atomic_thread_fence";
    }
  });
  return Found;
}

bool containsCall(const Stmt *S) {
  bool Found = false;
  forEachDescendant(S, [&](const Stmt *X) { Found |= isa<CallExpr>(X); });
  return Found;
}

} // namespace hipwright::memmodel
