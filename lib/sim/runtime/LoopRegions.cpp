//===- LoopRegions.cpp - lockstep loops, polls and livelocks --------------===//
//
// The scheduler side of hwsim/lockstep.h: threads entering and leaving loop
// regions at the 64-lane width, threads yielding at polls, and the
// diagnosis of a block in which nothing but polling happens.
//
//===----------------------------------------------------------------------===//
#include "BlockExec.h"
#include "Diagnostics.h"
#include "WarpView.h"

#include "hwsim/lockstep.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace hwsim::detail {

namespace {

unsigned warpOf(const BlockExec &exec, const SimThread &t) {
  return static_cast<unsigned>(&t - exec.threads.data()) / exec.width;
}

/// The running thread, or null outside a kernel.
SimThread *runningThread() {
  BlockExec *exec = runningBlock;
  return exec ? exec->current : nullptr;
}

void waitToLeave(BlockExec &exec, SimThread &self) {
  self.state = FiberState::LeavingLoop;
  ++exec.loopWaiting[warpOf(exec, self)];
  switchFiber(self.context, exec.scheduler);
}

unsigned newGroup(BlockExec &exec, const Site &site, unsigned warp,
                  unsigned parent) {
  unsigned g;
  if (!exec.freeLoopGroups.empty()) {
    g = exec.freeLoopGroups.back();
    exec.freeLoopGroups.pop_back();
  } else {
    g = static_cast<unsigned>(exec.loopGroups.size());
    exec.loopGroups.emplace_back();
  }
  exec.loopGroups[g] = LoopGroup{site, 0, warp, parent};
  return g;
}

// Releases every group all of whose members have left it.
bool releaseLeavers(BlockExec &exec, const WarpView &v) {
  bool released = false;
  unsigned long long leaving = v.lanesIn(FiberState::LeavingLoop);
  while (leaving) {
    unsigned first = static_cast<unsigned>(std::countr_zero(leaving));
    unsigned g = v.lane(first).loops.back();
    LoopGroup &group = exec.loopGroups[g];
    bool allLeft = true;
    unsigned long long here = 0;
    forEachLane(group.members, [&](unsigned l) {
      const SimThread &t = v.lane(l);
      if (t.state == FiberState::LeavingLoop && t.loops.back() == g)
        here |= 1ull << l;
      else if (t.state != FiberState::Exited)
        allLeft = false;
    });
    leaving &= ~here;
    leaving &= ~(1ull << first);
    if (!allLeft)
      continue;
    forEachLane(here, [&](unsigned l) {
      SimThread &t = v.lane(l);
      t.loops.pop_back();
      t.state = FiberState::Runnable;
    });
    exec.loopWaiting[v.warp] -= std::popcount(here);
    exec.freeLoopGroups.push_back(g);
    released = true;
  }
  return released;
}

/// Splits \p lanes into groups of equal key(l), in order of their lowest
/// lane, and calls f(group, key) for each.
template <class Key, class F>
void forEachGroup(unsigned long long lanes, Key key, F f) {
  while (lanes) {
    auto k = key(static_cast<unsigned>(std::countr_zero(lanes)));
    unsigned long long same = 0;
    forEachLane(lanes, [&](unsigned l) {
      if (key(l) == k)
        same |= 1ull << l;
    });
    lanes &= ~same;
    f(same, k);
  }
}

std::string loopSiteOf(const BlockExec &exec, const SimThread &t) {
  if (t.loops.empty())
    return "";
  return formatSite(exec.loopGroups[t.loops.back()].site);
}

} // namespace

bool lockstepLoopsWanted() {
  static const bool wanted = [] {
    const char *env = std::getenv("HIPWRIGHT_SIM_LOCKSTEP");
    if (!env || std::strcmp(env, "1") == 0)
      return true;
    if (std::strcmp(env, "0") == 0)
      return false;
    std::fprintf(stderr,
                 "hipwright-sim: error: HIPWRIGHT_SIM_LOCKSTEP must be 0 or "
                 "1, got '%s'\n",
                 env);
    std::exit(2);
  }();
  return wanted;
}

void enterLoopRegion(const char *file, unsigned line, unsigned column) {
  SimThread *self = runningThread();
  if (!self)
    return;
  // The lanes of a warp that reach the loop in the same scheduler round
  // enter it together: the group closes when the round ends, before any
  // member's wait to leave is judged. Entering costs no switch.
  BlockExec &exec = *runningBlock;
  if (exec.openRound != exec.round) {
    exec.openGroups.clear();
    exec.openRound = exec.round;
  }
  Site site{file, line, column};
  unsigned warp = warpOf(exec, *self);
  unsigned parent = self->loops.empty() ? ~0u : self->loops.back();
  unsigned lane =
      static_cast<unsigned>(self - exec.threads.data()) - warp * exec.width;
  unsigned g = ~0u;
  for (unsigned open : exec.openGroups) {
    const LoopGroup &G = exec.loopGroups[open];
    if (G.warp == warp && G.parent == parent && G.site == site) {
      g = open;
      break;
    }
  }
  if (g == ~0u) {
    g = newGroup(exec, site, warp, parent);
    exec.openGroups.push_back(g);
  }
  exec.loopGroups[g].members |= 1ull << lane;
  self->loops.push_back(g);
}

void leaveLoopRegion() {
  SimThread *self = runningThread();
  if (!self || self->loops.empty())
    return;
  waitToLeave(*runningBlock, *self);
}

void atomicPolled(const void *address, unsigned long long signature) {
  SimThread *self = runningThread();
  if (!self)
    return;
  unsigned known = std::min(self->pollCount, SimThread::kPollHistory);
  self->pollRepeated = false;
  for (unsigned i = 0; i < known; ++i)
    if (self->recentPolls[i].address == address &&
        self->recentPolls[i].signature == signature)
      self->pollRepeated = true;
  if (!self->pollRepeated)
    self->recentPolls[self->pollCount++ % SimThread::kPollHistory] = {
        address, signature};
  switchFiber(self->context, runningBlock->scheduler);
}

bool resolveLoops(BlockExec &exec, unsigned warp) {
  WarpView v(exec, warp);
  return releaseLeavers(exec, v);
}

std::string describeWait(const BlockExec &exec, const SimThread &t) {
  switch (t.state) {
  case FiberState::AtBarrier:
    return format("%s (%s)", barrierName(t.barrierOp),
                  formatSite(t.barrierSite).c_str());
  case FiberState::AtWarp:
    return format("%s (%s)", t.request.name, formatSite(t.warpSite).c_str());
  case FiberState::LeavingLoop:
    return format("the end of the loop at %s (for the lanes still in it)",
                  formatSite(exec.loopGroups[t.loops.back()].site).c_str());
  case FiberState::Runnable:
    return "a poll";
  case FiberState::Exited:
    return "the kernel's end";
  }
  return "";
}

std::string describeWaits(const BlockExec &exec, unsigned warp,
                          unsigned long long lanes) {
  const SimThread *base = exec.threads.data() + warp * exec.width;
  std::string out;
  forEachGroup(
      lanes,
      [&](unsigned l) {
        return std::make_pair(base[l].state, describeWait(exec, base[l]));
      },
      [&](unsigned long long same, const auto &key) {
        out += format("; lanes %s wait at %s", formatLanes(same).c_str(),
                      key.second.c_str());
      });
  return out;
}

void diagnoseLivelock(BlockExec &exec, unsigned long long rounds) {
  for (unsigned w = 0; w < exec.numWarps; ++w) {
    WarpView v(exec, w);
    unsigned long long polling = v.lanesIn(FiberState::Runnable);
    if (!polling)
      continue;
    unsigned long long rest =
        v.exist & ~polling & ~v.lanesIn(FiberState::Exited);
    // Lanes that left a loop the pollers are still in: the lockstep case.
    unsigned long long leaving = 0;
    unsigned group = ~0u;
    forEachLane(v.lanesIn(FiberState::LeavingLoop), [&](unsigned l) {
      unsigned g = v.lane(l).loops.back();
      if (group == ~0u && (exec.loopGroups[g].members & polling))
        group = g;
      if (g == group)
        leaving |= 1ull << l;
    });
    std::string message;
    if (leaving) {
      unsigned long long inside = exec.loopGroups[group].members & polling;
      message = format(
          "%s: lockstep deadlock: warp %u lanes %s left the loop at %s and "
          "wait there for lanes %s, which keep polling in it (atomics that "
          "change nothing, %llu rounds): the lanes of a 64-wide wavefront "
          "leave a loop together, so lanes %s cannot go on to release what "
          "the others wait for (NVIDIA's independent thread scheduling lets "
          "them); release a per-thread lock inside the loop that takes it, "
          "or let one lane of each wavefront take it",
          blockPrefix(exec).c_str(), w, formatLanes(leaving).c_str(),
          formatSite(exec.loopGroups[group].site).c_str(),
          formatLanes(inside).c_str(), rounds, formatLanes(leaving).c_str());
      polling &= ~inside;
      rest &= ~leaving;
    } else {
      message = format("%s: livelock: warp %u: %llu rounds in which threads "
                       "only repeated the same polls (atomics that change "
                       "nothing)",
                       blockPrefix(exec).c_str(), w, rounds);
    }
    // Other pollers, by the loop they are in.
    forEachGroup(
        polling, [&](unsigned l) { return loopSiteOf(exec, v.lane(l)); },
        [&](unsigned long long same, const std::string &where) {
          message +=
              format("; lanes %s keep polling%s%s", formatLanes(same).c_str(),
                     where.empty() ? "" : " in the loop at ", where.c_str());
        });
    printError(message + describeWaits(exec, w, rest));
  }
  diagnosedExit();
}

} // namespace hwsim::detail
