// lane-mask.popc-truncation without a fix-it: __clzll differs from __clz on
// 32-bit values, and a mask combined with 32-bit data has no one-call
// narrowing.

__device__ int highest(bool p) {
  unsigned long long b = __ballot_sync(0xffffffff, p);
  return 31 - __clz(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: error: __clz reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
}

__device__ int others(bool p, unsigned mine) {
  return __popc(__ballot_sync(0xffffffff, p) & ~mine);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __popc reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
}
