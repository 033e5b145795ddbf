//===- FindingsStage.h - one judgement of the findings per run --*- C++ -*-===//
//
// Between the producers (translator, analyzers) and every consumer (fix-its,
// lint's gate, SARIF, the report, verify's fixed port) the findings pass
// through this stage exactly once (lib/port/Porter.cpp runs it), so that
// every command judges them the same way:
//
//   1. rule patterns are checked against the known rules: --rules, each
//      .hipwright.yaml's rule lists and NOLINT entries that are hipwright's;
//      one that names no rule is an error (with the closest ids), never a
//      filter that quietly selects nothing;
//   2. per file, by its nearest .hipwright.yaml: excluded paths and disabled
//      rules drop their findings, severity overrides apply;
//   3. --rules keeps only the rules it names;
//   4. NOLINT comments mark findings suppressed (kept for SARIF, never
//      fixed, never gating); unmatched NOLINTBEGIN/END become findings;
//   5. fingerprints, then the baseline marks the findings it records.
//
// Fix-its are taken only from what survives (survivingFixes).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "config/Config.h"
#include "findings/Baseline.h"
#include "findings/RuleCatalog.h"
#include "model/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {

/// What a run asked of the stage.
struct FindingsPolicy {
  /// Per-file configuration. Null: each file's nearest .hipwright.yaml
  /// (the stage resolves them itself).
  ConfigResolver *Configs = nullptr;
  /// lint --rules: keep only findings these patterns cover; empty: all.
  std::vector<std::string> OnlyRules;
  /// lint --baseline: the findings it records are marked InBaseline.
  std::optional<Baseline> Known;
  /// The rules patterns are checked against (RuleCatalog::of the run's
  /// analyzer registry). Null: the translator's rules only, as in a run
  /// without analyzers.
  const RuleCatalog *Catalog = nullptr;
};

/// One input file as the stage sees it: NOLINT comments and fingerprints
/// read its text, configuration is resolved for it.
struct StageSource {
  std::string Path; ///< absolute, as findings spell it
  llvm::StringRef Text;
};

struct FindingsStageInput {
  std::vector<Finding> Findings;  ///< everything the producers reported
  std::vector<StageSource> Files; ///< every input file
  /// Where exclude globs are relative to for a file with no .hipwright.yaml.
  std::string Root;
  /// A file's path as fingerprints and baselines spell it.
  std::function<std::string(llvm::StringRef File)> RelativePath;
};

/// Checks each of \p Patterns against \p Catalog; the error names \p Where
/// (`--rules`) and every pattern that matches no rule.
llvm::Error checkRulePatterns(llvm::ArrayRef<std::string> Patterns,
                              const RuleCatalog &Catalog,
                              llvm::StringRef Where);

/// Runs the stage. Fails on a malformed configuration file and on rule
/// patterns that name no rule (all of them, one per line, each with its
/// file and line).
llvm::Expected<std::vector<Finding>>
runFindingsStage(FindingsStageInput In, const FindingsPolicy &Policy);

/// The fix-its to apply, from findings the stage kept and that no NOLINT
/// suppresses: the required ones (Finding::FixRequired) always; the others
/// only with \p Optional (port --fix), limited to \p FixRules when it is not
/// empty (port --rules).
std::vector<Replacement> survivingFixes(const std::vector<Finding> &Findings,
                                        bool Optional,
                                        llvm::ArrayRef<std::string> FixRules);

} // namespace hipwright
