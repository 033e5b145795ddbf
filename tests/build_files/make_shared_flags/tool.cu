#include "shapes.h"
#include <cstdio>
#include <cublas_v2.h>

__global__ void fill(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 1.0f;
}

int main() {
  const int n = 256;
  float *x, sum = 0;
  cudaMalloc(&x, n * sizeof(float));
  fill<<<2, 128>>>(x, n);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSasum(h, n, x, 1, &sum);
  cublasDestroy(h);
  cudaFree(x);
  printf("%s\n", sum == n ? "PASS" : "FAIL");
  return 0;
}
