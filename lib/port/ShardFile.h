//===- ShardFile.h - one shard's translation results on disk ----*- C++ -*-===//
//
// A `--shard K/N` run parses its share of the TUs and writes their results
// (the cache's serialization, port/TuResultCodec.h) with the command line
// that asked for them. `hipwright merge` reads every shard's file, checks
// that they are the N parts of one run, and runs that command line again
// with the results filled in: every output is rendered by the command's
// own code, so it is the output of one unsharded run.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/Shard.h"
#include "port/TuResult.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

struct ShardData {
  std::string Command;           ///< port, lint or report
  std::vector<std::string> Args; ///< its arguments, less the shard options
  ShardSpec Spec;
  std::string Tool; ///< hipwright build that wrote it (version, rules)
  std::string Root; ///< the input tree's root
  std::vector<TuResult> Units;
  /// The file it was read from (readShardFile; not stored in it): what
  /// the merge's messages name.
  std::string File;
};

/// What this binary writes as ShardData::Tool.
std::string shardToolIdentity();

std::string encodeShard(const ShardData &D);
/// \p What names the file in errors.
llvm::Expected<ShardData> decodeShard(llvm::StringRef Bytes,
                                      llvm::StringRef What);
llvm::Error writeShardFile(llvm::StringRef Path, const ShardData &D);
llvm::Expected<ShardData> readShardFile(llvm::StringRef Path);

/// The N shards of one run, joined.
struct MergedShards {
  std::string Command;
  std::vector<std::string> Args;
  std::string Root;
  std::map<std::string, TuResult> Units; ///< by main file
  /// The shard file each unit's result came from, by main file.
  std::map<std::string, std::string> FileOf;
};

/// Checks that \p Shards are shards 1..N of one command line, written by
/// this build, each present once, and that each TU is in the shard its
/// path hashes to; joins their results.
llvm::Expected<MergedShards> combineShards(std::vector<ShardData> Shards);

} // namespace hipwright
