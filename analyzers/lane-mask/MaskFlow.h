//===- MaskFlow.h - where lane masks come from and go -----------*- C++ -*-===//
//
// The lane-mask rules judge values, not literals: a 0xffffffff is a hazard
// only when it is a lane mask. MaskFlow walks one function body once and
// records what the rules need to tell masks from data: every local
// variable's stored values and uses, the warp intrinsics called, the binary
// operators, the return statements and the explicit casts, plus a parent
// map to see the context an expression sits in.
//
// Types are read as the CUDA parse sees them: there __ballot_sync and
// __activemask return 32-bit `unsigned`. After the port they return 64-bit
// `unsigned long long`, which is what "wide" means below.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace hipwright::lanemask {

/// Name of the function a call names, resolved or not (calls in templates
/// with dependent arguments have no direct callee yet).
llvm::StringRef calleeName(const clang::CallExpr *C);

/// *_sync intrinsics whose first argument is a lane mask.
bool takesMask(llvm::StringRef Name);
/// Calls whose result is a lane mask: one bit per lane, 64-bit on AMD.
bool returnsMask(llvm::StringRef Name);
/// __popc, __ffs, __clz, __brev, __fns: 32-bit bit counting.
bool isBitCount32(llvm::StringRef Name);
/// The 64-bit form equal to \p Name on every value below 2^32, if one
/// exists (__popc -> __popcll, __ffs -> __ffsll; __clzll and __brevll give
/// different answers on 32-bit values, so they are not listed).
std::optional<llvm::StringRef> equivalent64(llvm::StringRef Name);

/// 0xffffffff or ~0u (also through a macro): a full 32-lane mask.
bool isFull32Literal(const clang::Expr *E);

/// Bit width of an integer type; 0 for dependent or non-integer types and
/// for bool, which holds a vote's "any", not its lanes.
unsigned integerBits(const clang::ASTContext &AST, clang::QualType T);

struct VarFacts {
  /// Values stored: the initializer and the right side of every `v = e`.
  llvm::SmallVector<const clang::Expr *, 2> Sources;
  /// Uses as the mask argument of a *_sync intrinsic.
  llvm::SmallVector<const clang::DeclRefExpr *, 4> MaskUses;
  /// Every other read.
  llvm::SmallVector<const clang::DeclRefExpr *, 4> OtherUses;
  /// Address taken, bound to a reference, ++/--, or compound-assigned: its
  /// value can change in ways the facts above do not show.
  bool Escapes = false;
  /// The declaration statement, when the variable is its only declarator.
  const clang::DeclStmt *SoleDecl = nullptr;
};

class MaskFlow {
public:
  MaskFlow(const clang::ASTContext &AST, const clang::FunctionDecl &FD);

  const clang::FunctionDecl &function() const { return FD; }
  const clang::ASTContext &ast() const { return AST; }

  /// The nearest enclosing node that is not a paren or implicit cast.
  const clang::Stmt *parentOf(const clang::Stmt *S) const;
  /// That node for \p E, and the outermost expression below it (\p E with
  /// its parens and implicit casts).
  std::pair<const clang::Stmt *, const clang::Expr *>
  context(const clang::Expr *E) const;
  /// The variable \p E initializes, if it is an initializer.
  const clang::VarDecl *initializedVar(const clang::Expr *E) const;

  const VarFacts *facts(const clang::VarDecl *V) const;
  const llvm::MapVector<const clang::VarDecl *, VarFacts> &vars() const {
    return Vars;
  }
  const std::vector<const clang::CallExpr *> &calls() const { return Calls; }
  const std::vector<const clang::BinaryOperator *> &binaryOps() const {
    return BinOps;
  }
  const std::vector<const clang::ReturnStmt *> &returns() const {
    return Returns;
  }
  const std::vector<const clang::ExplicitCastExpr *> &casts() const {
    return Casts;
  }

  /// True when \p E holds a 64-bit lane mask after the port: a ballot-like
  /// call, a bitwise combination with one, or a variable declared 64-bit
  /// (or `auto`) that is assigned one. A shift selects bits and ends it.
  bool isWideMask(const clang::Expr *E, unsigned Depth = 0) const;
  /// The ballot-like call that makes \p E wide, for messages.
  const clang::CallExpr *maskCallIn(const clang::Expr *E,
                                    unsigned Depth = 0) const;
  /// A local variable of 32 bits that is assigned a wide mask: the store
  /// truncated it.
  bool isTruncatedMaskVar(const clang::Expr *E) const;
  /// A mask argument that names every lane once ported: a full literal (the
  /// translator widens it), a wide mask, or a variable that only ever holds
  /// those.
  bool isFullOrActiveMask(const clang::Expr *E) const;
  /// The variable \p E names, if it is a local of this function.
  const clang::VarDecl *localVar(const clang::Expr *E) const;
  /// Declared 64 bits wide (or `auto`, which follows the ported type).
  bool isDeclared64(const clang::VarDecl *V) const;

private:
  void walk(const clang::Stmt *S, const clang::Stmt *Parent);
  void noteDecl(const clang::DeclStmt *DS);
  void noteUse(const clang::DeclRefExpr *Ref);
  void noteAssignment(const clang::BinaryOperator *B);

  const clang::ASTContext &AST;
  const clang::FunctionDecl &FD;
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parents;
  llvm::DenseMap<const clang::Expr *, const clang::VarDecl *> InitOf;
  llvm::MapVector<const clang::VarDecl *, VarFacts> Vars;
  std::vector<const clang::CallExpr *> Calls;
  std::vector<const clang::BinaryOperator *> BinOps;
  std::vector<const clang::ReturnStmt *> Returns;
  std::vector<const clang::ExplicitCastExpr *> Casts;
  std::vector<const clang::DeclRefExpr *> Refs;
};

} // namespace hipwright::lanemask
