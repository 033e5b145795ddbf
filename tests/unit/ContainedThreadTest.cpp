// A crash on a contained thread ends that job alone; the process goes on.
#include "support/ContainedThread.h"

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

using namespace hipwright;

/// Uses about \p N KiB of stack (not a tail call: the sum needs each frame).
[[gnu::noinline]] static int deep(int N) {
  volatile char Pad[1024];
  Pad[0] = static_cast<char>(N & 1);
  return N == 0 ? Pad[0] : deep(N - 1) + Pad[0];
}

TEST_CASE("a contained job runs on a stack of the size asked for",
          "[contained]") {
  int Sum = -1;
  // 30 MiB of frames: far beyond a default 8 MiB thread stack.
  CHECK(runContained(size_t(64) << 20, [&] { Sum = deep(30000); }) == 0);
  CHECK(Sum == 15000);
}

TEST_CASE("a stack overflow or abort ends only the contained job",
          "[contained]") {
  int Sum = -1;
  CHECK(runContained(size_t(1) << 20, [&] { Sum = deep(30000); }) == SIGSEGV);
  CHECK(Sum == -1);
  CHECK(runContained(size_t(1) << 20, [] { std::abort(); }) == SIGABRT);
  CHECK(runContained(size_t(1) << 20, [] { std::raise(SIGFPE); }) == SIGFPE);
  // The process, and containment, still work afterwards.
  CHECK(runContained(size_t(64) << 20, [&] { Sum = deep(100); }) == 0);
  CHECK(Sum == 50);
  CHECK(runContained(size_t(1) << 20, [&] { Sum = deep(30000); }) == SIGSEGV);
}

// Outside a contained thread a crash is a crash: the process dies of it
// rather than being resumed somewhere.
TEST_CASE("a crash elsewhere still ends the process", "[contained]") {
  pid_t Pid = fork();
  REQUIRE(Pid >= 0);
  if (Pid == 0) {
    std::signal(SIGSEGV, SIG_DFL); // not the test framework's reporter
    runContained(size_t(1) << 20, [] {});
    std::raise(SIGSEGV);
    _exit(0);
  }
  int Status = 0;
  REQUIRE(waitpid(Pid, &Status, 0) == Pid);
  CHECK(WIFSIGNALED(Status));
  CHECK(WTERMSIG(Status) == SIGSEGV);
}
