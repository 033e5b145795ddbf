//===- RuleCoverage.h - coverage summary of the rule tables ----*- C++ -*-===//
//
// Renders how much of each CUDA API family hipwright maps, as the Markdown
// page checked in at docs/rules-coverage.md. A unit test compares the two so
// the page cannot drift from the tables.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace hipwright {

class RuleTable;

/// One row per table (family), in name order, with entry and per-status
/// counts, then a totals row. The output depends only on the tables, so it is
/// byte-for-byte reproducible.
std::string renderCoverageMarkdown(const RuleTable &Table);

} // namespace hipwright
