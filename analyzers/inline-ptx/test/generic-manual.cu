// inline-ptx (generic) without a fix-it.
#include <cuda_runtime.h>

__device__ unsigned laneAndWarp() {
  unsigned lane, warp;
  asm("mov.u32 %0, %%laneid;\n\tmov.u32 %1, %%warpid;" : "=r"(lane), "=r"(warp));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX with 2 instructions: %laneid -> __lane_id(); %warpid -> (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) / warpSize [inline-ptx]
  return lane + warp;
}

__device__ unsigned madd(unsigned a, unsigned b, unsigned c) {
  unsigned d;
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX mad -> plain C++ (operators, casts, math functions) [inline-ptx]
  return d;
}

__device__ void nap() {
  asm volatile("nanosleep.u32 100;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX nanosleep -> __builtin_amdgcn_s_sleep(n) [inline-ptx]
}

__device__ void quit() {
  asm volatile("exit;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: inline PTX exit has no AMD equivalent [inline-ptx]
}

__device__ void event() {
  asm volatile("pmevent 1;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: inline PTX pmevent has no AMD equivalent [inline-ptx]
}

__device__ unsigned select(unsigned s) {
  unsigned t;
  asm("{\n\t.reg .pred p;\n\tsetp.eq.u32 p, %1, 0;\n\t@p mov.u32 %0, 1;\n\t"
      "@!p mov.u32 %0, 2;\n\t}"
      : "=r"(t) : "r"(s));
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: inline PTX setp/mov -> plain C++ (operators, casts, math functions) [inline-ptx]
  return t;
}
