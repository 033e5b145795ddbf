//===- TranslateUnit.h - one parse, all passes, one TU ----------*- C++ -*-===//
#pragma once

#include "frontend/CompileArgs.h"
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
};

/// Parses \p MainFile once (CUDA host side; code the parse skips is still
/// translated by the token pass) and translates it and every user header it
/// includes. Never throws away a file with errors: the result lists them.
TuResult translateUnit(llvm::StringRef MainFile, const TranslateContext &Ctx);

} // namespace hipwright
