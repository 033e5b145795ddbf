//===- TranslateUnit.h - one parse, all passes, one TU ----------*- C++ -*-===//
#pragma once

#include "frontend/CompileArgs.h"
#include "frontend/PreludePchStore.h"
#include "port/AstPass.h"
#include "port/PortOptions.h"
#include "port/TuResult.h"
#include "rules/RuleTable.h"

namespace hipwright {

struct TranslateContext {
  const CompileArgs *Args = nullptr;
  const RuleTable *Rules = nullptr;
  TranslateOptions Options;
  UserFilePredicate IsUserFile;
  /// Fill TuResult::Inputs (the result cache needs them; hashing every
  /// header the parse read is not free, so only then).
  bool RecordInputs = false;
  /// The run's precompiled CUDA prelude (frontend/PreludePchStore.h);
  /// null: every TU parses the headers itself (HIPWRIGHT_NO_PCH=1).
  PreludePchStore *Pch = nullptr;
};

/// Parses \p MainFile once (CUDA host side; code the parse skips is still
/// translated by the token pass) and translates it and every user header it
/// includes. Never throws away a file with errors: the result lists them.
TuResult translateUnit(llvm::StringRef MainFile, const TranslateContext &Ctx);

/// Stack for a parse thread: clang's driver gives its parser 8 MiB
/// (clang::DesiredStackSize) and moves deeper recursion to fresh stacks;
/// hipwright's own walks over the AST (analyzers, AST pass) recurse as
/// deep as the code nests and get the rest. Only touched pages cost memory.
inline constexpr size_t kParseStackBytes = size_t(64) << 20;

/// translateUnit on a thread of its own with kParseStackBytes of stack and
/// clang's stack guard armed. A crash while translating (a stack overflow
/// on absurd nesting, a clang bug) fails this TU alone: it comes back
/// Failed with an error naming the file, and the caller's run goes on.
TuResult translateUnitContained(llvm::StringRef MainFile,
                                const TranslateContext &Ctx);

} // namespace hipwright
