// lane-mask.popc-truncation: 32-bit bit counts applied to 64-bit lane masks.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

// Straight from the intrinsic: --fix narrows the mask to the calling lane's
// 32-lane group, so the count is what a 32-wide warp would see.
__device__ int votes(bool p) {
  return __popc(__ballot_sync(0xffffffff, p));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __popc reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-FIXES: return __popc((unsigned)(__ballot_sync(0xffffffffffffffffull, p) >> (__lane_id() & 32)));
}

__device__ int leader() {
  return __ffs(__activemask()) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __ffs reads only bits 0-31 of the 64-bit lane mask from __activemask: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-FIXES: return __ffs((unsigned)(__activemask() >> (__lane_id() & 32))) - 1;
}

__device__ unsigned reversed(bool p) {
  return __brev(__ballot_sync(0xffffffff, p));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __brev reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-FIXES: return __brev((unsigned)(__ballot_sync(0xffffffffffffffffull, p) >> (__lane_id() & 32)));
}

// A mask the user keeps in 64 bits: the 64-bit forms agree with the 32-bit
// ones on NVIDIA's 32-bit values and count every lane on AMD.
__device__ int count64(bool p) {
  unsigned long long b = __ballot_sync(0xffffffff, p);
  int n = __popc(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: error: __popc reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-FIXES: int n = __popcll(b);
  int first = __ffs(b & ~1ull);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: error: __ffs reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-FIXES: int first = __ffsll(b & ~1ull);
  return n + first;
}

__global__ void useAll(int *out) {
  out[threadIdx.x] = votes(out[0] > 0) + leader() + (int)reversed(true) +
                     count64(out[1] > 0);
}
