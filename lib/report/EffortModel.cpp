//===- EffortModel.cpp - hours of manual work per finding -----------------===//
//
// The default table. Change a row here and its reason in
// docs/effort-model.md together.
//
//===----------------------------------------------------------------------===//
#include "report/EffortModel.h"

#include "findings/Suppressions.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

ArrayRef<EffortBucket> EffortModel::defaultBuckets() {
  static const EffortBucket Buckets[] = {
      {"none", 0, 0},
      // Reading the fix hipwright applied in the port's diff.
      {kAutomaticBucket, 0, 0.05},
      // One more site of an edit already worked out: find it, apply it,
      // build.
      {kSiteBucket, 0.1, 0.25},
      {"low", 0.25, 1},
      {"medium", 1, 4},
      {"high", 4, 16},
  };
  return Buckets;
}

ArrayRef<DefaultEffortRule> EffortModel::defaultRules() {
  static const DefaultEffortRule Rules[] = {
      {"nolint.unmatched", "none", "none",
       "a NOLINTBEGIN without its END: a comment to fix"},
      {"unsupported-api.case-label", "none", "none",
       "the port already commented out a label no HIP call can reach"},
      {"unsupported-api.cuda-arch-check", "automatic", "low",
       "the port already renames the macro; a person checks one branch"},
      {"unsupported-api.call-signature", "automatic", "low",
       "the name is already ported; one call's arguments to finish by hand"},
      {"unsupported-api", "automatic", "medium",
       "no HIP equivalent: find a replacement or re-implement the call"},
      {"warp-size", "automatic", "medium",
       "with a fix-it `port --fix` makes the wave-size change; without one "
       "the algorithm's 32-lane assumption needs reworking"},
      {"lane-mask", "automatic", "medium",
       "widening a mask to 64 bits touches its type, the intrinsics that "
       "produce it and every bit operation on it (`port --fix` does it "
       "where it has a fix-it)"},
      {"inline-ptx", "automatic", "medium",
       "a fix-it replaces the asm with a builtin; otherwise the PTX must be "
       "rewritten by hand"},
      {"tensor-core.*", "automatic", "high",
       "WMMA/mma.sync kernels are re-tiled for MFMA or rocWMMA, with a "
       "different lane layout: a kernel rewrite and re-validation"},
      {"tensor-core", "automatic", "low",
       "a WMMA load/store/fill that follows its fragment to rocWMMA by "
       "renaming, once the fragment is ported"},
      {"hopper-only", "automatic", "high",
       "wgmma, TMA, clusters and tcgen05 have no AMD counterpart: the "
       "kernel is redesigned"},
      {"lds-limit", "automatic", "medium",
       "shared memory beyond the target's LDS: re-block the kernel or "
       "shrink its tiles"},
      {"perf-portability", "none", "none",
       "performance notes: the port is correct without acting on them, and "
       "tuning is measured work this estimate does not price"},
      {"*", "automatic", "medium",
       "a rule this table does not know yet: assume a person reads and "
       "fixes it"},
  };
  return Rules;
}

StringRef EffortModel::calibration() {
  return "bucket ranges are judgment defaults, checked by counts (no hours "
         "are public) against one hand-made port: karpathy/llm.c and its "
         "AMD fork anthonix/llm.c (docs/effort-model.md, Calibration); "
         "build-system work, which was large there, is in the overall range "
         "only as far as the build-file migration leaves notes";
}

EffortCost EffortModel::siteCost(const EffortCost &First) const {
  const EffortBucket *Site = bucket(kSiteBucket);
  if (!Site || First.MaxHours <= Site->MaxHours)
    return First;
  EffortCost C;
  C.Bucket = kSiteBucket;
  C.MinHours = std::min(Site->MinHours, First.MinHours);
  C.MaxHours = Site->MaxHours;
  C.Source = First.Source + ", a further site of its pattern";
  return C;
}

std::string ruleCategory(StringRef RuleId) {
  return RuleId.split('.').first.str();
}

const EffortBucket *EffortModel::bucket(StringRef Name) const {
  for (const EffortBucket &B : Buckets)
    if (B.Name == Name)
      return &B;
  return nullptr;
}

Expected<const EffortModel *> EffortModels::forFile(ConfigResolver &Configs,
                                                    StringRef Path) {
  Expected<const Config *> Cfg = Configs.forFile(Path);
  if (!Cfg)
    return Cfg.takeError();
  auto It = Models.find(*Cfg);
  if (It == Models.end()) {
    Expected<EffortModel> M = EffortModel::forConfig(**Cfg);
    if (!M)
      return M.takeError();
    It = Models.emplace(*Cfg, std::move(*M)).first;
  }
  return &It->second;
}

Expected<EffortModel> EffortModel::forConfig(const Config &C) {
  EffortModel M;
  M.Buckets.assign(defaultBuckets().begin(), defaultBuckets().end());
  for (auto &[Name, Range] : C.EffortBuckets) {
    EffortBucket B{Name, Range.first, Range.second};
    bool Replaced = false;
    for (EffortBucket &Old : M.Buckets)
      if (Old.Name == Name) {
        Old = B;
        Replaced = true;
      }
    if (!Replaced)
      M.Buckets.push_back(B);
  }
  for (auto &[Pattern, Bucket] : C.EffortRules) {
    if (!M.bucket(Bucket)) {
      std::vector<std::string> Known;
      for (const EffortBucket &B : M.Buckets)
        Known.push_back(B.Name);
      return createStringError(
          inconvertibleErrorCode(),
          (C.Source.empty() ? std::string("configuration") : C.Source) +
              ": effort rule '" + Pattern + "' names unknown bucket '" +
              Bucket + "' (known: " + join(Known, ", ") + ")");
    }
    M.Overrides.push_back({Pattern, Bucket});
  }
  M.OverrideSource = C.Source;
  return M;
}

static bool matches(StringRef Pattern, StringRef RuleId) {
  return Pattern == "*" || ruleMatches(Pattern, RuleId);
}

EffortCost EffortModel::costOf(const Finding &F) const {
  EffortCost Cost;
  if (F.Suppressed) {
    Cost.Bucket = "none";
    Cost.Source = "suppressed";
    return Cost;
  }
  // The configuration's mappings win over the table; among them the last
  // match wins, as severity overrides do.
  const std::string *Chosen = nullptr;
  for (auto &[Pattern, Bucket] : Overrides)
    if (matches(Pattern, F.RuleId)) {
      Chosen = &Bucket;
      Cost.Source = "config " + OverrideSource + ": " + Pattern;
    }
  std::string FromTable;
  if (!Chosen) {
    bool HasFix = !F.Fixes.empty();
    for (const DefaultEffortRule &R : defaultRules())
      if (matches(R.Pattern, F.RuleId)) {
        FromTable = HasFix ? R.WithFix : R.WithoutFix;
        Cost.Source = std::string("default: ") + R.Pattern +
                      (StringRef(R.WithFix) != R.WithoutFix
                           ? (HasFix ? " (fix-it)" : " (no fix-it)")
                           : "");
        break;
      }
    Chosen = &FromTable;
  }
  Cost.Bucket = *Chosen;
  if (const EffortBucket *B = bucket(*Chosen)) {
    Cost.MinHours = B->MinHours;
    Cost.MaxHours = B->MaxHours;
  }
  return Cost;
}

} // namespace hipwright
