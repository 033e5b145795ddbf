//===- EffortPatterns.h - pricing repeated edits once -----------*- C++ -*-===//
//
// People port a repeated construct the way they fix a repeated bug: work out
// the edit once, then apply it at every site. So findings that share a rule
// and the same suggested edit (and the same bucket under the same
// configuration) form one pattern: its first site costs the bucket, each
// further site the small `site` bucket. A finding whose fix `port --fix`
// applies is automatic work and forms no pattern. The arithmetic stays
// count x range: a pattern of 50 is `1 x medium + 49 x site`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "model/Finding.h"
#include "report/EffortModel.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace hipwright {

struct EffortPattern {
  std::string Rule;
  /// The suggested edit the sites share (the finding's suggestion, or its
  /// message when it has none).
  std::string Edit;
  EffortCost First; ///< what its first site costs
  EffortCost Site;  ///< what each further site costs
  unsigned Sites = 0;
  size_t FirstFinding = 0; ///< index into the findings

  double minHours() const {
    return First.MinHours + (Sites - 1) * Site.MinHours;
  }
  double maxHours() const {
    return First.MaxHours + (Sites - 1) * Site.MaxHours;
  }
};

/// Prices \p Findings visited in \p Order (the report's order, so the first
/// site is the first one a reader meets): sets every Costs[I].Role and
/// .Pattern, and gives further sites their site cost. \p ModelOf[I] is the
/// model that costed finding I (patterns never span two configurations).
/// Returns the patterns, most hours first; Costs[I].Pattern indexes it.
std::vector<EffortPattern>
pricePatterns(llvm::ArrayRef<Finding> Findings, llvm::ArrayRef<size_t> Order,
              llvm::ArrayRef<const EffortModel *> ModelOf,
              std::vector<EffortCost> &Costs);

} // namespace hipwright
