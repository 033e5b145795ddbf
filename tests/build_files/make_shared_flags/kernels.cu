#include "shapes.h"
#include <cuda_runtime.h>

__global__ void area(const int *w, const int *h, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = w[i] * h[i];
}

void areasOnDevice(const int *w, const int *h, int *a, int n) {
  int *dw, *dh, *da;
  cudaMalloc(&dw, n * sizeof(int));
  cudaMalloc(&dh, n * sizeof(int));
  cudaMalloc(&da, n * sizeof(int));
  cudaMemcpy(dw, w, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dh, h, n * sizeof(int), cudaMemcpyHostToDevice);
  area<<<(n + 127) / 128, 128>>>(dw, dh, da, n);
  scaleOnDevice(da, 1, n);
  cudaMemcpy(a, da, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(dw);
  cudaFree(dh);
  cudaFree(da);
}
