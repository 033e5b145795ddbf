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

__global__ void useAll(int *out) {
  out[threadIdx.x] = reduceAll(out[threadIdx.x]) + everyone(out[0] > 0) +
                     anyOf(out[1] > 0);
}
