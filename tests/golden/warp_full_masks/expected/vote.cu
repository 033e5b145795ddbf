#include <hip/hip_runtime.h>
#include "warp_utils.cuh"

#define ALL_LANES 0xffffffffffffffffull

// Marks slots whose key is taken; EMPTY_SLOT is a value, not a lane mask.
__global__ void countUsed(const unsigned *keys, int *count) {
  unsigned key = keys[blockIdx.x * blockDim.x + threadIdx.x];
  bool used = key != EMPTY_SLOT;
  unsigned ballot = __ballot_sync(ALL_LANES, used);
  if (__all_sync(0xffffffffffffffffull, used) || __any_sync(ALL_LANES, !used))
    __syncwarp(0xffffffffffffffffull);
  int first = warpBroadcast(__popc(ballot), 0);
  if (threadIdx.x % 32 == 0)
    atomicAdd(count, first);
  unsigned none = 0xffffffff; // "no key" marker, not a mask
  if (key == none)
    atomicAdd(count, 0);
}

// ~0u spells the same full-warp mask.
#define EVERY_LANE (0xffffffffffffffffull)
__device__ bool warpAgrees(bool p) {
  return __all_sync(0xffffffffffffffffull, p) || __ballot_sync(EVERY_LANE, p) == 0;
}
