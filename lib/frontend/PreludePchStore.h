//===- PreludePchStore.h - prelude PCHs shared by TUs -----------*- C++ -*-===//
//
// One run's PCHs (frontend/PreludePch.h), one per distinct command line
// less the file, and one per distinct run of leading #include lines that
// TUs of a directory share. A PCH is built by the first TU that needs it while
// the others with the same key wait for it, and only for a key that at least
// two TUs of the run share or that is stored already: for a TU alone the
// PCH costs more than the parse it saves.
//
// With a directory (the result cache's, port/UnitCache.h), PCHs persist
// between runs as framed files written atomically, so two processes
// sharing the cache never read half of one. A stored PCH is used only
// when its framing checks out, every file its build read still has the
// bytes it had and every path its build looked up and missed is still
// missing; a damaged one is removed and rebuilt, a stale one rebuilt.
// Without a directory (--no-cache) PCHs live in memory for the run only.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/PreludePch.h"

#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace hipwright {

/// Where PCHs go inside the cache directory and how their files end.
inline constexpr const char *kPreludePchDir = "pch-v1";
inline constexpr const char *kPreludePchSuffix = ".pch";

struct PchStats {
  unsigned Built = 0;     ///< built in this run
  unsigned Loaded = 0;    ///< read from the cache directory
  unsigned Rejected = 0;  ///< stored files found damaged or stale
  unsigned Used = 0;      ///< TUs parsed with a PCH
  unsigned Fallbacks = 0; ///< TUs whose parse could not load it
};

/// A PCH for one TU and, for a prefix PCH, the files the TU must read as
/// planned for the PCH to stand for its first lines.
struct PchChoice {
  std::shared_ptr<const PreludePch> Pch;
  std::vector<PrefixLink> Chain;
};

class PreludePchStore {
public:
  /// \p CacheDir: the result cache's directory; empty keeps PCHs in memory.
  explicit PreludePchStore(std::string CacheDir);

  /// Announces a TU of the run (before any get): keys only one TU uses
  /// get no PCH built.
  void expect(llvm::ArrayRef<std::string> TuArgs, llvm::StringRef MainFile);

  /// The PCH for the TU of \p MainFile parsed with \p TuArgs, loaded or
  /// built on first use: the PCH of the largest run of #include lines it
  /// starts with (frontend/IncludePrefix.h) that another TU of the run
  /// starts with too (or that is stored), else the prelude's; no PCH when
  /// there is none to use (then parse without). Thread-safe; a second
  /// caller with the same key waits for the first.
  PchChoice get(llvm::ArrayRef<std::string> TuArgs, llvm::StringRef MainFile);

  /// The key of the PCH get() will choose for this TU if every build
  /// succeeds (empty: none), after every TU was announced: lets a caller
  /// start the builds of different PCHs first instead of waiting on one.
  std::string plannedKey(llvm::ArrayRef<std::string> TuArgs,
                         llvm::StringRef MainFile);

  /// A TU could not load \p Pch: no later TU of the run uses its key, and
  /// the stored file goes (the next run builds it anew).
  void markUnusable(const PreludePch &Pch);

  void countUse();
  PchStats stats() const;

  /// The file a PCH with \p Key is stored in (tests damage it).
  std::string pathFor(llvm::StringRef Key) const;

private:
  using Ready = std::shared_future<std::shared_ptr<const PreludePch>>;
  struct Slot {
    unsigned Expected = 0;
    std::optional<Ready> Pch;
    bool Unusable = false;
  };
  std::string Dir;
  mutable std::mutex Mutex;
  std::map<std::string, Slot> Slots;
  PchStats Stats;
  /// What a TU's PCH could be: the prelude's plan and the prefix PCHs'
  /// (largest first, each with the files on the way to its lines).
  struct TuPlans {
    std::optional<PchPlan> Prelude;
    std::vector<std::pair<PchPlan, std::vector<PrefixLink>>> Prefixes;
  };
  /// By main file: planned once (the first lines of the TU and of the
  /// headers on the way read, the keys digested) when the TU is announced,
  /// and used again to schedule it and to pick its PCH.
  std::map<std::string, std::shared_ptr<const TuPlans>> Plans;

  std::shared_ptr<const TuPlans> plansFor(llvm::ArrayRef<std::string> TuArgs,
                                          llvm::StringRef MainFile);

  std::shared_ptr<const PreludePch> obtain(const PchPlan &Plan);
  /// The PCH of \p Plan, or nullptr when there is none to use (another
  /// TU of the run must need it too, or it must be stored).
  std::shared_ptr<const PreludePch> getPlanned(const PchPlan &Plan);
  /// Whether getPlanned would build or load \p Plan's PCH (with the lock).
  bool worthHaving(const PchPlan &Plan, const Slot &S) const;
  std::optional<PreludePch> loadStored(const std::string &Path,
                                       llvm::StringRef Key);
  void count(unsigned PchStats::*Field);
};

} // namespace hipwright
