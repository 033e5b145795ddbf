//===- RulePattern.cpp - rule ids and the patterns that name them ---------===//
#include "findings/RulePattern.h"

using namespace llvm;

namespace hipwright {

/// `*`-only glob match: each '*' takes any run of characters (dots
/// included). Backtracks to the last '*' only, which is enough for one
/// wildcard kind.
static bool starMatch(StringRef Pattern, StringRef Text) {
  size_t P = 0, T = 0, StarP = StringRef::npos, StarT = 0;
  while (T < Text.size()) {
    if (P < Pattern.size() && Pattern[P] == '*') {
      StarP = P++;
      StarT = T;
    } else if (P < Pattern.size() && Pattern[P] == Text[T]) {
      ++P;
      ++T;
    } else if (StarP != StringRef::npos) {
      P = StarP + 1;
      T = ++StarT;
    } else {
      return false;
    }
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

bool ruleMatches(StringRef Pattern, StringRef RuleId) {
  Pattern = Pattern.trim();
  if (Pattern.empty())
    return false;
  if (Pattern.contains('*'))
    return starMatch(Pattern, RuleId);
  return RuleId == Pattern ||
         (RuleId.starts_with(Pattern) && RuleId[Pattern.size()] == '.');
}

} // namespace hipwright
