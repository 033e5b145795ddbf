//===- AssertTest.cpp - device-side assert, __trap and the sticky fault ---===//
//
// A failed assert or a trap in a kernel aborts the launch and leaves the
// context faulted for the rest of the process, so each such scenario runs
// in a forked child (SimTestSupport.h) that reports failed checks on stderr
// and through its exit status.
//
//===----------------------------------------------------------------------===//
// The test binary is built with NDEBUG in release builds; these tests need
// the real assert (and switch NDEBUG on again for one kernel below).
#undef NDEBUG
#include <assert.h>

#include "SimTestSupport.h"
#include "hwsim/hwsim.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <string>

using namespace simtest;

namespace {

constexpr unsigned kBlocks = 8;
constexpr unsigned kThreads = 64;
constexpr unsigned kFailBlock = 3;
constexpr unsigned kFailThread = 5;

std::atomic<int> blocksStarted{0};
std::atomic<int> threadsPassed{0};
// The device assert under test; CUDA's message names this function and line.
constexpr int kAssertLine = __LINE__ + 1;
void assertNotFailing(bool failing) { assert(!failing); }

void resetCounters() {
  blocksStarted = 0;
  threadsPassed = 0;
}

void assertingKernel(unsigned failBlock, unsigned failThread) {
  if (threadIdx.x == 0)
    ++blocksStarted;
  // Every fiber is suspended here once, so the abandoned ones are mid-kernel.
  __syncthreads();
  assertNotFailing(blockIdx.x == failBlock && threadIdx.x == failThread);
  ++threadsPassed;
}

// A failed check in a child: say which on stderr and make the exit status 1.
int childFailures = 0;
void expect(bool ok, const char *what) {
  if (ok)
    return;
  std::fprintf(stderr, "CHECK FAILED: %s\n", what);
  ++childFailures;
}
#define EXPECT(cond) expect((cond), #cond)

void finishChild() {
  std::fflush(stderr);
  std::_Exit(childFailures ? 1 : 0);
}

void launchAsserting(unsigned failBlock) {
  hwsim::launch("assertingKernel",
                hwsim::LaunchConfig(dim3(kBlocks), dim3(kThreads)),
                [=] { assertingKernel(failBlock, kFailThread); });
}

int countLines(const std::string &text, const std::string &part) {
  int n = 0;
  for (size_t p = 0; (p = text.find(part, p)) != std::string::npos; ++p)
    ++n;
  return n;
}

// NDEBUG switched on for one kernel: its assert must compile to nothing.
#define NDEBUG
#include <assert.h>
void ndebugKernel() {
  assert(threadIdx.x == 12345);
  ++threadsPassed;
}
#undef NDEBUG
#include <assert.h>

} // namespace

TEST_CASE("assert: a failed device assert aborts the launch and faults the "
          "context") {
  for (int width : {32, 64}) {
    INFO("wave width " << width);
    ChildResult r = runInChild([width] {
      hwsim::setWaveWidth(width);
      resetCounters();
      launchAsserting(kFailBlock);
      // Blocks after the failing one never start; in the failing block the
      // threads before it (in thread order) finished, the rest never resume.
      EXPECT(blocksStarted == int(kFailBlock + 1));
      EXPECT(threadsPassed == int(kFailBlock * kThreads + kFailThread));
      EXPECT(hwsim::contextFault() == hwsim::LaunchFault::Assert);
      EXPECT(cudaDeviceSynchronize() == cudaErrorAssert);
      EXPECT(cudaGetLastError() == cudaErrorAssert);
      EXPECT(cudaGetLastError() == cudaErrorAssert); // Sticky.
      EXPECT(cudaPeekAtLastError() == cudaErrorAssert);
      void *p = nullptr;
      EXPECT(cudaMalloc(&p, 256) == cudaErrorAssert);
      EXPECT(hipDeviceSynchronize() == hipErrorAssert);
      EXPECT(hipGetLastError() == hipErrorAssert);
      EXPECT(std::string(cudaGetErrorName(cudaErrorAssert)) ==
             "cudaErrorAssert");
      // A faulted context runs no more kernels.
      resetCounters();
      launchAsserting(kBlocks); // Would not fail anywhere.
      EXPECT(blocksStarted == 0);
      EXPECT(threadsPassed == 0);
      // A reset starts afresh; the pooled stacks of the abandoned fibers
      // serve a full launch.
      EXPECT(cudaDeviceReset() == cudaSuccess);
      EXPECT(hwsim::contextFault() == hwsim::LaunchFault::None);
      EXPECT(cudaDeviceSynchronize() == cudaSuccess);
      launchAsserting(kBlocks);
      EXPECT(blocksStarted == int(kBlocks));
      EXPECT(threadsPassed == int(kBlocks * kThreads));
      EXPECT(cudaMalloc(&p, 256) == cudaSuccess);
      EXPECT(cudaFree(p) == cudaSuccess);
      finishChild();
    });
    CHECK(r.exited);
    CHECK(r.code == 0);
    std::string expected =
        std::string(__FILE__) + ":" + std::to_string(kAssertLine) + ": ";
    std::string tail = std::string("assertNotFailing(bool): block: [") +
                       std::to_string(kFailBlock) + ",0,0], thread: [" +
                       std::to_string(kFailThread) +
                       ",0,0] Assertion `!failing` failed.\n";
    INFO(r.err);
    CHECK(r.err.rfind(expected, 0) == 0);
    CHECK(contains(r.err, tail));
    CHECK(countLines(r.err, "Assertion") == 1);
    CHECK(!contains(r.err, "CHECK FAILED"));
  }
}

TEST_CASE("assert: a passing device assert and an NDEBUG assert do nothing") {
  for (int width : {32, 64}) {
    INFO("wave width " << width);
    hwsim::setWaveWidth(width);
    resetCounters();
    launchAsserting(kBlocks);
    CHECK(blocksStarted == int(kBlocks));
    CHECK(threadsPassed == int(kBlocks * kThreads));
    resetCounters();
    run("ndebugKernel", dim3(2), dim3(kThreads), [] { ndebugKernel(); });
    CHECK(threadsPassed == int(2 * kThreads));
    CHECK(hwsim::contextFault() == hwsim::LaunchFault::None);
    CHECK(cudaGetLastError() == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
  }
}

TEST_CASE("assert: a failed host assert aborts the process as glibc's does") {
  ChildResult r = runInChild([] {
    // Catch2's own SIGABRT handler would report the abort as a failure.
    std::signal(SIGABRT, SIG_DFL);
    volatile int zero = 0;
    assert(zero == 1);
  });
  CHECK(r.signal == SIGABRT);
  INFO(r.err);
  CHECK(contains(r.err, std::string(": ") + __FILE__ + ":"));
  CHECK(contains(r.err, "Assertion `zero == 1' failed.\n"));
  CHECK(!contains(r.err, "block: ["));
}

namespace {
void trappingKernel(bool breakpoint) {
  if (threadIdx.x == 0)
    ++blocksStarted;
  if (blockIdx.x == 1 && threadIdx.x == 2) {
    if (breakpoint)
      __brkpt();
    __trap();
  }
  ++threadsPassed;
}
} // namespace

TEST_CASE("assert: __trap and __brkpt abort the launch with "
          "cudaErrorLaunchFailure") {
  for (int width : {32, 64}) {
    for (bool breakpoint : {false, true}) {
      INFO("wave width " << width << (breakpoint ? " __brkpt" : " __trap"));
      ChildResult r = runInChild([=] {
        hwsim::setWaveWidth(width);
        resetCounters();
        run("trappingKernel", dim3(4), dim3(kThreads),
            [=] { trappingKernel(breakpoint); });
        EXPECT(blocksStarted == 2);
        EXPECT(threadsPassed == int(kThreads + 2));
        EXPECT(hwsim::contextFault() == hwsim::LaunchFault::Trap);
        EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
        EXPECT(hipGetLastError() == hipErrorLaunchFailure);
        void *p = nullptr;
        EXPECT(hipMalloc(&p, 16) == hipErrorLaunchFailure);
        finishChild();
      });
      INFO(r.err);
      CHECK(r.exited);
      CHECK(r.code == 0);
      CHECK(errorLines(r.err) == 1);
      CHECK(contains(r.err, "hipwright-sim: error: kernel 'trappingKernel' "
                            "block (1,0,0): thread (2,0,0) executed "));
      CHECK(contains(r.err, breakpoint ? "__brkpt()" : "__trap()"));
    }
  }
}
