//===- ShardFreshness.cpp - are the shards' results still current? --------===//
#include "port/ShardFreshness.h"
#include "frontend/AbsentPaths.h"
#include "support/FramedRecord.h"

#include <map>
#include <optional>

using namespace llvm;

namespace hipwright {

static Error stale(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(),
                           Msg + "; nothing was written: run the shards "
                                 "again on the tree as it is now, then merge");
}

Error checkShardsCurrent(const MergedShards &Merged) {
  // Headers are shared by many units: each is hashed once.
  std::map<std::string, std::optional<std::string>> Digests;
  auto DigestNow = [&](const std::string &Path) {
    auto [It, New] = Digests.try_emplace(Path);
    if (New)
      It->second = fileDigest(Path);
    return It->second;
  };
  for (const auto &[Unit, Result] : Merged.Units) {
    auto From = Merged.FileOf.find(Unit);
    std::string Shard =
        From == Merged.FileOf.end() ? std::string("a shard") : From->second;
    if (Result.Inputs.empty())
      return stale(Shard + " records no file digests for " + Unit +
                   ", so its result cannot be checked against the tree");
    for (const ParseInput &In : Result.Inputs) {
      std::optional<std::string> Now = DigestNow(In.Path);
      if (!Now)
        return stale(In.Path + " is gone or unreadable since " + Shard +
                     " was written (its result for " + Unit + " read it)");
      if (*Now != In.Digest)
        return stale(In.Path + " changed after " + Shard +
                     " was written (its result for " + Unit +
                     " was computed from the earlier text)");
    }
    for (const std::string &P : Result.Absent)
      if (!pathIsAbsent(P))
        return stale(P + " exists now but did not when " + Shard +
                     " was written (the parse of " + Unit +
                     " looked for it and would read it now)");
  }
  return Error::success();
}

} // namespace hipwright
