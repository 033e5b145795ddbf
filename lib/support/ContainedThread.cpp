//===- ContainedThread.cpp - a crash ends one job, not the run ------------===//
//
// Not llvm::CrashRecoveryContext: enabling it process-wide also arms the
// contexts clang itself creates when it moves a deep recursion to a fresh
// stack (runWithSufficientStackSpace), and clang ignores whether those ran
// to the end, so a crash there would be swallowed and the parse would carry
// on half-done. Here only threads started by runContained are covered; a
// crash anywhere else still ends the process, loudly.
//
//===----------------------------------------------------------------------===//
#include "support/ContainedThread.h"

#include "llvm/Support/thread.h"

#include <algorithm>
#include <csetjmp>
#include <csignal>
#include <memory>
#include <mutex>

namespace hipwright {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
struct sigaction PreviousActions[std::size(kSignals)];

/// Set while a contained job runs on this thread: where a fatal signal
/// jumps back to, and which one it was.
thread_local sigjmp_buf *JumpBack = nullptr;
thread_local volatile std::sig_atomic_t CaughtSignal = 0;

void onFatalSignal(int Sig) {
  if (sigjmp_buf *J = JumpBack) {
    JumpBack = nullptr;
    CaughtSignal = Sig;
    siglongjmp(*J, 1); // restores the mask saved by sigsetjmp: Sig unblocked
  }
  // Not a contained thread: hand the signal to whoever handled it before
  // (LLVM's stack-trace printer, or the default action). It is blocked
  // while this handler runs, so raise() delivers it right after we return.
  for (size_t I = 0; I < std::size(kSignals); ++I)
    if (kSignals[I] == Sig)
      sigaction(Sig, &PreviousActions[I], nullptr);
  raise(Sig);
}

/// Puts onFatalSignal in place for each signal where something else is
/// (keeping that as the one to hand foreign crashes to). Checked on every
/// run, not once: a handler installed later (a test framework's, say) would
/// otherwise displace ours for good.
void ensureHandlers() {
  static std::mutex Lock;
  std::lock_guard<std::mutex> Guard(Lock);
  for (size_t I = 0; I < std::size(kSignals); ++I) {
    struct sigaction Now;
    if (sigaction(kSignals[I], nullptr, &Now) != 0 ||
        Now.sa_handler == onFatalSignal)
      continue;
    struct sigaction SA = {};
    SA.sa_handler = onFatalSignal;
    // On the alternate stack: after a stack overflow there is no room left
    // on the thread's own stack to run a handler.
    SA.sa_flags = SA_ONSTACK;
    sigemptyset(&SA.sa_mask);
    PreviousActions[I] = Now;
    sigaction(kSignals[I], &SA, nullptr);
  }
}

/// An alternate signal stack for the calling thread, removed on scope exit.
class AltStack {
public:
  AltStack() : Size(std::max<size_t>(64 << 10, SIGSTKSZ)), Mem(new char[Size]) {
    stack_t S = {};
    S.ss_sp = Mem.get();
    S.ss_size = Size;
    Installed = sigaltstack(&S, &Old) == 0;
  }
  ~AltStack() {
    if (Installed)
      sigaltstack(&Old, nullptr);
  }

private:
  size_t Size;
  std::unique_ptr<char[]> Mem;
  stack_t Old = {};
  bool Installed = false;
};

/// The contained part, kept out of line so that nothing with a destructor
/// lives in the frame that sigsetjmp returns to twice.
int runWithJumpBack(llvm::function_ref<void()> Fn) {
  sigjmp_buf Buf;
  if (sigsetjmp(Buf, /*savemask=*/1) == 0) {
    CaughtSignal = 0;
    JumpBack = &Buf;
    Fn();
    JumpBack = nullptr;
    return 0;
  }
  return CaughtSignal;
}

} // namespace

int runContained(size_t StackBytes, llvm::function_ref<void()> Fn) {
  ensureHandlers();
  int Signal = 0;
  llvm::thread T(std::optional<unsigned>(static_cast<unsigned>(StackBytes)),
                 [&] {
                   AltStack Alt;
                   Signal = runWithJumpBack(Fn);
                 });
  T.join();
  return Signal;
}

} // namespace hipwright
