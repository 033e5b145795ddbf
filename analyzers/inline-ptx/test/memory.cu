// inline-ptx.memory: scalar read-only loads become __ldg.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

__device__ float loadNC(const float *p) {
  float v;
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX ld.global.nc -> __ldg(ptr) [inline-ptx.memory]
  // CHECK-FIXES: v = __ldg(p);
  return v;
}

__device__ int loadInt(const int *base, int i) {
  int v;
  asm("ld.global.nc.L1::no_allocate.s32 %0, [%1];" : "=r"(v) : "l"(base + i));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX ld.global.nc -> __ldg(ptr) [inline-ptx.memory]
  // CHECK-FIXES: v = __ldg(base + i);
  return v;
}

__global__ void kernel(float *o, const float *f, const int *n) {
  o[threadIdx.x] = loadNC(f + threadIdx.x) + loadInt(n, threadIdx.x);
}
