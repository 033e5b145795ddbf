//===- Shard.cpp - which translation units one CI worker parses -----------===//
#include "port/Shard.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"

using namespace llvm;

namespace hipwright {

Expected<ShardSpec> parseShardSpec(StringRef Text) {
  auto Fail = [&](const Twine &Why) -> Expected<ShardSpec> {
    return createStringError(inconvertibleErrorCode(),
                             "--shard needs K/N, such as 2/4, not '" + Text +
                                 "': " + Why);
  };
  auto [K, N] = Text.split('/');
  uint64_t Index = 0, Count = 0;
  if (K.empty() || N.empty() || !llvm::all_of(K, isDigit) ||
      !llvm::all_of(N, isDigit))
    return Fail("K and N are whole numbers");
  // A count past the limit is said as such, not as a failed 1 <= K <= N.
  if (K.getAsInteger(10, Index) || N.getAsInteger(10, Count) ||
      Count > kMaxShardCount || Index > kMaxShardCount)
    return Fail("N is at most " + Twine(kMaxShardCount));
  if (Count == 0 || Index == 0 || Index > Count)
    return Fail("K and N must satisfy 1 <= K <= N");
  ShardSpec S;
  S.Index = static_cast<unsigned>(Index);
  S.Count = static_cast<unsigned>(Count);
  return S;
}

unsigned shardOf(StringRef RelativePath, unsigned Count) {
  // BLAKE3 is a fixed, specified function: the split is the same on every
  // machine and in every hipwright version that keeps this code.
  auto Hash = BLAKE3::hash<8>(arrayRefFromStringRef(RelativePath));
  uint64_t H = support::endian::read64le(Hash.data());
  return static_cast<unsigned>(H % Count) + 1;
}

} // namespace hipwright
