//===- CMakeMigrator.h - a CMake file of a CUDA build, for HIP --*- C++ -*-===//
//
// Rewrites the CUDA parts of one CMake file (CMakeLists.txt, *.cmake) for
// CMake's HIP language: languages, find_package, imported targets,
// architectures, CUDA variables and properties, nvcc flags, and .cu sources
// (which CMake's HIP language does not claim by extension). Every change is
// a byte-range edit of an argument or an inserted command, so comments and
// the user's formatting stay; what has no safe rewrite stays as written and
// is reported by line.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "buildfiles/BuildRules.h"
#include "model/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hipwright {

/// Something the migration wants a person to know, at a line of the file.
/// What a note tells the summary besides its text: nothing, a command that
/// still runs nvcc, or an nvcc flag the migration could not place.
enum class BuildNoteKind { Info, NvccLeft, FlagUnplaced };

struct BuildNote {
  unsigned Line = 0;
  std::string Message;
  BuildNoteKind Kind = BuildNoteKind::Info;
};

struct CMakeMigrationContext {
  /// The AMD targets for HIP_ARCHITECTURES (gfx942, gfx950).
  std::vector<std::string> Architectures;
  /// The ROCm packages whose targets the tree links (from every CMake file
  /// of the tree, see collectCMakePackages); find_package(CUDAToolkit)
  /// becomes find_package(hip) followed by these.
  std::set<std::string> Packages;
  const BuildRuleTable *Rules = nullptr;
};

struct CMakeMigration {
  std::vector<Replacement> Edits; ///< sorted, non-overlapping
  std::vector<BuildNote> Notes;   ///< sorted by line
  /// Set when the file could not be read as CMake: no edits then.
  std::string Error;
};

/// Why the subtree whose top file is \p CMakeLists (a path) can only build
/// for NVIDIA (it finds libNVVM), or nullopt.
std::optional<std::string> nvidiaOnlySubtree(llvm::StringRef CMakeLists);

/// ROCm packages the file's CUDA targets and library variables need, and
/// those it already finds (find_package(hipblas) in a file that supports
/// both vendors): the caller adds the first and removes the second over the
/// whole tree.
void collectCMakePackages(llvm::StringRef Text, const BuildRuleTable &Rules,
                          std::set<std::string> &Needed,
                          std::set<std::string> &AlreadyFound);

/// The edits that port \p Text (the file \p Path) to HIP.
CMakeMigration migrateCMake(llvm::StringRef Path, llvm::StringRef Text,
                            const CMakeMigrationContext &Ctx);

} // namespace hipwright
