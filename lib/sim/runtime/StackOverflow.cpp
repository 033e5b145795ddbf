//===- StackOverflow.cpp - diagnosing a fiber that overflows its stack ----===//
//
// A fiber that runs off its stack touches the PROT_NONE guard below it. The
// SIGSEGV handler runs on an alternate stack, checks the fault address
// against the running fiber's guard, and reports the kernel and thread. Any
// other fault is handed back to the previous disposition.
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
#include <unistd.h>

namespace hwsim::detail {

namespace {

struct sigaction previousAction;

// Async-signal-safe appends for the message.
struct Line {
  char text[512];
  size_t len = 0;
  void add(const char *s) {
    while (*s && len + 1 < sizeof(text))
      text[len++] = *s++;
  }
  void add(unsigned long v) {
    char digits[24];
    int n = 0;
    do {
      digits[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v);
    while (n && len + 1 < sizeof(text))
      text[len++] = digits[--n];
  }
};

void onSegv(int sig, siginfo_t *info, void *uctx) {
  BlockExec *exec = runningBlock;
  SimThread *t = exec ? exec->current : nullptr;
  auto addr = reinterpret_cast<uintptr_t>(info->si_addr);
  if (t && t->stack) {
    auto guard = reinterpret_cast<uintptr_t>(t->stack->guardLow);
    auto low = reinterpret_cast<uintptr_t>(t->stack->low);
    // A large frame can jump past the guard, so a little below it counts.
    if (addr < low && addr + 4 * kStackGuardBytes >= guard) {
      Line line;
      line.add("hipwright-sim: error: kernel '");
      line.add(exec->kernel);
      line.add("' block (");
      line.add(exec->block.x);
      line.add(",");
      line.add(exec->block.y);
      line.add(",");
      line.add(exec->block.z);
      line.add(") thread (");
      line.add(t->index.x);
      line.add(",");
      line.add(t->index.y);
      line.add(",");
      line.add(t->index.z);
      line.add("): stack overflow: the fiber used more than its ");
      line.add(static_cast<unsigned long>(t->stack->size / 1024));
      line.add(" KiB stack (HIPWRIGHT_SIM_STACK_KIB raises it)\n");
      ssize_t ignored = write(2, line.text, line.len);
      (void)ignored;
      _exit(kDiagnosedExit);
    }
  }
  // Not ours: restore what was there and let the fault happen again.
  if (previousAction.sa_flags & SA_SIGINFO) {
    if (previousAction.sa_sigaction) {
      previousAction.sa_sigaction(sig, info, uctx);
      return;
    }
  } else if (previousAction.sa_handler != SIG_DFL &&
             previousAction.sa_handler != SIG_IGN) {
    previousAction.sa_handler(sig);
    return;
  }
  signal(SIGSEGV, SIG_DFL);
}

thread_local void *altStack = nullptr;
constexpr size_t kAltStackBytes = 64 * 1024;

} // namespace

// Checked on every launch, not once: test frameworks and the program itself
// may install their own SIGSEGV handler or alternate stack in between.
void installOverflowHandler() {
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
  struct sigaction installed {};
  sigaction(SIGSEGV, nullptr, &installed);
  if ((installed.sa_flags & SA_SIGINFO) && installed.sa_sigaction == onSegv)
    return;
  struct sigaction action {};
  action.sa_sigaction = onSegv;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &previousAction);
}

} // namespace hwsim::detail
