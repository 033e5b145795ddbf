//===- RulePattern.h - rule ids and the patterns that name them -*- C++ -*-===//
//
// One matcher for every place a user names rules: --rules, .hipwright.yaml
// (rules, severity, effort) and NOLINT comments. A pattern is a rule id,
// which also names its subrules (`warp-size` covers
// `warp-size.shuffle-width`), or a glob in which `*` stands for any run of
// characters (`lane-mask.*`, `warp-*`). `*` is the only wildcard, as in
// clang-tidy's check lists: every other character is literal, so there is no
// malformed glob to be silently ignored; a pattern that names nothing is
// caught by RuleCatalog instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipwright {

/// True when \p RuleId is covered by \p Pattern (equal, a subrule of it, or
/// a `*` glob match). Surrounding whitespace in \p Pattern is ignored; an
/// empty pattern matches nothing.
bool ruleMatches(llvm::StringRef Pattern, llvm::StringRef RuleId);

/// The category of a rule id: the part before the first '.'.
inline llvm::StringRef ruleCategoryOf(llvm::StringRef RuleId) {
  return RuleId.split('.').first;
}

} // namespace hipwright
