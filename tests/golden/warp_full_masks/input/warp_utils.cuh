#pragma once

#define FULL_WARP_MASK 0xffffffff
#define EMPTY_SLOT 0xffffffffu // sentinel for an unused hash slot

__device__ inline float warpSum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(FULL_WARP_MASK, v, offset);
  return v;
}

__device__ inline int warpBroadcast(int v, int lane) {
  return __shfl_sync(FULL_WARP_MASK, v, lane);
}
