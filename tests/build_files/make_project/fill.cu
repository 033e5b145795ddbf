#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>

__device__ float scale(float v);

__global__ void scaleAll(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = scale(p[i]);
}

int main() {
  const int n = 256;
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) {
    std::printf("no device\n");
    return 0;
  }
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  curandGenerateUniform(g, d, n);
  scaleAll<<<1, n>>>(d, n);
  curandDestroyGenerator(g);
  cudaFree(d);
  return 0;
}
