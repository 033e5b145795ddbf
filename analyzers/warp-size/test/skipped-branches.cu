// Expectations for warp-size rules in #if branches the host-side parse
// skips; see tests/analyzers/check_analyzer.sh. A device-only path under
// __CUDA_ARCH__ is code the build compiles; a branch behind an option that
// is off is labelled with its condition. Token-level: only the shapes the
// tokens show (a thread index split by 32 beside warp-level calls, a
// shuffle without a width whose offset starts at 16).
#include <cuda_runtime.h>
// CHECK-FIXES: #include <hip/hip_runtime.h>

__device__ float reduce(float v) {
#if __CUDA_ARCH__ >= 800
// CHECK-FIXES: #if HIPWRIGHT_CUDA_ARCH >= 800
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, o);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_xor_sync works in 32 lanes (its offset loop counts in a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: xor offsets below 32 stay inside each 32-lane group, so each group works on its own, as a 32-wide warp [warp-size.shuffle-offset]
    // CHECK-FIXES: v += __shfl_xor_sync(0xffffffffffffffffull, v, o, 32);
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x & 31' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  // CHECK-MESSAGES: :[[@LINE-2]]:39: warning: 'threadIdx.x >> 5' counts 32-lane groups, not wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  if (lane == 0 && warp == 0)
    v *= 2;
#endif
  return v;
}

#ifdef VERIFY
__device__ float checkSum(float v) {
  return v + __shfl_down_sync(0xffffffff, v, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: __shfl_down_sync works in 32 lanes (an offset of 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result (in a branch this build does not compile: `#ifdef VERIFY`, line [[@LINE-3]]) [warp-size.shuffle-offset]
  // CHECK-FIXES: return v + __shfl_down_sync(0xffffffffffffffffull, v, 16, 32);
}
#endif

// Stays quiet: an explicit width, a split by 32 in a branch without
// warp-level calls, and the AMD side of a vendor switch.
#if __CUDA_ARCH__ >= 700
// CHECK-FIXES: #if HIPWRIGHT_CUDA_ARCH >= 700
__device__ float pairs(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, o, 32);
    // CHECK-FIXES: v += __shfl_xor_sync(0xffffffffffffffffull, v, o, 32);
  return v;
}
#endif
#ifdef TILED
__device__ int column(const int *p) { return p[threadIdx.x % 32]; }
#endif
#ifdef USE_ROCM
__device__ float amdReduce(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor(v, o);
  return v + (threadIdx.x & 31);
}
#endif
