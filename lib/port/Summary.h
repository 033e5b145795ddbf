//===- Summary.h - the end-of-run report of `port` --------------*- C++ -*-===//
#pragma once

#include "port/Porter.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace hipwright {

/// Counts derived from a PortResult; both summary forms print these.
struct PortStats {
  unsigned Translated = 0, Unchanged = 0, Partial = 0, Failed = 0;
  unsigned AlreadyHip = 0; ///< of the unchanged: HIP input, not parsed
  /// Build files (counted in the totals above too): migrated, unchanged,
  /// partial/failed, and the notes they left for a person.
  unsigned BuildFiles = 0, BuildMigrated = 0, BuildUnchanged = 0,
           BuildProblems = 0, BuildNotes = 0;
  /// Of the build notes: commands that still run nvcc (the goal is none),
  /// nvcc flags the migration could not place.
  unsigned BuildNvccLeft = 0, BuildFlagsUnplaced = 0;
  unsigned Converted = 0, Unconverted = 0;
  /// Of Converted: CUDA-only functions now calling hipwright's equivalents
  /// (hipwright_cuda_compat.h).
  unsigned OwnEquivalents = 0;
  /// Unconverted CUDA names -> number of uses, sorted by name.
  std::vector<std::pair<std::string, unsigned>> UnconvertedNames;
};

PortStats computeStats(const PortResult &R);

/// Human summary for stderr: counts, partial/failed files with their first
/// errors, unconverted names, time.
void printSummary(const PortResult &R, llvm::raw_ostream &OS);

/// The same as JSON (`--stats FILE.json`); documented in docs/cli.md.
llvm::json::Value summaryJson(const PortResult &R);

} // namespace hipwright
