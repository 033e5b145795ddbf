//===- ScaleOptions.h - the result cache and --shard options ---*- C++ -*-===//
//
// Parsing only: the cache is port/UnitCache, the split port/Shard, the
// shard file port/ShardFile; this file turns the options into a
// PortRequest and, for a shard run, writes the shard's file in place of
// the command's output.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/Porter.h"
#include "port/ShardFile.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

/// What `--no-cache`, `--shard K/N` and `--shard-out FILE` said (rows of
/// the shared table, SharedOptions.h).
struct ScaleOptions {
  bool NoCache = false;
  std::optional<ShardSpec> Shard;
  std::optional<std::string> ShardOut;
};

/// Fills \p Req's cache (from the environment, unless --no-cache), shard,
/// and, in a merge, the shards' results. Returns a usage error message.
std::optional<std::string> applyScaleOptions(const ScaleOptions &S,
                                             const MergedShards *Merged,
                                             PortRequest &Req);

/// A shard run: parses this shard's TUs and writes them to --shard-out.
/// Exit 0 when written, 2 on any error.
int runShardPart(const char *Command, const std::vector<std::string> &Args,
                 const PortRequest &Req, const ScaleOptions &S);

/// A cache that could not be written is a warning (the output is right,
/// only slower next time); HIPWRIGHT_CACHE_STATS=1 prints what it did.
void noteCacheUse(const char *Command, const PortResult &R);

} // namespace hipwright
