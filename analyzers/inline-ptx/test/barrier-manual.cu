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

// A vote on a named barrier among a subset of the block (the form NCCL's
// barrier_red_or uses): __syncthreads_or would wait for the whole block.
__device__ bool namedVote(bool vote, int name, int nThreads) {
  int ans;
  asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0;"
               "  barrier.red.or.pred p, %2, %3, p; selp.s32 %0, 1, 0, p; }"
               : "=r"(ans) : "r"((int)vote), "r"(name), "r"(nThreads));
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: inline PTX barrier.red.or.pred has no AMD equivalent [inline-ptx.barrier]
  int any;
  asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0;"
               "  barrier.red.or.pred p, %2, p; selp.s32 %0, 1, 0, p; }"
               : "=r"(any) : "r"((int)vote), "r"(name));
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: inline PTX barrier.red.or.pred has no AMD equivalent [inline-ptx.barrier]
  int whole;
  asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0;"
               "  barrier.red.or.pred p, 0, p; selp.s32 %0, 1, 0, p; }"
               : "=r"(whole) : "r"((int)vote));
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: inline PTX barrier.red -> __syncthreads_count / __syncthreads_and / __syncthreads_or [inline-ptx.barrier]
  return ans && any && whole;
}
