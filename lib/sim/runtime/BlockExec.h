//===- BlockExec.h - the state of the block being executed ----------------===//
//
// Everything the scheduler knows about the running block. One BlockExec per
// OS thread (thread_local), reused for every block that thread runs.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_RUNTIME_BLOCKEXEC_H
#define HIPWRIGHT_SIM_RUNTIME_BLOCKEXEC_H

#include "Fiber.h"
#include "StackPool.h"

#include "hwsim/core.h"
#include "hwsim/warp.h"

#include <cstring>
#include <source_location>
#include <string>
#include <vector>

namespace hwsim::detail {

/// A call site, compared by position (file names from different
/// instantiations of the same file need not share a pointer).
struct Site {
  const char *file = "";
  unsigned line = 0;
  unsigned column = 0;

  static Site from(const std::source_location &loc) {
    return Site{loc.file_name(), loc.line(), loc.column()};
  }
  bool operator==(const Site &o) const {
    return line == o.line && column == o.column &&
           (file == o.file || std::strcmp(file, o.file) == 0);
  }
};

enum class FiberState : unsigned char {
  Runnable,
  AtWarp,
  AtBarrier,
  LeavingLoop, // Left a loop region; waits for the rest of its group.
  Exited
};

/// One dynamic instance of a loop region: the lanes of one warp that entered
/// it together (in one scheduler round, from the same enclosing group).
struct LoopGroup {
  Site site;
  unsigned long long members = 0;
  unsigned warp = 0;
  unsigned parent = ~0u; // The enclosing group, or ~0u.
};

struct SimThread {
  FiberContext context;
  FiberStack *stack = nullptr;
  uint3 index{0, 0, 0};
  FiberState state = FiberState::Runnable;
  bool hasPosted = false; // `request` holds a value from an earlier call.

  // The warp collective this thread waits at.
  WarpRequest request{};
  Site warpSite;
  WarpResult result{};

  // The block barrier this thread waits at.
  BarrierOp barrierOp = BarrierOp::Sync;
  int barrierPredicate = 0;
  int barrierResult = 0;
  Site barrierSite;

  // Loop regions (64-lane blocks): the groups (indices into
  // BlockExec::loopGroups) this thread is inside, innermost last.
  std::vector<unsigned> loops;

  // The polls this thread yielded at since it last blocked (the last few),
  // and whether its latest poll repeated one of them (same address, value
  // read and operands): a wait loop may cycle through a few polls (two
  // flags, a poll and a __nanosleep).
  bool pollRepeated = false;
  struct Poll {
    const void *address = nullptr;
    unsigned long long signature = 0;
  };
  static constexpr unsigned kPollHistory = 4;
  Poll recentPolls[kPollHistory];
  unsigned pollCount = 0;
};

struct BlockExec {
  const char *kernel = "";
  uint3 block{0, 0, 0};
  unsigned numThreads = 0;
  unsigned width = 32; // The wave width W.
  unsigned numWarps = 0;
  std::vector<SimThread> threads;
  std::vector<unsigned> warpWaiting; // Lanes of each warp at a collective.
  unsigned atBarrier = 0;
  // Lanes of each warp waiting to leave a loop region.
  std::vector<unsigned> loopWaiting;
  std::vector<LoopGroup> loopGroups;
  std::vector<unsigned> freeLoopGroups;
  // Scheduler rounds so far, and the groups opened in round openRound
  // (lanes entering the same loop in that round join them).
  unsigned long long round = 0;
  unsigned long long openRound = ~0ull;
  std::vector<unsigned> openGroups;
  unsigned exited = 0;
  FiberContext scheduler;
  BodyFn body = nullptr;
  void *bodyArg = nullptr;
  SimThread *current = nullptr;
  // Set by a device-side assert or trap: the scheduler stops at once and
  // the launch skips its remaining blocks.
  bool aborted = false;
};

/// The block running on this OS thread, or null outside a launch.
extern thread_local BlockExec *runningBlock;

/// Runs every fiber of \p exec's block to completion (or a diagnosis).
void runBlock(BlockExec &exec);

/// Records \p fault (sticky), marks the launch aborted and switches from the
/// running fiber back to the scheduler for good.
[[noreturn]] void abortLaunch(BlockExec &exec, LaunchFault fault);

/// Resolves what can be resolved in warp \p warp; false if nothing could.
bool resolveWarp(BlockExec &exec, unsigned warp);

/// Whether 64-lane blocks make loops lockstep regions: yes unless
/// HIPWRIGHT_SIM_LOCKSTEP=0 (an invalid value ends the process with status
/// 2).
bool lockstepLoopsWanted();

/// Releases the lanes of warp \p warp whose loop group has been left by all
/// its members; false if none could go.
bool resolveLoops(BlockExec &exec, unsigned warp);

/// Prints one line per warp collective that cannot resolve, then exits.
[[noreturn]] void diagnoseDeadlock(BlockExec &exec);

/// Every runnable thread of the block has only repeated the same poll for
/// too long: prints what each warp waits for, then exits.
[[noreturn]] void diagnoseLivelock(BlockExec &exec, unsigned long long rounds);

/// Where \p t waits: "__shfl_sync (f.cu:3:5)", "the entry of the loop at
/// f.cu:7:3", ...
std::string describeWait(const BlockExec &exec, const SimThread &t);

/// "; lanes 0-3 wait at P; lanes 4 wait at Q" for \p lanes of \p warp,
/// grouped by where they wait.
std::string describeWaits(const BlockExec &exec, unsigned warp,
                          unsigned long long lanes);

/// The name a barrier operation is spelled with.
const char *barrierName(BarrierOp op);

} // namespace hwsim::detail

#endif // HIPWRIGHT_SIM_RUNTIME_BLOCKEXEC_H
