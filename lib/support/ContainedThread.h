//===- ContainedThread.h - a crash ends one job, not the run ----*- C++ -*-===//
//
// One translation unit that crashes clang (a stack overflow in its recursive
// parser on 5000 nested parentheses, a clang bug) must not take the other
// files of a run with it: the run writes nothing at all then. Each parse
// runs on a thread of its own, with a large stack, and a fatal signal on
// that thread ends only that job.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace hipwright {

/// Runs \p Fn on a new thread with \p StackBytes of stack and waits for it.
/// Returns 0 when Fn returned, or the signal (SIGSEGV, SIGBUS, SIGFPE,
/// SIGILL, SIGABRT) that ended it early: the thread's frames are abandoned
/// (what they owned leaks, a lock they held stays held), and the process
/// goes on. A stack overflow is caught too: the handler runs on an
/// alternate stack. Better than losing the whole run, not a sandbox: a
/// crash inside malloc could leave its arena locked.
///
/// Only Fn's own thread is covered: a crash on a thread Fn starts ends the
/// process, as it would without this.
int runContained(size_t StackBytes, llvm::function_ref<void()> Fn);

} // namespace hipwright
