//===- MergeCommand.cpp - `hipwright merge` -------------------------------===//
//
// Joins the files of `--shard K/N` runs: checks they are the N shards of
// one command line, then runs that command line once more with every TU's
// result taken from them instead of a parse. The output (files, JSON,
// SARIF, report) and the exit status are those of the command run
// unsharded.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "OptionTable.h"

#include "port/ShardFile.h"
#include "port/ShardFreshness.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

int runMergeCommand(const std::vector<std::string> &Args) {
  std::vector<std::string> Files;
  CommandOptions Spec;
  Spec.Command = "merge";
  Spec.Synopsis =
      "usage: hipwright merge SHARD_FILE...\n\n"
      "Joins the results of `hipwright port|lint|report ... --shard K/N "
      "--shard-out\nFILE` runs (all N of them) and produces what the command "
      "gives unsharded:\nits output goes where that command line says (-o, "
      "--out-root, stdout).\nRun it on the same tree, from the same "
      "directory, with the same hipwright\nbuild as the shards.\n";
  Spec.Epilogue =
      "exit status: the command's own (lint: 1 for findings; port: 3 for "
      "partial\nports), 2 for a usage or input error, a missing, repeated or "
      "damaged shard\nfile, shards of different runs, or a file the shards "
      "read that has changed\nsince (nothing is written then).\n";
  Spec.Positional = appendTo(Files);
  Spec.DashIsPositional = true;
  if (std::optional<int> Exit = parseCommandLine(Spec, Args))
    return *Exit;
  if (Files.empty())
    return commandUsageError("merge", "no shard files");
  std::vector<ShardData> Shards;
  for (const std::string &F : Files) {
    Expected<ShardData> D = readShardFile(F);
    if (!D) {
      errs() << "hipwright merge: error: " << toString(D.takeError()) << "\n";
      return ExitUsage;
    }
    Shards.push_back(std::move(*D));
  }
  Expected<MergedShards> Merged = combineShards(std::move(Shards));
  if (!Merged) {
    errs() << "hipwright merge: error: " << toString(Merged.takeError())
           << "\n";
    return ExitUsage;
  }
  // Before any output: a result computed from text that has changed since
  // would be applied at the wrong offsets and lines.
  if (Error E = checkShardsCurrent(*Merged)) {
    errs() << "hipwright merge: error: " << toString(std::move(E)) << "\n";
    return ExitUsage;
  }
  if (Merged->Command == "port")
    return runPortCommand(Merged->Args, &*Merged);
  if (Merged->Command == "lint")
    return runLintCommand(Merged->Args, &*Merged);
  if (Merged->Command == "report")
    return runReportCommand(Merged->Args, &*Merged);
  errs() << "hipwright merge: error: the shards are of '" << Merged->Command
         << "', which merge does not know\n";
  return ExitUsage;
}

} // namespace hipwright
