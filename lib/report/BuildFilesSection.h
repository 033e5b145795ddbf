//===- BuildFilesSection.h - build files in the report ----------*- C++ -*-===//
//
// The report's build_files section: every CMake file and Makefile of the
// tree, what the build-file migration (buildfiles/BuildFiles.h) made of it,
// and what it left for a person, priced with the effort model's buckets
// (docs/effort-model.md) so the hours add to the findings' hours.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "config/Config.h"
#include "port/Porter.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace hipwright {

/// The buckets a build file's leftovers cost: a note (a flag dropped, a
/// library with no ROCm counterpart) is one decision; a file the migration
/// could not read is migrated by hand.
inline constexpr const char *kBuildNoteBucket = "low";
inline constexpr const char *kBuildErrorBucket = "medium";

/// One message of the migration: "PATH:LINE: note: TEXT" (or error) split
/// into its line (0 where none is known) and its text.
struct BuildMessage {
  unsigned Line = 0;
  std::string Text;
};
BuildMessage splitBuildMessage(llvm::StringRef Path, llvm::StringRef Message);

/// The section, from the port's build-file outcomes when \p R has them
/// (port migrated them), else from migrating R.Inputs.BuildFiles for
/// \p Targets in memory (nothing is written). Fails when a configuration's
/// effort section is invalid.
llvm::Expected<llvm::json::Object>
buildFilesSection(const PortResult &R, const std::vector<std::string> &Targets,
                  ConfigResolver &Configs);

} // namespace hipwright
