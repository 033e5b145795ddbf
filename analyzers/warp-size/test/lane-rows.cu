// Expectations for warp-size.lane-arithmetic: counts of lane rows written as
// numbers. An index that steps whole warps (g * WARP_SIZE) and splits a lane
// into rows of k lanes (lane / k) with a literal c, c * k == 32, multiplying
// something that is not the lane: c is how many rows fill a 32-lane warp.
// HIPWRIGHT-COMPILE-FIXED
#include <cstdint>
#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARP_SIZE' is 32 and used as the warp width{{.*}} [warp-size.macro-constant]

// The lane lives in a const member set by the constructor, as in NCCL's
// LL128 primitives; the rows are 8 lanes wide and the last lane of each row
// carries a flag.
template <typename T>
class RowLoader {
  const int tid;
  const int lane;
  const bool flagLane;

public:
  __device__ explicit RowLoader(int tid)
      : tid(tid), lane(tid % WARP_SIZE), flagLane(tid % 8 == 7) {}

  template <int Words>
  __device__ void load(uint64_t (&regs)[Words], const T *src, int n) {
    for (int g = 0; g < Words / 2; g++) {
      int ix = g * WARP_SIZE - 4 * (g / 2) + lane - (g % 2) * (lane / 8);
      // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: '4' is 32 / 8, the number of 8-lane rows ('lane / 8') in a 32-lane warp, in an index that steps whole warps ('g * WARP_SIZE'): written as a number, it stays 4 if the warp width becomes 64 for gfx942, gfx950 (wave64), where a wavefront holds 8 such rows, and the index skips and repeats elements [warp-size.lane-arithmetic]
      // CHECK-FIXES: int ix = g * WARP_SIZE - (WARP_SIZE / 8) * (g / 2) + lane - (g % 2) * (lane / 8);
      if ((!flagLane || g % 2 == 0) && ix < n)
        regs[2 * g] = uint64_t(src[ix]);
    }
    __syncwarp();
  }

  // Rows of 4 lanes by a shift; the count multiplies on the right.
  __device__ int slot(int g) const {
    return g * 32 + (g / 2) * 8 + (lane >> 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: '8' is 32 / 4, the number of 4-lane rows ('lane >> 2') in a 32-lane warp, in an index that steps whole warps ('g * 32'){{.*}} [warp-size.lane-arithmetic]
  }
};

__global__ void rows(const float *in, float *out, int n) {
  RowLoader<float> loader(threadIdx.x);
  uint64_t regs[8] = {};
  loader.load<8>(regs, in, n);
  out[threadIdx.x] = float(regs[0]) + float(loader.slot(1));
}

// Stays quiet.
__global__ void rowNegatives(const float *in, float *out) {
  unsigned laneId = __lane_id();
  int warp = threadIdx.y;
  // A data stride: the 8 multiplies the row itself, not a count.
  int a = warp * WARP_SIZE + (laneId / 4) * 8;
  // No whole-warp step in the index: the row of an mma tile fragment (the
  // shape of ggml's mma.cuh tile indexing), judged by the tensor-core rules
  // where it matters.
  int b = (laneId / 4) + 8 * (threadIdx.y & 1);
  // A count that is not 32 / k: 2 * 8 is 16.
  int c = warp * WARP_SIZE + 2 * (warp & 1) + (laneId / 8);
  // The row width spelled from the warp width: a sub-group split, its own
  // rule; a literal 4 beside it is not a count of rows of it.
  float v = in[a + b + c];
  out[a] = __shfl_xor_sync(0xffffffffu, v, 1);
}
