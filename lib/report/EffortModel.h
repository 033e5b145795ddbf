//===- EffortModel.h - hours of manual work per finding ---------*- C++ -*-===//
//
// The report's estimate is arithmetic a reader can check: every rule maps to
// a bucket (none / automatic / site / low / medium / high), every bucket is
// an hour range, and a total is count x range summed. A finding whose fix
// `port --fix` applies is automatic work; findings that share a rule and a
// suggested edit form one pattern, whose first site costs its bucket and
// every further site the small `site` bucket (EffortPatterns.h). The
// defaults are one table in EffortModel.cpp, explained rule by rule in
// docs/effort-model.md; .hipwright.yaml's `effort:` section overrides ranges
// and mappings.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "config/Config.h"
#include "model/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

struct EffortBucket {
  std::string Name;
  double MinHours = 0, MaxHours = 0;
};

/// One row of the default mapping. A finding whose fix-it hipwright can
/// apply (`port --fix`) costs a review; one without costs the fix itself.
struct DefaultEffortRule {
  const char *Pattern; ///< rule id, category, or glob (Config's syntax)
  const char *WithFix;
  const char *WithoutFix;
  const char *Reason; ///< printed by docs and the report's legend
};

/// What one finding costs and why.
struct EffortCost {
  std::string Bucket;
  double MinHours = 0, MaxHours = 0;
  /// The mapping that decided: "default: inline-ptx (fix-it)" or
  /// "config .../.hipwright.yaml: tensor-core".
  std::string Source;
  /// How the finding is priced (EffortPatterns.h): "automatic", "pattern"
  /// (its pattern's first site), "site" (a further site of a pattern),
  /// "suppressed"; empty until the patterns are priced.
  std::string Role;
  /// The pattern's index in the report's list; -1 for none.
  int Pattern = -1;
};

/// The bucket names the pattern pricing relies on.
inline constexpr const char *kAutomaticBucket = "automatic";
inline constexpr const char *kSiteBucket = "site";

class EffortModel {
public:
  static llvm::ArrayRef<EffortBucket> defaultBuckets();
  /// First match wins; the last row ("*") catches rules the table does not
  /// know yet.
  static llvm::ArrayRef<DefaultEffortRule> defaultRules();

  /// The defaults with \p C's overrides. Fails when an override names a
  /// bucket that is neither a default nor defined in \p C.
  static llvm::Expected<EffortModel> forConfig(const Config &C);

  /// Suppressed findings cost nothing (bucket "none"): a person already
  /// decided they need no work.
  EffortCost costOf(const Finding &F) const;

  /// What a further site of a pattern whose first site costs \p First
  /// costs: the `site` bucket, or \p First's own when that is no dearer.
  EffortCost siteCost(const EffortCost &First) const;

  /// What the default buckets are calibrated on (docs/effort-model.md),
  /// printed by every report format.
  static llvm::StringRef calibration();

  const std::vector<EffortBucket> &buckets() const { return Buckets; }
  const EffortBucket *bucket(llvm::StringRef Name) const;

private:
  std::vector<EffortBucket> Buckets;
  std::vector<std::pair<std::string, std::string>> Overrides;
  std::string OverrideSource;
};

/// One EffortModel per configuration a tree's files resolve to, built on
/// first use: a tree may hold several `.hipwright.yaml` files.
class EffortModels {
public:
  /// The model for \p Path's configuration. Fails when that configuration
  /// cannot be read or names an unknown bucket.
  llvm::Expected<const EffortModel *> forFile(ConfigResolver &Configs,
                                              llvm::StringRef Path);
  /// Every model built so far, by configuration.
  const std::map<const Config *, EffortModel> &all() const { return Models; }

private:
  std::map<const Config *, EffortModel> Models;
};

/// The category of a rule id: the part before the first '.'.
std::string ruleCategory(llvm::StringRef RuleId);

} // namespace hipwright
