//===- Commands.h - hipwright's subcommands ---------------------*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace hipwright {

struct MergedShards;

/// Exit codes scripts can rely on.
enum ExitCode : int {
  ExitOk = 0,
  ExitFindings = 1, ///< lint: findings; query/explain: no such name
  ExitUsage = 2,    ///< usage or environment error
  ExitPartial = 3,  ///< port: some files partial or failed
};

/// \p Merged: in `hipwright merge`, the shards' results (no parse).
int runPortCommand(const std::vector<std::string> &Args,
                   const MergedShards *Merged = nullptr);
int runQueryCommand(const std::vector<std::string> &Args);
int runLintCommand(const std::vector<std::string> &Args,
                   const MergedShards *Merged = nullptr);
int runExplainCommand(const std::vector<std::string> &Args);
int runReportCommand(const std::vector<std::string> &Args,
                     const MergedShards *Merged = nullptr);
int runVerifyCommand(const std::vector<std::string> &Args);
int runMergeCommand(const std::vector<std::string> &Args);
int runCompileCheckCommand(const std::vector<std::string> &Args);

} // namespace hipwright
