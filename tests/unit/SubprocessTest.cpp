#include "verify/Subprocess.h"

#include "ProcessGone.h"
#include "TempDir.h"

#include "llvm/ADT/StringRef.h"

using namespace hipwright;
using namespace hipwright::testing;
using namespace hipwright::verify;

static RunSpec shell(const TempDir &D, std::string Script) {
  RunSpec S;
  S.Argv = {"/bin/sh", "-c", std::move(Script)};
  S.LogPrefix = D.path("logs/run");
  return S;
}

static pid_t firstNumber(llvm::StringRef Output) {
  int Pid = 0;
  Output.trim().split('\n').first.trim().getAsInteger(10, Pid);
  return Pid;
}

// Exit codes, environment, timeouts and unstartable programs are covered by
// VerifyMatrixTest; these are what process groups added.
TEST_CASE("runProcess names the signal that ended a program", "[subprocess]") {
  TempDir D;
  RunOutcome R = runProcess(shell(D, "kill -SEGV $$"));
  CHECK(R.Started);
  CHECK(R.Crashed);
  CHECK(R.Output.find("Segmentation fault") != std::string::npos);
}

TEST_CASE("runProcess kills the background children a program leaves",
          "[subprocess]") {
  TempDir D;
  RunOutcome R = runProcess(shell(D, "sleep 300 & echo $!"));
  REQUIRE(R.ok());
  pid_t Background = firstNumber(R.Output);
  REQUIRE(Background > 0);
  CHECK(processGone(Background));
}

TEST_CASE("runProcess kills the whole group on a timeout", "[subprocess]") {
  TempDir D;
  RunSpec S = shell(D, "sleep 300 & echo $!; sleep 300");
  S.TimeoutSeconds = 1;
  RunOutcome R = runProcess(S);
  CHECK(R.TimedOut);
  pid_t Background = firstNumber(R.Output);
  REQUIRE(Background > 0);
  CHECK(processGone(Background));
}
