//===- ScaleOptions.cpp - the result cache and --shard options -----------===//
#include "ScaleOptions.h"
#include "Commands.h"

#include "port/OutputSafety.h"
#include "support/PhaseTimes.h"
#include "support/Plural.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hipwright {

std::optional<std::string> applyScaleOptions(const ScaleOptions &S,
                                             const MergedShards *Merged,
                                             PortRequest &Req) {
  if (S.Shard.has_value() != S.ShardOut.has_value())
    return std::string(S.Shard ? "--shard needs --shard-out FILE (where "
                                 "this shard's results go)"
                               : "--shard-out only applies with --shard");
  Req.Shard = S.Shard;
  if (Merged) {
    Req.Precomputed = &Merged->Units;
    return std::nullopt;
  }
  if (S.NoCache)
    return std::nullopt;
  Expected<std::optional<CacheSettings>> Cache = cacheSettingsFromEnvironment();
  if (!Cache)
    return toString(Cache.takeError());
  Req.Cache = *Cache;
  return std::nullopt;
}

/// The arguments a merge runs again: these, less the shard's own options
/// (which are before `--`; what follows goes to clang untouched).
static std::vector<std::string>
withoutShardOptions(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--") {
      Out.insert(Out.end(), Args.begin() + I, Args.end());
      break;
    }
    if (A == "--shard" || A == "--shard-out") {
      ++I; // and its value
      continue;
    }
    if (A.starts_with("--shard=") || A.starts_with("--shard-out="))
      continue;
    Out.push_back(Args[I]);
  }
  return Out;
}

int runShardPart(const char *Command, const std::vector<std::string> &Args,
                 const PortRequest &Req, const ScaleOptions &S) {
  auto Fail = [&](const Twine &Msg) {
    errs() << "hipwright " << Command << ": error: " << Msg << "\n";
    return ExitUsage;
  };
  Expected<PortResult> Result = runPort(Req);
  if (!Result)
    return Fail(toString(Result.takeError()));
  noteCacheUse(Command, *Result);
  // `--shard-out src/a.cu` is one typo away: the shard file may land on
  // neither a file of the tree nor a user file one of its parses read.
  InputFiles Inputs(Result->Inputs);
  for (const TuResult &U : Result->ShardUnits)
    for (const std::string &F : U.FilesSeen)
      Inputs.add(F);
  if (Error E = checkNotAnInput(*S.ShardOut, "--shard-out", Inputs))
    return Fail(toString(std::move(E)));
  ShardData D;
  D.Command = Command;
  D.Args = withoutShardOptions(Args);
  D.Spec = *S.Shard;
  D.Tool = shardToolIdentity();
  D.Root = Result->Inputs.Root;
  D.Units = std::move(Result->ShardUnits);
  size_t Units = D.Units.size();
  if (Error E = writeShardFile(*S.ShardOut, D))
    return Fail(toString(std::move(E)));
  errs() << "hipwright " << Command << ": shard " << S.Shard->Index << "/"
         << S.Shard->Count << ": " << countOf(Units, "translation unit")
         << " written to " << *S.ShardOut
         << " (`hipwright merge` joins the shards)\n";
  return ExitOk;
}

void noteCacheUse(const char *Command, const PortResult &R) {
  if (R.CacheWriteError)
    errs() << "hipwright " << Command
           << ": warning: result cache not written: " << *R.CacheWriteError
           << " (set HIPWRIGHT_CACHE_DIR, or pass --no-cache)\n";
  std::optional<std::string> Stats =
      sys::Process::GetEnv("HIPWRIGHT_CACHE_STATS");
  if (Stats && *Stats == "1")
    errs() << "hipwright " << Command << ": cache: " << R.Cache.Hits << " hit, "
           << R.Cache.Misses << " miss, " << R.Cache.Stored << " stored, "
           << R.Cache.Rejected << " rejected, " << R.Cache.Evicted
           << " evicted\n"
           << "hipwright " << Command << ": prelude pch: " << R.Pch.Built
           << " built, " << R.Pch.Loaded << " loaded, " << R.Pch.Rejected
           << " rejected, " << R.Pch.Used << " used, " << R.Pch.Fallbacks
           << " fallback\n";
  if (phaseTimesWanted()) {
    errs() << "hipwright " << Command << ": ";
    printPhaseTimes(errs());
  }
}

} // namespace hipwright
