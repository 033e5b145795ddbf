//===- Porter.h - porting a tree of CUDA sources ----------------*- C++ -*-===//
//
// The pipeline of DESIGN.md for `port`: inputs -> one parse per TU (in
// parallel) -> edits merged across TUs -> per-file outcomes. Writing the
// outcomes somewhere is OutputWriter's job.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/EditSet.h"
#include "port/InputTree.h"
#include "port/PortOptions.h"
#include "port/TuResult.h"
#include "support/Progress.h"

#include "llvm/Support/Error.h"

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
  /// covers its subrules). Empty: all.
  std::vector<std::string> FixRules;
  /// Called after each translation unit finishes, from a worker thread but
  /// never concurrently (a progress line; lib/support/Progress.h).
  ProgressCallback OnUnitDone;
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
};

struct PortResult {
  InputTree Inputs;
  std::vector<FileOutcome> Files; ///< sorted by path
  std::vector<ApiReference> References;
  std::vector<Finding> Findings;
  std::vector<KernelDef> Kernels; ///< sorted by file, line
  std::vector<EditConflict> Conflicts;
  double Seconds = 0;
};

/// Runs the translation. Fails only for usage/environment errors (missing
/// inputs, no CUDA toolkit, unreadable compile_commands.json); problems with
/// individual files are reported in their outcomes.
llvm::Expected<PortResult> runPort(const PortRequest &Request);

} // namespace hipwright
