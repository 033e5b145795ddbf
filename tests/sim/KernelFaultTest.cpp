// A fault inside a kernel is the kernel's (named with its block and thread,
// exit status 86); the same fault in host code stays a host crash, so verify
// can tell the two apart.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <csignal>

using namespace simtest;

namespace {
// volatile: the optimiser must not fold the bad accesses away.
int *volatile nowhere = nullptr;
volatile int zero = 0;

void writeThroughNull() {
  if (threadIdx.x == 5 && blockIdx.x == 1)
    nowhere[threadIdx.x] = 1;
}

void divideByZero() {
  if (threadIdx.x == 2)
    nowhere = reinterpret_cast<int *>(static_cast<long>(7 / zero));
}
} // namespace

TEST_CASE("an invalid access in a kernel names the kernel and thread",
          "[sim][diag]") {
  ChildResult r = runInChild([] {
    hwsim::launch("oob", hwsim::LaunchConfig(dim3(2), dim3(32)),
                  [] { writeThroughNull(); });
  });
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(contains(r.err, "hipwright-sim: error: kernel 'oob' block (1,0,0) "
                        "thread (5,0,0): invalid memory access (SIGSEGV) at "
                        "address 0x14; the kernel faulted"));
}

TEST_CASE("an integer division by zero in a kernel is the kernel's",
          "[sim][diag]") {
  ChildResult r = runInChild([] {
    hwsim::launch("div", hwsim::LaunchConfig(dim3(1), dim3(4)),
                  [] { divideByZero(); });
  });
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(contains(r.err, "kernel 'div' block (0,0,0) thread (2,0,0): integer "
                        "division by zero"));
}

TEST_CASE("the same access in host code is still a host crash", "[sim][diag]") {
  ChildResult r = runInChild([] {
    // The process's own disposition (not the test framework's handler),
    // then a launch, so the runtime's handler is installed over it.
    std::signal(SIGSEGV, SIG_DFL);
    hwsim::launch("fine", hwsim::LaunchConfig(dim3(1), dim3(32)), [] {});
    *nowhere = 1;
  });
  CHECK(!r.exited);
  CHECK(r.signal == SIGSEGV);
  CHECK(!contains(r.err, "hipwright-sim: error"));
}
