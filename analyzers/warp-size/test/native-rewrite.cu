// warp-size.native-rewrite: `port --fix=native` rewrites 32-lane idioms for
// whole wavefronts where every use of the width is understood, and says why
// not everywhere else. See tests/analyzers/check_analyzer.sh for the syntax;
// CHECK-NATIVE lines are matched against the port's summary.
// HIPWRIGHT-FIX: native
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

#define BLOCK 256
#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARP_SIZE' is 32 and used as the warp width, and 1 lane or warp index computation is built on it (line [[@LINE+37]]; not reported one by one): on gfx942, gfx950 a wavefront has 64 lanes, so code built on it works in 32-lane groups, two per wavefront [warp-size.macro-constant]

// Rewritten: a reduction, a scan and the kernel that calls both, launched
// below with blocks of 256. Only per-block results leave the kernel.
__device__ int warpSum(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result [warp-size.shuffle-offset]
  return v;
}
// CHECK-FIXES: for (int offset = warpSize / 2; offset > 0; offset /= 2)
// CHECK-FIXES: v += __shfl_down_sync({{[^,]+}}, v, offset);

__device__ int warpScan(int v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(0xffffffff, v, d);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: __shfl_up_sync works in 32 lanes (the offset loop is bounded by a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: lower lanes of the second 32-lane group read the first group, so a scan not guarded by a lane % 32 test runs across both groups [warp-size.shuffle-offset]
    if (lane >= d)
      v += up;
  }
  return v;
}
// CHECK-FIXES: for (int d = 1; d < warpSize; d *= 2) {
// CHECK-FIXES: int up = __shfl_up_sync({{[^,]+}}, v, d);

__global__ void blockTotals(const int *in, int *sums) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: rewritten for whole wavefronts, 32-lane warps becoming warpSize lanes: 'warpSum', 'warpScan', 'blockTotals' (6 edits, lines {{[0-9, ]+}})
  __shared__ int partial[BLOCK / WARP_SIZE];
  int lane = threadIdx.x & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x & 31' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int warp = threadIdx.x >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x >> 5' counts 32-lane groups, not wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int prefix = warpScan(in[blockIdx.x * blockDim.x + threadIdx.x], lane);
  if (lane == 31)
    partial[warp] = prefix; // the warp's total
  __syncthreads();
  if (warp == 0) {
    int t = lane < blockDim.x / WARP_SIZE ? partial[lane] : 0;
    // Counted at WARP_SIZE's definition.
    t = warpSum(t);
    if (lane == 0)
      sums[blockIdx.x] = t;
  }
}
// CHECK-FIXES: __shared__ int partial[BLOCK / WARP_SIZE];
// CHECK-FIXES: int lane = threadIdx.x & (warpSize - 1);
// CHECK-FIXES: int warp = threadIdx.x >> (__ffs(warpSize) - 1);
// CHECK-FIXES: if (lane == (warpSize - 1))
// CHECK-FIXES: int t = lane < blockDim.x / warpSize ? partial[lane] : 0;

// Refused: the warp index addresses global memory, laid out by 32-lane
// warps for whoever reads it. The 32-lane-group fix-it applies instead.
__global__ void perWarpSums(const float *in, float *warpSums) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: not rewritten for whole wavefronts, kept in 32-lane groups: 'perWarpSums'; line {{[0-9]+}}: the warp index addresses 'warpSums' outside shared memory: that layout follows the warp width, and whoever reads it counts 32-lane warps
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result [warp-size.shuffle-offset]
  if (threadIdx.x % 32 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'threadIdx.x % 32' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
    warpSums[i / 32] = v;
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'i / 32' counts 32-lane groups, not wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
}
// CHECK-FIXES: for (int o = 16; o > 0; o /= 2)
// CHECK-FIXES: v += __shfl_down_sync({{[^,]+}}, v, o, 32);
// CHECK-FIXES: if (threadIdx.x % 32 == 0)

// Rewritten: a ballot kept whole. The mask and the lower-lane mask become
// 64-bit, the bit counts their 64-bit forms, the lane bits 1ull, and the
// comparison with the 32-lane full mask one with every lane of the
// wavefront; the per-warp counts stay in shared memory.
__global__ void countVotes(const int *in, int *out, int *counts) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: rewritten for whole wavefronts, 32-lane warps becoming warpSize lanes: 'countVotes' (10 edits, lines {{[0-9, ]+}})
  __shared__ int kept[BLOCK / WARP_SIZE];
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x % 32' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int warp = threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x / 32' counts 32-lane groups, not wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned ballot = __ballot_sync(0xffffffff, in[i] > 0);
  unsigned below = (1u << lane) - 1;
  int rank = ballot == 0xffffffff ? lane : __popc(ballot & below);
  if (lane == (ballot ? __ffs(ballot) - 1 : 0))
    kept[warp] = __popc(ballot);
  __syncthreads();
  int before = 0;
  for (int w = 0; w < warp; ++w)
    before += kept[w];
  if (ballot & (1u << lane))
    out[blockIdx.x * blockDim.x + before + rank] = in[i];
  if (threadIdx.x == 0)
    counts[blockIdx.x] = before;
}
// CHECK-FIXES: unsigned long long ballot = __ballot_sync({{[^,]+}}, in[i] > 0);
// CHECK-FIXES: unsigned long long below = (1ull << lane) - 1;
// CHECK-FIXES: int rank = ballot == (~0ull >> (64 - warpSize)) ? lane : __popcll(ballot & below);
// CHECK-FIXES: if (lane == (ballot ? __ffsll(ballot) - 1 : 0))
// CHECK-FIXES: kept[warp] = __popcll(ballot);
// CHECK-FIXES: if (ballot & (1ull << lane))

// Refused: the ballot goes to a function the rewrite does not follow.
__device__ int countBits(unsigned m) { return __popc(m); }
__global__ void passVotes(const int *in, int *out) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: not rewritten for whole wavefronts, kept in 32-lane groups: 'passVotes'; line [[@LINE+2]]: the lane mask is passed to 'countBits', and the rewrite does not follow it there
  unsigned b = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
  int n = countBits(b);
  if (threadIdx.x % 32 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'threadIdx.x % 32' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
    atomicAdd(out, n);
}

// Refused: the ballot is stored to global memory, where whoever reads it
// expects 32 bits, and a bit count with no 64-bit form that agrees.
__global__ void storeVotes(const int *in, unsigned *masks, int *lead) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: not rewritten for whole wavefronts, kept in 32-lane groups: 'storeVotes'; line [[@LINE+5]]: the lane mask is stored to 'masks[blockIdx.x]', outside the function: whoever reads it expects 32 bits; line [[@LINE+7]]: '__clz' of the lane mask: its 64-bit form counts differently
  unsigned b = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
  if (b == 0xffffffff)
    return;
  if (threadIdx.x == 0)
    masks[blockIdx.x] = b;
  if (threadIdx.x == 1)
    lead[blockIdx.x] = __clz(b);
}

// Refused: a lane's 32-bit bit goes into a shared word of 32 lanes.
__global__ void laneFlags(const int *in, unsigned *flags) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: not rewritten for whole wavefronts, kept in 32-lane groups: 'laneFlags'; line [[@LINE+7]]: the lane mask is passed to 'atomicOr', and the rewrite does not follow it there
  __shared__ unsigned seen;
  int lane = threadIdx.x & 31;
  if (threadIdx.x == 0)
    seen = 0;
  __syncthreads();
  if (in[blockIdx.x * blockDim.x + threadIdx.x] > 0)
    atomicOr(&seen, 1u << lane);
  __syncthreads();
  if (threadIdx.x == 0)
    flags[blockIdx.x] = seen;
}

// Rewritten: a lane-indexed shared array of 32 becomes 64 (a wavefront's
// lanes run to 63; at 32 the upper half is unused); the per-warp array of
// 32, enough for a 1024-thread block, stays as it is.
__global__ void laneSwap(const float *in, float *out) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: rewritten for whole wavefronts, 32-lane warps becoming warpSize lanes: 'laneSwap' (5 edits, lines {{[0-9, ]+}})
  __shared__ float lanes[WARP_SIZE];
  __shared__ float perWarp[32];
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x % 32' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int warp = threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x / 32' counts 32-lane groups, not wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result [warp-size.shuffle-offset]
  if (lane == 0)
    perWarp[warp] = v;
  __syncthreads();
  if (warp == 0) {
    lanes[lane] = lane < blockDim.x / 32 ? perWarp[lane] : 0.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'blockDim.x / 32' counts the block's 32-lane groups, not its wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
    __syncwarp();
    v = lanes[lane ^ 1];
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}
// CHECK-FIXES: __shared__ float lanes[64];
// CHECK-FIXES: __shared__ float perWarp[32];

// Refused: launched with blocks of 96, one and a half wavefronts.
__global__ void rowSums(const float *in, float *out) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: not rewritten for whole wavefronts, kept in 32-lane groups: 'rowSums'; line {{[0-9]+}}: blocks 96 threads wide are not whole 64-lane wavefronts
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, o);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_xor_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: xor offsets below 32 stay inside each 32-lane group, so each group works on its own, as a 32-wide warp [warp-size.shuffle-offset]
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}
// CHECK-FIXES: for (int o = 16; o > 0; o >>= 1)
// CHECK-FIXES: v += __shfl_xor_sync({{[^,]+}}, v, o, 32);

// Refused: no kernel here calls it, so its blocks are unknown.
__device__ float halfWarpSum(float v) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:18: not rewritten for whole wavefronts, kept in 32-lane groups: 'halfWarpSum'; no kernel in this file calls 'halfWarpSum', so the blocks it runs in are unknown
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result [warp-size.shuffle-offset]
  return v;
}

// Refused: a count of 32-lane warps in a macro's body, and a literal 32
// that no idiom accounts for, both used at run time.
#define WARPS (BLOCK / 32)
__global__ void lastWarpSum(const int *in, int *out) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: not rewritten for whole wavefronts, kept in 32-lane groups: 'lastWarpSum'; line {{[0-9]+}}: 'WARPS' is 16, 31 or 32, perhaps a warp width, used in a way the rewrite does not understand; line {{[0-9]+}}: '32' is 16, 31 or 32, perhaps a warp width, used in a way the rewrite does not understand
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result [warp-size.shuffle-offset]
  if (threadIdx.x == (WARPS - 1) * 32)
    out[blockIdx.x] = v;
}
// CHECK-FIXES: v += __shfl_down_sync({{[^,]+}}, v, o, 32);

// Rewritten: the lane and the warp are already numbered with warpSize;
// only the offset loop changes.
__global__ void firstWarpMax(const float *in, float *out) {
// CHECK-NATIVE: native: native-rewrite.cu:[[@LINE-1]]:17: rewritten for whole wavefronts, 32-lane warps becoming warpSize lanes: 'firstWarpMax' (1 edit, line {{[0-9]+}})
  int lane = threadIdx.x % warpSize;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: __shfl_xor_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: xor offsets below 32 stay inside each 32-lane group, so each group works on its own, as a 32-wide warp [warp-size.shuffle-offset]
  if (threadIdx.x / warpSize == 0 && lane == 0)
    out[blockIdx.x] = v;
}
// CHECK-FIXES: for (int o = warpSize / 2; o > 0; o /= 2)

void launchAll(const int *in, int *sums, const float *f, float *g, int n) {
  blockTotals<<<n / BLOCK, BLOCK>>>(in, sums);
  perWarpSums<<<n / 256, 256>>>(f, g);
  countVotes<<<n / BLOCK, BLOCK>>>(in, sums, sums);
  passVotes<<<n / BLOCK, BLOCK>>>(in, sums);
  storeVotes<<<n / BLOCK, BLOCK>>>(in, (unsigned *)sums, sums);
  laneFlags<<<n / BLOCK, BLOCK>>>(in, (unsigned *)sums);
  laneSwap<<<n / BLOCK, BLOCK>>>(f, g);
  rowSums<<<n / 96, 96>>>(f, g);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: blocks of 96 threads for 'rowSums', which uses warp-level operations: 3 32-lane warps but 1.5 64-lane wavefronts on gfx942, gfx950, so the last wavefront of each block runs half empty [warp-size.launch-shape]
  lastWarpSum<<<n / BLOCK, BLOCK>>>(in, sums);
  firstWarpMax<<<n / BLOCK, BLOCK>>>(f, g);
}
