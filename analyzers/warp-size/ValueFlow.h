//===- ValueFlow.h - constants held in variables that never change -*- C++
//-*-===//
//
// evalInt (WarpFlow.h) knows compile-time constants: literals, macros, const
// variables, template defaults. Real code also keeps a warp width in a plain
// local (`int warp_size = 32;` in main, then `<<<1, warp_size * 3>>>`). A
// local that is only ever read after its initialisation holds that value
// wherever it is read, so the rules can follow it as they follow a constant.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace hipwright::warpsize {

/// Integer values of expressions, through locals that keep their initial
/// value. One per translation unit: it remembers which locals those are.
class ValueFlow {
public:
  explicit ValueFlow(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The value of \p E: evalInt's, or arithmetic over locals that keep
  /// their initial value (`warp_size * 3` with `int warp_size = 32`).
  std::optional<int64_t> value(const clang::Expr *E, unsigned Depth = 0);

  /// Whether \p V is a function's local integer variable, initialised where
  /// it is declared and afterwards only read: never assigned, incremented,
  /// bound to a reference or passed by address.
  bool keepsInitialValue(const clang::VarDecl *V);

  /// Where the value of \p E is written: for a local that keeps its
  /// initial value, its initialiser (followed again); else \p E itself.
  const clang::Expr *origin(const clang::Expr *E, unsigned Depth = 0);

  /// The local \p E reads (through parentheses and casts) when it keeps
  /// its initial value, else null.
  const clang::VarDecl *keptLocal(const clang::Expr *E);

private:
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::VarDecl *, bool> Kept;
};

} // namespace hipwright::warpsize
