//===- SyncPatterns.h - locks, releases, polls and elections ----*- C++ -*-===//
//
// The memory-model rules look for a few synchronisation shapes in device
// code: a loop that spins until an atomic takes a lock, the write that
// releases it, a loop that polls memory some other thread writes, and the
// `if` that elects one lane to do either. These helpers recognise the
// shapes; the analyzer decides what a combination of them means.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "warp-size/WarpFlow.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
} // namespace clang

namespace hipwright::memmodel {

/// The memory a pointer expression points to, as a comparable key:
/// `&lock` -> "lock", `m` -> "*m", `&locks[b]` and `locks + b` ->
/// "locks[b]". Two accesses with the same key touch the same location.
std::string pointeeKey(const clang::Expr *Ptr, const clang::ASTContext &Ctx);
/// The key of an lvalue (`*m`, `lock`, `locks[b]`), as pointeeKey.
std::string lvalueKey(const clang::Expr *LV, const clang::ASTContext &Ctx);

/// One try to take a lock: atomicCAS(p, Free, Held) with constants
/// Free != Held, or atomicExch(p, Held) with a constant Held != 0 (Free 0).
struct LockAttempt {
  const clang::CallExpr *Call = nullptr;
  const clang::Expr *Ptr = nullptr;
  int64_t Free = 0;
  int64_t Held = 1;
};
std::optional<LockAttempt> asLockAttempt(const clang::Expr *E,
                                         const clang::ASTContext &Ctx);

/// The attempt in \p Cond when \p Cond is true exactly while the attempt
/// failed (`atomicCAS(&l, 0, 1) != 0`, `atomicExch(&l, 1)`), or exactly
/// when it succeeded (`atomicCAS(&l, 0, 1) == 0`, `!atomicExch(&l, 1)`).
std::optional<LockAttempt> failedAttempt(const clang::Expr *Cond,
                                         const clang::ASTContext &Ctx);
std::optional<LockAttempt> succeededAttempt(const clang::Expr *Cond,
                                            const clang::ASTContext &Ctx);

/// A loop that spins until it takes a lock: `while (<failed attempt>);`,
/// `do {} while (<failed attempt>)`, or an endless loop that breaks on a
/// successful attempt (`for (;;) { while (l); if (!atomicExch(&l, 1))
/// break; }`). The loop must not itself write the lock (a loop whose body
/// holds the critical section and the release is the safe SIMT form).
std::optional<LockAttempt> lockLoop(const clang::Stmt *Loop,
                                    const clang::ASTContext &Ctx);

/// Whether \p CE is an atomic or `__hip_atomic_*` / `__atomic_*` call
/// whose first argument points to the location it writes.
bool isWritingCall(const clang::CallExpr *CE);

/// Whether \p S (anywhere inside) writes the location \p Key: an atomic
/// or `__hip_atomic_*` / `__atomic_*` call on it, or an assignment to it.
/// \p Skip is not counted (the lock attempt itself).
bool writesLocation(const clang::Stmt *S, llvm::StringRef Key,
                    const clang::ASTContext &Ctx,
                    const clang::Expr *Skip = nullptr);

/// The condition of a loop (null for `for (;;)`), its body.
const clang::Expr *loopCondition(const clang::Stmt *Loop);
const clang::Stmt *loopBody(const clang::Stmt *Loop);
bool isLoop(const clang::Stmt *S);

/// How the code around a statement limits who runs it.
enum class Election {
  None,     ///< every thread that reaches the function
  OneLane,  ///< `threadIdx.x == 0`, `lane == leader`, `if (lane) return;`
  OnePer32, ///< `threadIdx.x % 32 == 0`: two lanes of a 64-wide wavefront
};
/// The election guarding \p Target (an enclosing `if` on a thread index,
/// or an earlier `if (...) return;` on one) inside the body \p PM covers.
/// \p Guard receives the deciding condition.
Election electionOf(const clang::Stmt *Target, clang::ParentMap &PM,
                    warpsize::IndexFlow &Flow, const clang::Expr **Guard);

/// Whether \p Ptr points to a location each thread has to itself
/// (`&locks[threadIdx.x]`, `&locks[lane]`), so lanes never contend.
bool perThreadLocation(const clang::Expr *Ptr, warpsize::IndexFlow &Flow);

/// A memory read a loop condition polls.
struct Poll {
  const clang::Expr *Load = nullptr; ///< the lvalue read, or the helper call
  /// The memory polled: Load itself, or the helper's pointer argument.
  const clang::Expr *Location = nullptr;
  bool Volatile = false;
  /// A call of a load helper (`ld_volatile(p)`): a device function that
  /// returns a volatile read of what its parameter points to, in C++ or
  /// in PTX (`ld.volatile`, `ld.relaxed`).
  bool Helper = false;
  /// `flag[lane ^ 1]`: the slot of another lane of the same warp.
  bool NeighbourLane = false;
  const clang::Expr *Array = nullptr; ///< NeighbourLane: the array base
};
/// The first read of memory another thread may write in \p Cond: through a
/// pointer, an array element or a `__device__` variable; not `__shared__`
/// memory (unless it is another lane's slot), not locals, not reads inside
/// calls (atomics are calls), and only where the location does not change
/// from one iteration to the next. A call of a volatile load helper counts
/// as a volatile read of its pointer argument.
std::optional<Poll> polledLoad(const clang::Expr *Cond, const clang::Stmt *Loop,
                               warpsize::IndexFlow &Flow,
                               const clang::ASTContext &Ctx);

/// The declaration memory is reached through: `flag` in `flag[i]`, `*flag`,
/// `&flag[i]`, `flag + i`, `s.flag`, `p->flag`; null when there is none.
const clang::ValueDecl *baseDecl(const clang::Expr *E);

/// Whether \p S is a statement that does nothing (`;`, `{}`).
bool isEmptyStmt(const clang::Stmt *S);
/// Whether \p S calls a memory fence (`__threadfence*`,
/// `__atomic_thread_fence`, `__builtin_amdgcn_fence`) anywhere inside.
bool containsFence(const clang::Stmt *S);
/// Whether \p S contains any call.
bool containsCall(const clang::Stmt *S);

} // namespace hipwright::memmodel
