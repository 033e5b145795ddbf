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

TEST_CASE("runProcess reports exit status, output and environment",
          "[subprocess]") {
  TempDir D;
  RunSpec S = shell(D, "echo out; echo err >&2; echo $HW_SUBPROCESS_TEST; "
                       "exit 7");
  S.Env = {{"HW_SUBPROCESS_TEST", "from-spec"}};
  RunOutcome R = runProcess(S);
  CHECK(R.Started);
  CHECK_FALSE(R.Crashed);
  CHECK(R.ExitCode == 7);
  CHECK(R.Output.find("out\n") != std::string::npos);
  CHECK(R.Output.find("err") != std::string::npos);
  CHECK(R.Output.find("from-spec") != std::string::npos);
}

TEST_CASE("runProcess reports a crash and a program it cannot start",
          "[subprocess]") {
  TempDir D;
  RunOutcome R = runProcess(shell(D, "kill -SEGV $$"));
  CHECK(R.Started);
  CHECK(R.Crashed);
  CHECK_FALSE(R.ok());
  CHECK(R.Output.find("Segmentation fault") != std::string::npos);

  RunSpec Missing;
  Missing.Argv = {D.path("no-such-program")};
  Missing.LogPrefix = D.path("logs/missing");
  RunOutcome M = runProcess(Missing);
  CHECK_FALSE(M.Started);
  CHECK(M.Output.find("could not run") != std::string::npos);
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
