//===- BlockScheduler.cpp - running one block's fibers --------------------===//
//
// Fibers run in thread order until each exits or blocks; then the warps
// resolve their collectives, and if none could, the block barrier releases
// or the block is diagnosed. Each round costs O(threads): one scan to run
// fibers, one pass over the warps. No system call per switch.
//
//===----------------------------------------------------------------------===//
#include "BlockExec.h"
#include "Diagnostics.h"

#include "hwsim/lockstep.h"

#include <chrono>
#include <map>

namespace hwsim::detail {

thread_local BlockExec *runningBlock = nullptr;

const char *barrierName(BarrierOp op) {
  switch (op) {
  case BarrierOp::Sync:
    return "__syncthreads";
  case BarrierOp::Count:
    return "__syncthreads_count";
  case BarrierOp::And:
    return "__syncthreads_and";
  case BarrierOp::Or:
    return "__syncthreads_or";
  }
  return "__syncthreads";
}

namespace {

// Every fiber starts here; it never returns (the scheduler never resumes an
// exited fiber, and re-initializes the context for the next block).
[[noreturn]] void fiberMain() {
  BlockExec &exec = *runningBlock;
  exec.body(exec.bodyArg);
  SimThread &self = *exec.current;
  self.state = FiberState::Exited;
  ++exec.exited;
  switchFiber(self.context, exec.scheduler);
  __builtin_unreachable();
}

void resume(BlockExec &exec, SimThread &t) {
  exec.current = &t;
  threadIdx = t.index;
  switchFiber(exec.scheduler, t.context);
}

// Suspends the running fiber until the scheduler resumes it.
void suspend(BlockExec &exec, SimThread &self) {
  switchFiber(self.context, exec.scheduler);
}

[[noreturn]] void outsideKernel(const char *what,
                                const std::source_location &site) {
  printError(format("%s called outside a kernel launch at %s", what,
                    formatSite(Site::from(site)).c_str()));
  diagnosedExit();
}

// All live threads wait at a barrier: release them, or diagnose waiting at
// different barriers.
void releaseBarrier(BlockExec &exec) {
  SimThread *first = nullptr;
  bool sameSite = true;
  int count = 0;
  for (SimThread &t : exec.threads) {
    if (t.state != FiberState::AtBarrier)
      continue;
    if (!first)
      first = &t;
    else if (!(t.barrierSite == first->barrierSite))
      sameSite = false;
    count += t.barrierPredicate != 0;
  }
  if (!sameSite) {
    // Group the waiting threads by site, in order of first appearance.
    std::vector<std::pair<Site, std::string>> groups;
    std::vector<std::vector<unsigned>> members;
    for (unsigned i = 0; i < exec.numThreads; ++i) {
      SimThread &t = exec.threads[i];
      if (t.state != FiberState::AtBarrier)
        continue;
      size_t g = 0;
      while (g < groups.size() && !(groups[g].first == t.barrierSite))
        ++g;
      if (g == groups.size()) {
        groups.push_back({t.barrierSite, barrierName(t.barrierOp)});
        members.emplace_back();
      }
      members[g].push_back(i);
    }
    std::string message = "divergent barrier: ";
    for (size_t g = 0; g < groups.size(); ++g) {
      // Thread lists as ranges: feed 64 at a time through formatLanes.
      std::string threads;
      unsigned long long chunk = 0;
      unsigned chunkBase = 0;
      auto flush = [&] {
        if (!chunk)
          return;
        if (!threads.empty())
          threads += ',';
        threads += formatLanes(chunk, chunkBase);
        chunk = 0;
      };
      for (unsigned i : members[g]) {
        if (i / 64 * 64 != chunkBase) {
          flush();
          chunkBase = i / 64 * 64;
        }
        chunk |= 1ull << (i - chunkBase);
      }
      flush();
      message += format("%sthreads %s wait at %s at %s", g ? ", " : "",
                        threads.c_str(), groups[g].second.c_str(),
                        formatSite(groups[g].first).c_str());
    }
    blockError(exec, message);
  }
  unsigned waiting = exec.atBarrier;
  for (SimThread &t : exec.threads) {
    if (t.state != FiberState::AtBarrier)
      continue;
    switch (t.barrierOp) {
    case BarrierOp::Sync:
      t.barrierResult = 0;
      break;
    case BarrierOp::Count:
      t.barrierResult = count;
      break;
    case BarrierOp::And:
      t.barrierResult = static_cast<unsigned>(count) == waiting;
      break;
    case BarrierOp::Or:
      t.barrierResult = count != 0;
      break;
    }
    t.state = FiberState::Runnable;
  }
  exec.atBarrier = 0;
}

// How long a block may do nothing but repeat the same polls before it is
// diagnosed: both bounds must pass, so a slow machine gets rounds and a
// fast one gets time for a poll that waits on a clock.
constexpr unsigned long long kLivelockRounds = 1ull << 16;
constexpr std::chrono::milliseconds kLivelockTime{1000};

// Loops are reconvergence regions while a 64-lane block runs (lockstep.h).
struct LockstepLoops {
  explicit LockstepLoops(bool on) { lockstepLoops = on; }
  ~LockstepLoops() { lockstepLoops = false; }
};

} // namespace

void runBlock(BlockExec &exec) {
  exec.atBarrier = 0;
  exec.exited = 0;
  exec.warpWaiting.assign(exec.numWarps, 0);
  exec.loopWaiting.assign(exec.numWarps, 0);
  exec.loopGroups.clear();
  exec.freeLoopGroups.clear();
  exec.openGroups.clear();
  exec.openRound = ~0ull;
  LockstepLoops lockstep(exec.width == 64 && lockstepLoopsWanted());
  size_t stackBytes = fiberStackBytes();
  for (size_t i = 0; i < exec.threads.size(); ++i) {
    SimThread &t = exec.threads[i];
    t.state = FiberState::Runnable;
    t.hasPosted = false;
    t.loops.clear();
    t.pollCount = 0;
    t.pollRepeated = false;
    // Stagger the stack tops: equally spaced stacks would map their hot
    // top lines onto the same cache sets.
    size_t color = (i % 61) * 64;
    initFiberContext(t.context, t.stack->low, stackBytes - color, fiberMain);
  }
  unsigned long long idleRounds = 0;
  std::chrono::steady_clock::time_point idleSince;
  for (;; ++exec.round) {
    // A thread that comes back runnable yielded at a poll; the round did
    // work unless every thread that ran only repeated its last poll.
    bool polled = false, worked = false;
    for (SimThread &t : exec.threads) {
      if (t.state != FiberState::Runnable)
        continue;
      resume(exec, t);
      if (exec.aborted) {
        // The other fibers stay suspended and are never resumed; the next
        // block re-initializes their contexts on the same pooled stacks.
        exec.current = nullptr;
        return;
      }
      if (t.state == FiberState::Runnable) {
        polled = true;
        worked |= !t.pollRepeated;
      } else {
        worked = true;
        t.pollCount = 0;
      }
    }
    exec.current = nullptr;
    bool progressed = false;
    for (unsigned w = 0; w < exec.numWarps; ++w)
      if (exec.warpWaiting[w] && resolveWarp(exec, w))
        progressed = true;
    if (!progressed)
      for (unsigned w = 0; w < exec.numWarps; ++w)
        if (exec.loopWaiting[w] && resolveLoops(exec, w))
          progressed = true;
    if (progressed || worked)
      idleRounds = 0;
    if (progressed)
      continue;
    if (polled) {
      if (worked)
        continue;
      if (idleRounds++ == 0)
        idleSince = std::chrono::steady_clock::now();
      else if (idleRounds % kLivelockRounds == 0 &&
               std::chrono::steady_clock::now() - idleSince >= kLivelockTime)
        diagnoseLivelock(exec, idleRounds);
      continue;
    }
    unsigned live = exec.numThreads - exec.exited;
    if (live == 0)
      return;
    if (exec.atBarrier == live) {
      releaseBarrier(exec);
      continue;
    }
    diagnoseDeadlock(exec);
  }
}

int blockBarrier(BarrierOp op, int predicate,
                 const std::source_location &site) {
  BlockExec *exec = runningBlock;
  if (!exec || !exec->current)
    outsideKernel(barrierName(op), site);
  SimThread &self = *exec->current;
  self.barrierOp = op;
  self.barrierPredicate = predicate;
  self.barrierSite = Site::from(site);
  self.state = FiberState::AtBarrier;
  ++exec->atBarrier;
  suspend(*exec, self);
  return self.barrierResult;
}

WarpResult warpCollective(const WarpRequest &request,
                          const std::source_location &site) {
  BlockExec *exec = runningBlock;
  if (!exec || !exec->current)
    outsideKernel(request.name, site);
  SimThread &self = *exec->current;
  self.request = request;
  self.warpSite = Site::from(site);
  self.state = FiberState::AtWarp;
  self.hasPosted = true;
  ++exec->warpWaiting[static_cast<unsigned>(&self - exec->threads.data()) /
                      exec->width];
  suspend(*exec, self);
  return self.result;
}

} // namespace hwsim::detail
