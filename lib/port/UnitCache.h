//===- UnitCache.h - translation results reused across runs -----*- C++ -*-===//
//
// A content-addressed cache of TuResults, so a second lint of an unchanged
// tree does not parse again. An entry is found by a key over everything
// that is known before the parse: hipwright's build (version, commit, rules
// tables, parse prelude), the TU's full clang command line (which names the
// file, the toolkit, every -I/-D), the translation options (targets, ROCm
// release, launch syntax) and the environment the parse reads. The entry
// then lists every file the parse read with the digest of the bytes it
// read, and whether it was the user's, and every path the parse looked up
// and did not find (frontend/AbsentPaths.h: a missing #include in each
// directory searched, a __has_include that said no, the -I directories
// before the one a header was found in). It is used only when every file
// still has that digest and that ownership and every missed path is still
// missing, so an edited header misses, and so does a header created where
// the parse looked: one that was missing, or one in an earlier -I
// directory that would shadow the header the parse used. Results with
// parse errors are stored too, errors and all: the missed paths are what
// makes that safe. Not stored: a parse that failed outright, one with a
// file it could not read back, or one that missed more than
// kMaxAbsentPaths paths (an entry that large would cost more to check).
//
// Entries are framed (support/FramedRecord.h): a truncated or damaged entry
// is ignored, removed and rebuilt. Each is written to a temporary file in
// its directory and renamed into place, so processes sharing the cache
// never see half an entry. The cache is bounded: when a run stores entries
// and the total exceeds the bound, the least recently used are removed (a
// hit refreshes an entry's modification time).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "port/PortOptions.h"
#include "port/TuResult.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace hipwright {

/// Where the cache lives and how big it may grow.
struct CacheSettings {
  std::string Dir;
  uint64_t MaxBytes = kDefaultMaxBytes;
  static constexpr uint64_t kDefaultMaxBytes = uint64_t(1) << 30; // 1 GiB
};

/// The cache the environment asks for: HIPWRIGHT_CACHE_DIR, else
/// $XDG_CACHE_HOME/hipwright, else $HOME/.cache/hipwright; the bound from
/// HIPWRIGHT_CACHE_MAX_SIZE ("500M", "2G", "4096K" or bytes; 0 turns the
/// cache off). nullopt when caching is off or there is no home to put it
/// in; an error for a malformed size.
llvm::Expected<std::optional<CacheSettings>> cacheSettingsFromEnvironment();

/// "2G" -> 2^31; K, M, G (powers of 1024) or plain bytes.
std::optional<uint64_t> parseByteSize(llvm::StringRef Text);

struct CacheStats {
  unsigned Hits = 0;
  unsigned Misses = 0;
  unsigned Stored = 0;
  unsigned Rejected = 0; ///< entries found damaged, removed and rebuilt
  unsigned Evicted = 0;
};

class UnitCache {
public:
  /// \p RunKey: everything in the key that is the same for every TU of
  /// the run (see runCacheKey).
  UnitCache(CacheSettings Settings, std::string RunKey,
            std::function<bool(llvm::StringRef)> IsUserFile);

  /// The stored result of the TU parsed by \p Args, if every file it read
  /// is unchanged. Safe to call from several threads.
  std::optional<TuResult> lookup(llvm::ArrayRef<std::string> Args);

  /// Stores \p Result (when cacheable: parsed, possibly with errors;
  /// inputs known; at most kMaxAbsentPaths missed paths).
  /// A failure to write is remembered (firstWriteError) and otherwise
  /// ignored: the cache only ever saves work. Thread-safe.
  void store(llvm::ArrayRef<std::string> Args, const TuResult &Result);

  /// Removes least recently used entries while the cache exceeds its
  /// bound; only when this run stored something.
  void evictIfOverBound();

  /// Removes the temporary files that runs killed mid-write left in the
  /// cache (older than kAbandonedAfter, not locked by a live writer),
  /// whether or not this run stores anything. The walk is done at most
  /// once per kSweepInterval (a stamp file in the cache records when), so
  /// a warm run does not pay for reading every entry's directory.
  void sweepAbandonedTemporaries();
  static constexpr std::chrono::hours kAbandonedAfter{24};
  static constexpr std::chrono::hours kSweepInterval{1};

  CacheStats stats() const;
  std::optional<std::string> firstWriteError() const;

  /// The file an entry for \p Args lives in (tests damage it).
  std::string entryPath(llvm::ArrayRef<std::string> Args) const;

  /// More missed paths than this and a result is not stored. A ggml-cuda
  /// TU misses 1,300 to 1,800 (docs/performance.md).
  static constexpr size_t kMaxAbsentPaths = 20000;

private:
  CacheSettings Settings;
  std::string RunKey;
  std::function<bool(llvm::StringRef)> IsUserFile;
  mutable std::mutex Mutex;
  std::map<std::string, std::optional<std::string>> Digests; ///< per run
  std::map<std::string, bool> AbsentNow;                     ///< per run
  CacheStats Stats;
  std::optional<std::string> WriteError;

  std::string keyOf(llvm::ArrayRef<std::string> Args) const;
  bool isUser(llvm::StringRef Path) const;
  std::optional<std::string> currentDigest(const std::string &Path);
  bool stillAbsent(const std::string &Path);
  void count(unsigned CacheStats::*Field);
};

/// The run-wide part of the key: hipwright's build, the translation
/// options, and the environment variables that change a parse.
std::string runCacheKey(const TranslateOptions &Options);

} // namespace hipwright
