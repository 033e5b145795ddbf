#include <cuda_runtime.h>
#include "warp_utils.cuh"

__global__ void blockSum(const float *in, float *out) {
  __shared__ float partial[32];
  float v = warpSum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
    v += __shfl_xor_sync(0xffffffff, v, 16);
    v += __shfl_xor_sync(0xFFFFFFFF, v, 8);
    v += __shfl_xor_sync(0xffffffffU, v, 4);
    v += __shfl_xor_sync(0xffffffff, v, 2);
    v += __shfl_xor_sync(0xffffffff, v, 1);
    if (lane == 0)
      *out = v;
  }
}

// Device-only code the host-side parse never sees.
__device__ void warpBarrier() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  __syncwarp(0xffffffff);
#else
  __syncthreads();
#endif
}

// A macro nobody expands yet.
#define WARP_MAX(v) fmaxf((v), __shfl_xor_sync(0xffffffff, (v), 1))
