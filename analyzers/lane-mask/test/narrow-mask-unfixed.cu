// lane-mask.narrow-mask: 32-bit masks reported without a fix-it (a
// parameter's callers, a variable given other values), so this output does
// not compile.

__device__ int reduceWith(unsigned mask, int v) {
  v += __shfl_down_sync(mask, v, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 32-bit lane mask parameter 'mask' passed to __shfl_down_sync: ROCm 7 rejects it at compile time (lane masks are 64-bit), and on a 64-wide wavefront (gfx942, gfx950) it names only lanes 0-31 [lane-mask.narrow-mask]
  v += __shfl_down_sync(mask, v, 2);
  return v;
}

// Assigned a computed value too: not only a full mask, so not widened.
__device__ int evenLanes(int v, bool odd) {
  unsigned m = 0xffffffff;
  if (odd)
    m = 0x55555555;
  return __reduce_add_sync(m, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 32-bit lane mask variable 'm' passed to __reduce_add_sync: ROCm 7 rejects it at compile time (lane masks are 64-bit), and on a 64-wide wavefront (gfx942, gfx950) it names only lanes 0-31 [lane-mask.narrow-mask]
}
