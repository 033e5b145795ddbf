// inline-ptx.dot-product: RDNA gfx11 lacks v_dot4_i32_i8, so no fix-it.
// HIPWRIGHT-ARGS: --targets gfx942,gfx1100
#include <cuda_runtime.h>

__device__ int dotS8(int a, int b, int acc) {
  int d;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX dp4a -> __builtin_amdgcn_sdot4(a, b, c, false) [inline-ptx.dot-product]
  // CHECK-FIXES: asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
  return d;
}
