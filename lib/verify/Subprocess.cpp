//===- Subprocess.cpp - running compilers and test programs ---------------===//
//
// The child's stdout and stderr are pipes read while it runs, not files read
// afterwards: a test program stuck printing in a loop writes gigabytes
// before its timeout, and only a reader that drops the middle as it arrives
// keeps memory and disk bounded (CappedOutput).
//
// Each child leads a process group of its own, and the whole group is
// killed when the child ends, times out or hipwright is interrupted: a test
// program's background children must not outlive it (issue 13).
//
//===----------------------------------------------------------------------===//
#include "verify/Subprocess.h"

#include "support/SignalCleanup.h"
#include "verify/CappedOutput.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace llvm;

namespace hipwright::verify {
namespace {

/// One of the child's output pipes, read end, non-blocking.
struct Pipe {
  int Fd = -1;
  CappedOutput Kept;
  Pipe(size_t Head, size_t Tail) : Kept(Head, Tail) {}
  ~Pipe() { close(); }
  void close() {
    if (Fd >= 0)
      ::close(Fd);
    Fd = -1;
  }

  /// Reads what is there now, at most \p MaxReads chunks (a writer as fast
  /// as the reader would keep it here past any deadline); false once the
  /// pipe is at its end (or broken), so it is closed.
  bool readAvailable(unsigned MaxReads) {
    char Buf[64 * 1024];
    for (unsigned Reads = 0; Reads < MaxReads;) {
      ssize_t N = ::read(Fd, Buf, sizeof Buf);
      if (N > 0) {
        Kept.append(StringRef(Buf, N));
        ++Reads;
        continue;
      }
      if (N < 0 && errno == EINTR)
        continue;
      if (N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return true;
      close();
      return false;
    }
    return true;
  }
};

/// The child's environment: ours, with \p Overrides replacing same-named
/// variables (so HIPWRIGHT_SIM_WAVE set by the user cannot leak through).
std::vector<std::string>
childEnvironment(const std::vector<std::pair<std::string, std::string>> &Env) {
  std::vector<std::string> Out;
  for (char **E = environ; E && *E; ++E) {
    StringRef Var(*E);
    bool Replaced = false;
    for (const auto &[K, _] : Env)
      Replaced |= Var.starts_with(K + "=");
    if (!Replaced)
      Out.push_back(Var.str());
  }
  for (const auto &[K, V] : Env)
    Out.push_back(K + "=" + V);
  return Out;
}

std::vector<char *> cStrings(std::vector<std::string> &Strings) {
  std::vector<char *> Out;
  for (std::string &S : Strings)
    Out.push_back(S.data());
  Out.push_back(nullptr);
  return Out;
}

/// Starts Argv[0] as the leader of a new process group (its pid is the
/// group's id), with stdin from /dev/null and stdout/stderr into fresh pipes
/// whose read ends land in \p Out / \p Err. Every process it starts joins
/// the group unless it leaves on purpose. Returns the pid, or -1 with \p
/// ErrMsg set.
pid_t spawnWithPipes(std::vector<std::string> Argv,
                     std::vector<std::string> Env, Pipe &Out, Pipe &Err,
                     std::string &ErrMsg) {
  int OutFds[2], ErrFds[2];
  // Close-on-exec: a sibling started from another thread must not inherit
  // these, or this child's pipes would stay open until that one ends.
  if (::pipe2(OutFds, O_CLOEXEC) != 0) {
    ErrMsg = std::strerror(errno);
    return -1;
  }
  if (::pipe2(ErrFds, O_CLOEXEC) != 0) {
    ErrMsg = std::strerror(errno);
    ::close(OutFds[0]);
    ::close(OutFds[1]);
    return -1;
  }
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&Actions, OutFds[1], 1);
  posix_spawn_file_actions_adddup2(&Actions, ErrFds[1], 2);
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  // Its own group, and no signal blocked whatever the spawning thread has
  // blocked.
  sigset_t None;
  sigemptyset(&None);
  posix_spawnattr_setflags(&Attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&Attr, 0);
  posix_spawnattr_setsigmask(&Attr, &None);
  std::vector<char *> ArgvC = cStrings(Argv), EnvC = cStrings(Env);
  pid_t Pid = -1;
  int RC =
      ::posix_spawn(&Pid, ArgvC[0], &Actions, &Attr, ArgvC.data(), EnvC.data());
  posix_spawnattr_destroy(&Attr);
  posix_spawn_file_actions_destroy(&Actions);
  ::close(OutFds[1]);
  ::close(ErrFds[1]);
  Out.Fd = OutFds[0];
  Err.Fd = ErrFds[0];
  ::fcntl(Out.Fd, F_SETFL, ::fcntl(Out.Fd, F_GETFL) | O_NONBLOCK);
  ::fcntl(Err.Fd, F_SETFL, ::fcntl(Err.Fd, F_GETFL) | O_NONBLOCK);
  if (RC != 0) {
    ErrMsg = std::strerror(RC);
    return -1;
  }
  return Pid;
}

pid_t waitBlocking(pid_t Pid, int &Status) {
  pid_t W;
  do
    W = ::waitpid(Pid, &Status, 0);
  while (W < 0 && errno == EINTR);
  return W;
}

/// True once the group leader \p Pid has ended, without reaping it: while
/// it is an unreaped zombie its pid, the group's id, cannot be reused, so
/// killing the group afterwards cannot reach an unrelated process.
bool leaderEnded(pid_t Pid, bool &Gone) {
  siginfo_t Info;
  Info.si_pid = 0;
  if (::waitid(P_PID, Pid, &Info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    Gone = errno != EINTR; // not our child any more: nothing to wait for
    return Gone;
  }
  return Info.si_pid != 0;
}

/// Reads \p Out and \p Err while \p Pid runs, killing its group after \p
/// TimeoutSeconds (0: no limit); once the leader has ended, SIGKILLs what
/// is left of its group (background children) and reaps the leader. Each
/// wait polls its own child: a process-wide alarm() would let waits on a
/// thread pool re-arm or eat each other's. Returns false when the child's
/// status could not be had.
bool collect(pid_t Pid, unsigned TimeoutSeconds, Pipe &Out, Pipe &Err,
             int &Status, bool &TimedOut) {
  TimedOut = false;
  auto Deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(TimeoutSeconds);
  bool Gone = false;
  for (;;) {
    if (leaderEnded(Pid, Gone))
      break;
    int WaitMs = 50;
    if (TimeoutSeconds) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      Deadline - std::chrono::steady_clock::now())
                      .count();
      if (Left <= 0) {
        TimedOut = true;
        break;
      }
      WaitMs = static_cast<int>(std::min<long long>(WaitMs, Left));
    }
    pollfd Fds[2];
    Pipe *Of[2];
    nfds_t N = 0;
    for (Pipe *P : {&Out, &Err})
      if (P->Fd >= 0) {
        Fds[N] = {P->Fd, POLLIN, 0};
        Of[N++] = P;
      }
    // With both pipes closed (the child closed its outputs but runs on)
    // this is a plain nap.
    if (::poll(N ? Fds : nullptr, N, WaitMs) > 0)
      for (nfds_t I = 0; I < N; ++I)
        if (Fds[I].revents)
          Of[I]->readAvailable(16);
  }
  bool Reaped = false;
  if (!Gone) {
    ::kill(-Pid, SIGKILL);
    Reaped = waitBlocking(Pid, Status) == Pid;
  }
  // Whatever the child wrote before it ended is in the pipes now: at most a
  // pipe's capacity (1 MiB at the most, by default), which 64 reads of 64
  // KiB cover. A grandchild that left the group (setsid) and inherited the
  // pipes may hold them open for good; what it writes later is not waited
  // for.
  for (Pipe *P : {&Out, &Err})
    if (P->Fd >= 0) {
      P->readAvailable(64);
      P->close();
    }
  return Reaped;
}

void writeLog(const std::string &Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (!EC)
    OS << Text;
}

} // namespace

RunOutcome runProcess(const RunSpec &Spec) {
  RunOutcome R;
  if (Spec.Argv.empty()) {
    R.Output = "no program to run";
    return R;
  }
  // The logs' directory may be new (a fresh work tree), and callers put the
  // child's own outputs (an object file) beside the logs.
  if (!Spec.LogPrefix.empty())
    sys::fs::create_directories(sys::path::parent_path(Spec.LogPrefix));
  Pipe Out(Spec.KeepHeadBytes, Spec.KeepTailBytes);
  Pipe Err(Spec.KeepHeadBytes, Spec.KeepTailBytes);
  std::string ErrMsg;
  auto Start = std::chrono::steady_clock::now();
  pid_t Pid =
      spawnWithPipes(Spec.Argv, childEnvironment(Spec.Env), Out, Err, ErrMsg);
  if (Pid < 0) {
    R.Output = "could not run " + Spec.Argv[0] + ": " + ErrMsg;
    return R;
  }
  R.Started = true;
  // Until it is reaped, a Ctrl-C or SIGTERM that ends hipwright kills the
  // child's group too: it is not the terminal's foreground group, so the
  // terminal's Ctrl-C does not reach it by itself.
  ProcessGroupGuard Guard(Pid);
  int Status = 0;
  bool Reaped = collect(Pid, Spec.TimeoutSeconds, Out, Err, Status, R.TimedOut);
  Guard.release();
  R.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();

  std::string OutText = Out.Kept.text(), ErrText = Err.Kept.text();
  R.OmittedBytes = Out.Kept.omitted() + Err.Kept.omitted();
  if (!Spec.LogPrefix.empty()) {
    writeLog(Spec.LogPrefix + ".out", OutText);
    writeLog(Spec.LogPrefix + ".err", ErrText);
  }
  R.Output = std::move(OutText);
  if (!ErrText.empty()) {
    if (!R.Output.empty() && R.Output.back() != '\n')
      R.Output += '\n';
    R.Output += ErrText;
  }
  auto Note = [&](const std::string &Line) {
    if (!R.Output.empty() && R.Output.back() != '\n')
      R.Output += '\n';
    R.Output += Line;
  };
  if (R.TimedOut)
    return R;
  if (!Reaped) {
    Note("could not wait for " + Spec.Argv[0]);
    return R;
  }
  if (WIFSIGNALED(Status)) {
    R.Crashed = true;
    Note(std::string(::strsignal(WTERMSIG(Status))) +
         (WCOREDUMP(Status) ? " (core dumped)" : ""));
    return R;
  }
  if (WIFEXITED(Status))
    R.ExitCode = WEXITSTATUS(Status);
  return R;
}

std::string cutNote(const RunOutcome &R) {
  if (!R.OmittedBytes)
    return "";
  return " (output cut: " + std::to_string(R.OmittedBytes) + " bytes omitted)";
}

/// \p Line, cut to a size a one-line cell detail can hold (a program can
/// print a megabyte without a newline), never inside a UTF-8 character.
static std::string shortLine(StringRef Line) {
  constexpr size_t Max = 300;
  if (Line.size() <= Max)
    return Line.str();
  size_t Cut = Max;
  while (Cut > 0 && (static_cast<unsigned char>(Line[Cut]) & 0xC0) == 0x80)
    --Cut;
  return Line.take_front(Cut).str() + "...";
}

std::string tailLines(StringRef Output, unsigned N) {
  SmallVector<StringRef, 32> Lines;
  Output.split(Lines, '\n', -1, false);
  std::vector<std::string> Kept;
  for (auto It = Lines.rbegin(); It != Lines.rend() && Kept.size() < N; ++It) {
    StringRef L = It->trim();
    if (!L.empty())
      Kept.insert(Kept.begin(), shortLine(L));
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
      return shortLine(L.trim());
  return "";
}

} // namespace hipwright::verify
