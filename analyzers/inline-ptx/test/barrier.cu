// inline-ptx.barrier: barrier 0 and fences have exact HIP forms.
// HIPWRIGHT-COMPILE-FIXED
#include <cuda_runtime.h>

__global__ void stage(float *out, const float *in) {
  __shared__ float tile[256];
  tile[threadIdx.x] = in[threadIdx.x];
  asm volatile("bar.sync 0;" ::: "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX bar.sync 0 -> __syncthreads() [inline-ptx.barrier]
  // CHECK-FIXES: __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x];
  asm volatile("barrier.sync 0;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX barrier.sync 0 -> __syncthreads() [inline-ptx.barrier]
  // CHECK-FIXES: __syncthreads();
}

__device__ void publish(volatile int *flag, int *data, int v) {
  *data = v;
  asm volatile("membar.gl;" ::: "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX membar.gl -> __threadfence() [inline-ptx.barrier]
  // CHECK-FIXES: __threadfence();
  asm volatile("membar.cta;" ::: "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX membar.cta -> __threadfence_block() [inline-ptx.barrier]
  // CHECK-FIXES: __threadfence_block();
  asm volatile("membar.sys;" ::: "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX membar.sys -> __threadfence_system() [inline-ptx.barrier]
  // CHECK-FIXES: __threadfence_system();
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX fence.acq_rel.gpu -> __threadfence() [inline-ptx.barrier]
  // CHECK-FIXES: __threadfence();
  asm volatile("fence.sc.cta;" ::: "memory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX fence.sc.cta -> __threadfence_block() [inline-ptx.barrier]
  // CHECK-FIXES: __threadfence_block();
  *flag = 1;
}

__global__ void run(volatile int *flag, int *data) { publish(flag, data, 7); }
