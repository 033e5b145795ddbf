#include <cstdio>
#include <cuda_runtime.h>

// A macro that wraps a call and reports where it failed.
#define TRY(call)                                                            \
  do {                                                                       \
    cudaError_t e = call;                                                    \
    if (e != cudaSuccess)                                                    \
      std::printf("%s failed: %s\n", #call, cudaGetErrorString(e));          \
  } while (0)

// #define bodies spelling API names directly.
#define ALLOC(ptr, bytes) TRY(cudaMalloc((void **)&(ptr), (bytes)))
#define RELEASE(ptr) TRY(cudaFree(ptr))
#define H2D cudaMemcpyHostToDevice
#define D2H cudaMemcpyDeviceToHost
#define SYNC() cudaDeviceSynchronize()
#define DEFAULT_STREAM ((cudaStream_t)0)

// A parameter named like an API is the macro's own name, not CUDA's.
#define COPY(dst, src, n, cudaMemcpyKind) TRY(cudaMemcpy(dst, src, n, cudaMemcpyKind))

__global__ void square(float *v) { v[threadIdx.x] *= v[threadIdx.x]; }

int main() {
  float host[32];
  for (int i = 0; i < 32; ++i)
    host[i] = float(i);
  float *dev = nullptr;
  ALLOC(dev, sizeof host);
  COPY(dev, host, sizeof host, H2D);
  TRY(cudaMemsetAsync(dev, 0, 4, DEFAULT_STREAM));
  square<<<1, 32>>>(dev);
  TRY(SYNC());
  TRY(cudaMemcpy(host, dev, sizeof host, D2H));
  RELEASE(dev);
  std::printf("%f\n", host[31]);
  return 0;
}
