//===- BuildRules.h - CUDA build names and their HIP twins ------*- C++ -*-===//
//
// rules/build/cmake.tsv, compiled in: one row per CUDA imported target,
// variable, library variable, target property or command the CMake
// migration knows (the columns are described at the top of the table).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace hipwright {

enum class BuildRuleKind {
  Target,
  Variable,
  LibVar,
  Property,
  Command,
  Library, ///< -l<name> of a Makefile
};

struct BuildRule {
  std::string Cuda;
  std::vector<std::string> Hip; ///< empty: no HIP counterpart
  /// The hip column is "(remove)": nothing to link on ROCm at all (CUDA's
  /// static helper culibos), so a link of it is taken out, with the note.
  bool Remove = false;
  BuildRuleKind Kind = BuildRuleKind::Target;
  std::vector<std::string> Packages; ///< find_package() names
  std::string Notes;
  unsigned Line = 0; ///< in the table, for the tests' messages
  bool hasHip() const { return !Hip.empty(); }
};

class BuildRuleTable {
public:
  /// Parses one table; errors name "FILE:LINE".
  llvm::Error addTable(llvm::StringRef Name, llvm::StringRef Text);
  const BuildRule *lookup(BuildRuleKind K, llvm::StringRef Cuda) const;
  const std::vector<BuildRule> &rows() const { return Rows; }

  /// The tables compiled into the binary.
  static const BuildRuleTable &builtin();

private:
  std::vector<BuildRule> Rows;
  std::map<std::pair<BuildRuleKind, std::string>, size_t> Index;
};

/// The ROCm packages a migrated find_package() may add, in the order the
/// migration writes them.
const std::vector<std::string> &knownRocmPackages();

} // namespace hipwright
