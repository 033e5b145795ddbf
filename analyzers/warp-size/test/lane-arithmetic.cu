// Expectations for warp-size.lane-arithmetic; see tests/analyzers/check_analyzer.sh.
// A thread index split by 32 (% 32, & 31, / 32, >> 5, & ~31) in code that
// uses warp-level operations, directly or through a callee.

__device__ float groupSum(float v) {
  // Explicit width 32: a note only (warp-size.shuffle-width).
  for (int mask = 16; mask > 0; mask /= 2)
    v += __shfl_xor_sync(__activemask(), v, mask, 32);
// CHECK-MESSAGES: :[[@LINE-1]]:51: note: width 32 keeps __shfl_xor_sync inside 32-lane groups: correct on gfx942, gfx950 (wave64), where each wavefront holds two such groups [warp-size.shuffle-width]
  return v;
}

__global__ void perGroup(const float *in, float *out, unsigned *bases) {
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x % 32' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int warp = threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x / 32' counts 32-lane groups, not wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int tid = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned lane2 = tid & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'tid & 31' numbers lanes {{.*}} [warp-size.lane-arithmetic]
  unsigned warp2 = tid >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'tid >> 5' counts 32-lane groups{{.*}} [warp-size.lane-arithmetic]
  unsigned first = threadIdx.x & ~31u;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'threadIdx.x & ~31u' counts 32-lane groups{{.*}} [warp-size.lane-arithmetic]
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int globalWarp = gid / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'gid / 32' counts 32-lane groups{{.*}} [warp-size.lane-arithmetic]
  int warpsPerBlock = (blockDim.x + 31) / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: '(blockDim.x + 31) / 32' counts the block's 32-lane groups, not its wavefronts{{.*}} [warp-size.lane-arithmetic]
  unsigned warps2 = (blockDim.x * blockDim.y) >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: '(blockDim.x * blockDim.y) >> 5' counts the block's 32-lane groups{{.*}} [warp-size.lane-arithmetic]
  float s = groupSum(in[gid]) + warpsPerBlock + warps2;
  if (lane == 0 && lane2 == 0 && warp == int(warp2)) {
    out[globalWarp] = s;
    bases[warp] = first;
  }
}

// A lane id parameter: no data flow into callees, so the name is trusted.
__device__ int laneBit(int laneId, unsigned word) {
  return (word >> (laneId % 32)) & 1 ? __shfl_xor_sync(__activemask(), laneId, 1) : 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'laneId % 32' numbers lanes {{.*}} [warp-size.lane-arithmetic]
}
