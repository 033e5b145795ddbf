//===- WarpIntrinsics.cpp - facts about CUDA's warp intrinsics ------------===//
#include "analysis/WarpIntrinsics.h"

#include "llvm/ADT/StringSwitch.h"

namespace hipwright {

bool takesLaneMask(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases({"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
              "__shfl_xor_sync", "__ballot_sync", "__any_sync", "__all_sync",
              "__uni_sync", "__match_any_sync", "__match_all_sync",
              "__syncwarp", "__reduce_add_sync", "__reduce_min_sync",
              "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
              "__reduce_xor_sync"},
             true)
      .Default(false);
}

} // namespace hipwright
