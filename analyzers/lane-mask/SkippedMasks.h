//===- SkippedMasks.h - lane masks in skipped #if branches ------*- C++ -*-===//
//
// Code the host-side parse skips has no AST, so the mask data flow cannot
// follow it. Two shapes are plain in the tokens alone: a ballot stored
// straight into a 32-bit variable (`unsigned m = __ballot_sync(...)`) and a
// 32-bit bit count of one (`__popc(__ballot_sync(...))`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "analysis/SkippedCode.h"

#include <string>
#include <vector>

namespace hipwright::lanemask {

struct SkippedMaskHazard {
  size_t Token = 0;      ///< the mask intrinsic, or the bit count
  bool BitCount = false; ///< popc-truncation, else ballot-truncation
  std::string Message;
};

/// The hazards among \p Raw's tokens; \p Wave64 names the wave64 targets.
std::vector<SkippedMaskHazard> scanSkippedMasks(const RawFileTokens &Raw,
                                                const std::string &Wave64);

} // namespace hipwright::lanemask
