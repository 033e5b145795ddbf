// lane-mask.narrow-mask: 32-bit masks that reach a *_sync intrinsic through
// a variable. The fixable ones; narrow-mask-unfixed.cu has the rest.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

#define ALL_LANES 0xffffffff

__device__ int reduceAll(int v) {
  unsigned mask = 0xffffffff;
  // CHECK-FIXES: unsigned long long mask = 0xffffffffffffffffull;
  for (int step = 1; step < warpSize; step *= 2)
    v += __shfl_xor_sync(mask, v, step);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 32-bit lane mask variable 'mask' passed to __shfl_xor_sync: ROCm 7 rejects it at compile time (lane masks are 64-bit), and on a 64-wide wavefront (gfx942, gfx950) it names only lanes 0-31 [lane-mask.narrow-mask]
  __syncwarp(mask);
  return v;
}

// Through a macro, and with ~0u: the macro use is replaced, not the
// #define, which other code may use as data.
__device__ bool everyone(bool p) {
  const unsigned int m = ALL_LANES;
  // CHECK-FIXES: const unsigned long long m = 0xffffffffffffffffull;
  return __all_sync(m, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 32-bit lane mask variable 'm' passed to __all_sync: ROCm 7 rejects it at compile time (lane masks are 64-bit), and on a 64-wide wavefront (gfx942, gfx950) it names only lanes 0-31 [lane-mask.narrow-mask]
}

__device__ int anyOf(bool p) {
  uint32_t full = ~0u;
  // CHECK-FIXES: unsigned long long full = 0xffffffffffffffffull;
  return __any_sync(full, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 32-bit lane mask variable 'full' passed to __any_sync: ROCm 7 rejects it at compile time (lane masks are 64-bit), and on a 64-wide wavefront (gfx942, gfx950) it names only lanes 0-31 [lane-mask.narrow-mask]
}

// A mask of the low lanes, in a variable (cuda-samples' shfl_scan: one lane
// per warp of the block) or passed directly: computed in 64 bits it names
// the same lanes.
__device__ int scanWarpSums(int v, int nWarps) {
  int mask = (1 << nWarps) - 1;
  // CHECK-FIXES: unsigned long long mask = (1ull << nWarps) - 1;
  for (int i = 1; i <= nWarps; i *= 2)
    v += __shfl_up_sync(mask, v, i, nWarps);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 32-bit lane mask variable 'mask' passed to __shfl_up_sync{{.*}} [lane-mask.narrow-mask]
  return v;
}

__device__ int firstLanes(int v, int n) {
  return __shfl_sync((1u << n) - 1, v, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-bit lane mask '(1u << n) - 1' passed to __shfl_sync: ROCm 7 rejects it at compile time (lane masks are 64-bit), and on a 64-wide wavefront (gfx942, gfx950) it names only lanes 0-31 [lane-mask.narrow-mask]
  // CHECK-FIXES: return __shfl_sync((1ull << n) - 1, v, 0);
}

__global__ void useAll(int *out) {
  out[threadIdx.x] = reduceAll(out[threadIdx.x]) + everyone(out[0] > 0) +
                     anyOf(out[1] > 0) + scanWarpSums(out[2], 4) +
                     firstLanes(out[3], 8);
}
