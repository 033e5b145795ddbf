// Expectations for warp-size.lane0-broadcast; see tests/analyzers/check_analyzer.sh.
// A __shfl_sync source lane numbered inside a 32-lane group, with the
// default (wavefront-wide) width: wrong on 64-lane wavefronts. The fix-it
// adds width 32.
// HIPWRIGHT-COMPILE-FIXED

// Broadcast from lane 0 of each 32-lane group.
__global__ void broadcastGroupLeader(const float *in, float *out) {
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [warp-size.lane-arithmetic]
  float v = lane == 0 ? in[blockIdx.x * blockDim.x + threadIdx.x] : 0.0f;
  float leader = __shfl_sync(__activemask(), v, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: __shfl_sync reads lane 0 of the whole wavefront, but this code works in 32-lane groups ('threadIdx.x % 32' at line 9 splits threads into 32-lane groups): on gfx942, gfx950 (wave64) lanes 32-63 get lane 0's value instead of lane 32's; the result is wrong [warp-size.lane0-broadcast]
  // CHECK-FIXES: float leader = __shfl_sync(__activemask(), v, 0, 32);
  out[blockIdx.x * blockDim.x + threadIdx.x] = leader;
}

// Reduce over 32 lanes, then hand lane 31's running total to everyone.
__device__ int groupTotal(int v) {
  for (int d = 1; d < 32; d *= 2) {
    int n = __shfl_up_sync(__activemask(), v, d);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: {{.*}} [warp-size.shuffle-offset]
    // CHECK-FIXES: int n = __shfl_up_sync(__activemask(), v, d, 32);
    v += n;
  }
  return __shfl_sync(__activemask(), v, 31);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __shfl_sync reads lane 31 of the whole wavefront, but this code works in 32-lane groups (the shuffle at line 21 reduces over 32 lanes): on gfx942, gfx950 (wave64) lanes 32-63 get lane 31's value instead of lane 63's; the result is wrong [warp-size.lane0-broadcast]
  // CHECK-FIXES: return __shfl_sync(__activemask(), v, 31, 32);
}

// Rotate within the group: the source lane comes from lane = tid & 31.
__global__ void rotate(int *data) {
  unsigned lane = threadIdx.x & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: {{.*}} [warp-size.lane-arithmetic]
  int v = data[threadIdx.x];
  v = __shfl_sync(__activemask(), v, (lane + 1) % 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: error: the source lane '(lane + 1) % 32' is numbered within a 32-lane group, but the width defaults to the wavefront, 64 lanes on gfx942, gfx950: lanes 32-63 read from the first group instead of their own; the result is wrong [warp-size.lane0-broadcast]
  // CHECK-FIXES: v = __shfl_sync(__activemask(), v, (lane + 1) % 32, 32);
  int pair = __shfl_sync(__activemask(), v, lane ^ 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: the source lane 'lane ^ 1' is numbered within a 32-lane group{{.*}} [warp-size.lane0-broadcast]
  // CHECK-FIXES: int pair = __shfl_sync(__activemask(), v, lane ^ 1, 32);
  data[threadIdx.x] = v + pair + groupTotal(v);
}

// Already explicit: width 32 makes lane 0 the group's lane 0 (a note).
__global__ void alreadyFixed(float *out) {
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [warp-size.lane-arithmetic]
  out[threadIdx.x] = __shfl_sync(__activemask(), out[threadIdx.x], 0, 32) + lane;
  // CHECK-MESSAGES: :[[@LINE-1]]:71: note: width 32 keeps __shfl_sync inside 32-lane groups: correct on gfx942, gfx950 (wave64), where each wavefront holds two such groups [warp-size.shuffle-width]
}

// The last stage of a block reduction: each 32-lane group loads the same
// per-warp partials at its own lane number and combines them with xor
// shuffles, so lane 0 of the wavefront holds the block's total as lane 0
// of each group does, and the broadcast needs no width (no finding).
__device__ float blockTotal(float sum) {
  __shared__ float partial[32];
  int warp = threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [warp-size.lane-arithmetic]
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [warp-size.lane-arithmetic]
  for (int mask = 16; mask >= 1; mask /= 2)
    sum += __shfl_xor_sync(__activemask(), sum, mask);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}} [warp-size.shuffle-offset]
    // CHECK-FIXES: sum += __shfl_xor_sync(__activemask(), sum, mask, 32);
  if (lane == 0)
    partial[warp] = sum;
  __syncthreads();
  sum = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: {{.*}} [warp-size.lane-arithmetic]
  for (int mask = 16; mask >= 1; mask /= 2)
    sum += __shfl_xor_sync(__activemask(), sum, mask);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}} [warp-size.shuffle-offset]
    // CHECK-FIXES: sum += __shfl_xor_sync(__activemask(), sum, mask, 32);
  return __shfl_sync(__activemask(), sum, 0);
}

// The same with the partials passed in by pointer and the broadcast stored
// back into the variable it reads (no finding).
__device__ float blockMax(float *partial, float v) {
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [warp-size.lane-arithmetic]
  v = lane < 4 ? partial[lane] : -1.0f;
  for (int mask = 2; mask >= 1; mask /= 2)
    v = fmaxf(v, __shfl_xor_sync(__activemask(), v, mask));
  v = __shfl_sync(__activemask(), v, 0);
  return v;
}

// A value not loaded at the group's own lane differs between the groups:
// lane 0 of the wavefront is the first group's.
__device__ float rowMax(const float *rows, float v) {
  int warp = threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [warp-size.lane-arithmetic]
  v = rows[warp];
  v = __shfl_sync(__activemask(), v, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: error: __shfl_sync reads lane 0 of the whole wavefront{{.*}} [warp-size.lane0-broadcast]
  // CHECK-FIXES: v = __shfl_sync(__activemask(), v, 0, 32);
  return v;
}

// Source lanes computed before the call: the variable carries the 32-lane
// numbering into the shuffle.
__global__ void rotatePartners(float *p) {
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [warp-size.lane-arithmetic]
  float v = p[threadIdx.x];
  int src = (lane + 1) & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: '(lane + 1) & 31' numbers lanes within a 32-lane group{{.*}} [warp-size.lane-arithmetic]
  v += __shfl_sync(0xffffffff, v, src);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: error: the source lane 'src' is numbered within a 32-lane group{{.*}} [warp-size.lane0-broadcast]
  // CHECK-FIXES: v += __shfl_sync(0xffffffffffffffffull, v, src, 32);
  int partner = lane ^ 16;
  v += __shfl_sync(0xffffffff, v, partner);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: error: the source lane 'partner' is numbered within a 32-lane group{{.*}} [warp-size.lane0-broadcast]
  // CHECK-FIXES: v += __shfl_sync(0xffffffffffffffffull, v, partner, 32);
  p[threadIdx.x] = v;
}
