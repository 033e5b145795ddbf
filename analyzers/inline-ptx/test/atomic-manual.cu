// inline-ptx.atomic without a fix-it: ordering HIP's atomics lack, or a
// pointer of another type than the PTX operation.
#include <cuda_runtime.h>

__device__ int acquire(int *lock) {
  int old;
  asm volatile("atom.acquire.gpu.exch.b32 %0, [%1], 1;" : "=r"(old) : "l"(lock) : "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX atom.exch -> atomicExch(p, v) [inline-ptx.atomic]
  return old;
}

__device__ void addBits(float *p, unsigned bits) {
  asm volatile("red.global.add.u32 [%0], %1;" :: "l"(p), "r"(bits));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX red.add -> atomicAdd(p, v) with the result unused [inline-ptx.atomic]
}
