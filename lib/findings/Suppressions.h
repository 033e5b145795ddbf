//===- Suppressions.h - NOLINT comments -------------------------*- C++ -*-===//
//
// The inline suppressions clang-tidy users know, naming hipwright rule ids:
//   // NOLINT                      this line, every rule
//   // NOLINT(warp-size,lane-mask.popc-truncation)   this line, those rules
//   // NOLINTNEXTLINE(...)         the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   every line in between
// A rule id names itself and its subrules (`warp-size` covers
// `warp-size.shuffle-width`); `*` globs are allowed (`lane-mask.*`).
// Suppressed findings are marked, not dropped, so SARIF can list them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "findings/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

struct SuppressionRange {
  unsigned FirstLine = 0, LastLine = 0;
  std::vector<std::string> Rules; ///< empty: every rule
};

struct FileSuppressions {
  std::vector<SuppressionRange> Ranges;
  /// NOLINTBEGIN without NOLINTEND (or the reverse), as findings of rule
  /// `nolint.unmatched` in \p File.
  std::vector<Finding> Problems;
};

/// Finds the NOLINT comments of one file (comments only: never string
/// literals or code).
FileSuppressions parseSuppressions(llvm::StringRef File,
                                   llvm::StringRef Buffer);

/// True when \p RuleId is covered by \p Pattern (equal, a subrule of it, or
/// a `*` glob match).
bool ruleMatches(llvm::StringRef Pattern, llvm::StringRef RuleId);

/// True when a range of \p S covers the finding's line and rule.
bool isSuppressed(const FileSuppressions &S, const Finding &F);

} // namespace hipwright
