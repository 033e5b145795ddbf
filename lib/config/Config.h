//===- Config.h - .hipwright.yaml -------------------------------*- C++ -*-===//
//
// Per-tree configuration, found by walking up from each file as
// `.clang-tidy` is (the nearest file wins), or given with --config:
//
//   rules:
//     enable: ["*"]                  # globs on rule ids (default: all)
//     disable: [warp-size.launch-shape]
//   severity:                        # overrides, by rule id or glob
//     lane-mask.narrow-mask: error
//   targets: [gfx942, gfx950]
//   rocm-version: "6.2"              # oldest ROCm the port must build with
//   exclude: ["third_party/*"]       # globs on paths relative to the file
//   inactive-branches: note          # findings in #if branches no build
//                                    # compiles: at most this (or off)
//   effort:                          # hours per finding, per bucket
//     buckets: {low: [0.25, 1], medium: [1, 4], high: [4, 16]}
//     rules: {tensor-core: high}     # rule id or glob -> bucket
//   classify:                        # the report's checklist class, by path
//     "legacy/sm90_*.cu": {class: drop, reason: "kernels/generic.cu runs"}
//
//===----------------------------------------------------------------------===//
#pragma once

#include "model/Finding.h"
#include "rules/RocmVersion.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hipwright {

/// A rule pattern as a configuration file wrote it: the findings stage
/// checks each against the known rules and names the line of one that
/// matches none.
struct RulePatternSite {
  std::string Pattern;
  std::string Key; ///< rules.enable, rules.disable, severity, effort.rules
  unsigned Line = 0;
};

/// A `classify:` entry: files matching Pattern (a glob relative to the
/// configuration's directory, as `exclude`) get Class in the report's
/// checklist, with Reason shown as the evidence.
struct ClassOverride {
  std::string Pattern;
  std::string Class; ///< replace-with-library | drop | port
  std::string Reason;
  unsigned Line = 0;
};

/// The classes `classify:` accepts (report/Classify.h names the same).
llvm::ArrayRef<llvm::StringRef> checklistClassNames();

struct Config {
  std::string Source; ///< file it came from; empty for the defaults
  std::vector<std::string> Enable = {"*"};
  std::vector<std::string> Disable;
  std::vector<std::pair<std::string, Severity>> SeverityOverrides;
  std::vector<std::string> Targets; ///< empty: command line / default
  /// `rocm-version`: HIP names newer than this are not emitted (the command
  /// line's --rocm-version wins). Unset: the newest the rules know.
  std::optional<RocmVersion> TargetRocm;
  std::vector<std::string> Exclude;
  /// `inactive-branches`: the highest severity a finding in an #if branch
  /// that no part of the build compiles keeps (Finding::InactiveBranch);
  /// std::nullopt drops such findings (`off`).
  std::optional<Severity> InactiveBranchCap = Severity::Warning;
  /// Effort model overrides for `report`: bucket -> [min, max] hours, and
  /// rule pattern -> bucket.
  std::map<std::string, std::pair<double, double>> EffortBuckets;
  std::vector<std::pair<std::string, std::string>> EffortRules;
  /// `classify:` entries in file order; the last match wins.
  std::vector<ClassOverride> ClassOverrides;
  /// Every rule pattern above that came from the file, with its line.
  std::vector<RulePatternSite> RulePatterns;

  bool ruleEnabled(llvm::StringRef RuleId) const;
  /// The severity \p F ends with after overrides (the last match wins),
  /// capped for a finding in an inactive branch.
  Severity severityFor(const Finding &F) const;
  /// True when \p RelativePath (to the config file's directory) is
  /// excluded.
  bool excludes(llvm::StringRef RelativePath) const;
  /// The `classify:` entry for \p RelativePath (to the config file's
  /// directory), or null.
  const ClassOverride *classOverrideFor(llvm::StringRef RelativePath) const;
};

/// The effort buckets every configuration has (report/EffortModel.cpp
/// gives their hours); `effort.buckets` may add more.
llvm::ArrayRef<llvm::StringRef> defaultEffortBucketNames();
bool isDefaultEffortBucket(llvm::StringRef Name);

/// Parses YAML text; errors name \p FileName and the line.
llvm::Expected<Config> parseConfig(llvm::StringRef FileName,
                                   llvm::StringRef Text);
llvm::Expected<Config> loadConfigFile(llvm::StringRef Path);

/// The nearest .hipwright.yaml at or above \p Dir, if any.
std::optional<std::string> findConfigFile(llvm::StringRef Dir);

/// Prints \p C as YAML that parseConfig reads back.
void dumpConfig(const Config &C, llvm::raw_ostream &OS);

class ConfigResolver;

/// The configuration that decides run-wide settings (targets): the one that
/// applies to \p FirstInput (a file, or a directory's files).
llvm::Expected<const Config *> runConfig(ConfigResolver &Configs,
                                         llvm::StringRef FirstInput);

/// The --targets list to use: \p CommandLine when given, else the config's
/// `targets`, else the default (gfx942,gfx950).
std::string effectiveTargets(const std::optional<std::string> &CommandLine,
                             const Config &RunConfig);

/// Resolves the configuration of each file: --config when given, else the
/// nearest .hipwright.yaml, else the defaults. Caches per directory.
class ConfigResolver {
public:
  explicit ConfigResolver(std::optional<std::string> Explicit);
  /// Fails on a malformed config file (the error names file and line).
  llvm::Expected<const Config *> forFile(llvm::StringRef Path);

private:
  std::optional<Config> ExplicitConfig;
  std::optional<std::string> ExplicitPath;
  Config Defaults;
  std::map<std::string, Config> ByFile;
  std::map<std::string, std::optional<std::string>> DirToFile;
};

} // namespace hipwright
