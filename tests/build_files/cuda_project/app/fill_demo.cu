#include "../src/kernels.h"
#include <cuda_runtime.h>
#include <cstdio>

// Links the relocatable device code of `kernels` without cuBLAS.
int main() {
  const int n = 256;
  float *x = nullptr, *y = nullptr;
  if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&y, n * sizeof(float)) != cudaSuccess) {
    std::printf("no device\n");
    return 0;
  }
  fillRandom(x, n);
  fillRandom(y, n);
  runSaxpy(n, 2.0f, x, y);
  std::printf("%d\n", hostHelper());
  cudaFree(x);
  cudaFree(y);
  return 0;
}
