//===- Subprocess.cpp - running compilers and test programs ---------------===//
#include "verify/Subprocess.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <optional>
#include <signal.h>
#include <thread>

extern char **environ;

using namespace llvm;

namespace hipwright::verify {

static std::string readLog(const std::string &Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return "";
  StringRef Text = (*Buf)->getBuffer();
  // A runaway program can print megabytes; a cell needs its start and end.
  constexpr size_t Keep = 64 * 1024;
  if (Text.size() > 2 * Keep)
    return (Text.take_front(Keep) + "\n[... output trimmed ...]\n" +
            Text.take_back(Keep))
        .str();
  return Text.str();
}

/// Waits for \p PI, killing it after \p TimeoutSeconds (0: no limit).
/// ExecuteAndWait's own timeout is an alarm(): one per process, so with
/// several children waited on from a thread pool, one wait re-arms or eats
/// another's alarm - a hung child then outlives its limit, or a healthy
/// one is killed early. Polling keeps each limit to its own child.
static sys::ProcessInfo waitWithTimeout(const sys::ProcessInfo &PI,
                                        unsigned TimeoutSeconds,
                                        std::string &ErrMsg, bool &TimedOut) {
  TimedOut = false;
  if (TimeoutSeconds == 0)
    return sys::Wait(PI, std::nullopt, &ErrMsg);
  auto Deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(TimeoutSeconds);
  auto Nap = std::chrono::milliseconds(1);
  for (;;) {
    // A zero wait does not block: Pid 0 means the child is still running.
    sys::ProcessInfo W = sys::Wait(PI, 0u, &ErrMsg);
    if (W.Pid != 0)
      return W;
    if (std::chrono::steady_clock::now() >= Deadline)
      break;
    std::this_thread::sleep_for(Nap);
    Nap = std::min(Nap * 2, std::chrono::milliseconds(50));
  }
  TimedOut = true;
  ::kill(PI.Pid, SIGKILL);
  std::string Ignored;
  return sys::Wait(PI, std::nullopt, &Ignored);
}

RunOutcome runProcess(const RunSpec &Spec) {
  RunOutcome R;
  if (Spec.Argv.empty()) {
    R.Output = "no program to run";
    return R;
  }
  SmallVector<StringRef, 16> Args(Spec.Argv.begin(), Spec.Argv.end());

  // The child's environment: ours, with Spec.Env replacing same-named
  // variables (so HIPWRIGHT_SIM_WAVE set by the user cannot leak through).
  std::vector<std::string> EnvStore;
  for (char **E = environ; E && *E; ++E) {
    StringRef Var(*E);
    bool Replaced = false;
    for (const auto &[K, _] : Spec.Env)
      Replaced |= Var.starts_with(K + "=");
    if (!Replaced)
      EnvStore.push_back(Var.str());
  }
  for (const auto &[K, V] : Spec.Env)
    EnvStore.push_back(K + "=" + V);
  SmallVector<StringRef, 64> EnvRefs(EnvStore.begin(), EnvStore.end());

  // The logs' directory may be new (a fresh work tree); a missing one makes
  // the spawn itself fail with a misleading "no such file".
  sys::fs::create_directories(sys::path::parent_path(Spec.LogPrefix));
  std::string OutPath = Spec.LogPrefix + ".out";
  std::string ErrPath = Spec.LogPrefix + ".err";
  // LLVM opens redirect targets without truncating them: a log
  // from an earlier run would show through a shorter new one.
  sys::fs::remove(OutPath);
  sys::fs::remove(ErrPath);
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(OutPath),
                                          StringRef(ErrPath)};
  std::string ErrMsg;
  bool ExecFailed = false;
  auto Start = std::chrono::steady_clock::now();
  sys::ProcessInfo PI =
      sys::ExecuteNoWait(Spec.Argv[0], Args, ArrayRef(EnvRefs), Redirects, 0,
                         &ErrMsg, &ExecFailed);
  bool TimedOut = false;
  int RC = -1;
  if (!ExecFailed && PI.Pid != sys::ProcessInfo::InvalidPid)
    RC = waitWithTimeout(PI, Spec.TimeoutSeconds, ErrMsg, TimedOut).ReturnCode;
  else
    ExecFailed = true;
  R.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  R.Output = readLog(OutPath);
  std::string Err = readLog(ErrPath);
  if (!Err.empty()) {
    if (!R.Output.empty() && R.Output.back() != '\n')
      R.Output += '\n';
    R.Output += Err;
  }
  if (ExecFailed) {
    R.Output = "could not run " + Spec.Argv[0] + ": " + ErrMsg;
    return R;
  }
  R.Started = true;
  if (TimedOut || RC == -2) {
    R.TimedOut = TimedOut;
    R.Crashed = !TimedOut;
    if (!ErrMsg.empty())
      R.Output += (R.Output.empty() ? "" : "\n") + ErrMsg;
    return R;
  }
  R.ExitCode = RC;
  return R;
}

std::string tailLines(StringRef Output, unsigned N) {
  SmallVector<StringRef, 32> Lines;
  Output.split(Lines, '\n', -1, false);
  std::vector<std::string> Kept;
  for (auto It = Lines.rbegin(); It != Lines.rend() && Kept.size() < N; ++It) {
    StringRef L = It->trim();
    if (!L.empty())
      Kept.insert(Kept.begin(), L.str());
  }
  std::string S;
  for (const std::string &L : Kept)
    S += (S.empty() ? "" : " | ") + L;
  return S;
}

std::string firstLineWith(StringRef Output, StringRef Needle) {
  SmallVector<StringRef, 32> Lines;
  Output.split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains(Needle))
      return L.trim().str();
  return "";
}

} // namespace hipwright::verify
