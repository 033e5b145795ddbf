//===- LintGate.h - what makes `hipwright lint` fail ------------*- C++ -*-===//
//
// The gate's policy, in the library so it is tested without a CLI: which
// findings gate (neither NOLINT-suppressed nor recorded in the baseline),
// which a new baseline records, and the exit decision against --fail-on.
// The findings it sees have been through the findings stage already.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "model/Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <vector>

namespace hipwright {

/// --fail-on: note, warning or error; `never` is std::nullopt (no finding
/// fails the gate).
llvm::Expected<std::optional<Severity>> parseFailOn(llvm::StringRef Text);

struct GateDecision {
  std::vector<Finding> Gating; ///< not suppressed, not in the baseline
  unsigned InBaseline = 0;     ///< not suppressed, recorded in the baseline
  bool Fails = false;          ///< a gating finding at or above --fail-on
};

GateDecision decideGate(const std::vector<Finding> &Findings,
                        std::optional<Severity> FailOn);

/// What --write-baseline records: every finding no NOLINT suppresses.
std::vector<Finding> baselineEntries(const std::vector<Finding> &Findings);

} // namespace hipwright
