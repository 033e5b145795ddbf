// inline-ptx.dot-product without a fix-it.
#include <cuda_runtime.h>

__device__ int dotMixed(unsigned a, int b, int acc) {
  int d;
  asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX dp4a -> __builtin_amdgcn_sudot4 (gfx11 and later) or unpacked arithmetic [inline-ptx.dot-product]
  return d;
}

__device__ int dot2(int a, int b, int acc) {
  int d;
  asm("dp2a.lo.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX dp2a -> plain arithmetic on the unpacked 16-bit and 8-bit lanes [inline-ptx.dot-product]
  return d;
}

// Sum of absolute byte differences with accumulate: AMD's v_sad_u8.
__device__ unsigned sad4(unsigned a, unsigned b, unsigned acc) {
  unsigned d;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;"
      : "=r"(d) : "r"(a), "r"(b), "r"(acc));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: inline PTX vabsdiff4.add -> __builtin_amdgcn_sad_u8(a, b, c) [inline-ptx.dot-product]
  return d;
}
