//===- RuleCatalog.cpp - the rule ids a user may name ---------------------===//
#include "findings/RuleCatalog.h"
#include "findings/RulePattern.h"
#include "findings/Suppressions.h"

#include "analysis/AnalyzerRegistry.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

RuleCatalog::RuleCatalog(std::vector<std::string> List) : Ids(std::move(List)) {
  llvm::sort(Ids);
  Ids.erase(std::unique(Ids.begin(), Ids.end()), Ids.end());
  for (const std::string &Id : Ids)
    Categories.insert(ruleCategoryOf(Id).str());
}

RuleCatalog RuleCatalog::of(const AnalyzerRegistry &Registry) {
  std::vector<std::string> Ids = Registry.ruleIds();
  // Reported by the findings stage itself (findings/Suppressions.h).
  Ids.push_back(unmatchedNolintRule().Id);
  return RuleCatalog(std::move(Ids));
}

bool RuleCatalog::matchesAny(StringRef Pattern) const {
  return llvm::any_of(
      Ids, [&](const std::string &Id) { return ruleMatches(Pattern, Id); });
}

std::vector<std::string> RuleCatalog::closest(StringRef Pattern) const {
  std::string Plain = Pattern.trim().str();
  llvm::erase(Plain, '*');
  if (Plain.empty())
    return {};
  // A typo is a few edits away; beyond that a suggestion is noise.
  unsigned Limit = std::max<unsigned>(2, Plain.size() / 3);
  // Candidates are the patterns a user could have meant: every id and
  // every category (`warp-size` has no finding of its own, only subrules).
  std::set<std::string> Candidates(Ids.begin(), Ids.end());
  Candidates.insert(Categories.begin(), Categories.end());
  std::vector<std::pair<unsigned, std::string>> Ranked;
  for (const std::string &Id : Candidates) {
    if (StringRef(Id).starts_with(Plain) && Id != Plain) {
      Ranked.push_back({0, Id}); // `lane-mask.popc` -> `...popc-truncation`
      continue;
    }
    unsigned D = StringRef(Id).edit_distance(Plain, true, Limit + 1);
    if (D <= Limit)
      Ranked.push_back({D, Id});
  }
  llvm::stable_sort(
      Ranked, [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<std::string> Out;
  for (auto &[D, Id] : Ranked) {
    // Only the best distance: `warp-sise` wants warp-size, not also every
    // id two edits further away.
    if (Out.size() == 3 || D > Ranked.front().first)
      break;
    Out.push_back(Id);
  }
  return Out;
}

Error RuleCatalog::checkPattern(StringRef Pattern, const Twine &Where) const {
  if (matchesAny(Pattern))
    return Error::success();
  std::string Msg = Where.str() + ": '" + Pattern.trim().str() +
                    "' matches no hipwright rule";
  std::vector<std::string> Near = closest(Pattern);
  if (Near.empty()) {
    Msg += " (`hipwright explain` lists them)";
  } else {
    Msg += "; did you mean ";
    for (size_t I = 0; I < Near.size(); ++I)
      Msg += (I == 0 ? "" : I + 1 == Near.size() ? " or " : ", ") + Near[I];
    Msg += "?";
  }
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// True when \p A is a near miss of \p B: short names must match closely, or
/// every short clang-tidy module (`cert`, `misc`) would look like a typo.
static bool nearMiss(StringRef A, StringRef B) {
  size_t Len = std::min(A.size(), B.size());
  unsigned Allowed = Len >= 8 ? 2 : Len >= 5 ? 1 : 0;
  if (Allowed == 0)
    return false;
  return A.edit_distance(B, true, Allowed + 1) <= Allowed;
}

bool RuleCatalog::ownsNolintEntry(StringRef Entry) const {
  Entry = Entry.trim();
  if (Entry.empty())
    return false;
  if (matchesAny(Entry))
    return true;
  StringRef Head = Entry.substr(0, Entry.find_first_of(".*"));
  if (isCategory(Head))
    return true; // `warp-size.typo`, `lane-mask.x*`
  size_t Star = Entry.find('*');
  for (const std::string &Cat : Categories) {
    if (Star != StringRef::npos) {
      // `wrap-*`: the literal text before the '*' against the start of each
      // category.
      StringRef Lit = Entry.take_front(Star);
      if (Lit.size() >= 5 &&
          nearMiss(Lit, StringRef(Cat).take_front(Lit.size())))
        return true;
    } else if (nearMiss(Head, Cat)) {
      return true; // `warp-sise`, `lane_mask.popc-truncation`
    }
  }
  if (Star == StringRef::npos)
    for (const std::string &Id : Ids)
      if (nearMiss(Entry, Id))
        return true; // `warp-size.shufle-width`
  return false;
}

} // namespace hipwright
