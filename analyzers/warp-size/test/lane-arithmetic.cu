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

// Warp width followed through values, not only literal spellings.
#define WARP_SIZE 32UL
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARP_SIZE' is 32 and used as the warp width (line {{[0-9]+}}), and 1 lane or warp index computation is built on it (line [[@LINE+41]]; not reported one by one){{.*}} [warp-size.macro-constant]
__device__ unsigned __lane_id();
__device__ unsigned ptxLane() {
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

__global__ void halves(float *out, const float *in) {
  float v = in[threadIdx.x];
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x % 32' numbers lanes {{.*}} [warp-size.lane-arithmetic]
  if (lane < 16)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'lane < 16' picks one half of a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
    v += in[lane + 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'lane + 32' offsets a lane numbered within a 32-lane group by 32, the group's width, but gfx942, gfx950 run 64-lane wavefronts{{.*}} [warp-size.lane-arithmetic]
  unsigned laneId = __lane_id();
  if (laneId >= 16)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'laneId >= 16' splits a 32-lane warp in halves, but on gfx942, gfx950 'laneId' runs to 63 (64-lane wavefronts): the test parts lanes 0-15 from lanes 16-63, not two halves [warp-size.lane-arithmetic]
    v *= 2;
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  if (15 < id)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: '15 < id' splits a 32-lane warp in halves{{.*}} [warp-size.lane-arithmetic]
    v -= 1;
  if (ptxLane() <= WARP_SIZE / 2 - 1)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'ptxLane() <= WARP_SIZE / 2 - 1' splits a 32-lane warp in halves{{.*}} [warp-size.lane-arithmetic]
    v += 3;
  unsigned warps = blockDim.x / (32U);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'blockDim.x / (32U)' counts the block's 32-lane groups, not its wavefronts{{.*}} [warp-size.lane-arithmetic]
  out[laneId + 32] = __shfl_xor_sync(__activemask(), v, warps);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'laneId + 32' offsets a lane id by 32, one 32-lane warp, but gfx942, gfx950 run 64-lane wavefronts: there a lane id already runs to 63, so lanes 32-63 step past the wavefront's last lane [warp-size.lane-arithmetic]
}

// 4 rows of 8 lanes, spelled from WARP_SIZE; a warp-named 32 added to a
// thread index; warps per block with a suffixed, parenthesised 32.
__global__ void rowsOfEight(float *out, const float *in) {
  int row = threadIdx.x / (WARP_SIZE / 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'threadIdx.x / (WARP_SIZE / 4)' lays lanes out in rows of 8 inside a 32-lane warp (WARP_SIZE = 32), but gfx942, gfx950 run 64-lane wavefronts{{.*}} [warp-size.lane-arithmetic]
  int col = threadIdx.x & (WARP_SIZE / 4 - 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'threadIdx.x & (WARP_SIZE / 4 - 1)' lays lanes out in rows of 8 inside{{.*}} [warp-size.lane-arithmetic]
  int next = threadIdx.x + WARP_SIZE;
  // Spelled with WARP_SIZE alone: counted at its definition, not here.
  // No warp-level operation here: a plain 32 is not judged a warp width.
  unsigned tiles = blockDim.x / (32U);
  out[row * 8 + col] = in[next] + tiles;
}

// Which half of a 32-lane warp: a lane id runs to 63 on wave64, so the
// half it computes is 0 to 3. A lane numbered inside a 32-lane group has
// two halves on every target, and a thread index is not a lane: silent.
__global__ void halfOfWarp(float *out, const float *in) {
  unsigned laneId = __lane_id();
  unsigned half = laneId / 16;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'laneId / 16' picks a half of a 32-lane warp, but on gfx942, gfx950 'laneId' runs to 63 (64-lane wavefronts): it is 0 to 3 there, not 0 or 1 [warp-size.lane-arithmetic]
  unsigned upper = (ptxLane() >> 4) * 8;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'ptxLane() >> 4' picks a half of a 32-lane warp{{.*}}: it is 0 to 3 there, not 0 or 1 [warp-size.lane-arithmetic]
  float v = in[threadIdx.x];
  if (laneId & 16)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'laneId & 16' picks a half of a 32-lane warp, but on gfx942, gfx950 'laneId' runs to 63 (64-lane wavefronts): the bit is set for lanes 16-31 and 48-63, not for one half [warp-size.lane-arithmetic]
    v = -v;
  unsigned quarter = laneId / 8;
  unsigned rowOfTile = threadIdx.x >> 4;
  v += __shfl_xor_sync(__activemask(), v, 1);
  out[half + upper + quarter + rowOfTile] = v;
}
