//===- Subprocess.h - running compilers and test programs -------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace hipwright::verify {

struct RunOutcome {
  bool Started = false; ///< false: could not execute (see Output)
  bool TimedOut = false;
  bool Crashed = false; ///< killed by a signal
  int ExitCode = -1;    ///< when it exited normally
  std::string Output;   ///< stdout then stderr, trimmed to a sane size
  double Seconds = 0;

  bool ok() const { return Started && !TimedOut && !Crashed && ExitCode == 0; }
};

struct RunSpec {
  std::vector<std::string> Argv; ///< Argv[0] is the program (a path)
  /// Variables to add to (or replace in) this process's environment.
  std::vector<std::pair<std::string, std::string>> Env;
  unsigned TimeoutSeconds = 0; ///< 0: none
  std::string LogPrefix;       ///< stdout/stderr go to LogPrefix.{out,err}
};

/// Runs \p Spec to completion. Never throws or aborts: every way a child can
/// go wrong ends up in the outcome.
RunOutcome runProcess(const RunSpec &Spec);

/// The last non-empty lines of \p Output (at most \p N), joined with " | ",
/// for a cell's one-line detail.
std::string tailLines(llvm::StringRef Output, unsigned N);

/// The first line of \p Output that contains \p Needle, or "".
std::string firstLineWith(llvm::StringRef Output, llvm::StringRef Needle);

} // namespace hipwright::verify
