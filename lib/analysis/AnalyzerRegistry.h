//===- AnalyzerRegistry.h - the analyzers and rules of a run ----*- C++ -*-===//
//
// Which analyzers a run may use, and every rule a finding can carry: the
// translator's own (unsupported-api.*) and each analyzer's. The caller
// builds it (the command line from builtinAnalyzers() in
// analyzers/AnalyzerList.h, a test from the analyzers it wants) and passes
// it down. The analysis layer therefore never names the analyzers, which
// live in the layer above it: the libraries link downward only.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/Analyzer.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright {

/// The rules the translator reports itself (lib/port/TokenPass.cpp).
std::vector<RuleInfo> translatorRules();

class AnalyzerRegistry {
public:
  explicit AnalyzerRegistry(std::vector<AnalyzerEntry> Analyzers);

  /// In the order given (the order analyzers run in).
  const std::vector<AnalyzerEntry> &analyzers() const { return Entries; }
  /// The translator's rules and the analyzers', sorted by id.
  const std::vector<RuleInfo> &rules() const { return Rules; }
  std::vector<std::string> ruleIds() const;
  /// Null when no rule has id \p Id.
  const RuleInfo *findRule(llvm::StringRef Id) const;

private:
  std::vector<AnalyzerEntry> Entries;
  std::vector<RuleInfo> Rules;
};

} // namespace hipwright
