// lane-mask.ballot-truncation reported without a fix-it: the variable is
// both a *_sync mask and 32-bit data, or the call is spelled in a macro.
#define BALLOT(p) __ballot_sync(0xffffffff, p)

// Warp-aggregated increment: `active` is a mask (narrowing it would name the
// wrong lanes) and is counted (widening it would change the count).
__device__ int aggregatedAdd(int *counter, int lane) {
  unsigned active = __activemask();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __activemask result kept in 32-bit 'unsigned int' (variable 'active'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  int leader = __ffs(active) - 1;
  int base = 0;
  if (lane == leader)
    base = atomicAdd(counter, __popc(active));
  return __shfl_sync(active, base, leader);
}

__device__ int viaMacro(bool p) {
  unsigned b = BALLOT(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: error: __ballot_sync result kept in 32-bit 'unsigned int' (variable 'b'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: unsigned b = BALLOT(p);
  return __popc(b);
}
