//===- StackPool.h - pooled, guard-paged fiber stacks ---------------------===//
//
// Each OS thread that runs blocks keeps its own pool of fiber stacks, grown
// to the largest block it has run and reused by every later block and
// launch, so a launch does not mmap per block.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_RUNTIME_STACKPOOL_H
#define HIPWRIGHT_SIM_RUNTIME_STACKPOOL_H

#include <cstddef>

namespace hwsim::detail {

struct FiberStack {
  char *guardLow = nullptr; // Start of the mapping: the PROT_NONE guard.
  char *low = nullptr;      // Lowest usable byte.
  size_t size = 0;          // Usable bytes above `low`.
};

/// Bytes below each stack that fault on access.
inline constexpr size_t kStackGuardBytes = 64 * 1024;

/// The usable size of every fiber stack: 256 KiB unless
/// HIPWRIGHT_SIM_STACK_KIB says otherwise (read once).
size_t fiberStackBytes();

/// The calling OS thread's stack number \p index, mapped on first use.
FiberStack &pooledStack(size_t index);

/// Installs the SIGSEGV/SIGBUS/SIGFPE handler (once) and an alternate
/// signal stack for the calling OS thread (once per thread), so that a fiber
/// that overflows into its guard, or a kernel that faults, is diagnosed with
/// its kernel, block and thread instead of crashing like host code
/// (KernelFaults.cpp).
void installFaultHandler();

} // namespace hwsim::detail

#endif // HIPWRIGHT_SIM_RUNTIME_STACKPOOL_H
