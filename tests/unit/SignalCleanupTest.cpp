#include "support/SignalCleanup.h"

#include "ProcessGone.h"
#include "TempDir.h"

#include "llvm/Support/Signals.h"

#include <sys/wait.h>
#include <unistd.h>

using namespace hipwright;
using namespace hipwright::testing;
namespace fs = llvm::sys::fs;

// The handler ends the process, so it runs in a forked child: the child
// registers a temporary file and a process group (a sleeping grandchild),
// as writeFileAtomically and runProcess do, and is sent SIGTERM.

/// In the forked child: the signals as a fresh process has them, without
/// the test runner's own reporting handlers.
static void defaultSignals() {
  for (int S : {SIGINT, SIGTERM, SIGHUP})
    ::signal(S, SIG_DFL);
}

static void interruptedChild(const std::string &Temp, int PipeOut,
                             bool LLVMHandlersToo) {
  defaultSignals();
  installSignalCleanup();
  if (LLVMHandlersToo) // as main() does: InitLLVM after installSignalCleanup
    llvm::sys::PrintStackTraceOnErrorSignal("");
  pid_t Sleeper = ::fork();
  if (Sleeper == 0) {
    ::setpgid(0, 0);
    ::execl("/bin/sleep", "sleep", "300", static_cast<char *>(nullptr));
    ::_exit(127);
  }
  ::setpgid(Sleeper, Sleeper);
  TempFileGuard T(Temp);
  ProcessGroupGuard G(Sleeper);
  if (!T.registered() || !G.registered())
    ::_exit(3);
  (void)!::write(PipeOut, &Sleeper, sizeof(Sleeper));
  ::kill(::getpid(), SIGTERM);
  ::pause();
  ::_exit(4); // the signal did not end the process
}

static void checkInterrupt(bool LLVMHandlersToo) {
  TempDir D;
  std::string Temp = D.write(".k.cu.hipwright-abc123", "half-written");
  std::string Source = D.write("k.cu", "the user's\n");
  int Pipe[2];
  REQUIRE(::pipe(Pipe) == 0);
  pid_t Child = ::fork();
  REQUIRE(Child >= 0);
  if (Child == 0) {
    ::close(Pipe[0]);
    interruptedChild(Temp, Pipe[1], LLVMHandlersToo);
  }
  ::close(Pipe[1]);
  pid_t Sleeper = 0;
  bool GotPid = ::read(Pipe[0], &Sleeper, sizeof(Sleeper)) ==
                static_cast<ssize_t>(sizeof(Sleeper));
  ::close(Pipe[0]);
  int Status = 0;
  REQUIRE(::waitpid(Child, &Status, 0) == Child);
  // Ended by the signal itself, so its parent (a shell) sees 128+15.
  INFO("wait status " << Status);
  CHECK((WIFSIGNALED(Status) && WTERMSIG(Status) == SIGTERM));
  CHECK(!fs::exists(Temp));
  CHECK(fs::exists(Source));
  REQUIRE(GotPid);
  CHECK(processGone(Sleeper));
}

TEST_CASE("SIGTERM removes registered temporaries and kills registered "
          "process groups",
          "[signal-cleanup]") {
  checkInterrupt(/*LLVMHandlersToo=*/false);
}

TEST_CASE("the cleanup chains with LLVM's signal handlers",
          "[signal-cleanup]") {
  checkInterrupt(/*LLVMHandlersToo=*/true);
}

TEST_CASE("a released temporary is not removed", "[signal-cleanup]") {
  TempDir D;
  std::string Kept = D.write("k.cu", "renamed into place\n");
  pid_t Child = ::fork();
  REQUIRE(Child >= 0);
  if (Child == 0) {
    defaultSignals();
    installSignalCleanup();
    {
      TempFileGuard T(Kept);
      T.release();
    }
    ::kill(::getpid(), SIGTERM);
    ::_exit(4);
  }
  int Status = 0;
  REQUIRE(::waitpid(Child, &Status, 0) == Child);
  CHECK(WIFSIGNALED(Status));
  CHECK(fs::exists(Kept));
}
