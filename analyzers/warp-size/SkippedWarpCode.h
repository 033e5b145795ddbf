//===- SkippedWarpCode.h - 32-lane idioms in skipped #if branches -*- C++
//-*-===//
//
// Code the host-side parse skips (device-only `#if __CUDA_ARCH__` paths,
// `#ifdef VERIFY` with the option off) has no AST. These token-level checks
// find the two warp-size hazards whose shape the tokens show without
// types: a thread index split by 32 next to warp-level calls, and a
// shuffle without a width whose offset starts at 16. Less than the AST
// rules see, and never more.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/SkippedCode.h"

#include <optional>
#include <string>
#include <vector>

namespace hipwright::warpsize {

struct SkippedWarpHazard {
  size_t Token = 0;     ///< index of the first token of the expression
  bool Shuffle = false; ///< shuffle-offset, else lane-arithmetic
  std::string Message;  ///< after the target list is put in
  /// For a shuffle: the index of its closing parenthesis, where `, 32`
  /// goes.
  std::optional<size_t> RParen;
};

/// The hazards among \p Raw's tokens; \p WaveTargets names the wave64
/// targets ("gfx942, gfx950") for the messages.
std::vector<SkippedWarpHazard>
scanSkippedWarpCode(const RawFileTokens &Raw, const std::string &WaveTargets);

} // namespace hipwright::warpsize
