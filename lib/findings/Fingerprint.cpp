//===- Fingerprint.cpp - finding ids that survive unrelated edits ---------===//
#include "findings/Fingerprint.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

using namespace llvm;

namespace hipwright {

static std::string squeezedLine(StringRef Text, unsigned Line) {
  for (unsigned L = 1; L < Line && !Text.empty(); ++L)
    Text = Text.split('\n').second;
  StringRef Raw = Text.split('\n').first;
  std::string Out;
  bool Space = false;
  for (char C : Raw.trim()) {
    if (C == ' ' || C == '\t' || C == '\r') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

void assignFingerprints(
    std::vector<Finding> &Findings,
    const std::function<StringRef(StringRef)> &Contents,
    const std::function<std::string(StringRef)> &RelativePath) {
  // Rank within equal keys in source order, independent of input order.
  std::vector<size_t> Order(Findings.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const Finding &X = Findings[A], &Y = Findings[B];
    return std::tie(X.File, X.Line, X.Column, X.RuleId) <
           std::tie(Y.File, Y.Line, Y.Column, Y.RuleId);
  });
  std::map<std::string, unsigned> Seen;
  for (size_t I : Order) {
    Finding &F = Findings[I];
    std::string Key = F.RuleId + '\0' + RelativePath(F.File) + '\0' +
                      squeezedLine(Contents(F.File), F.Line);
    unsigned Rank = Seen[Key]++;
    Key += '\0' + std::to_string(Rank);
    uint64_t H = xxh3_64bits(
        ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Key.data()),
                          Key.size()));
    std::string Hex;
    raw_string_ostream(Hex) << format_hex_no_prefix(H, 16);
    F.Fingerprint = Hex;
  }
}

} // namespace hipwright
