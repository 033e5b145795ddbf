//===- SignalCleanup.cpp - what an interrupted run must undo --------------===//
#include "support/SignalCleanup.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <signal.h>
#include <unistd.h>

namespace hipwright {

namespace {

// Writes are sequential (one temporary file at a time, two with a backup),
// so a handful of slots is plenty; children run at most one per --jobs
// worker.
constexpr int kTempSlots = 16;
constexpr int kGroupSlots = 256;

enum SlotState : int { Free = 0, Filling = 1, Ready = 2 };

std::atomic<int> TempState[kTempSlots];
char TempPath[kTempSlots][PATH_MAX];
std::atomic<pid_t> Groups[kGroupSlots];

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction Previous[sizeof(kSignals) / sizeof(kSignals[0])];

/// Runs on the signal: only async-signal-safe calls (unlink, kill,
/// sigaction, raise) and lock-free atomics.
void onSignal(int Sig) {
  int SavedErrno = errno;
  for (int I = 0; I < kTempSlots; ++I)
    if (TempState[I].load(std::memory_order_acquire) == Ready)
      ::unlink(TempPath[I]);
  for (int I = 0; I < kGroupSlots; ++I)
    if (pid_t G = Groups[I].load(std::memory_order_acquire); G > 0)
      ::kill(-G, SIGKILL);
  // Hand the signal on: it is blocked while this handler runs, so raise()
  // leaves it pending and it reaches the previous disposition (LLVM's
  // handler, then the default action) as soon as this returns.
  for (size_t I = 0; I < sizeof(kSignals) / sizeof(kSignals[0]); ++I)
    if (kSignals[I] == Sig)
      ::sigaction(Sig, &Previous[I], nullptr);
  ::raise(Sig);
  errno = SavedErrno;
}

} // namespace

void installSignalCleanup() {
  for (size_t I = 0; I < sizeof(kSignals) / sizeof(kSignals[0]); ++I) {
    struct sigaction Old;
    if (::sigaction(kSignals[I], nullptr, &Old) != 0)
      continue;
    // Started with the signal ignored (nohup, a background job of a
    // script): the user asked that it not end us, so leave it ignored.
    if (Old.sa_handler == SIG_IGN)
      continue;
    struct sigaction New;
    std::memset(&New, 0, sizeof(New));
    New.sa_handler = onSignal;
    sigemptyset(&New.sa_mask);
    New.sa_flags = 0;
    ::sigaction(kSignals[I], &New, &Previous[I]);
  }
}

TempFileGuard::TempFileGuard(llvm::StringRef Path) {
  if (Path.size() >= PATH_MAX)
    return;
  for (int I = 0; I < kTempSlots; ++I) {
    int Expected = Free;
    if (!TempState[I].compare_exchange_strong(Expected, Filling))
      continue;
    std::memcpy(TempPath[I], Path.data(), Path.size());
    TempPath[I][Path.size()] = '\0';
    TempState[I].store(Ready, std::memory_order_release);
    Slot = I;
    return;
  }
}

void TempFileGuard::release() {
  if (Slot < 0)
    return;
  TempState[Slot].store(Free, std::memory_order_release);
  Slot = -1;
}

ProcessGroupGuard::ProcessGroupGuard(pid_t Group) {
  if (Group <= 0)
    return;
  for (int I = 0; I < kGroupSlots; ++I) {
    pid_t Expected = 0;
    if (Groups[I].compare_exchange_strong(Expected, Group)) {
      Slot = I;
      return;
    }
  }
}

void ProcessGroupGuard::release() {
  if (Slot < 0)
    return;
  Groups[Slot].store(0, std::memory_order_release);
  Slot = -1;
}

} // namespace hipwright
