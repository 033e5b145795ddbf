//===- RuleCatalog.h - the rule ids a user may name -------------*- C++ -*-===//
//
// Every pattern a user writes (--rules, a .hipwright.yaml rule list, a
// NOLINT comment) is checked against the rules hipwright knows: a pattern
// that names no rule is an error with the closest ids, never a filter that
// quietly selects nothing (a CI gate that checks nothing and passes).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace hipwright {

class AnalyzerRegistry;

class RuleCatalog {
public:
  /// \p Ids: every rule id a finding can carry (categories and subrules).
  explicit RuleCatalog(std::vector<std::string> Ids);

  /// The rules of \p Registry (the translator's and the analyzers') and
  /// the findings stage's own (`nolint.unmatched`).
  static RuleCatalog of(const AnalyzerRegistry &Registry);

  const std::vector<std::string> &ids() const { return Ids; }
  /// True when \p Name is the category (the part before '.') of a rule.
  bool isCategory(llvm::StringRef Name) const {
    return Categories.count(Name.str()) != 0;
  }
  /// True when \p Pattern covers at least one known rule.
  bool matchesAny(llvm::StringRef Pattern) const;
  /// The known ids and categories closest to \p Pattern (those it is a
  /// prefix of first, then by edit distance); at most three, none when
  /// nothing is close.
  std::vector<std::string> closest(llvm::StringRef Pattern) const;
  /// Success when \p Pattern covers a known rule; otherwise an error
  /// "<Where>: 'P' matches no hipwright rule; did you mean X?".
  llvm::Error checkPattern(llvm::StringRef Pattern,
                           const llvm::Twine &Where) const;

  /// The NOLINT policy. NOLINT comments are shared with clang-tidy and other
  /// linters, so an entry is hipwright's to check only when it matches a
  /// hipwright rule, lies in a hipwright category (`warp-size.typo`), or is
  /// a near miss of a category or rule id (`warp-sise`, `lane_mask`,
  /// `warp-sz*`). Anything else (`readability-*`,
  /// `google-explicit-constructor`) belongs to another tool and is left
  /// alone.
  bool ownsNolintEntry(llvm::StringRef Entry) const;

private:
  std::vector<std::string> Ids; ///< sorted, unique
  std::set<std::string> Categories;
};

} // namespace hipwright
