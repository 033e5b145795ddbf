//===- WarpView.h - the lanes of one warp of the running block ------------===//
//
// The lanes of warp w are block threads [w * W, w * W + count); sets of
// lanes are 64-bit masks, lane l at bit l.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_RUNTIME_WARPVIEW_H
#define HIPWRIGHT_SIM_RUNTIME_WARPVIEW_H

#include "BlockExec.h"

#include <algorithm>
#include <bit>

namespace hwsim::detail {

struct WarpView {
  BlockExec &exec;
  unsigned warp;
  unsigned base;  // Block thread id of lane 0.
  unsigned count; // Lanes that exist (the last warp may be partial).
  unsigned long long exist;

  WarpView(BlockExec &e, unsigned w)
      : exec(e), warp(w), base(w * e.width),
        count(std::min(e.width, e.numThreads - w * e.width)),
        exist(count == 64 ? ~0ull : (1ull << count) - 1) {}

  SimThread &lane(unsigned l) const { return exec.threads[base + l]; }

  unsigned long long lanesIn(FiberState state) const {
    unsigned long long bits = 0;
    for (unsigned l = 0; l < count; ++l)
      if (lane(l).state == state)
        bits |= 1ull << l;
    return bits;
  }
};

/// Calls f(l) for each set bit l of \p bits, lowest first.
template <class F> void forEachLane(unsigned long long bits, F f) {
  while (bits) {
    unsigned l = static_cast<unsigned>(std::countr_zero(bits));
    bits &= bits - 1;
    f(l);
  }
}

} // namespace hwsim::detail

#endif // HIPWRIGHT_SIM_RUNTIME_WARPVIEW_H
