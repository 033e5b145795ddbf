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

#include "port/ShardFile.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

static const char *MergeHelp =
    R"(usage: hipwright merge SHARD_FILE...

Joins the results of `hipwright port|lint|report ... --shard K/N --shard-out
FILE` runs (all N of them) and produces what the command gives unsharded:
its output goes where that command line says (-o, --out-root, stdout).
Run it on the same tree, from the same directory, with the same hipwright
build as the shards.

exit status: the command's own (lint: 1 for findings; port: 3 for partial
ports), 2 for a usage or input error, a missing, repeated or damaged shard
file, or shards of different runs.
)";

int runMergeCommand(const std::vector<std::string> &Args) {
  std::vector<std::string> Files;
  for (const std::string &A : Args) {
    if (A == "-h" || A == "--help") {
      outs() << MergeHelp;
      return ExitOk;
    }
    if (!A.empty() && A[0] == '-' && A != "-") {
      errs() << "hipwright merge: unknown option '" << A << "'\n"
             << "Run `hipwright merge --help` for usage.\n";
      return ExitUsage;
    }
    Files.push_back(A);
  }
  if (Files.empty()) {
    errs() << "hipwright merge: no shard files\n"
           << "Run `hipwright merge --help` for usage.\n";
    return ExitUsage;
  }
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
