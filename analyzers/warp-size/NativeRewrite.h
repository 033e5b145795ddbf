//===- NativeRewrite.h - 32-lane idioms rewritten for warpSize --*- C++ -*-===//
//
// `port --fix=native` rewrites code built for 32-lane warps so that it works
// in whole wavefronts: a shuffle reduction starts at warpSize / 2, a lane is
// threadIdx.x % warpSize, a warp index threadIdx.x / warpSize. That changes
// the work decomposition, so it is only safe when every place the function
// depends on the width is one of the idioms below and nothing built on a
// 32-lane warp leaves the block (a per-warp result in global memory is laid
// out by whoever reads it). This file plans one function: the edits, or the
// reasons it must stay as it is. Which functions go together (a kernel and
// the device functions it calls) and whether their launches fill whole
// wavefronts is decided by the analyzer, which sees the whole TU.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace hipwright::warpsize {

struct NativeEdit {
  clang::CharSourceRange Range; ///< token range of the expression replaced
  std::string Text;
};

struct NativePlan {
  std::vector<NativeEdit> Edits;
  /// "line 12: why", one per construct the rewrite does not understand.
  std::vector<std::string> Refusals;
  /// Whether anything in the body depends on the warp width (a shuffle, a
  /// lane or warp split, a warp-level call): only such functions are
  /// rewritten or refused.
  bool WarpWork = false;
  /// Functions with bodies this one calls, and the kernel launches in it.
  llvm::SmallVector<const clang::FunctionDecl *, 4> Callees;
  llvm::SmallVector<const clang::CUDAKernelCallExpr *, 2> Launches;
};

/// Plans the native rewrite of \p FD's body.
NativePlan planNativeRewrite(const clang::FunctionDecl *FD,
                             clang::ASTContext &AST);

} // namespace hipwright::warpsize
