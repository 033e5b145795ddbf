//===- SignalCleanup.h - what an interrupted run must undo ------*- C++ -*-===//
//
// Ctrl-C or a `kill` while hipwright runs must not leave debris behind: a
// half-written temporary file beside a user's source, or a test program
// (and its children) still running after verify is gone. Both are recorded
// here while they exist; the handlers installed by installSignalCleanup()
// unlink the files and SIGKILL the process groups, then let the signal end
// the process as it would have.
//
// The registries are fixed-size arrays of atomics so the handler never
// allocates or locks. A registration that finds no free slot is reported
// (false) and simply not cleaned up on a signal.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <sys/types.h>

namespace hipwright {

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP. Call once, before
/// llvm::InitLLVM: LLVM's handlers then run first and hand the signal on to
/// these, which hand it on to the default action. A signal the process was
/// started with ignored (nohup) stays ignored.
void installSignalCleanup();

/// A temporary file to remove if a signal ends the process before release().
class TempFileGuard {
public:
  explicit TempFileGuard(llvm::StringRef Path);
  ~TempFileGuard() { release(); }
  TempFileGuard(const TempFileGuard &) = delete;
  TempFileGuard &operator=(const TempFileGuard &) = delete;
  /// The file is gone or renamed: stop tracking it.
  void release();
  bool registered() const { return Slot >= 0; }

private:
  int Slot = -1;
};

/// A child's process group to SIGKILL if a signal ends the process before
/// release().
class ProcessGroupGuard {
public:
  explicit ProcessGroupGuard(pid_t Group);
  ~ProcessGroupGuard() { release(); }
  ProcessGroupGuard(const ProcessGroupGuard &) = delete;
  ProcessGroupGuard &operator=(const ProcessGroupGuard &) = delete;
  void release();
  bool registered() const { return Slot >= 0; }

private:
  int Slot = -1;
};

} // namespace hipwright
