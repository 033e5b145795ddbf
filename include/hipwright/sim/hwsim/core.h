//===- hwsim/core.h - launches, thread identity, barriers, shared memory --===//
//
// The execution model of hipwright's CPU SIMT runtime.
//
// A launch runs its blocks one after another on the calling OS thread (all
// per-execution state is thread_local, so blocks could later be spread over
// several OS threads). Within a block every simulated GPU thread is a fiber
// with its own pooled, guard-paged stack; there is no OS thread per GPU
// thread. The block's scheduler runs the fibers in thread order; a fiber
// runs until it exits or blocks in a warp collective (shuffle, vote, match,
// reduce, __syncwarp, tile operations) or at a block barrier, yields at a
// poll (an atomic that changes nothing, __nanosleep), or, at 64 lanes,
// waits to enter or leave a loop together with its wavefront (lockstep.h).
//
// When no fiber can run, the scheduler resolves what it can:
//  - Warp collectives. Threads are grouped into warps of the wave width W
//    (HIPWRIGHT_SIM_WAVE, 32 or 64) by linear thread id x + y*Bx + z*Bx*By;
//    the last warp may be partial. Lanes of a warp waiting at the same call
//    site (the std::source_location default argument) and operation form one
//    instance, whose lanes are its "active lanes". At 32 lanes (CUDA's
//    rules) a `_sync` instance resolves once every lane named by its masks
//    (that exists in the warp) is in it; at 64 lanes (an AMD wavefront under
//    ROCm 7) it runs with the lanes that are there, warning once per call
//    site about named lanes that are absent or callers outside the mask.
//  - Block barriers. __syncthreads and friends release when every thread of
//    the block that has not exited waits at a barrier, all at the same site.
// Diagnosed: (at 32 lanes) a required lane that exited; (at both widths)
// threads waiting at different barrier sites, a block in which nothing
// can make progress, and one in which threads only repeat the same polls
// (a livelock, or at 64 lanes a lockstep deadlock). Each is one line on stderr
// starting `hipwright-sim: error: ` naming the kernel, block and lanes, and the
// process exits with kDiagnosedExit. Nothing ever hangs silently.
//
// Device-side faults. A failed assert() in a kernel (glibc's macro calls
// __assert_fail, which the runtime defines) prints CUDA's line
// `FILE:LINE: FUNCTION: block: [x,y,z], thread: [x,y,z] Assertion `expr`
// failed.`; __trap() and __brkpt() print one `hipwright-sim: error:` line.
// Either aborts the launch as a GPU does: the faulting block's other fibers
// are abandoned (never resumed, no destructors run; their pooled stacks are
// simply re-initialized by the next block), the grid's remaining blocks are
// skipped, and the fault stays set (contextFault()) so that every later
// launch is skipped and every host API call returns cudaErrorAssert or
// cudaErrorLaunchFailure until cudaDeviceReset. The host program keeps
// running. A failed assert in host code behaves as glibc's does (message,
// then abort()); NDEBUG programs never reference __assert_fail.
//
// Static __shared__ variables become `static thread_local` (blocks do not
// overlap on an OS thread, so that is per-block storage); dynamic shared
// memory is a per-block buffer reached through dynamicShared<T>().
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_CORE_H
#define HIPWRIGHT_SIM_HWSIM_CORE_H

#include "dim3.h"

#include <cstddef>
#include <memory>
#include <source_location>
#include <type_traits>

// Thread identity, rewritten by the scheduler on every fiber switch.
inline thread_local uint3 threadIdx{0, 0, 0};
inline thread_local uint3 blockIdx{0, 0, 0};
inline thread_local dim3 blockDim{1, 1, 1};
inline thread_local dim3 gridDim{1, 1, 1};
// The wave width; a variable, not a constant, as in ROCm 7.
inline int warpSize = 32;

namespace hwsim {

/// The exit status of a process ended by a runtime diagnostic.
inline constexpr int kDiagnosedExit = 86;

/// Why a launch was refused without running.
enum class LaunchError { InvalidConfiguration, TooMuchSharedMemory };

/// Reports a refused launch to the host API layer (which turns it into
/// cudaErrorInvalidConfiguration etc.). The runtime carries a weak default
/// that does nothing.
void recordLaunchError(LaunchError error);

/// A fault that aborted a launch and left the simulated context unusable.
enum class LaunchFault { None, Assert, Trap };

/// The sticky fault of the process's (single) simulated context.
LaunchFault contextFault();
/// Forgets the sticky fault (cudaDeviceReset / hipDeviceReset).
void clearContextFault();

struct LaunchConfig {
  dim3 grid;
  dim3 block;
  size_t dynamicSharedBytes;
  const void *stream; // Ignored: launches are synchronous.

  LaunchConfig(dim3 grid, dim3 block, size_t dynamicSharedBytes = 0,
               const void *stream = nullptr)
      : grid(grid), block(block), dynamicSharedBytes(dynamicSharedBytes),
        stream(stream) {}
};

/// The largest dynamic shared memory a launch may ask for.
inline constexpr size_t kMaxDynamicSharedBytes = 160 * 1024;

/// Checks a launch configuration; returns false and sets \p why when a GPU
/// would refuse it.
bool validateLaunch(const LaunchConfig &config, LaunchError &why);

/// The wave width (32 or 64). Read once from HIPWRIGHT_SIM_WAVE; an invalid
/// value ends the process with status 2.
int waveWidth();
/// Sets the wave width for later launches (tests use it); 32 or 64.
void setWaveWidth(int width);

namespace detail {
using BodyFn = void (*)(void *);
void launchErased(const char *kernelName, const LaunchConfig &config,
                  BodyFn body, void *bodyArg);

/// __trap() / __brkpt() (\p what names which): inside a kernel, aborts the
/// launch with LaunchFault::Trap; in host code, prints and abort()s.
[[noreturn]] void trapKernel(const char *what);

/// The running block's dynamic shared memory.
inline thread_local void *dynamicSharedBase = nullptr;

enum class BarrierOp { Sync, Count, And, Or };
int blockBarrier(BarrierOp op, int predicate, const std::source_location &site);
} // namespace detail

/// Runs \p body on every simulated thread of every block of the launch.
/// Returns when the whole grid has finished.
template <class Body>
void launch(const char *kernelName, const LaunchConfig &config, Body &&body) {
  using Fn = std::remove_reference_t<Body>;
  detail::launchErased(
      kernelName, config, [](void *arg) { (*static_cast<Fn *>(arg))(); },
      const_cast<void *>(static_cast<const void *>(std::addressof(body))));
}

template <class T> T *dynamicShared() {
  return static_cast<T *>(detail::dynamicSharedBase);
}

/// A namespace-scope `extern __shared__ T name[];` becomes a DynamicShared<T>,
/// which reads the running block's buffer each time it is used.
template <class T> struct DynamicShared {
  operator T *() const { return dynamicShared<T>(); }
  T &operator[](size_t i) const { return dynamicShared<T>()[i]; }
  template <class U> explicit operator U *() const {
    return reinterpret_cast<U *>(dynamicShared<T>());
  }
};

} // namespace hwsim

inline void
__syncthreads(std::source_location site = std::source_location::current()) {
  hwsim::detail::blockBarrier(hwsim::detail::BarrierOp::Sync, 0, site);
}
inline int __syncthreads_count(
    int predicate,
    std::source_location site = std::source_location::current()) {
  return hwsim::detail::blockBarrier(hwsim::detail::BarrierOp::Count, predicate,
                                     site);
}
inline int
__syncthreads_and(int predicate,
                  std::source_location site = std::source_location::current()) {
  return hwsim::detail::blockBarrier(hwsim::detail::BarrierOp::And, predicate,
                                     site);
}
inline int
__syncthreads_or(int predicate,
                 std::source_location site = std::source_location::current()) {
  return hwsim::detail::blockBarrier(hwsim::detail::BarrierOp::Or, predicate,
                                     site);
}

#endif // HIPWRIGHT_SIM_HWSIM_CORE_H
