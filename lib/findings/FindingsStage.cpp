//===- FindingsStage.cpp - one judgement of the findings per run ----------===//
#include "findings/FindingsStage.h"
#include "analysis/AnalyzerRegistry.h"
#include "findings/Fingerprint.h"
#include "findings/Suppressions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace llvm;

namespace hipwright {

/// Gathers every pattern error of a run, so that one run names all of them
/// instead of one per attempt.
namespace {
class PatternErrors {
public:
  void add(Error E) { All = joinErrors(std::move(All), std::move(E)); }
  Error take() { return std::move(All); }

private:
  Error All = Error::success();
};
} // namespace

Error checkRulePatterns(ArrayRef<std::string> Patterns,
                        const RuleCatalog &Catalog, StringRef Where) {
  PatternErrors Errors;
  for (const std::string &P : Patterns)
    Errors.add(Catalog.checkPattern(P, Where));
  return Errors.take();
}

/// A configuration file's rule patterns, each named by file and line.
static void checkConfigPatterns(const Config &C, const RuleCatalog &Catalog,
                                PatternErrors &Errors) {
  for (const RulePatternSite &S : C.RulePatterns)
    Errors.add(Catalog.checkPattern(S.Pattern, C.Source + ":" + Twine(S.Line) +
                                                   ": " + S.Key));
}

/// The NOLINT entries of one file that are hipwright's (see
/// RuleCatalog::ownsNolintEntry) and name no rule.
static void checkNolintEntries(StringRef File, const FileSuppressions &S,
                               const RuleCatalog &Catalog,
                               PatternErrors &Errors) {
  for (const NolintEntry &E : S.Entries)
    if (Catalog.ownsNolintEntry(E.Rule))
      Errors.add(Catalog.checkPattern(E.Rule, File + ":" + Twine(E.Line) + ":" +
                                                  Twine(E.Column) +
                                                  ": NOLINT"));
}

/// True when the configuration \p C excludes \p File. Exclude globs are
/// relative to the directory of the file that wrote them, as .gitignore's
/// are; the defaults' to the input root.
static bool excluded(const Config &C, StringRef File, StringRef Root) {
  StringRef Dir = C.Source.empty() ? Root : sys::path::parent_path(C.Source);
  StringRef Rel = File;
  if (Rel.consume_front(Dir))
    Rel = Rel.ltrim('/');
  return C.excludes(Rel);
}

Expected<std::vector<Finding>> runFindingsStage(FindingsStageInput In,
                                                const FindingsPolicy &Policy) {
  std::optional<RuleCatalog> OwnCatalog;
  const RuleCatalog &Catalog =
      Policy.Catalog
          ? *Policy.Catalog
          : OwnCatalog.emplace(RuleCatalog::of(AnalyzerRegistry({})));
  std::optional<ConfigResolver> OwnConfigs;
  ConfigResolver *Configs = Policy.Configs;
  if (!Configs)
    Configs = &OwnConfigs.emplace(std::nullopt);

  // 1. Every pattern the user wrote, before any is used.
  PatternErrors Errors;
  Errors.add(checkRulePatterns(Policy.OnlyRules, Catalog, "--rules"));
  std::map<std::string, StringRef> Contents;
  std::map<std::string, FileSuppressions> Nolint;
  std::set<const Config *> Checked;
  for (const StageSource &Src : In.Files) {
    Contents[Src.Path] = Src.Text;
    Expected<const Config *> Cfg = Configs->forFile(Src.Path);
    if (!Cfg) {
      consumeError(Errors.take());
      return Cfg.takeError();
    }
    if (Checked.insert(*Cfg).second)
      checkConfigPatterns(**Cfg, Catalog, Errors);
    FileSuppressions S = parseSuppressions(Src.Path, Src.Text);
    checkNolintEntries(Src.Path, S, Catalog, Errors);
    for (Finding &P : S.Problems)
      In.Findings.push_back(std::move(P));
    Nolint[Src.Path] = std::move(S);
  }
  if (Error E = Errors.take())
    return std::move(E);

  // Fingerprints before filtering, from every finding of the file: a rank
  // among equal lines must not depend on which rules a run selects.
  assignFingerprints(
      In.Findings,
      [&](StringRef File) -> StringRef {
        auto It = Contents.find(File.str());
        return It == Contents.end() ? StringRef() : It->second;
      },
      In.RelativePath ? In.RelativePath
                      : std::function<std::string(StringRef)>(
                            [](StringRef File) { return File.str(); }));

  // 2-5. Configuration, --rules, NOLINT, baseline.
  std::vector<Finding> Kept;
  for (Finding &F : In.Findings) {
    Expected<const Config *> Cfg = Configs->forFile(F.File);
    if (!Cfg)
      return Cfg.takeError();
    if (excluded(**Cfg, F.File, In.Root) || !(*Cfg)->ruleEnabled(F.RuleId))
      continue;
    if (!F.InactiveBranch.empty() && !(*Cfg)->InactiveBranchCap)
      continue; // inactive-branches: off
    if (!Policy.OnlyRules.empty() &&
        !llvm::any_of(Policy.OnlyRules, [&](const std::string &P) {
          return ruleMatches(P, F.RuleId);
        }))
      continue;
    F.Level = (*Cfg)->severityFor(F);
    auto It = Nolint.find(F.File);
    // An unmatched NOLINTBEGIN is about the comment itself: no NOLINT
    // hides it.
    F.Suppressed = It != Nolint.end() && F.RuleId != unmatchedNolintRule().Id &&
                   isSuppressed(It->second, F);
    F.InBaseline = Policy.Known && Policy.Known->contains(F);
    Kept.push_back(std::move(F));
  }
  return Kept;
}

std::vector<Replacement> survivingFixes(const std::vector<Finding> &Findings,
                                        bool Optional,
                                        ArrayRef<std::string> FixRules) {
  std::vector<Replacement> Out;
  for (const Finding &F : Findings) {
    if (F.Suppressed)
      continue;
    bool Selected =
        Optional &&
        (FixRules.empty() || llvm::any_of(FixRules, [&](const std::string &P) {
           return ruleMatches(P, F.RuleId);
         }));
    if (!F.FixRequired && !Selected)
      continue;
    Out.insert(Out.end(), F.Fixes.begin(), F.Fixes.end());
  }
  return Out;
}

} // namespace hipwright
