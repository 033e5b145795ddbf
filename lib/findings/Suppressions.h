//===- Suppressions.h - NOLINT comments -------------------------*- C++ -*-===//
//
// The inline suppressions clang-tidy users know, naming hipwright rule ids:
//   // NOLINT                      this line, every rule
//   // NOLINT(warp-size,lane-mask.popc-truncation)   this line, those rules
//   // NOLINTNEXTLINE(...)         the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   every line in between
// A rule id names itself and its subrules (`warp-size` covers
// `warp-size.shuffle-width`); `*` globs are allowed (`lane-mask.*`;
// findings/RulePattern.h). Entries naming other tools' checks
// (`readability-*`) are kept and match no hipwright rule; the findings stage
// checks the entries that are hipwright's (RuleCatalog::ownsNolintEntry).
// Suppressed findings are marked, not dropped, so SARIF can list them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/Analyzer.h"
#include "findings/RulePattern.h"
#include "model/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

struct SuppressionRange {
  unsigned FirstLine = 0, LastLine = 0;
  std::vector<std::string> Rules; ///< empty: every rule
};

/// One rule entry as written in a NOLINT comment, where it was written.
struct NolintEntry {
  unsigned Line = 0, Column = 0; ///< of the comment that holds it
  std::string Rule;
};

struct FileSuppressions {
  std::vector<SuppressionRange> Ranges;
  /// Every rule entry of every NOLINT form, in source order, for the
  /// findings stage to check against the known rules.
  std::vector<NolintEntry> Entries;
  /// NOLINTBEGIN without NOLINTEND (or the reverse), as findings of rule
  /// `nolint.unmatched` in \p File.
  std::vector<Finding> Problems;
};

/// Finds the NOLINT comments of one file (comments only: never string
/// literals or code).
FileSuppressions parseSuppressions(llvm::StringRef File,
                                   llvm::StringRef Buffer);

/// True when a range of \p S covers the finding's line and rule.
bool isSuppressed(const FileSuppressions &S, const Finding &F);

/// The rule an unmatched NOLINTBEGIN/END is reported under: the one rule
/// that is the findings stage's own, not the translator's or an
/// analyzer's. The rule catalog accepts it in patterns and SARIF declares
/// it from this one entry.
const RuleInfo &unmatchedNolintRule();

} // namespace hipwright
