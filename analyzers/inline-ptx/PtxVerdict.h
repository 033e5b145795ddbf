//===- PtxVerdict.h - one finding for one asm statement ---------*- C++ -*-===//
//
// Turns a parsed asm statement into what the analyzer reports: rule id,
// severity, message, suggestion and (when exact) the replacement text. Kept
// apart from the clang side so the unit tests can judge it directly.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "inline-ptx/PtxFixes.h"
#include "inline-ptx/PtxParser.h"
#include "model/Finding.h"

#include <optional>
#include <string>

namespace hipwright::ptx {

struct Verdict {
  std::string Rule;
  Severity Level = Severity::Warning;
  std::string Message;
  std::string Suggestion;
  std::optional<std::string> Rewrite; ///< replaces the asm statement
};

/// The verdict on \p A; std::nullopt for an asm with no PTX in it (an empty
/// template such as `asm volatile("" ::: "memory")`, a compiler barrier
/// that means the same on AMD).
std::optional<Verdict> judge(const AsmStatement &A, const FixOptions &Opts);

} // namespace hipwright::ptx
