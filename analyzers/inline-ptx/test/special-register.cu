// inline-ptx.special-register: PTX special registers with exact HIP
// built-ins get a fix-it; see tests/analyzers/check_analyzer.sh.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

__device__ unsigned laneId() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %laneid -> __lane_id() [inline-ptx.special-register]
  // CHECK-FIXES: lane = __lane_id();
  return lane;
}

__device__ unsigned threadX() {
  unsigned t;
  asm("mov.u32 %0, %%tid.x;" : "=r"(t));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %tid.x -> threadIdx.x [inline-ptx.special-register]
  // CHECK-FIXES: t = threadIdx.x;
  return t;
}

__device__ unsigned blockY() {
  unsigned b;
  asm("mov.u32 %0, %%ctaid.y;" : "=r"(b));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %ctaid.y -> blockIdx.y [inline-ptx.special-register]
  // CHECK-FIXES: b = blockIdx.y;
  return b;
}

__device__ long long ticks() {
  long long t;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %clock64 -> clock64() [inline-ptx.special-register]
  // CHECK-FIXES: t = clock64();
  return t;
}

__device__ unsigned ticks32() {
  unsigned t;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %clock -> clock() [inline-ptx.special-register]
  // CHECK-FIXES: t = clock();
  return t;
}

// The host-side parse skips this branch; the analyzer lexes it.
__device__ unsigned laneInArchBranch() {
  unsigned lane = 0;
#ifdef __CUDA_ARCH__
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %laneid -> __lane_id() [inline-ptx.special-register]
  // CHECK-FIXES: lane = __lane_id();
#endif
  return lane;
}

__global__ void kernel(unsigned *out, long long *t) {
  out[threadIdx.x] = laneId() + threadX() + blockY() + ticks32() +
                     laneInArchBranch();
  t[threadIdx.x] = ticks();
}
