// Expectations for lane-mask rules in templates; see tests/analyzers/check_analyzer.sh.
// The shapes of ballot-truncation.cu and popc-truncation.cu written as
// function templates and members of class templates, instantiated and not,
// with predicates of dependent type: each reported once, on the line
// written, and fixed once.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>
// CHECK-FIXES: #include <hip/hip_runtime.h>

// Instantiated below, for two types.
template <typename T> __device__ int countAbove(T v, T limit) {
  unsigned ballot = __ballot_sync(0xffffffff, v > limit);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __ballot_sync result kept in 32-bit 'unsigned int' (variable 'ballot'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: unsigned ballot = (unsigned)(__ballot_sync(0xffffffffffffffffull, v > limit) >> (__lane_id() & 32));
  return __popc(ballot);
}

template <typename T> __device__ int firstAbove(T v, T limit) {
  return __ffs(__ballot_sync(0xffffffff, v > limit)) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __ffs reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-FIXES: return __ffs((unsigned)(__ballot_sync(0xffffffffffffffffull, v > limit) >> (__lane_id() & 32))) - 1;
}

__global__ void counts(const float *f, const int *i, int *out) {
  out[0] = countAbove(f[threadIdx.x], 0.5f) + firstAbove(f[threadIdx.x], 1.f);
  out[1] = countAbove(i[threadIdx.x], 3);
}

// Never instantiated.
template <typename T> __device__ unsigned votesOf(T v) {
  return __ballot_sync(0xffffffff, v != T(0));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: __ballot_sync result kept in 32-bit 'unsigned int' (return type of 'votesOf'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
  // CHECK-FIXES: return (unsigned)(__ballot_sync(0xffffffffffffffffull, v != T(0)) >> (__lane_id() & 32));
}

// Members of class templates: one used, one not.
template <typename T> struct Votes {
  __device__ int active(T v) {
    unsigned mask = __activemask();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: error: __activemask result kept in 32-bit 'unsigned int' (variable 'mask'): on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are lost [lane-mask.ballot-truncation]
    // CHECK-FIXES: unsigned long long mask = __activemask();
    return __popc(__ballot_sync(mask, v < T(0)));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: error: __popc reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
    // CHECK-FIXES: return __popc((unsigned)(__ballot_sync(mask, v < T(0)) >> (__lane_id() & 32)));
  }
};

template <typename T> struct UnusedVotes {
  __device__ int leader(T v) { return __ffs(__ballot_sync(0xffffffff, v > T(1))); }
  // CHECK-MESSAGES: :[[@LINE-1]]:39: error: __ffs reads only bits 0-31 of the 64-bit lane mask from __ballot_sync: on a 64-wide wavefront (gfx942, gfx950) lanes 32-63 are ignored [lane-mask.popc-truncation]
  // CHECK-FIXES: __device__ int leader(T v) { return __ffs((unsigned)(__ballot_sync(0xffffffffffffffffull, v > T(1)) >> (__lane_id() & 32))); }
};

__global__ void useVotes(const double *d, int *out) {
  Votes<double> v;
  out[threadIdx.x] = v.active(d[threadIdx.x]);
}
