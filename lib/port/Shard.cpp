//===- Shard.cpp - which translation units one CI worker parses -----------===//
#include "port/Shard.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"

using namespace llvm;

namespace hipwright {

Expected<ShardSpec> parseShardSpec(StringRef Text) {
  auto [K, N] = Text.split('/');
  ShardSpec S;
  if (K.getAsInteger(10, S.Index) || N.getAsInteger(10, S.Count) ||
      S.Count == 0 || S.Index == 0 || S.Index > S.Count)
    return createStringError(inconvertibleErrorCode(),
                             "--shard needs K/N with 1 <= K <= N, such as "
                             "2/4, not '" +
                                 Text + "'");
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
