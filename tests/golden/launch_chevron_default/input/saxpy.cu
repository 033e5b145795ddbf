#include <cuda_runtime.h>

template <typename T, unsigned BLOCK>
__global__ void saxpy(int n, T a, const T *x, T *y) {
  unsigned i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void touch(float *p) { p[threadIdx.x] += 1.0f; }

void launchAll(int n, float *x, float *y) {
  cudaStream_t streams[2];
  for (cudaStream_t &s : streams)
    cudaStreamCreate(&s);
  saxpy<float, 256><<<(n + 255) / 256, 256, 0, streams[0]>>>(n, 2.0f, x, y);
  touch<<<dim3(1), dim3(64), 0, streams[1]>>>(y);
  touch<<<1, 64, 0, cudaStreamPerThread>>>(x);
  for (cudaStream_t s : streams) {
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
  }
}
