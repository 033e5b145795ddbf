//===- Subprocess.h - running compilers and test programs -------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hipwright::verify {

/// How much of each of a child's stdout and stderr is kept, at each end: a
/// test program that prints forever (4.2 GB was seen) must not fill memory
/// or disk, and a cell needs only its first and last words.
inline constexpr size_t kDefaultKeepBytes = size_t(1) << 20;

struct RunOutcome {
  bool Started = false; ///< false: could not execute (see Output)
  bool TimedOut = false;
  bool Crashed = false; ///< killed by a signal
  int ExitCode = -1;    ///< when it exited normally
  /// stdout then stderr, each cut to its head and tail (RunSpec::Keep*)
  /// with a "[... output cut: N bytes omitted ...]" line in between.
  std::string Output;
  uint64_t OmittedBytes = 0; ///< dropped from the middle of both streams
  double Seconds = 0;

  bool ok() const { return Started && !TimedOut && !Crashed && ExitCode == 0; }
};

struct RunSpec {
  std::vector<std::string> Argv; ///< Argv[0] is the program (a path)
  /// Variables to add to (or replace in) this process's environment.
  std::vector<std::pair<std::string, std::string>> Env;
  unsigned TimeoutSeconds = 0; ///< 0: none
  /// What was kept of stdout/stderr is written to LogPrefix.{out,err}
  /// (nothing when empty).
  std::string LogPrefix;
  /// Bytes kept from the start and from the end of each stream; the middle
  /// of a longer one is dropped as it arrives, never held in memory.
  size_t KeepHeadBytes = kDefaultKeepBytes;
  size_t KeepTailBytes = kDefaultKeepBytes;
};

/// Runs \p Spec to completion (stdin is /dev/null). Never throws or aborts:
/// every way a child can go wrong ends up in the outcome.
RunOutcome runProcess(const RunSpec &Spec);

/// " (output cut: N bytes omitted)" when \p R lost bytes to the cap, else
/// "": appended to a cell's detail so a reader knows the log is partial.
std::string cutNote(const RunOutcome &R);

/// The last non-empty lines of \p Output (at most \p N, each cut to a few
/// hundred bytes), joined with " | ", for a cell's one-line detail.
std::string tailLines(llvm::StringRef Output, unsigned N);

/// The first line of \p Output that contains \p Needle (cut to a few
/// hundred bytes), or "".
std::string firstLineWith(llvm::StringRef Output, llvm::StringRef Needle);

} // namespace hipwright::verify
