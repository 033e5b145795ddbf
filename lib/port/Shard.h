//===- Shard.h - which translation units one CI worker parses ---*- C++ -*-===//
//
// `--shard K/N` splits a run's translation units over N workers. A TU's
// shard is a hash of its path relative to the input root, not its place in
// the list: adding or removing a file moves no other file to another shard,
// and every worker computes the same split without talking to the others.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace hipwright {

struct ShardSpec {
  unsigned Index = 1; ///< 1-based, as CI systems number their jobs
  unsigned Count = 1;
};

/// The most shards a run may be split into: more jobs than any CI system
/// runs, and far below where the unsigned shard numbers would wrap.
inline constexpr unsigned kMaxShardCount = 1000000;

/// Parses "K/N" with 1 <= K <= N <= kMaxShardCount.
llvm::Expected<ShardSpec> parseShardSpec(llvm::StringRef Text);

/// The shard (1..Count) of the TU at \p RelativePath ('/'-separated).
unsigned shardOf(llvm::StringRef RelativePath, unsigned Count);

} // namespace hipwright
