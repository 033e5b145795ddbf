//===- RuleDocs.h - the analyzer rules' doc pages ---------------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipwright {

/// docs/rules/<Id>.md as compiled into the binary; empty when the rule has
/// no page.
llvm::StringRef ruleDocPage(llvm::StringRef Id);

} // namespace hipwright
