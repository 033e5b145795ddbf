//===- PreludePchStore.cpp - prelude PCHs built once, shared by TUs -------===//
#include "frontend/PreludePchStore.h"
#include "frontend/AbsentPaths.h"
#include "frontend/IncludePrefix.h"
#include "support/AtomicFile.h"
#include "support/ContainedThread.h"
#include "support/EnvFlag.h"
#include "support/FramedRecord.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <utime.h>

using namespace llvm;

namespace hipwright {

/// Stack for the PCH build: what a TU's parse gets (TranslateUnit.h).
static constexpr size_t kPchBuildStackBytes = size_t(64) << 20;

/// HIPWRIGHT_NO_PREFIX_PCH=1: only the prelude is precompiled (to check
/// that the output does not change, and to measure what the prefix saves).
static bool noPrefixPch() {
  static const bool Off = envFlag("HIPWRIGHT_NO_PREFIX_PCH");
  return Off;
}

PreludePchStore::PreludePchStore(std::string CacheDir)
    : Dir(std::move(CacheDir)) {}

std::string PreludePchStore::pathFor(StringRef Key) const {
  SmallString<256> P(Dir);
  sys::path::append(P, kPreludePchDir, Key + kPreludePchSuffix);
  return std::string(P);
}

void PreludePchStore::count(unsigned PchStats::*Field) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++(Stats.*Field);
}

void PreludePchStore::countUse() { count(&PchStats::Used); }

PchStats PreludePchStore::stats() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Stats;
}

std::shared_ptr<const PreludePchStore::TuPlans>
PreludePchStore::plansFor(ArrayRef<std::string> TuArgs, StringRef MainFile) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Plans.find(MainFile.str());
    if (It != Plans.end())
      return It->second;
  }
  auto Out = std::make_shared<TuPlans>();
  Out->Prelude = planPreludePch(TuArgs);
  if (Out->Prelude && !noPrefixPch())
    for (PrefixCandidate &C : prefixCandidates(TuArgs, MainFile))
      if (std::optional<PchPlan> Plan = planPrefixPch(TuArgs, C))
        Out->Prefixes.push_back({std::move(*Plan), std::move(C.Chain)});
  std::lock_guard<std::mutex> Lock(Mutex);
  return Plans.try_emplace(MainFile.str(), std::move(Out)).first->second;
}

/// Whether a header the TU enters on the way to the lines is in \p Pch:
/// the TU reads it before the lines, the PCH after (the order of a header
/// that includes itself back, say, would change).
static bool holdsChainFile(const PreludePch &Pch,
                           const std::vector<PrefixLink> &Chain) {
  for (const PrefixLink &L : Chain)
    for (const PchInput &In : Pch.Inputs)
      if (sys::path::filename(In.Path) == sys::path::filename(L.Path) &&
          sys::fs::equivalent(In.Path, L.Path))
        return true;
  return false;
}

void PreludePchStore::expect(ArrayRef<std::string> TuArgs, StringRef MainFile) {
  std::shared_ptr<const TuPlans> P = plansFor(TuArgs, MainFile);
  if (!P->Prelude)
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  ++Slots[P->Prelude->Key].Expected;
  for (auto &Prefix : P->Prefixes)
    ++Slots[Prefix.first.Key].Expected;
}

PchChoice PreludePchStore::get(ArrayRef<std::string> TuArgs,
                               StringRef MainFile) {
  std::shared_ptr<const TuPlans> P = plansFor(TuArgs, MainFile);
  for (auto &[Plan, Chain] : P->Prefixes)
    if (std::shared_ptr<const PreludePch> Pch = getPlanned(Plan))
      if (!holdsChainFile(*Pch, Chain))
        return {std::move(Pch), Chain};
  if (!P->Prelude)
    return {};
  return {getPlanned(*P->Prelude), {}};
}

bool PreludePchStore::worthHaving(const PchPlan &Plan, const Slot &S) const {
  // A prelude PCH pays from the second TU on. A prefix PCH holds the
  // prelude too and costs a parse of its lines to build: for two TUs it
  // saves about what it costs, and one shared more widely (a shorter run
  // of the same lines) is likely built anyway.
  unsigned Needed = Plan.Prefix ? 3 : 2;
  return S.Expected >= Needed ||
         (!Dir.empty() && sys::fs::exists(pathFor(Plan.Key)));
}

std::string PreludePchStore::plannedKey(ArrayRef<std::string> TuArgs,
                                        StringRef MainFile) {
  std::shared_ptr<const TuPlans> P = plansFor(TuArgs, MainFile);
  std::lock_guard<std::mutex> Lock(Mutex);
  for (auto &Prefix : P->Prefixes)
    if (worthHaving(Prefix.first, Slots[Prefix.first.Key]))
      return Prefix.first.Key;
  if (P->Prelude && worthHaving(*P->Prelude, Slots[P->Prelude->Key]))
    return P->Prelude->Key;
  return "";
}

std::shared_ptr<const PreludePch>
PreludePchStore::getPlanned(const PchPlan &Plan) {
  std::promise<std::shared_ptr<const PreludePch>> Promise;
  std::optional<Ready> Wait;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Slot &S = Slots[Plan.Key];
    if (S.Unusable)
      return nullptr;
    if (S.Pch) {
      Wait = *S.Pch;
    } else {
      if (!worthHaving(Plan, S))
        return nullptr;
      S.Pch = Promise.get_future().share();
    }
  }
  if (Wait) // another TU builds it: wait rather than build it twice
    return Wait->get();
  std::shared_ptr<const PreludePch> P;
  // A crash while building it (a clang bug) must not leave the TUs that
  // wait for it waiting forever: they parse without.
  runContained(kPchBuildStackBytes, [&] { P = obtain(Plan); });
  Promise.set_value(P);
  if (!P) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Slots[Plan.Key].Unusable = true;
  }
  return P;
}

std::optional<PreludePch> PreludePchStore::loadStored(const std::string &Path,
                                                      StringRef Key) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  Expected<PreludePch> Pch = decodePreludePch((*Buf)->getBuffer(), Path);
  if (!Pch || Pch->Key != Key) {
    if (!Pch)
      consumeError(Pch.takeError());
    // Never handed to clang; removed so the rebuilt one replaces it.
    sys::fs::remove(Path);
    count(&PchStats::Rejected);
    return std::nullopt;
  }
  for (const PchInput &In : Pch->Inputs) {
    if (fileDigest(In.Path) != In.Digest) {
      // A header changed (a toolkit updated in place): rebuilt below.
      count(&PchStats::Rejected);
      return std::nullopt;
    }
  }
  for (const std::string &P : Pch->Absent)
    if (!pathIsAbsent(P)) {
      // A header its build looked for and missed is there now: it may
      // shadow one the PCH holds.
      count(&PchStats::Rejected);
      return std::nullopt;
    }
  // Recently used: the cache's eviction removes the oldest first.
  ::utime(Path.c_str(), nullptr);
  return std::move(*Pch);
}

std::shared_ptr<const PreludePch> PreludePchStore::obtain(const PchPlan &Plan) {
  std::string Path = Dir.empty() ? std::string() : pathFor(Plan.Key);
  if (!Path.empty())
    if (std::optional<PreludePch> Stored = loadStored(Path, Plan.Key)) {
      count(&PchStats::Loaded);
      return std::make_shared<const PreludePch>(std::move(*Stored));
    }
  Expected<PreludePch> Built = buildPreludePch(Plan);
  if (!Built) {
    // The TUs parse the prelude themselves and report what is wrong.
    consumeError(Built.takeError());
    return nullptr;
  }
  count(&PchStats::Built);
  if (!Path.empty()) {
    // Another process may write the same key at the same time: each
    // renames a whole file into place, and the bytes are the same.
    if (Error E = writeFileAtomically(Path, encodePreludePch(*Built)))
      consumeError(std::move(E)); // only the next run is slower
  }
  return std::make_shared<const PreludePch>(std::move(*Built));
}

void PreludePchStore::markUnusable(const PreludePch &Pch) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Slots[Pch.Key].Unusable = true;
    ++Stats.Fallbacks;
  }
  if (!Dir.empty())
    sys::fs::remove(pathFor(Pch.Key));
}

} // namespace hipwright
