// lane-mask.narrow-mask on a wave32 target: still rejected by ROCm 7, but no
// lanes are lost; the truncation rules stay silent.
// HIPWRIGHT-ARGS: --targets gfx1100

__device__ int reduceWith(unsigned mask, int v) {
  return v + __shfl_xor_sync(mask, v, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 32-bit lane mask parameter 'mask' passed to __shfl_xor_sync: ROCm 7 rejects it at compile time (lane masks are 64-bit) [lane-mask.narrow-mask]
}

__device__ int count(bool p) {
  unsigned b = __ballot_sync(0xffffffff, p);
  return __popc(__activemask()) + __popc(b);
}
