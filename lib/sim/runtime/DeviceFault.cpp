//===- DeviceFault.cpp - device-side assert and trap ----------------------===//
//
// Kernels are ordinary C++ here, so a kernel's assert() is glibc's macro and
// calls __assert_fail. The definition below is linked into the program ahead
// of glibc's (the archive is searched before libc), so it sees every failed
// assert: inside a kernel fiber it aborts the launch as a GPU does; in host
// code it does what glibc does. Programs built with NDEBUG never call it.
//
//===----------------------------------------------------------------------===//
#include "BlockExec.h"
#include "Diagnostics.h"

#include <assert.h>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace hwsim {
namespace {
// One simulated context per process, so one fault for all host threads.
std::atomic<LaunchFault> stickyFault{LaunchFault::None};
} // namespace

LaunchFault contextFault() {
  return stickyFault.load(std::memory_order_acquire);
}
void clearContextFault() {
  stickyFault.store(LaunchFault::None, std::memory_order_release);
}

namespace detail {

void abortLaunch(BlockExec &exec, LaunchFault fault) {
  std::fflush(stderr);
  // The first fault wins, as the first error a CUDA context records does.
  LaunchFault none = LaunchFault::None;
  stickyFault.compare_exchange_strong(none, fault, std::memory_order_acq_rel);
  exec.aborted = true;
  SimThread &self = *exec.current;
  self.state = FiberState::Exited;
  switchFiber(self.context, exec.scheduler);
  __builtin_unreachable(); // The scheduler never resumes an aborted fiber.
}

void trapKernel(const char *what) {
  BlockExec *exec = runningBlock;
  if (!exec || !exec->current) {
    printError(format("%s executed in host code", what));
    std::fflush(stderr);
    std::abort();
  }
  printError(format("%s: thread (%u,%u,%u) executed %s; the launch is "
                    "aborted (unspecified launch failure)",
                    blockPrefix(*exec).c_str(), threadIdx.x, threadIdx.y,
                    threadIdx.z, what));
  abortLaunch(*exec, LaunchFault::Trap);
}

} // namespace detail
} // namespace hwsim

// The signature is glibc's, from <assert.h>.
extern "C" void __assert_fail(const char *assertion, const char *file,
                              unsigned int line,
                              const char *function) noexcept {
  using namespace hwsim::detail;
  BlockExec *exec = runningBlock;
  if (!exec || !exec->current) {
    std::fprintf(stderr, "%s: %s:%u: %s%sAssertion `%s' failed.\n",
                 program_invocation_short_name, file, line,
                 function ? function : "", function ? ": " : "", assertion);
    std::fflush(stderr);
    std::abort();
  }
  // CUDA's device-side wording (HIP's is close to it).
  std::fprintf(stderr,
               "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion "
               "`%s` failed.\n",
               file, line, function ? function : "", blockIdx.x, blockIdx.y,
               blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z, assertion);
  abortLaunch(*exec, hwsim::LaunchFault::Assert);
}
