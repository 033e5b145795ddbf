//===- AstPass.h - what the AST contributes to a translation ----*- C++ -*-===//
//
// Walks one parsed TU and records, for user files only:
//  - names the user declares (a user's own `cudaCheck` is not CUDA's);
//  - which identifier offsets resolve to declarations in the CUDA toolkit;
//  - edits only the AST can make: kernel launches in hipLaunchKernelGGL
//    form, and full-warp 32-bit literal masks passed to *_sync intrinsics
//    (ROCm 7 requires 64-bit masks), wherever the literal is spelled;
//  - calls whose arguments a `call` rule rewrites (port/CallEdits.h);
//  - integer arithmetic on CUdeviceptr, which is `void *` in HIP
//    (port/DevicePtrArithmetic.h);
//  - fields, and names in CUDA namespaces (cooperative_groups::reduce), that
//    a `member` rule renames.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/CallEdits.h"
#include "port/PortOptions.h"
#include "port/TokenPass.h"
#include "port/TuResult.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <map>

namespace hipwright {

struct AstFacts {
  llvm::StringSet<> UserNames;
  /// Per user file (by path): identifier offset -> what it refers to.
  std::map<std::string, llvm::DenseMap<unsigned, AstReference>> Refs;
  /// Per user file (by path): what the call rules decided.
  std::map<std::string, CallEditFacts> Calls;
};

/// Decides whether a file is the user's (translated) rather than a system,
/// toolkit or out-of-tree header.
using UserFilePredicate = std::function<bool(llvm::StringRef Path)>;

void runAstPass(clang::ASTContext &Ctx, const TranslateOptions &Opts,
                const RuleTable &Rules, const UserFilePredicate &IsUserFile,
                llvm::StringRef ToolkitRoot, AstFacts &Facts, TuResult &Out);

} // namespace hipwright
