//===- hwsim/lockstep.h - loop reconvergence and polling atomics ----------===//
//
// Two hooks that let the runtime tell NVIDIA's and AMD's forward-progress
// rules apart.
//
// Polling. An atomic that leaves memory as it was (a failed atomicCAS, an
// atomicAdd of 0, an atomicExch of the value already there) is how device
// code waits for another thread. The fiber that issues one yields, so the
// thread it waits for gets to run; a fiber that never polls still runs until
// it blocks. When every runnable thread of a block does nothing but repeat
// the same poll for long enough, the block is diagnosed as a livelock
// instead of hanging until verify's timeout.
//
// Reconvergence. The lanes of an AMD wavefront share one program counter: a
// lane that leaves a loop early waits after the loop until every lane that
// entered it has left (NVIDIA since Volta schedules each thread
// independently and lets it go on). The CPU lowering wraps every loop
// statement that can poll (it calls an atomic or __nanosleep, or a function
// that does) in a block that starts with a LoopRegion, so at the 64-lane
// width such a loop is a region lanes enter together and leave together:
//   - entering: the lanes of a warp that reach the loop in the same
//     scheduler round (from the same enclosing group) enter it as one
//     group; entering does not stop a lane;
//   - leaving (by the condition, break, return or goto): a lane waits until
//     every member of its group has left.
// A per-thread spin lock then behaves as on the hardware: the lane that took
// the lock waits after the loop for the lanes still spinning on it, and the
// block is diagnosed. At 32 lanes (CUDA's rules) a LoopRegion does nothing.
// Only loops are regions; an if/else still lets its two sides run apart, so
// the runtime shows this class of deadlock, not every lockstep deadlock.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_LOCKSTEP_H
#define HIPWRIGHT_SIM_HWSIM_LOCKSTEP_H

#include <cstring>
#include <source_location>
#include <type_traits>

namespace hwsim {
namespace detail {

/// Whether loops are reconvergence regions in the block running on this OS
/// thread (set by the scheduler for 64-lane blocks).
inline thread_local bool lockstepLoops = false;

/// The running thread enters the loop at \p file:\p line:\p column with the
/// lanes of its warp that reach it in the same scheduler round.
void enterLoopRegion(const char *file, unsigned line, unsigned column);
/// The running thread leaves its innermost loop region; it waits until the
/// other members have left it too.
void leaveLoopRegion();

/// The running thread issued an atomic on \p address that changed nothing:
/// it yields to the other threads of its block. \p signature combines the
/// value it read with its operands, so that repeating the same wait can be
/// told from a loop of different atomics. Does nothing outside a kernel.
void atomicPolled(const void *address, unsigned long long signature);

template <class T> inline unsigned long long bitsOf(const T &value) {
  unsigned long long bits = 0;
  std::memcpy(&bits, &value,
              sizeof(T) < sizeof(bits) ? sizeof(T) : sizeof(bits));
  return bits;
}

/// atomicPolled for an atomic on a T that read \p observed with operand
/// \p operand.
template <class T>
inline void notePoll(const T *address, const T &observed, const T &operand) {
  atomicPolled(address,
               bitsOf(observed) * 0x9e3779b97f4a7c15ull ^ bitsOf(operand));
}

/// Reports an atomic that replaced \p old with \p stored: when they are the
/// same bytes, it was a poll.
template <class T>
inline void noteAtomic(const T *address, const T &old, const T &stored) {
  if (std::memcmp(&old, &stored, sizeof(T)) == 0)
    notePoll(address, old, stored);
}

} // namespace detail

/// The object the lowering declares at the start of the block it wraps
/// around each loop statement, with the line and column of the loop's
/// keyword (the declaration itself sits at the end of the line before).
/// Literal (constexpr constructor and destructor) so that loops in
/// constexpr functions still compile.
class LoopRegion {
public:
  constexpr LoopRegion(
      unsigned line, unsigned column,
      std::source_location site = std::source_location::current()) {
    if (!std::is_constant_evaluated() && detail::lockstepLoops) {
      detail::enterLoopRegion(site.file_name(), line, column);
      entered = true;
    }
  }
  constexpr ~LoopRegion() {
    if (!std::is_constant_evaluated() && entered)
      detail::leaveLoopRegion();
  }
  LoopRegion(const LoopRegion &) = delete;
  LoopRegion &operator=(const LoopRegion &) = delete;

private:
  bool entered = false;
};

} // namespace hwsim

#endif // HIPWRIGHT_SIM_HWSIM_LOCKSTEP_H
