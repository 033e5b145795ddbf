//===- LoopLowering.h - loop statements as lockstep regions -----*- C++ -*-===//
//
// Each loop statement of the code (not of #define bodies) that can poll - it
// calls an atomic or __nanosleep, or a function of the file that does,
// directly or not - is wrapped in a block that first declares a
// ::hwsim::LoopRegion, so that at the 64-lane width the CPU runtime makes
// the lanes of a warp leave the loop together, as an AMD wavefront does
// (hwsim/lockstep.h). Only a poll makes a lane wait for another, so other
// loops need no region (and would only cost time):
//   while (c) s;   ->   { ::hwsim::LoopRegion hwsim_loop_; while (c) s; }
// Both insertions stay on their lines. A loop whose extent the token walk
// cannot be sure of (a directive inside it, a body it does not recognise)
// is left as written: it then runs with independent lanes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "sim/LoweringContext.h"

namespace hipwright::sim::detail {

/// Records the wrapping edits for every loop in the current segment that
/// can poll.
void lowerLoops(LoweringContext &C);

/// Index of the last token of the statement that starts at segment token
/// \p I, or npos when it is not one the walk understands.
size_t statementEnd(const LoweringContext &C, size_t I);

} // namespace hipwright::sim::detail
