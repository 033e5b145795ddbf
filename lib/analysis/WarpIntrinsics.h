//===- WarpIntrinsics.h - facts about CUDA's warp intrinsics ----*- C++ -*-===//
//
// Shared by the translator (which widens full-warp literal masks) and the
// lane-mask analyzer (which follows masks through variables), so both agree
// on what a mask argument is.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

namespace hipwright {

/// Whether \p Name is a warp intrinsic whose first argument is a lane mask
/// (__shfl_sync, __ballot_sync, __syncwarp, ...).
bool takesLaneMask(llvm::StringRef Name);

/// The 64-bit all-lanes mask a full-warp 0xffffffff literal becomes.
inline constexpr llvm::StringLiteral kFullLaneMask64 = "0xffffffffffffffffull";

} // namespace hipwright
