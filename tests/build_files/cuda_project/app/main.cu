#include "../src/kernels.h"
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>

int main() {
  const int n = 1024;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  fillRandom(x, n);
  fillRandom(y, n);
  runSaxpy(n, 2.0f, x, y);
  cublasHandle_t h;
  cublasCreate(&h);
  float result = 0;
  cublasSasum(h, n, y, 1, &result);
  cublasDestroy(h);
  std::printf("%d %f\n", hostHelper(), result);
  cudaFree(x);
  cudaFree(y);
  return 0;
}
