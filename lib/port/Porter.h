//===- Porter.h - porting a tree of CUDA sources ----------------*- C++ -*-===//
//
// The pipeline of DESIGN.md for `port`: inputs -> one parse per TU (in
// parallel) -> edits merged across TUs -> per-file outcomes. Writing the
// outcomes somewhere is OutputWriter's job.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "edit/EditSet.h"
#include "findings/FindingsStage.h"
#include "frontend/PreludePchStore.h"
#include "port/InputTree.h"
#include "port/PortOptions.h"
#include "port/Shard.h"
#include "port/TuResult.h"
#include "port/UnitCache.h"
#include "support/Progress.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hipwright {

struct PortRequest {
  std::vector<std::string> Paths;
  std::optional<std::string> BuildDir; ///< -p: compile_commands.json
  std::optional<std::string> CudaPath; ///< --cuda-path
  std::vector<std::string> ExtraArgs;  ///< after `--`
  unsigned Jobs = 0;                   ///< 0: one per core
  TranslateOptions Options;
  /// Apply the analyzers' safe fix-its with the translation (--fix).
  bool ApplyFixes = false;
  /// With ApplyFixes: only the fix-its of these rule ids (globs; a category
  /// covers its subrules). Empty: all. Checked against the known rules like
  /// every other pattern.
  std::vector<std::string> FixRules;
  /// Also migrate the CMake files of the inputs (buildfiles/): `port` sets
  /// it unless --no-build-files; lint and report read sources only.
  bool MigrateBuildFiles = false;
  /// The AMD targets a migrated build compiles for (HIP_ARCHITECTURES).
  std::vector<std::string> BuildArchitectures = {"gfx942", "gfx950"};
  /// How the findings stage judges this run's findings (configuration,
  /// --rules, baseline). Fix-its come only from findings it keeps and no
  /// NOLINT suppresses.
  FindingsPolicy Findings;
  /// Called after each translation unit finishes, from a worker thread but
  /// never concurrently (a progress line; lib/support/Progress.h).
  ProgressCallback OnUnitDone;
  /// Reuse and keep TU results here (port/UnitCache.h); unset: no cache.
  std::optional<CacheSettings> Cache;
  /// Parse the CUDA prelude every TU shares once, into a PCH
  /// (frontend/PreludePchStore.h): kept in Cache's directory when there is
  /// one, in memory for the run otherwise. Off when the environment has
  /// HIPWRIGHT_NO_PCH=1 (runPort reads it): results are the same either
  /// way, only slower without.
  bool PreludePch = true;
  /// Parse only this shard's TUs and stop: PortResult::ShardUnits holds
  /// their results, nothing else is filled (`hipwright merge` finishes).
  std::optional<ShardSpec> Shard;
  /// The merge of shards: every TU's result, by main file, instead of a
  /// parse. A TU of the tree with no result here is an error.
  const std::map<std::string, TuResult> *Precomputed = nullptr;
};

enum class FileStatus { Translated, Unchanged, Partial, Failed };
const char *toString(FileStatus S);

struct FileOutcome {
  std::string Path; ///< absolute
  FileStatus Status = FileStatus::Unchanged;
  std::string Original;
  std::string Translated;
  std::vector<std::string> Errors; ///< compiler errors, conflicts
  bool Parsed = true; ///< false for headers no TU includes (lexed only)
  /// HIP already (SourceDialect.h): not parsed, left as it is; its status
  /// is Unchanged.
  bool AlreadyHip = false;
  /// A build file (CMakeLists.txt, *.cmake) migrated for HIP, not a source.
  bool BuildFile = false;
  /// "PATH:LINE: note: ..." for what the migration left to a person (build
  /// files: flags dropped, names with no HIP rule).
  std::vector<std::string> Notes;
  /// Build files: of the notes, commands that still run nvcc and nvcc flags
  /// the migration could not place.
  unsigned BuildNvccLeft = 0, BuildFlagsUnplaced = 0;
};

struct PortResult {
  InputTree Inputs;
  std::vector<FileOutcome> Files; ///< sorted by path
  std::vector<ApiReference> References;
  std::vector<Finding> Findings;
  std::vector<KernelDef> Kernels; ///< sorted by file, line
  std::vector<EditConflict> Conflicts;
  double Seconds = 0;
  /// With PortRequest::Shard: this shard's TU results, in input order.
  std::vector<TuResult> ShardUnits;
  /// With PortRequest::Cache: what the cache did, and the first entry it
  /// could not write (the run goes on without it).
  CacheStats Cache;
  std::optional<std::string> CacheWriteError;
  /// What the prelude PCH did (all zero when it was off).
  PchStats Pch;
};

/// Runs the translation. Fails only for usage/environment errors (missing
/// inputs, no CUDA toolkit, unreadable compile_commands.json, a malformed
/// .hipwright.yaml, a rule pattern that names no rule); problems with
/// individual files are reported in their outcomes.
llvm::Expected<PortResult> runPort(const PortRequest &Request);

} // namespace hipwright
