//===- BuildFiles.h - the build files of a ported tree ----------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

enum class BuildFileKind { CMake, Make };

/// CMakeLists.txt and *.cmake; GNUmakefile, Makefile, makefile and *.mk;
/// nullopt for every other file.
std::optional<BuildFileKind> buildFileKind(llvm::StringRef Path);

/// What the migration made of one build file.
struct BuildFileResult {
  std::string Path; ///< as given
  std::string Original;
  std::string Translated; ///< == Original when nothing changed
  /// "PATH:LINE: note: ..." for what a person should look at: flags
  /// dropped, names left as written.
  std::vector<std::string> Notes;
  /// Among the notes: commands that still run nvcc, and nvcc flags the
  /// migration could not place.
  unsigned NvccLeft = 0, FlagsUnplaced = 0;
  /// "PATH[:LINE]: error: ..." when the file could not be read or parsed;
  /// Translated is the original then.
  std::vector<std::string> Errors;
};

struct BuildMigrationOptions {
  std::vector<std::string> Architectures = {"gfx942", "gfx950"};
  /// The top of the tree: notes name other files relative to it.
  std::string Root;
};

/// Migrates \p Paths (absolute, sorted) together: a find_package() in one
/// file learns which ROCm libraries the targets of every other file link.
/// The result is in the order of \p Paths and does not depend on anything
/// but their contents and \p Opts.
std::vector<BuildFileResult>
migrateBuildFiles(const std::vector<std::string> &Paths,
                  const BuildMigrationOptions &Opts);

} // namespace hipwright
