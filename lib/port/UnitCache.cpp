//===- UnitCache.cpp - translation results reused across runs -------------===//
#include "port/UnitCache.h"
#include "frontend/AbsentPaths.h"
#include "frontend/ParseEconomy.h"
#include "frontend/ParsePrelude.h"
#include "frontend/PreludePchStore.h"
#include "port/TuResultCodec.h"
#include "rules/RulesHash.h"
#include "support/AtomicFile.h"
#include "support/FramedRecord.h"
#include "support/Paths.h"
#include "support/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <chrono>
#include <sys/stat.h>
#include <utime.h>

using namespace llvm;

namespace hipwright {

/// The entry format; bump it whenever the entry layout or TuResultCodec
/// changes. It is part of every key, so entries of an older format are
/// never looked up again (eviction removes them); the directory name only
/// changes if the layout of the directory itself does.
static constexpr const char *kEntryMagic = "hipwright-tu-cache 6";
static constexpr const char *kEntryDir = "tu-v1";
static constexpr const char *kEntrySuffix = ".tu";
/// Its modification time is when the last sweep of abandoned temporaries
/// ran (UnitCache::sweepAbandonedTemporaries).
static constexpr const char *kSweepStamp = "last-temp-sweep";

std::optional<uint64_t> parseByteSize(StringRef Text) {
  Text = Text.trim();
  uint64_t Scale = 1;
  if (!Text.empty()) {
    switch (toLower(Text.back())) {
    case 'k':
      Scale = uint64_t(1) << 10;
      break;
    case 'm':
      Scale = uint64_t(1) << 20;
      break;
    case 'g':
      Scale = uint64_t(1) << 30;
      break;
    }
    if (Scale != 1)
      Text = Text.drop_back();
  }
  uint64_t N = 0;
  if (Text.empty() || Text.getAsInteger(10, N) || N > UINT64_MAX / Scale)
    return std::nullopt;
  return N * Scale;
}

Expected<std::optional<CacheSettings>> cacheSettingsFromEnvironment() {
  CacheSettings S;
  if (std::optional<std::string> Size =
          sys::Process::GetEnv("HIPWRIGHT_CACHE_MAX_SIZE")) {
    std::optional<uint64_t> N = parseByteSize(*Size);
    if (!N)
      return createStringError(
          inconvertibleErrorCode(),
          "HIPWRIGHT_CACHE_MAX_SIZE must be a size such as 500M or 2G, not '" +
              *Size + "'");
    if (*N == 0)
      return std::nullopt;
    S.MaxBytes = *N;
  }
  auto Env = [](const char *Name) -> std::string {
    std::optional<std::string> V = sys::Process::GetEnv(Name);
    return V ? *V : std::string();
  };
  SmallString<256> Dir;
  if (std::string D = Env("HIPWRIGHT_CACHE_DIR"); !D.empty()) {
    Dir = D;
  } else if (std::string X = Env("XDG_CACHE_HOME");
             !X.empty() && sys::path::is_absolute(X)) {
    // The XDG spec says to ignore a relative XDG_CACHE_HOME.
    Dir = X;
    sys::path::append(Dir, "hipwright");
  } else if (std::string H = Env("HOME"); !H.empty()) {
    Dir = H;
    sys::path::append(Dir, ".cache", "hipwright");
  } else {
    return std::nullopt; // nowhere to keep it: run without
  }
  sys::fs::make_absolute(Dir);
  S.Dir = std::string(Dir);
  return S;
}

/// Identifies the binary: a release build is its version and commit; a
/// build from a modified checkout (or outside git) could differ from
/// another with the same version, so its size and time are added.
static std::string buildIdentity() {
  std::string Id = std::string(toolVersion()) + "\n" + gitCommit() + "\n" +
                   llvmVersion() + "\n" + rulesContentHash() + "\n" +
                   contentDigest(parsePreludeText()) + "\n" +
                   parseEconomyMode() + "\n";
  StringRef Commit = gitCommit();
  if (Commit.empty() || Commit.contains("dirty")) {
    std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
    sys::fs::file_status St;
    if (!Exe.empty() && !sys::fs::status(Exe, St))
      Id += Exe + " " + std::to_string(St.getSize()) + " " +
            std::to_string(
                St.getLastModificationTime().time_since_epoch().count()) +
            "\n";
  }
  return Id;
}

std::string runCacheKey(const TranslateOptions &Options) {
  ByteWriter W;
  W.str(kEntryMagic);
  W.str(buildIdentity());
  W.num(static_cast<unsigned>(Options.Launch));
  W.num(Options.AnalyzeFor.has_value());
  if (Options.AnalyzeFor) {
    W.num(Options.AnalyzeFor->size());
    for (const GpuTarget &T : *Options.AnalyzeFor)
      W.str(T.Name);
  }
  W.str(Options.TargetRocm ? Options.TargetRocm->str() : "");
  W.num(Options.NativeWave);
  // What changes a parse or the analyzers without showing in the command
  // line: clang's include-path variables, the toolkit hint, and the bench
  // switch that limits the analyzers.
  for (const char *Name : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                           "CUDA_PATH", "CUDA_HOME", "HIPWRIGHT_ANALYZERS"}) {
    std::optional<std::string> V = sys::Process::GetEnv(Name);
    W.num(V.has_value());
    W.str(V ? *V : "");
  }
  return W.take();
}

UnitCache::UnitCache(CacheSettings Settings, std::string RunKey,
                     std::function<bool(StringRef)> IsUserFile)
    : Settings(std::move(Settings)), RunKey(std::move(RunKey)),
      IsUserFile(std::move(IsUserFile)) {}

bool UnitCache::isUser(StringRef Path) const {
  // The spelling the translator asks about (TranslateUnit.cpp).
  return IsUserFile(normalizePath(Path));
}

std::string UnitCache::keyOf(ArrayRef<std::string> Args) const {
  ByteWriter W;
  W.str(RunKey);
  W.num(Args.size());
  for (const std::string &A : Args)
    W.str(A);
  return contentDigest(W.take());
}

std::string UnitCache::entryPath(ArrayRef<std::string> Args) const {
  std::string Key = keyOf(Args);
  SmallString<256> P(Settings.Dir);
  sys::path::append(P, kEntryDir, StringRef(Key).take_front(2),
                    StringRef(Key).drop_front(2) + kEntrySuffix);
  return std::string(P);
}

void UnitCache::count(unsigned CacheStats::*Field) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++(Stats.*Field);
}

std::optional<std::string> UnitCache::currentDigest(const std::string &Path) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Digests.find(Path);
    if (It != Digests.end())
      return It->second;
  }
  // Read outside the lock; two threads hashing the same header at once
  // agree on the answer. Memoized for the run: a header is hashed once
  // however many TUs include it.
  std::optional<std::string> D = fileDigest(Path);
  std::lock_guard<std::mutex> Lock(Mutex);
  return Digests.try_emplace(Path, D).first->second;
}

bool UnitCache::stillAbsent(const std::string &Path) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = AbsentNow.find(Path);
    if (It != AbsentNow.end())
      return It->second;
  }
  // Memoized like the digests: TUs with the same flags miss the same
  // headers in the same directories, so one stat answers all of them.
  bool Absent = pathIsAbsent(Path);
  std::lock_guard<std::mutex> Lock(Mutex);
  return AbsentNow.try_emplace(Path, Absent).first->second;
}

/// The entry payload: the key (a file under the wrong name is not
/// trusted), then per input whether it was the user's, then the result.
static std::string encodeEntry(StringRef Key, StringRef UserFlags,
                               const TuResult &R) {
  ByteWriter W;
  W.str(Key);
  W.str(UserFlags);
  encodeTuResult(R, W);
  return frameRecord(kEntryMagic, W.take());
}

std::optional<TuResult> UnitCache::lookup(ArrayRef<std::string> Args) {
  std::string Path = entryPath(Args);
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf) {
    count(&CacheStats::Misses);
    return std::nullopt;
  }
  auto Reject = [&] {
    // Never trusted; removed so the rebuilt entry replaces it cleanly.
    sys::fs::remove(Path);
    count(&CacheStats::Rejected);
    count(&CacheStats::Misses);
    return std::nullopt;
  };
  Expected<StringRef> Payload =
      unframeRecord(kEntryMagic, (*Buf)->getBuffer(), Path);
  if (!Payload) {
    consumeError(Payload.takeError());
    return Reject();
  }
  ByteReader R(*Payload);
  std::string Key = R.str();
  std::string UserFlags = R.str();
  std::optional<TuResult> Result = decodeTuResult(R);
  if (!Result || !R.ok() || !R.atEnd() || Key != keyOf(Args) ||
      UserFlags.size() != Result->Inputs.size() || Result->Inputs.empty())
    return Reject();
  for (size_t I = 0; I < Result->Inputs.size(); ++I) {
    const ParseInput &In = Result->Inputs[I];
    if (isUser(In.Path) != (UserFlags[I] == 'u') ||
        currentDigest(In.Path) != In.Digest) {
      count(&CacheStats::Misses);
      return std::nullopt;
    }
  }
  for (const std::string &P : Result->Absent)
    if (!stillAbsent(P)) {
      // A header the parse looked for and missed is there now: the parse
      // would take it (or one that shadows a header it read).
      count(&CacheStats::Misses);
      return std::nullopt;
    }
  // Recently used: eviction removes the oldest modification times first.
  ::utime(Path.c_str(), nullptr);
  count(&CacheStats::Hits);
  return Result;
}

void UnitCache::store(ArrayRef<std::string> Args, const TuResult &R) {
  // A result with parse errors is stored like any other: its errors are
  // part of it and come back on a hit, and the paths it missed (a header
  // not found is one) are checked like the files it read. A failed parse
  // or one whose inputs are not all known leaves nothing to check against.
  if (R.Failed || R.Inputs.empty() || R.Absent.size() > kMaxAbsentPaths)
    return;
  std::string UserFlags;
  for (const ParseInput &In : R.Inputs) {
    // Remember what the file was read as: another tree root can make the
    // same header the user's (translated) or not (left alone).
    UserFlags += isUser(In.Path) ? 'u' : 's';
    // A file changed on disk since the parse read it: the result is of
    // bytes that no longer exist; storing it would only be a later miss.
    if (currentDigest(In.Path) != In.Digest) {
      return;
    }
  }
  for (const std::string &P : R.Absent)
    if (!stillAbsent(P)) // appeared during the parse: a later miss
      return;
  std::string Path = entryPath(Args);
  AtomicWriteOptions Opts; // creates the directories, replaces atomically
  if (Error E = writeFileAtomically(
          Path, encodeEntry(keyOf(Args), UserFlags, R), Opts)) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!WriteError)
      WriteError = toString(std::move(E));
    else
      consumeError(std::move(E));
    return;
  }
  count(&CacheStats::Stored);
}

void UnitCache::evictIfOverBound() {
  if (!Stats.Stored)
    return;
  struct Entry {
    sys::TimePoint<> Used;
    std::string Path;
    uint64_t Size;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  // The prelude PCHs (frontend/PreludePchStore.h) share the bound: a few,
  // but each some megabytes, and one per set of flags ever used.
  for (auto [Dir, Suffix] : {std::pair{kEntryDir, kEntrySuffix},
                             std::pair{kPreludePchDir, kPreludePchSuffix}}) {
    SmallString<256> Root(Settings.Dir);
    sys::path::append(Root, Dir);
    for (sys::fs::recursive_directory_iterator It(Root, EC), End;
         It != End && !EC; It.increment(EC)) {
      sys::fs::file_status St;
      if (sys::fs::status(It->path(), St) ||
          St.type() != sys::fs::file_type::regular_file)
        continue;
      if (!StringRef(It->path()).ends_with(Suffix))
        continue; // temporaries are sweepAbandonedTemporaries' business
      Entries.push_back(
          {St.getLastModificationTime(), It->path(), St.getSize()});
      Total += St.getSize();
    }
    EC.clear();
  }
  if (Total <= Settings.MaxBytes)
    return;
  // Down to 90% of the bound, so the next run does not evict again at
  // once. Another process may remove the same entry: that is fine.
  uint64_t Target = Settings.MaxBytes / 10 * 9;
  std::sort(Entries.begin(), Entries.end(), [](const Entry &A, const Entry &B) {
    return std::tie(A.Used, A.Path) < std::tie(B.Used, B.Path);
  });
  for (const Entry &E : Entries) {
    if (Total <= Target)
      break;
    if (!sys::fs::remove(E.Path))
      count(&CacheStats::Evicted);
    Total -= E.Size;
  }
}

void UnitCache::sweepAbandonedTemporaries() {
  SmallString<256> Stamp(Settings.Dir);
  sys::path::append(Stamp, kSweepStamp);
  sys::fs::file_status St;
  auto Now = std::chrono::system_clock::now();
  if (!sys::fs::status(Stamp, St) && sys::fs::exists(St) &&
      Now - St.getLastModificationTime() < kSweepInterval)
    return;
  // Stamped first: two runs starting together sweep once, and a cache
  // that cannot be written is not walked on every run.
  if (Error E = writeFileAtomically(Stamp, "", AtomicWriteOptions{})) {
    consumeError(std::move(E));
    return;
  }
  for (const char *Dir : {kEntryDir, kPreludePchDir}) {
    SmallString<256> Root(Settings.Dir);
    sys::path::append(Root, Dir);
    removeAbandonedTemporaries(Root, kAbandonedAfter);
  }
}

CacheStats UnitCache::stats() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Stats;
}

std::optional<std::string> UnitCache::firstWriteError() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return WriteError;
}

} // namespace hipwright
