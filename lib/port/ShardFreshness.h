//===- ShardFreshness.h - are the shards' results still current? -*- C++
//-*-===//
//
// A shard stores edits as byte offsets into the files it read, and
// findings at their lines. `hipwright merge` may run much later: if any of
// those files changed in between, applying the edits garbles the source
// and the findings point at the wrong lines. Each result therefore carries
// the digest of every file its parse read and every path it looked up and
// did not find (as the result cache does); the merge re-checks all of them
// before it uses any result, and refuses rather than writes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/ShardFile.h"

#include "llvm/Support/Error.h"

namespace hipwright {

/// Fails, naming the changed file, the shard file holding the stale result
/// and the unit it is for, when a file a result was computed from has other
/// bytes now (or is gone), or a path its parse missed exists now.
llvm::Error checkShardsCurrent(const MergedShards &Merged);

} // namespace hipwright
