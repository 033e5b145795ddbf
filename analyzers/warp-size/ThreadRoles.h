//===- ThreadRoles.h - role ranges built from counts of warps --*- C++ -*-===//
//
// NCCL's CollNet all-reduce splits a block's threads into roles by ranges:
// `static constexpr int COLLNET_COPY_THREADS = 96;` sizes the gather,
// broadcast and scatter groups, and `tid < tidStartBcast` (96, 192 or 0)
// picks a role. 96 threads are 3 whole 32-lane warps, so on NVIDIA each role
// owns whole warps; on a 64-lane wavefront the boundary at 96 falls in the
// middle of one, which then runs two roles. This file answers the two
// questions the rule asks of a bound a thread index is compared with: which
// values can it take (through `?:` and locals that keep their value), and
// which thread-count constants is it built from.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ValueFlow.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class SourceLocation;
} // namespace clang

namespace hipwright::warpsize {

/// A count of threads that is a whole number of 32-lane warps but not of
/// 64-lane wavefronts (96, 160, ...), named as a thread count
/// (`COPY_THREADS`, `kNumThreads`) or built as `3 * WARP_SIZE`.
struct RoleCount {
  const clang::Expr *At = nullptr;        ///< where the bound reads it
  const clang::ValueDecl *Decl = nullptr; ///< the named constant, if one
  std::string Name;                       ///< as shown: "COLLNET_COPY_THREADS"
  int64_t Value = 0;
};

class ThreadRoles {
public:
  ThreadRoles(clang::ASTContext &Ctx, ValueFlow &Values)
      : Ctx(Ctx), Values(Values) {}

  /// Every value \p E can take: each `?:` condition it reads, directly or
  /// through locals that keep their initial value, taken both ways (the
  /// same condition the same way everywhere). Nullopt when a part of it is
  /// not a compile-time value or it reads more than five conditions.
  std::optional<llvm::SmallVector<int64_t, 8>> values(const clang::Expr *E);

  /// The thread counts \p E is built from, through those same locals.
  llvm::SmallVector<RoleCount, 2> counts(const clang::Expr *E);

private:
  void collectConditions(const clang::Expr *E,
                         llvm::SmallVectorImpl<const clang::Expr *> &Conds,
                         unsigned Depth);
  std::optional<int64_t> evaluate(const clang::Expr *E,
                                  llvm::ArrayRef<const clang::Expr *> Conds,
                                  unsigned Mask, unsigned Depth);
  void collectCounts(const clang::Expr *E,
                     llvm::SmallVectorImpl<RoleCount> &Out, unsigned Depth);
  int conditionIndex(const clang::Expr *Cond,
                     llvm::ArrayRef<const clang::Expr *> Conds);

  clang::ASTContext &Ctx;
  ValueFlow &Values;
};

/// Whether a range that ends at thread \p V ends in the middle of a 64-lane
/// wavefront, at a 32-lane warp's end.
inline bool splitsWavefronts(int64_t V) { return V > 0 && V % 64 == 32; }

/// Whether \p V threads are several whole 32-lane warps but not whole 64-lane
/// wavefronts (96, 160): a role's size. 32 alone is a warp width.
inline bool isRoleSize(int64_t V) { return V >= 96 && splitsWavefronts(V); }

} // namespace hipwright::warpsize
