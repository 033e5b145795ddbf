// inline-ptx (generic): several idioms in one statement, plain arithmetic,
// PTX with no AMD equivalent, and instructions other families own.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

__device__ void stop() {
  asm volatile("trap;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX trap -> __builtin_trap() [inline-ptx]
  // CHECK-FIXES: __builtin_trap();
}

__global__ void kernel(int *o) {
  if (o[0] < 0)
    stop();
}
