// lane-mask.full-compare: a lane mask compared with 0xffffffff.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

// The call itself: --fix compares the calling lane's 32-lane group.
__device__ bool wholeWarp() {
  return __activemask() == 0xffffffff;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: error: '__activemask()' compared with the 32-lane full mask '0xffffffff': on a 64-wide wavefront (gfx942, gfx950) a full wave is 0xffffffffffffffff, so this is never true [lane-mask.full-compare]
  // CHECK-FIXES: return (unsigned)(__activemask() >> (__lane_id() & 32)) == 0xffffffff;
}

// Kept in 64 bits by the user: --fix compares with every lane of the wave.
__device__ bool someoneMissing() {
  unsigned long long am = __activemask();
  return am != 0xffffffffu;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: 'am' compared with the 32-lane full mask '0xffffffffu': on a 64-wide wavefront (gfx942, gfx950) a full wave is 0xffffffffffffffff, so this is always true [lane-mask.full-compare]
  // CHECK-FIXES: return am != (~0ull >> (64 - warpSize));
}

// The full mask is a macro the port may widen: reported, not fixed.
__device__ bool allVoted(bool p) {
  return __ballot_sync(FULL_MASK, p) == FULL_MASK;
  // CHECK-MESSAGES: :[[@LINE-1]]:38: error: '__ballot_sync(FULL_MASK, p)' compared with the 32-lane full mask 'FULL_MASK': on a 64-wide wavefront (gfx942, gfx950) a full wave is 0xffffffffffffffff, so this is never true [lane-mask.full-compare]
  // CHECK-FIXES: return __ballot_sync(FULL_MASK, p) == FULL_MASK;
}

__global__ void useAll(int *out) {
  out[threadIdx.x] = wholeWarp() + someoneMissing() + allVoted(out[0] > 0);
}
