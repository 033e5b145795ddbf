// Expectations for lane-mask rules in #if branches the host-side parse
// skips; see tests/analyzers/check_analyzer.sh. Token-level: a ballot
// stored straight into a 32-bit variable, and a 32-bit bit count of one.
#include <cuda_runtime.h>

__device__ int votes(float v) {
  int n = 0;
#if __CUDA_ARCH__ >= 700
  unsigned m = __ballot_sync(0xffffffff, v > 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: error: __ballot_sync result kept in 32-bit 'unsigned int' (variable 'm'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  n = __popc(__ballot_sync(0xffffffff, v > 1)) + __popc(m);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: error: __popc reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
#endif
  return n;
}

#ifdef DEBUG_VOTES
__device__ int leader(bool p) {
  unsigned int active = __activemask();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: __activemask result kept in 32-bit 'unsigned int' (variable 'active'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost (in a branch this build does not compile: `#ifdef DEBUG_VOTES`, line [[@LINE-3]]) [lane-mask.ballot-truncation]
  return __ffs(active) + __ffs(__ballot_sync(active, p));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: __ffs reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored (in a branch this build does not compile: `#ifdef DEBUG_VOTES`, line [[@LINE-5]]) [lane-mask.popc-truncation]
}
#endif

// Stays quiet: a 64-bit variable, a 64-bit count, the AMD side.
#if __CUDA_ARCH__ >= 800
__device__ int wide(bool p) {
  unsigned long long m = __ballot_sync(0xffffffff, p);
  return __popcll(m);
}
#endif
#if defined(__HIP_PLATFORM_AMD__)
__device__ int amd(bool p) { unsigned m = __ballot(p); return __popc(__ballot(p)) + m; }
#endif
