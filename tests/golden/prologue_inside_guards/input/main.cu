#include <cstdio>

#include "kernels.cu"
#include "status.h"

int main() {
  float *p = nullptr;
  if (failed(cudaMalloc(&p, 64 * sizeof(float))))
    return 1;
  twice<<<1, 64>>>(p);
  cudaError err = cudaDeviceSynchronize();
  printf("%s: %s\n", runtimeName(), cudaGetErrorString(err));
  return failed(cudaFree(p)) ? 1 : 0;
}
