//===- ProcessGone.h - has a process ended? ---------------------*- C++ -*-===//
#pragma once

#include <cerrno>
#include <csignal>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/types.h>
#include <unistd.h>

namespace hipwright::testing {

/// True once \p Pid has ended, waiting up to about five seconds for that
/// (a killed process is reaped by init, not at once). A zombie counts as
/// ended: PID 1 of a container does not always reap orphans.
inline bool processGone(pid_t Pid) {
  for (int I = 0; I < 500; ++I) {
    if (::kill(Pid, 0) != 0 && errno == ESRCH)
      return true;
    std::ifstream Stat("/proc/" + std::to_string(Pid) + "/stat");
    std::string Line;
    if (std::getline(Stat, Line)) {
      size_t Paren = Line.rfind(')');
      if (Paren != std::string::npos && Paren + 2 < Line.size() &&
          Line[Paren + 2] == 'Z')
        return true;
    }
    ::usleep(10000);
  }
  return false;
}

} // namespace hipwright::testing
