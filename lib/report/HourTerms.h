//===- HourTerms.h - hours as count x range per bucket ----------*- C++ -*-===//
//
// Every hour total in the report is printed with its terms (how many items
// of which bucket, at what range each), so a reader can redo the sum. A
// bucket can appear with two ranges when two directories' configurations
// price it differently.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace hipwright {

class HourTerms {
public:
  void add(llvm::StringRef Bucket, double MinEach, double MaxEach,
           unsigned N = 1) {
    if (N)
      Count[{Bucket.str(), MinEach, MaxEach}] += N;
  }
  double minHours() const { return sum(1); }
  double maxHours() const { return sum(2); }

  /// The terms, costliest bucket first: that is where the hours are.
  llvm::json::Array toJson() const {
    std::vector<std::pair<Key, unsigned>> Sorted(Count.begin(), Count.end());
    std::stable_sort(Sorted.begin(), Sorted.end(), [](auto &A, auto &B) {
      return std::get<2>(A.first) > std::get<2>(B.first);
    });
    llvm::json::Array T;
    for (auto &[K, N] : Sorted)
      T.push_back(llvm::json::Object{{"bucket", std::get<0>(K)},
                                     {"count", N},
                                     {"min_each", std::get<1>(K)},
                                     {"max_each", std::get<2>(K)},
                                     {"min_hours", N * std::get<1>(K)},
                                     {"max_hours", N * std::get<2>(K)}});
    return T;
  }

private:
  using Key = std::tuple<std::string, double, double>;
  std::map<Key, unsigned> Count;

  double sum(int Which) const {
    double S = 0;
    for (auto &[K, N] : Count)
      S += N * (Which == 1 ? std::get<1>(K) : std::get<2>(K));
    return S;
  }
};

} // namespace hipwright
