#if defined(__HIP_DEVICE_COMPILE__) && !defined(HIPWRIGHT_CUDA_ARCH)
#define HIPWRIGHT_CUDA_ARCH 800 // hipwright: AMD device code takes the __CUDA_ARCH__ paths of this CUDA arch
#endif
#include <hip/hip_runtime.h>
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
    v += __shfl_xor_sync(0xffffffffffffffffull, v, 16);
    v += __shfl_xor_sync(0xffffffffffffffffull, v, 8);
    v += __shfl_xor_sync(0xffffffffffffffffull, v, 4);
    v += __shfl_xor_sync(0xffffffffffffffffull, v, 2);
    v += __shfl_xor_sync(0xffffffffffffffffull, v, 1);
    if (lane == 0)
      *out = v;
  }
}

// Device-only code the host-side parse never sees.
__device__ void warpBarrier() {
#if defined(__HIP_DEVICE_COMPILE__) && HIPWRIGHT_CUDA_ARCH >= 700
  __syncwarp(0xffffffffffffffffull);
#else
  __syncthreads();
#endif
}

// A macro nobody expands yet.
#define WARP_MAX(v) fmaxf((v), __shfl_xor_sync(0xffffffffffffffffull, (v), 1))
