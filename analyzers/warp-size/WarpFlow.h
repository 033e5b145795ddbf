//===- WarpFlow.h - where a 32 means "one warp" -----------------*- C++ -*-===//
//
// The warp-size rules judge a literal by what it is combined with, not by its
// value: 32 is a warp width only when it splits a thread index into lanes, is
// a shuffle's width, bounds a shuffle's offset loop, and so on. These helpers
// answer the data-flow questions the rules ask: is this expression a thread
// index (through simple local variables), a lane inside a 32-lane group, a
// compile-time integer (also inside templates), and through which macros and
// named constants is a constant spelled.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class SourceManager;
class LangOptions;
} // namespace clang

namespace hipwright::warpsize {

enum class ShuffleKind { Index, Up, Down, Xor };

/// A call to one of CUDA's warp shuffles, with its arguments sorted out.
struct Shuffle {
  const clang::CallExpr *Call = nullptr;
  ShuffleKind Kind = ShuffleKind::Index;
  llvm::StringRef Name;
  const clang::Expr *LaneArg = nullptr;  ///< source lane, delta or lane mask
  const clang::Expr *WidthArg = nullptr; ///< null: left to its default
};

/// The callee's name, also for calls a template has not resolved yet.
llvm::StringRef calleeName(const clang::CallExpr *CE);

/// \p CE as a shuffle (__shfl*_sync and the legacy __shfl*), if it is one.
std::optional<Shuffle> asShuffle(const clang::CallExpr *CE);

/// Whether \p Name is a warp-level primitive whose meaning depends on the
/// wavefront width (shuffles, votes, __syncwarp, __lane_id, tiles...).
bool isWarpLevelCall(llvm::StringRef Name);

/// Whether an identifier says it holds a warp width ("WARP_SIZE",
/// "kWarpSize", "LANES"...), as opposed to "TILE_DIM" or "N".
bool isWarpName(llvm::StringRef Name);

/// A compile-time integer value of \p E. Inside templates a non-type
/// template parameter stands for its default argument, so `W / 2` with
/// `template <int W = 32>` is 16.
std::optional<int64_t> evalInt(const clang::Expr *E,
                               const clang::ASTContext &Ctx);

/// Whether \p S refers to \p D anywhere in it, looking at most \p MaxDepth
/// levels down.
bool readsDecl(const clang::Stmt *S, const clang::ValueDecl *D,
               unsigned MaxDepth = ~0u);

/// \p L Op \p R for the integer operators constants are built with
/// (+ - * / % << >> & |); none on division by zero or another operator.
std::optional<int64_t> applyIntOp(clang::BinaryOperatorKind Op, int64_t L,
                                  int64_t R);

/// The named things a constant expression is spelled with.
struct ConstantNames {
  llvm::SmallVector<std::string, 2> Macros;             ///< outermost last
  llvm::SmallVector<const clang::ValueDecl *, 2> Decls; ///< consts, params

  bool empty() const { return Macros.empty() && Decls.empty(); }
  /// Whether one of the names says "warp width".
  bool anyWarpName() const;
  /// The name to show in a message ("WARP_SIZE", "kWarpSize"), or "".
  std::string display() const;
};
ConstantNames constantNames(const clang::Expr *E,
                            const clang::SourceManager &SM,
                            const clang::LangOptions &LO);

/// Whether \p E is spelled with a warp-named macro or constant whose own
/// value is 32 (`WARP_SIZE / 4` with `#define WARP_SIZE 32UL`).
bool spelledWithWarp32(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The variable a for loop sets up (`int o = 16` or `o = 16`), or null.
const clang::ValueDecl *forLoopVariable(const clang::ForStmt *FS);
/// The value that variable starts at, or null.
const clang::Expr *forLoopInit(const clang::ForStmt *FS);

/// \p E as written, quoted ('m & 1'), for a refusal reason; \p Fallback
/// when it is empty, longer than 40 characters or spans lines.
std::string quotedSnippet(const clang::Expr *E, const clang::ASTContext &AST,
                          llvm::StringRef Fallback);

/// Thread-index data flow inside one function body, memoized per variable.
/// A thread index is threadIdx.*, a lane id (__lane_id(), thread_rank()),
/// arithmetic on those, a local variable initialised from one, or a const
/// data member every constructor initialises from one (NCCL's `wid(tid %
/// WARP_SIZE)`); a parameter counts when its name says so (lane, laneId,
/// tid).
class IndexFlow {
public:
  explicit IndexFlow(const clang::ASTContext &Ctx) : Ctx(Ctx) {}

  bool isThreadIndex(const clang::Expr *E);
  /// A lane numbered inside a 32-lane group: `X % 32` or `X & 31` with X a
  /// thread index, a local variable holding one, or arithmetic on those
  /// (`lane - 1`, `lane ^ 1`).
  bool isGroupLane(const clang::Expr *E);

  /// A lane of a warp: a group lane, a lane id (`__lane_id()`, a variable
  /// written by PTX `%laneid`), or a parameter named as a lane. On NVIDIA it
  /// is below 32; on a 64-lane wavefront a lane id runs to 63.
  bool isWarpLane(const clang::Expr *E);
  /// \p D was written by inline PTX that reads `%laneid`.
  void addLaneIdVar(const clang::ValueDecl *D) { LaneIdVars.insert(D); }

  /// What a binary operator computes when it splits a thread index (or,
  /// for GroupCount, a block size: `blockDim.x / 32`) by 32.
  /// SubGroup: split by a fraction of a warp-named 32 (`tid / (WARP_SIZE /
  /// 4)`, `tid % (WARP_SIZE / 4)`): rows of lanes laid out in a 32-lane warp.
  enum class Split { None, LaneInGroup, GroupIndex, GroupCount, SubGroup };
  Split splitKind(const clang::BinaryOperator *BO);

  /// How a comparison or sum uses the width of a 32-lane warp on a lane.
  enum class LaneUse { None, HalfTest, NextGroup, HalfSelect };
  /// `lane < 16`, `lane >= 16`, `15 < lane` (HalfTest), and `lane + 32`,
  /// `32 + lane`, `threadIdx.x + WARP_SIZE` (NextGroup), where the 16 or 32
  /// is a compile-time value however it is spelled; `lane / 16`, `lane >>
  /// 4`, `lane & 16` (HalfSelect: which half of a 32-lane warp) with a lane
  /// id that is not numbered inside a 32-lane group, so it runs to 63.
  LaneUse laneUse(const clang::BinaryOperator *BO);

private:
  bool threadVar(const clang::ValueDecl *D);
  bool groupLaneVar(const clang::ValueDecl *D);
  bool warpLaneVar(const clang::ValueDecl *D);
  Split subGroupSplit(const clang::BinaryOperator *BO, int64_t V);

  const clang::ASTContext &Ctx;
  unsigned Depth = 0;
  llvm::DenseMap<const clang::ValueDecl *, bool> ThreadVars, GroupVars,
      WarpLaneVars;
  llvm::SmallPtrSet<const clang::ValueDecl *, 2> LaneIdVars;
};

} // namespace hipwright::warpsize
