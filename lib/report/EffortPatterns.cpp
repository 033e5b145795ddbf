//===- EffortPatterns.cpp - pricing repeated edits once -------------------===//
#include "report/EffortPatterns.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace llvm;

namespace hipwright {

std::vector<EffortPattern> pricePatterns(ArrayRef<Finding> Findings,
                                         ArrayRef<size_t> Order,
                                         ArrayRef<const EffortModel *> ModelOf,
                                         std::vector<EffortCost> &Costs) {
  using Key = std::tuple<const EffortModel *, std::string, std::string,
                         std::string, double, double>;
  std::map<Key, size_t> Index;
  std::vector<EffortPattern> Patterns;
  for (size_t I : Order) {
    const Finding &F = Findings[I];
    EffortCost &C = Costs[I];
    if (F.Suppressed) {
      C.Role = "suppressed";
      continue;
    }
    if (C.Bucket == kAutomaticBucket) {
      C.Role = "automatic";
      continue;
    }
    const std::string &Edit = F.Suggestion.empty() ? F.Message : F.Suggestion;
    Key K{ModelOf[I], F.RuleId, Edit, C.Bucket, C.MinHours, C.MaxHours};
    auto [It, New] = Index.try_emplace(K, Patterns.size());
    if (New) {
      EffortPattern P;
      P.Rule = F.RuleId;
      P.Edit = Edit;
      P.First = C;
      P.Site = ModelOf[I]->siteCost(C);
      P.Sites = 1;
      P.FirstFinding = I;
      Patterns.push_back(std::move(P));
      C.Role = "pattern";
    } else {
      EffortPattern &P = Patterns[It->second];
      ++P.Sites;
      C = P.Site;
      C.Role = "site";
    }
    C.Pattern = int(It->second);
  }

  // Most hours first; the first site's position breaks ties so the order
  // does not depend on the map.
  std::vector<size_t> Rank(Patterns.size());
  for (size_t I = 0; I < Rank.size(); ++I)
    Rank[I] = I;
  std::stable_sort(Rank.begin(), Rank.end(), [&](size_t A, size_t B) {
    return std::make_pair(Patterns[A].maxHours(), Patterns[A].minHours()) >
           std::make_pair(Patterns[B].maxHours(), Patterns[B].minHours());
  });
  std::vector<int> NewId(Patterns.size());
  std::vector<EffortPattern> Sorted;
  for (size_t R = 0; R < Rank.size(); ++R) {
    NewId[Rank[R]] = int(R);
    Sorted.push_back(std::move(Patterns[Rank[R]]));
  }
  for (EffortCost &C : Costs)
    if (C.Pattern >= 0)
      C.Pattern = NewId[C.Pattern];
  return Sorted;
}

} // namespace hipwright
