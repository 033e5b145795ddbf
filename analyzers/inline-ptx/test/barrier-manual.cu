// inline-ptx.barrier without an AMD equivalent: named barriers, thread
// counts, bar.arrive.
#include <cuda_runtime.h>

__global__ void producerConsumer(int *out) {
  if (threadIdx.x < 64) {
    asm volatile("bar.arrive 1, 128;");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: inline PTX bar.arrive has no AMD equivalent [inline-ptx.barrier]
  } else {
    asm volatile("bar.sync 1, 128;");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: inline PTX bar.sync has no AMD equivalent [inline-ptx.barrier]
    out[threadIdx.x] = 1;
  }
  int n;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; bar.red.popc.u32 %0, 0, p; }"
               : "=r"(n) : "r"(out[0]));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: inline PTX bar.red -> __syncthreads_count / __syncthreads_and / __syncthreads_or [inline-ptx.barrier]
  out[1] = n;
}
