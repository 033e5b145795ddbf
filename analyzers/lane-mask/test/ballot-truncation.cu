// lane-mask.ballot-truncation: ballot / activemask results kept in 32 bits.
// See tests/analyzers/check_analyzer.sh for the expectation syntax.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu
// CHECK-FIXES: #define FULL_MASK 0xffffffffffffffffull

// 32-bit code that works in 32-lane groups: --fix narrows the ballot to the
// calling lane's group, which is the whole result on a 32-wide warp.
__device__ int groupCount(bool pred) {
  unsigned ballot = __ballot_sync(FULL_MASK, pred);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __ballot_sync result kept in 32-bit 'unsigned int' (variable 'ballot'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: unsigned ballot = (unsigned)(__ballot_sync(FULL_MASK, pred) >> (__lane_id() & 32));
  return __popc(ballot);
}

// Only ever a mask: --fix widens the variable.
__device__ int pairSum(int v) {
  unsigned active = __activemask();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __activemask result kept in 32-bit 'unsigned int' (variable 'active'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: unsigned long long active = __activemask();
  return v + __shfl_xor_sync(active, v, 1);
}

// Stores other than to a local.
__device__ unsigned votesOf(bool p) {
  return __ballot_sync(0xffffffff, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __ballot_sync result kept in 32-bit 'unsigned int' (return type of 'votesOf'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: return (unsigned)(__ballot_sync(0xffffffffffffffffull, p) >> (__lane_id() & 32));
}

__global__ void recordVotes(const int *in, unsigned *votes, int *firsts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  votes[i] = __ballot_sync(FULL_MASK, in[i] != 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: __ballot_sync result kept in 32-bit 'unsigned int' (store to 'votes[i]'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: votes[i] = (unsigned)(__ballot_sync(FULL_MASK, in[i] != 0) >> (__lane_id() & 32));
  firsts[i] = (int)__activemask();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: __activemask result kept in 32-bit 'int' (cast): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: firsts[i] = (int)(unsigned)(__activemask() >> (__lane_id() & 32));
}

// Combined before the store: reported, not fixed (no one-call narrowing).
__device__ unsigned othersVoting(bool p, unsigned mine) {
  unsigned others = __ballot_sync(FULL_MASK, p) & ~mine;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __ballot_sync result kept in 32-bit 'unsigned int' (variable 'others'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: unsigned others = __ballot_sync(FULL_MASK, p) & ~mine;
  return others;
}
