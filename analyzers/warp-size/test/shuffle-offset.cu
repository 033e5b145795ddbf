// Expectations for warp-size.shuffle-offset; see tests/analyzers/check_analyzer.sh.
// Offsets built for 32 lanes with the default (wavefront-wide) width. The
// fix-it gives each such shuffle width 32.
// HIPWRIGHT-COMPILE-FIXED

__device__ int reduceDown(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(__activemask(), v, offset);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: upper lanes of each 32-lane group read the next group, so only lane 0 of each group keeps the 32-lane result [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, offset, 32);
  return v;
}

__device__ float butterfly(float v) {
  for (int mask = 1; mask < 32; mask *= 2)
    v += __shfl_xor_sync(__activemask(), v, mask);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_xor_sync works in 32 lanes (the offset loop is bounded by a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: xor offsets below 32 stay inside each 32-lane group, so each group works on its own, as a 32-wide warp [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_xor_sync(__activemask(), v, mask, 32);
  return v;
}

__device__ int inclusiveScan(int v, int lane) {
  for (int d = 1; d <= 16; d <<= 1) {
    int n = __shfl_up_sync(__activemask(), v, d);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: __shfl_up_sync works in 32 lanes (the offset loop is bounded by a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: lower lanes of the second 32-lane group read the first group, so a scan not guarded by a lane % 32 test runs across both groups [warp-size.shuffle-offset]
    // CHECK-FIXES: int n = __shfl_up_sync(__activemask(), v, d, 32);
    if (lane >= d)
      v += n;
  }
  return v;
}

// Unrolled: the offset-16 step marks the whole ladder as 32-lane.
__device__ int unrolled(int v) {
  v += __shfl_down_sync(__activemask(), v, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: __shfl_down_sync works in 32 lanes (offset 16 is half of a 32-lane warp){{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, 16, 32);
  v += __shfl_down_sync(__activemask(), v, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: __shfl_down_sync works in 32 lanes (this step belongs to a reduction that starts at offset 16){{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, 8, 32);
  v += __shfl_down_sync(__activemask(), v, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: {{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, 4, 32);
  v += __shfl_down_sync(__activemask(), v, 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: {{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, 2, 32);
  v += __shfl_down_sync(__activemask(), v, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: {{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, 1, 32);
  return v;
}

// An assigned (not declared) loop variable, and a halving by shift.
__device__ float maxDown(float v) {
  int o;
  for (o = 16; o; o >>= 1)
    v = fmaxf(v, __shfl_down_sync(__activemask(), v, o));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16{{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v = fmaxf(v, __shfl_down_sync(__activemask(), v, o, 32));
  return v;
}

// A while loop: the offset variable starts at 16.
__device__ int whileDown(int v) {
  int offset = 16;
  while (offset > 0) {
    v += __shfl_down_sync(__activemask(), v, offset);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset variable starts at 16, half of a 32-lane warp){{.*}} [warp-size.shuffle-offset]
    // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, offset, 32);
    offset >>= 1;
  }
  return v;
}

// A butterfly written with __shfl_sync and a partner lane: `lane ^ mask`
// in a loop from 16, a partner variable, a thread index xor a loop bounded
// by 32. A partner that is not from 16 or 32 (`lane ^ 1` alone) is silent.
__device__ unsigned __lane_id();
__device__ float partnerSum(float v) {
  unsigned lane = __lane_id();
  for (int mask = 16; mask > 0; mask >>= 1)
    v += __shfl_sync(__activemask(), v, lane ^ mask);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_sync works in 32 lanes (its source lane 'lane ^ mask' is an xor partner: the offset loop starts at 16, half of a 32-lane warp) but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: xor offsets below 32 stay inside each 32-lane group, so each group works on its own, as a 32-wide warp [warp-size.shuffle-offset]
    // CHECK-FIXES: v += __shfl_sync(__activemask(), v, lane ^ mask, 32);
  int partner = lane ^ 16;
  v += __shfl_sync(__activemask(), v, partner);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: __shfl_sync works in 32 lanes (its source lane 'partner' is an xor partner: offset 16 is half of a 32-lane warp){{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_sync(__activemask(), v, partner, 32);
  for (int i = 1; i < 32; i *= 2)
    v += __shfl_sync(__activemask(), v, threadIdx.x ^ i);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_sync works in 32 lanes (its source lane 'threadIdx.x ^ i' is an xor partner: the offset loop is bounded by a 32-lane warp){{.*}} [warp-size.shuffle-offset]
  v += __shfl_sync(__activemask(), v, lane ^ 1);
  return v;
}

// A rotation: CUDA takes the source lane modulo 32, so lane 31 + 1 reads
// lane 0; with a 64-lane width it reads lane 32, the next group.
__device__ float rotate(float v, int n) {
  unsigned lane = __lane_id();
  float up = __shfl_sync(__activemask(), v, lane + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: __shfl_sync reads source lane 'lane + 1', which CUDA wraps at the warp's 32 lanes, but its width defaults to the wavefront, 64 lanes on gfx942, gfx950: the last lane of each 32-lane group read the next group (or past the wavefront) instead of wrapping inside their own [warp-size.shuffle-offset]
  // CHECK-FIXES: float up = __shfl_sync(__activemask(), v, lane + 1, 32);
  unsigned from = threadIdx.x - 16;
  float down = __shfl_sync(__activemask(), v, from);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: __shfl_sync reads source lane 'from'{{.*}}: the first 16 lanes of each 32-lane group read the previous group{{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: float down = __shfl_sync(__activemask(), v, from, 32);
  // A step that is not a constant from 1 to 31, or an explicit width:
  // silent.
  float any = __shfl_sync(__activemask(), v, lane + n);
  float same = __shfl_sync(__activemask(), v, lane + 40);
  float narrow = __shfl_sync(__activemask(), v, lane + 1, 8);
  return up + down + any + same + narrow;
}

__global__ void use(int *out, float *f) {
  out[threadIdx.x] = reduceDown(out[threadIdx.x]) + inclusiveScan(1, 0) +
                     unrolled(2) + whileDown(3);
  f[threadIdx.x] = butterfly(f[threadIdx.x]) + maxDown(1.0f) + partnerSum(2.0f) +
                   rotate(3.0f, 2);
}
