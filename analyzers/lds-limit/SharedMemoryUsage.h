//===- SharedMemoryUsage.h - static __shared__ bytes per kernel -*- C++ -*-===//
//
// A kernel's static shared memory is every distinct __shared__ variable it
// can touch: its own, and those of the device functions it calls, however
// deep. Each variable is one allocation per workgroup, so a variable
// reached along two call paths counts once. Sizes come from the AST's
// types, so constant-expression bounds and template instantiations
// (tile<128>) are already evaluated by clang.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace hipwright {

class SharedMemoryUsage {
public:
  explicit SharedMemoryUsage(clang::ASTContext &AST) : AST(AST) {}

  /// Bytes of static __shared__ memory \p Kernel allocates (extern
  /// __shared__ arrays are dynamic and count 0 here).
  uint64_t staticBytes(const clang::FunctionDecl *Kernel);

  /// The variables behind staticBytes(), for messages.
  std::vector<const clang::VarDecl *>
  sharedVariables(const clang::FunctionDecl *Kernel);

private:
  struct Direct {
    llvm::SmallPtrSet<const clang::VarDecl *, 4> Vars;
    llvm::SmallPtrSet<const clang::FunctionDecl *, 4> Callees;
  };

  const Direct &direct(const clang::FunctionDecl *FD);
  void collect(const clang::Stmt *S, Direct &Out);

  clang::ASTContext &AST;
  llvm::DenseMap<const clang::FunctionDecl *, Direct> Cache;
};

/// Size of one __shared__ variable; 0 when unknown or dynamic.
uint64_t sharedVariableBytes(clang::ASTContext &AST, const clang::VarDecl *V);

/// "98304 bytes (96 KiB)", "65540 bytes (64.0 KiB)", "512 bytes": the
/// exact count a user can check and the size a person reads.
std::string formatBytes(uint64_t Bytes);

} // namespace hipwright
