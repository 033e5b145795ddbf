//===- SimTestSupport.h - helpers for the CPU SIMT runtime tests ----------===//
#ifndef HIPWRIGHT_TESTS_SIM_SIMTESTSUPPORT_H
#define HIPWRIGHT_TESTS_SIM_SIMTESTSUPPORT_H

#include "hwsim/coop_groups.h"
#include "hwsim/core.h"
#include "hwsim/warp.h"

#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace simtest {

/// The calling simulated thread's linear id in its block.
inline unsigned linearTid() {
  return threadIdx.x + threadIdx.y * blockDim.x +
         threadIdx.z * blockDim.x * blockDim.y;
}

/// Runs body on every simulated thread of a grid.
template <class F>
void run(const char *name, dim3 grid, dim3 block, F body, size_t shared = 0) {
  hwsim::launch(name, hwsim::LaunchConfig(grid, block, shared), body);
}

struct ChildResult {
  bool exited = false;
  int code = -1;
  int signal = 0; ///< the signal that ended the child, if one did
  std::string err;
};

/// Runs \p scenario in a forked child with stderr captured; the child exits
/// 0 if the scenario returns.
template <class F> ChildResult runInChild(F scenario) {
  int fds[2];
  if (pipe(fds) != 0)
    return {};
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 2);
    scenario();
    std::fflush(stderr);
    _exit(0);
  }
  close(fds[1]);
  ChildResult result;
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof(buf))) > 0)
    result.err.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exited = WIFEXITED(status);
  result.code = result.exited ? WEXITSTATUS(status) : -1;
  result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  return result;
}

inline bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

/// Counts lines starting with the error prefix.
inline int errorLines(const std::string &text) {
  int n = 0;
  for (size_t p = 0;
       (p = text.find("hipwright-sim: error: ", p)) != std::string::npos; ++p)
    ++n;
  return n;
}

} // namespace simtest

#endif // HIPWRIGHT_TESTS_SIM_SIMTESTSUPPORT_H
