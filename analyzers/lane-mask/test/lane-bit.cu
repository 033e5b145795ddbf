// lane-mask.lane-bit: lane masks built in 32 bits and combined with ballots.
// No fix-its: a 64-bit rewrite changes which lanes a group holds.

// With a 32-bit ballot: right once the ballot is narrowed to the lane's
// 32-lane group (what --fix does to it), so a warning.
__device__ int rankInGroup(bool pred, unsigned lane) {
  unsigned ballot = __ballot_sync(0xffffffff, pred);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __ballot_sync result kept in 32-bit 'unsigned int' (variable 'ballot'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  unsigned lower = (1u << lane) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: lane mask built in 32 bits ('(1u << lane) - 1') and combined with the 32-bit ballot 'ballot': correct on a 64-wide wavefront (gfx942, gfx950) only while that ballot is narrowed to the lane's 32-lane group [lane-mask.lane-bit]
  return __popc(ballot & lower);
}

__device__ unsigned firstN(bool pred, int n) {
  unsigned ballot = __ballot_sync(0xffffffff, pred);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __ballot_sync result kept in 32-bit 'unsigned int' (variable 'ballot'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  return ballot & (0xffffffff >> (32 - n));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: lane mask built in 32 bits ('0xffffffff >> (32 - n)') and combined with the 32-bit ballot 'ballot': correct on a 64-wide wavefront (gfx942, gfx950) only while that ballot is narrowed to the lane's 32-lane group [lane-mask.lane-bit]
}

// With the 64-bit ballot: lanes 32-63 are dropped, so an error.
__device__ bool mineSet(bool p, unsigned lane) {
  unsigned long long b = __ballot_sync(0xffffffff, p);
  return (b & (1u << lane)) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: error: lane mask built in 32 bits ('1u << lane') and combined with the 64-bit lane mask 'b': on a 64-wide wavefront (gfx942, gfx950) it drops lanes 32-63 of the 64-bit mask [lane-mask.lane-bit]
}

__device__ int rankInWave(bool p, unsigned lane) {
  return __popc(__ballot_sync(0xffffffff, p) & ((1u << lane) - 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __popc reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-MESSAGES: :[[@LINE-2]]:49: error: lane mask built in 32 bits ('(1u << lane) - 1') and combined with the 64-bit lane mask '__ballot_sync(0xffffffff, p)': on a 64-wide wavefront (gfx942, gfx950) it drops lanes 32-63 of the 64-bit mask [lane-mask.lane-bit]
}
