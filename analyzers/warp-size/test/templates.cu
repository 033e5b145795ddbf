// Expectations for warp-size rules in templates; see tests/analyzers/check_analyzer.sh.
// The shapes of lane-arithmetic.cu and shuffle-offset.cu written as function
// templates and members of class templates, instantiated and not: each
// hazard is reported once, on the line written, with dependent types, and
// --fix edits the template once.
// HIPWRIGHT-COMPILE-FIXED

// A templated block reduction (the shape of FasterTransformer's
// blockReduceSum<T>), instantiated by the kernel below.
template <typename T> __device__ T warpReduceSum(T val) {
  for (int mask = 16; mask > 0; mask >>= 1)
    val += __shfl_xor_sync(0xffffffff, val, mask);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __shfl_xor_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: xor offsets below 32 stay inside each 32-lane group, so each group works on its own, as a 32-wide warp [warp-size.shuffle-offset]
    // CHECK-FIXES: val += __shfl_xor_sync(0xffffffffffffffffull, val, mask, 32);
  return val;
}

template <typename T> __device__ T blockReduceSum(T val) {
  static __shared__ T shared[32];
  int lane = threadIdx.x & 0x1f;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x & 0x1f' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  int wid = threadIdx.x >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'threadIdx.x >> 5' counts 32-lane groups, not wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  val = warpReduceSum<T>(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < (blockDim.x / 32)) ? shared[lane] : (T)0;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'blockDim.x / 32' counts the block's 32-lane groups, not its wavefronts, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  val = warpReduceSum<T>(val);
  return val;
}

__global__ void rowSum(const float *in, float *out) {
  float s = blockReduceSum<float>(in[threadIdx.x]);
  if (threadIdx.x == 0)
    *out = s;
}

// Never instantiated: the pattern is judged alone.
template <typename T, int WIDTH> __device__ T rotate(T v) {
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x % 32' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
  return __shfl_sync(0xffffffff, v, (lane + 1) % 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: the source lane '(lane + 1) % 32' is numbered within a 32-lane group, but the width defaults to the wavefront, 64 lanes on gfx942, gfx950: lanes 32-63 read from the first group instead of their own; the result is wrong [warp-size.lane0-broadcast]
  // CHECK-FIXES: return __shfl_sync(0xffffffffffffffffull, v, (lane + 1) % 32, 32);
}

// A member of a class template, instantiated.
template <typename T> struct WarpScan {
  __device__ T inclusive(T v) {
    unsigned lane = threadIdx.x & 31;
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'threadIdx.x & 31' numbers lanes within a 32-lane group, but gfx942, gfx950 run 64-lane wavefronts: each holds two such groups, which works only while every cross-lane operation stays inside its group [warp-size.lane-arithmetic]
    for (int d = 1; d < 32; d *= 2) {
      T up = __shfl_up_sync(0xffffffff, v, d);
      // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: __shfl_up_sync works in 32 lanes (the offset loop is bounded by a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: lower lanes of the second 32-lane group read the first group, so a scan not guarded by a lane % 32 test runs across both groups [warp-size.shuffle-offset]
      // CHECK-FIXES: T up = __shfl_up_sync(0xffffffffffffffffull, v, d, 32);
      if (lane >= d)
        v += up;
    }
    return v;
  }
};

__global__ void scan(int *data) {
  WarpScan<int> s;
  data[threadIdx.x] = s.inclusive(data[threadIdx.x]);
}

// A member of a class template that nothing instantiates.
template <typename T> struct Unused {
  __device__ T down(T v) {
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffff, v, o);
      // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result [warp-size.shuffle-offset]
      // CHECK-FIXES: v += __shfl_down_sync(0xffffffffffffffffull, v, o, 32);
    return v;
  }
};
