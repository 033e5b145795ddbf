// inline-ptx.special-register without a fix-it: the HIP form differs in
// width or units, or there is none.
#include <cuda_runtime.h>

__device__ unsigned lanesBelow() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %lanemask_lt -> __lanemask_lt() [inline-ptx.special-register]
  return m;
}

__device__ unsigned lanesAtOrAbove() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(m));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %lanemask_ge -> ~__lanemask_lt() [inline-ptx.special-register]
  return m;
}

__device__ unsigned warpId() {
  unsigned w;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(w));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %warpid -> (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) / warpSize [inline-ptx.special-register]
  return w;
}

__device__ unsigned smId() {
  unsigned s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %smid -> __smid() [inline-ptx.special-register]
  return s;
}

__device__ unsigned long long nanos() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %globaltimer -> wall_clock64() [inline-ptx.special-register]
  return t;
}

__device__ unsigned smemSize() {
  unsigned n;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(n));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: inline PTX %dynamic_smem_size has no AMD equivalent [inline-ptx.special-register]
  return n;
}

__device__ unsigned lanemaskInArchBranch() {
  unsigned m = 0;
#ifdef __CUDA_ARCH__
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX %lanemask_lt -> __lanemask_lt() [inline-ptx.special-register]
#endif
  return m;
}

// An asm in a macro body is reported once, at the #define, and not
// rewritten: the #define would keep the PTX for its other uses. The use
// is not reported again.
#define LANE_ID(x) asm("mov.u32 %0, %%laneid;" : "=r"(x))
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: in macro LANE_ID: inline PTX %laneid -> __lane_id() [inline-ptx.special-register]
__device__ unsigned viaMacro() {
  unsigned l;
  LANE_ID(l);
  // CHECK-FIXES: LANE_ID(l);
  return l;
}
