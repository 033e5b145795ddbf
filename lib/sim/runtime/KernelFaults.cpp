//===- KernelFaults.cpp - diagnosing a fault inside a simulated kernel ----===//
//
// Kernels run on fibers, so a bad access in a kernel is an ordinary SIGSEGV
// (or SIGBUS, or SIGFPE for an integer division by zero) of this process. A
// handler on an alternate stack looks at where the fault happened:
//
// - in the running fiber's guard page: the fiber overflowed its stack;
// - anywhere else while the interrupted code ran on a fiber's stack: the
//   kernel itself faulted (an out-of-bounds or null access, as a GPU's
//   "illegal address" launch failure);
//
// and says which kernel, block and thread, exiting with kDiagnosedExit. A
// fault in host code is left to the previous disposition, so the process
// dies of the signal as it would without the runtime: the two are never
// confused.
//
//===----------------------------------------------------------------------===//
#include "BlockExec.h"
#include "Diagnostics.h"

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

namespace hwsim::detail {

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE};
constexpr size_t kNumSignals = sizeof(kSignals) / sizeof(kSignals[0]);
struct sigaction previousActions[kNumSignals];

// Async-signal-safe appends for the message.
struct Line {
  char text[512];
  size_t len = 0;
  void add(const char *s) {
    while (*s && len + 1 < sizeof(text))
      text[len++] = *s++;
  }
  void add(unsigned long v, unsigned base = 10) {
    char digits[24];
    int n = 0;
    do {
      digits[n++] = "0123456789abcdef"[v % base];
      v /= base;
    } while (v);
    while (n && len + 1 < sizeof(text))
      text[len++] = digits[--n];
  }
  void where(const BlockExec &exec, const SimThread &t) {
    add("hipwright-sim: error: kernel '");
    add(exec.kernel);
    add("' block (");
    add(exec.block.x);
    add(",");
    add(exec.block.y);
    add(",");
    add(exec.block.z);
    add(") thread (");
    add(t.index.x);
    add(",");
    add(t.index.y);
    add(",");
    add(t.index.z);
    add("): ");
  }
  [[noreturn]] void exit() {
    add("\n");
    ssize_t ignored = write(2, text, len);
    (void)ignored;
    _exit(kDiagnosedExit);
  }
};

/// The stack pointer of the interrupted code, or 0 where this port of the
/// runtime does not know how to read it.
uintptr_t interruptedStackPointer(void *uctx) {
  auto *uc = static_cast<ucontext_t *>(uctx);
#if defined(__x86_64__)
  return static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RSP]);
#elif defined(__aarch64__)
  return static_cast<uintptr_t>(uc->uc_mcontext.sp);
#else
  (void)uc;
  return 0;
#endif
}

const char *describe(int sig, int code) {
  if (sig == SIGFPE)
    return code == FPE_INTDIV ? "integer division by zero"
                              : "arithmetic exception (SIGFPE)";
  if (sig == SIGBUS)
    return "misaligned or unmapped memory access (SIGBUS)";
  return "invalid memory access (SIGSEGV)";
}

size_t indexOf(int sig) {
  for (size_t i = 0; i < kNumSignals; ++i)
    if (kSignals[i] == sig)
      return i;
  return 0;
}

void onFault(int sig, siginfo_t *info, void *uctx) {
  BlockExec *exec = runningBlock;
  SimThread *t = exec ? exec->current : nullptr;
  if (t && t->stack) {
    auto addr = reinterpret_cast<uintptr_t>(info->si_addr);
    auto guard = reinterpret_cast<uintptr_t>(t->stack->guardLow);
    auto low = reinterpret_cast<uintptr_t>(t->stack->low);
    auto high = low + t->stack->size;
    // A large frame can jump past the guard, so a little below it counts.
    if (sig == SIGSEGV && addr < low && addr + 4 * kStackGuardBytes >= guard) {
      Line line;
      line.where(*exec, *t);
      line.add("stack overflow: the fiber used more than its ");
      line.add(static_cast<unsigned long>(t->stack->size / 1024));
      line.add(" KiB stack (HIPWRIGHT_SIM_STACK_KIB raises it)");
      line.exit();
    }
    // On a fiber's stack means in kernel code (or in the runtime on the
    // kernel's behalf): the kernel faulted, not the host program.
    uintptr_t sp = interruptedStackPointer(uctx);
    if (sp >= guard && sp < high) {
      Line line;
      line.where(*exec, *t);
      line.add(describe(sig, info->si_code));
      if (sig != SIGFPE) {
        line.add(" at address 0x");
        line.add(static_cast<unsigned long>(addr), 16);
      }
      line.add("; the kernel faulted (on a GPU the launch fails)");
      line.exit();
    }
  }
  // Host code: restore what was there and let the fault happen again.
  const struct sigaction &previous = previousActions[indexOf(sig)];
  if (previous.sa_flags & SA_SIGINFO) {
    if (previous.sa_sigaction) {
      previous.sa_sigaction(sig, info, uctx);
      return;
    }
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
    return;
  }
  signal(sig, SIG_DFL);
}

thread_local void *altStack = nullptr;
constexpr size_t kAltStackBytes = 64 * 1024;

} // namespace

// Checked on every launch, not once: test frameworks and the program itself
// may install their own handlers or alternate stack in between.
void installFaultHandler() {
  stack_t current{};
  sigaltstack(nullptr, &current);
  if (current.ss_flags & SS_DISABLE) {
    if (!altStack) {
      // Never freed: the thread may take a signal until it ends.
      void *mem = mmap(nullptr, kAltStackBytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      altStack = mem == MAP_FAILED ? nullptr : mem;
    }
    if (altStack) {
      stack_t ss{};
      ss.ss_sp = altStack;
      ss.ss_size = kAltStackBytes;
      sigaltstack(&ss, nullptr);
    }
  }
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  for (size_t i = 0; i < kNumSignals; ++i) {
    struct sigaction installed{};
    sigaction(kSignals[i], nullptr, &installed);
    if ((installed.sa_flags & SA_SIGINFO) && installed.sa_sigaction == onFault)
      continue;
    struct sigaction action{};
    action.sa_sigaction = onFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(kSignals[i], &action, &previousActions[i]);
  }
}

} // namespace hwsim::detail
