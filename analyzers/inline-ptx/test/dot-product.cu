// inline-ptx.dot-product: dp4a with matching signedness maps onto the
// v_dot4 instructions of gfx906..gfx950.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

__device__ int dotS8(int a, int b, int acc) {
  int d;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX dp4a -> __builtin_amdgcn_sdot4(a, b, c, false) [inline-ptx.dot-product]
  // CHECK-FIXES: d = __builtin_amdgcn_sdot4(a, b, acc, false);
  return d;
}

__device__ unsigned dotU8(unsigned a, unsigned b, unsigned acc) {
  unsigned d;
  asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX dp4a -> __builtin_amdgcn_udot4(a, b, c, false) [inline-ptx.dot-product]
  // CHECK-FIXES: d = __builtin_amdgcn_udot4(a, b, acc, false);
  return d;
}

__global__ void kernel(int *o, const int *i) {
  o[0] = dotS8(i[0], i[1], i[2]) + static_cast<int>(dotU8(i[0], i[1], i[2]));
}
