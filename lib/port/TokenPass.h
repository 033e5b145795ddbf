//===- TokenPass.h - translating a file token by token ----------*- C++ -*-===//
//
// The half of the translator that works on the preprocessor's tokens rather
// than the AST. It sees every token of a user file: active code, branches the
// parse skipped (#ifdef __CUDA_ARCH__ ...), #define bodies and #include
// directives, never comments or string literals. The AST pass tells it which
// names the user declared (those are not CUDA's and stay) and which
// references resolved into the CUDA toolkit.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/WarpIntrinsics.h"
#include "port/TuResult.h"
#include "rules/RuleTable.h"

#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

namespace hipwright {

/// What the AST knows about the identifier at one offset of a file.
struct AstReference {
  bool DeclaredInCuda = false; ///< the referenced declaration is CUDA's
  /// The `member` row of the CUDA namespace the name resolved into
  /// (cooperative_groups::reduce), when one renames it: generic names like
  /// `reduce` have no row of their own.
  const Rule *NamespaceMember = nullptr;
};

/// What the call rules (port/CallEdits.h) decided for one file.
struct CallEditFacts {
  /// Callee token offset -> the name to write there.
  llvm::DenseMap<unsigned, std::string> CalleeNames;
  /// [offset, length) ranges a call rule replaced as a whole (dropped
  /// arguments): tokens inside them are not translated.
  std::vector<std::pair<unsigned, unsigned>> Claimed;
};

struct TokenPassInput {
  llvm::StringRef File;   ///< path, for edits and messages
  llvm::StringRef Buffer; ///< the file's bytes as parsed
  const clang::LangOptions *LangOpts = nullptr;
  const RuleTable *Rules = nullptr;
  /// HIP names newer than this ROCm release are not emitted: the CUDA name
  /// stays and an unsupported-api.rocm-version finding says why. Unset: no
  /// limit.
  std::optional<RocmVersion> TargetRocm;
  /// Names the user declares or #defines: never translated.
  const llvm::StringSet<> *UserNames = nullptr;
  /// Identifier offsets in this file that the AST resolved.
  const llvm::DenseMap<unsigned, AstReference> *AstRefs = nullptr;
  /// What the call rules decided for this file, if anything.
  const CallEditFacts *Calls = nullptr;
  /// nvcc includes cuda_runtime.h into every .cu file implicitly; a ported
  /// .cu file that relied on it needs an explicit hip/hip_runtime.h.
  bool NeedsImplicitRuntimeInclude = false;
  /// The CUDA toolkit's root: an include that looks like CUDA's is only
  /// reported as unmapped when the toolkit really has that header (users
  /// have their own cuda_utils.h).
  llvm::StringRef ToolkitRoot;
};

/// Appends this file's edits, API references and findings to \p Out.
void runTokenPass(const TokenPassInput &In, TuResult &Out);

} // namespace hipwright
