// inline-ptx.atomic: relaxed atomics on a pointer of the PTX type become
// HIP's atomic functions.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

__device__ void count(unsigned *counter, unsigned v) {
  asm volatile("red.global.add.u32 [%0], %1;" :: "l"(counter), "r"(v) : "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX red.add -> atomicAdd(p, v) with the result unused [inline-ptx.atomic]
  // CHECK-FIXES: atomicAdd(counter, v);
}

__device__ float accumulate(float *sum, float v) {
  float old;
  asm volatile("atom.global.add.f32 %0, [%1], %2;" : "=f"(old) : "l"(sum), "f"(v) : "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX atom.add -> atomicAdd(p, v) [inline-ptx.atomic]
  // CHECK-FIXES: old = atomicAdd(sum, v);
  return old;
}

__device__ int claim(int *slot, int expected, int desired) {
  int old;
  asm volatile("atom.cas.b32 %0, [%1], %2, %3;" : "=r"(old) : "l"(slot), "r"(expected), "r"(desired) : "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX atom.cas -> atomicCAS(p, compare, v) [inline-ptx.atomic]
  // CHECK-FIXES: old = atomicCAS(slot, expected, desired);
  return old;
}

__device__ unsigned long long bump(unsigned long long *p) {
  unsigned long long old;
  asm volatile("atom.global.gpu.max.u64 %0, [%1], %2;" : "=l"(old) : "l"(p), "l"(42ull));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX atom.max -> atomicMax(p, v) [inline-ptx.atomic]
  // CHECK-FIXES: old = atomicMax(p, 42ull);
  return old;
}

__global__ void kernel(unsigned *c, float *s, int *slot, unsigned long long *m) {
  count(c, 1);
  accumulate(s, 1.0f);
  claim(slot, 0, 1);
  bump(m);
}
