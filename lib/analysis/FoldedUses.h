//===- FoldedUses.h - uses a finding lists instead of reporting -*- C++ -*-===//
//
// A macro `#define WARP_SIZE 32` in a header is the one line a person
// changes; the lane computations built on it, in every file that includes
// it, are counted at the definition rather than reported one by one. Each
// translation unit sees only its own files' uses, so the finding it makes
// lists those; the port merges the findings of all units at the same place
// into one list and words the message again.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "model/Finding.h"

namespace hipwright {

/// "12" for a place in the finding's own file, "b.cu:7" for one elsewhere.
std::string placeText(const std::pair<std::string, unsigned> &Place);

/// ", and 3 lane and warp index computations are built on it (lines 12,
/// 14, b.cu:7; not reported one by one)": the places sorted (the finding's
/// own file first), at most eight listed. Empty when there are none.
std::string foldedUsesText(const FoldedUses &F);

/// Sorts \p F's places, drops repeats and sets its Text.
void normalizeFoldedUses(FoldedUses &F);

/// Adds the folded uses of \p From (a finding at the same place, from
/// another translation unit) to \p Into and words Into's message again
/// (at Into.Folded->At). Nothing happens unless both carry FoldedUses.
void mergeFoldedUses(Finding &Into, const Finding &From);

} // namespace hipwright
