//===- WarpCollectives.cpp - resolving shuffles, votes, matches, reduces --===//
//
// Called when no fiber of the block can run. The lanes of a warp that wait
// at collectives are split into instances (same operation, same call site);
// an instance resolves once every lane its masks require is in it.
//
//===----------------------------------------------------------------------===//
#include "BlockExec.h"
#include "Diagnostics.h"
#include "WarpView.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace hwsim::detail {

namespace {

/// Calls f(instanceLanes, firstLane) for each instance waiting in the warp.
template <class F> void forEachInstance(const WarpView &v, F f) {
  unsigned long long remaining = v.lanesIn(FiberState::AtWarp);
  while (remaining) {
    unsigned first = static_cast<unsigned>(std::countr_zero(remaining));
    const SimThread &lead = v.lane(first);
    unsigned long long inst = 0;
    forEachLane(remaining, [&](unsigned l) {
      const SimThread &t = v.lane(l);
      if (t.request.op == lead.request.op && t.warpSite == lead.warpSite)
        inst |= 1ull << l;
    });
    remaining &= ~inst;
    f(inst, first);
  }
}

/// The lanes the instance's masks name that exist in the warp.
unsigned long long requiredLanes(const WarpView &v, unsigned long long inst) {
  unsigned long long required = 0;
  forEachLane(inst, [&](unsigned l) {
    const WarpRequest &r = v.lane(l).request;
    if (r.masked)
      required |= r.mask & v.exist;
  });
  return required;
}

/// The lanes lane l's result is computed over.
unsigned long long participants(const WarpView &v, unsigned long long inst,
                                unsigned l) {
  const WarpRequest &r = v.lane(l).request;
  return r.masked ? inst & r.mask & v.exist : inst;
}

std::string describe(const WarpView &v, unsigned long long lanes,
                     unsigned first) {
  const SimThread &t = v.lane(first);
  return format("warp %u lanes %s at %s (%s)", v.warp,
                formatLanes(lanes).c_str(), t.request.name,
                formatSite(t.warpSite).c_str());
}

// The lane a shuffle reads, by the CUDA/HIP rules for a segment width w;
// `lane` itself means "keep your own value".
unsigned long long shuffleSource(WarpOp op, unsigned lane, long long param,
                                 unsigned w) {
  unsigned long long segment = lane & ~(w - 1);
  unsigned long long offset = lane & (w - 1);
  switch (op) {
  case WarpOp::Shfl:
    return segment + (static_cast<unsigned long long>(param) & (w - 1));
  case WarpOp::ShflUp: {
    unsigned long long d = static_cast<unsigned>(param);
    return offset < d ? lane : lane - d;
  }
  case WarpOp::ShflDown: {
    unsigned long long d = static_cast<unsigned>(param);
    return offset + d >= w ? lane : lane + d;
  }
  default: {
    unsigned long long s = lane ^ static_cast<unsigned>(param);
    return s >= segment + w ? lane : s;
  }
  }
}

void resolveShuffle(const WarpView &v, unsigned long long inst) {
  unsigned long long readers = 0, sources = 0;
  unsigned firstReader = 0;
  forEachLane(inst, [&](unsigned l) {
    SimThread &t = v.lane(l);
    const WarpRequest &r = t.request;
    unsigned w = static_cast<unsigned>(r.width);
    if (r.width <= 0 || w > v.exec.width || (w & (w - 1))) {
      warnOncePerSite(t.warpSite,
                      format("%s: %s at %s: width %d is not a power of two "
                             "up to the wave width %u; using %u",
                             blockPrefix(v.exec).c_str(), r.name,
                             formatSite(t.warpSite).c_str(), r.width,
                             v.exec.width, v.exec.width));
      w = v.exec.width;
    }
    unsigned long long src = shuffleSource(r.op, l, r.param, w);
    const unsigned char *from = r.value;
    if (src != l) {
      if (src < 64 && ((inst >> src) & 1)) {
        from = v.lane(static_cast<unsigned>(src)).request.value;
      } else {
        // Not active in this call: the source's register holds whatever it
        // last exchanged; a lane that does not exist gives the caller's own.
        if (!readers)
          firstReader = l;
        readers |= 1ull << l;
        if (src < 64)
          sources |= 1ull << src;
        if (src < v.count) {
          const SimThread &s = v.lane(static_cast<unsigned>(src));
          if (s.hasPosted && s.request.size == r.size)
            from = s.request.value;
        }
      }
    }
    std::memcpy(t.result.value, from, sizeof(t.result.value));
  });
  if (readers) {
    const SimThread &t = v.lane(firstReader);
    warnOncePerSite(
        t.warpSite,
        format("%s: warp %u: %s at %s: lanes %s read lanes %s, which are not "
               "active in the call",
               blockPrefix(v.exec).c_str(), v.warp, t.request.name,
               formatSite(t.warpSite).c_str(), formatLanes(readers).c_str(),
               sources ? formatLanes(sources).c_str() : "beyond the wave"));
  }
}

bool sameValue(const WarpRequest &a, const WarpRequest &b) {
  return a.size == b.size && std::memcmp(a.value, b.value, a.size) == 0;
}

void resolveReduce(const WarpView &v, unsigned long long inst, unsigned l) {
  SimThread &t = v.lane(l);
  WarpOp op = t.request.op;
  bool isSigned = t.request.isSigned;
  bool first = true;
  uint32_t acc = 0;
  forEachLane(participants(v, inst, l), [&](unsigned m) {
    uint32_t x;
    std::memcpy(&x, v.lane(m).request.value, sizeof(x));
    if (first) {
      acc = x;
      first = false;
      return;
    }
    switch (op) {
    case WarpOp::ReduceAdd:
      acc += x;
      break;
    case WarpOp::ReduceMin:
      acc =
          isSigned
              ? (static_cast<int32_t>(x) < static_cast<int32_t>(acc) ? x : acc)
              : std::min(acc, x);
      break;
    case WarpOp::ReduceMax:
      acc =
          isSigned
              ? (static_cast<int32_t>(x) > static_cast<int32_t>(acc) ? x : acc)
              : std::max(acc, x);
      break;
    case WarpOp::ReduceAnd:
      acc &= x;
      break;
    case WarpOp::ReduceOr:
      acc |= x;
      break;
    default:
      acc ^= x;
      break;
    }
  });
  std::memcpy(t.result.value, &acc, sizeof(acc));
}

void computeResults(const WarpView &v, unsigned long long inst,
                    unsigned first) {
  WarpOp op = v.lane(first).request.op;
  switch (op) {
  case WarpOp::Shfl:
  case WarpOp::ShflUp:
  case WarpOp::ShflDown:
  case WarpOp::ShflXor:
    resolveShuffle(v, inst);
    return;
  default:
    break;
  }
  unsigned long long predicates = 0;
  forEachLane(inst, [&](unsigned l) {
    if (v.lane(l).request.param)
      predicates |= 1ull << l;
  });
  forEachLane(inst, [&](unsigned l) {
    SimThread &t = v.lane(l);
    unsigned long long part = participants(v, inst, l);
    switch (op) {
    case WarpOp::Ballot:
      t.result.bits = predicates & part;
      break;
    case WarpOp::Any:
      t.result.pred = (predicates & part) != 0;
      break;
    case WarpOp::All:
      t.result.pred = (predicates & part) == part;
      break;
    case WarpOp::ActiveMask:
      t.result.bits = inst;
      break;
    case WarpOp::SyncWarp:
      break;
    case WarpOp::MatchAny: {
      unsigned long long same = 0;
      forEachLane(part, [&](unsigned m) {
        if (sameValue(v.lane(m).request, t.request))
          same |= 1ull << m;
      });
      t.result.bits = same;
      break;
    }
    case WarpOp::MatchAll: {
      bool all = true;
      forEachLane(part, [&](unsigned m) {
        all = all && sameValue(v.lane(m).request, t.request);
      });
      t.result.bits = all ? part : 0;
      t.result.pred = all;
      break;
    }
    default:
      resolveReduce(v, inst, l);
      break;
    }
  });
}

// Resolves one instance if it can; diagnoses what can never resolve.
//
// The mask rules depend on whose hardware the width stands for. At 32 lanes
// the runtime holds the program to CUDA's contract: every lane a `_sync` mask
// names must arrive, and a lane may not leave itself out (both undefined on
// NVIDIA, where independent thread scheduling makes them hang or misbehave).
// At 64 lanes it behaves as an AMD wavefront under ROCm 7: the wave runs the
// instruction with whichever lanes are active - it does not wait for lanes
// the mask names, and a caller outside the mask still executes (ROCm checks
// the mask only in debug builds) with results restricted to the mask. Each of
// those gets one warning per call site; the program's results decide the rest.
bool resolveInstance(const WarpView &v, unsigned long long inst,
                     unsigned first) {
  const bool amdRules = v.exec.width == 64;
  unsigned long long selfless = 0;
  unsigned firstSelfless = 0;
  forEachLane(inst, [&](unsigned l) {
    const WarpRequest &r = v.lane(l).request;
    if (r.masked && !((r.mask >> l) & 1)) {
      if (!selfless)
        firstSelfless = l;
      selfless |= 1ull << l;
    }
  });
  if (selfless && !amdRules)
    blockError(v.exec, format("%s: the mask 0x%llx leaves out the calling lane",
                              describe(v, selfless, first).c_str(),
                              v.lane(firstSelfless).request.mask));
  if (selfless)
    warnOncePerSite(
        v.lane(first).warpSite,
        format("%s: %s: the mask 0x%llx leaves out the calling lanes; a "
               "64-lane wavefront runs the call anyway, over the masked lanes "
               "only",
               blockPrefix(v.exec).c_str(),
               describe(v, selfless, first).c_str(),
               v.lane(firstSelfless).request.mask));
  unsigned long long missing = requiredLanes(v, inst) & ~inst;
  unsigned long long exited = missing & v.lanesIn(FiberState::Exited);
  if (exited && !amdRules)
    blockError(v.exec, format("%s: needs lanes %s, which exited without "
                              "arriving",
                              describe(v, inst, first).c_str(),
                              formatLanes(exited).c_str()));
  if (missing && !amdRules)
    return false;
  if (missing)
    warnOncePerSite(
        v.lane(first).warpSite,
        format("%s: %s: the mask names lanes %s, which are not active here; "
               "a 64-lane wavefront runs the call without them",
               blockPrefix(v.exec).c_str(), describe(v, inst, first).c_str(),
               formatLanes(missing).c_str()));
  computeResults(v, inst, first);
  forEachLane(inst,
              [&](unsigned l) { v.lane(l).state = FiberState::Runnable; });
  v.exec.warpWaiting[v.warp] -= static_cast<unsigned>(std::popcount(inst));
  return true;
}

} // namespace

bool resolveWarp(BlockExec &exec, unsigned warp) {
  WarpView v(exec, warp);
  // `_sync` instances first. Unmasked ones (HIP spellings, __activemask)
  // take whoever is there, so they wait while other lanes of the warp can
  // still move: those lanes may be on their way to the same call, as they
  // would be after a branch reconverges on the GPU.
  bool progressed = false;
  forEachInstance(v, [&](unsigned long long inst, unsigned first) {
    if (v.lane(first).request.masked && resolveInstance(v, inst, first))
      progressed = true;
  });
  if (progressed)
    return true;
  forEachInstance(v, [&](unsigned long long inst, unsigned first) {
    if (!v.lane(first).request.masked && resolveInstance(v, inst, first))
      progressed = true;
  });
  return progressed;
}

void diagnoseDeadlock(BlockExec &exec) {
  bool printed = false;
  for (unsigned w = 0; w < exec.numWarps; ++w) {
    if (!exec.warpWaiting[w])
      continue;
    WarpView v(exec, w);
    forEachInstance(v, [&](unsigned long long inst, unsigned first) {
      unsigned long long missing = requiredLanes(v, inst) & ~inst;
      if (!missing)
        return;
      // Say where the missing lanes are instead, grouped by place.
      std::string where = describeWaits(exec, w, missing);
      printError(format("%s: deadlock: %s wait for lanes %s%s",
                        blockPrefix(exec).c_str(),
                        describe(v, inst, first).c_str(),
                        formatLanes(missing).c_str(), where.c_str()));
      printed = true;
    });
  }
  // Lanes that left a loop wait for the lanes still in it (lockstep.h).
  for (unsigned w = 0; w < exec.numWarps && !printed; ++w) {
    if (!exec.loopWaiting[w])
      continue;
    WarpView v(exec, w);
    unsigned long long leaving = v.lanesIn(FiberState::LeavingLoop);
    if (!leaving)
      continue;
    const SimThread &lead =
        v.lane(static_cast<unsigned>(std::countr_zero(leaving)));
    std::string message = format(
        "%s: deadlock: warp %u lanes %s wait at %s", blockPrefix(exec).c_str(),
        w, formatLanes(leaving).c_str(), describeWait(exec, lead).c_str());
    message += describeWaits(
        exec, w, v.exist & ~leaving & ~v.lanesIn(FiberState::Exited));
    printError(message);
    printed = true;
  }
  if (!printed)
    printError(blockPrefix(exec) + ": deadlock: no thread can make progress");
  diagnosedExit();
}

} // namespace hwsim::detail
