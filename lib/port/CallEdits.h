//===- CallEdits.h - applying `call` rules to parsed calls -----*- C++ -*-===//
//
// For each call of a CUDA function that has `call` rows in rules/, finds the
// first row whose shape the call has (argument count, conditions checked on
// the AST) and rewrites the call's arguments with small edits around the
// arguments it keeps, so the token pass still translates names inside them.
// A call it cannot rewrite (the row says no safe rewrite exists, or the
// call is spelled partly inside a macro) keeps its arguments, is renamed
// like any other name, and is reported with the reason.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/TokenPass.h"
#include "port/TuResult.h"
#include "rules/RuleTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <map>
#include <optional>

namespace hipwright {

struct CallEditContext {
  clang::ASTContext &Ctx;
  const RuleTable &Rules;
  /// The path of a location's file when it is a user file.
  std::function<std::optional<std::string>(clang::SourceLocation)> UserFile;
  /// Whether a declaration comes from the CUDA toolkit.
  std::function<bool(const clang::Decl *)> DeclaredInToolkit;
  std::map<std::string, CallEditFacts> &Facts;
  TuResult &Out;
};

/// Applies the first matching `call` row to \p E, a call of \p Callee (a
/// CUDA function) whose name is spelled at \p CalleeLoc.
void applyCallRules(const clang::CallExpr *E, llvm::StringRef Callee,
                    clang::SourceLocation CalleeLoc, CallEditContext &C);

} // namespace hipwright
