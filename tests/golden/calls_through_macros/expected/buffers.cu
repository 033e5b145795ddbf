#include <cstdio>
#include <hip/hip_runtime.h>

// A macro that wraps a call and reports where it failed.
#define TRY(call)                                                            \
  do {                                                                       \
    hipError_t e = call;                                                     \
    if (e != hipSuccess)                                                     \
      std::printf("%s failed: %s\n", #call, hipGetErrorString(e));           \
  } while (0)

// #define bodies spelling API names directly.
#define ALLOC(ptr, bytes) TRY(hipMalloc((void **)&(ptr), (bytes)))
#define RELEASE(ptr) TRY(hipFree(ptr))
#define H2D hipMemcpyHostToDevice
#define D2H hipMemcpyDeviceToHost
#define SYNC() hipDeviceSynchronize()
#define DEFAULT_STREAM ((hipStream_t)0)

// A parameter named like an API is the macro's own name, not CUDA's.
#define COPY(dst, src, n, cudaMemcpyKind) TRY(hipMemcpy(dst, src, n, cudaMemcpyKind))

__global__ void square(float *v) { v[threadIdx.x] *= v[threadIdx.x]; }

int main() {
  float host[32];
  for (int i = 0; i < 32; ++i)
    host[i] = float(i);
  float *dev = nullptr;
  ALLOC(dev, sizeof host);
  COPY(dev, host, sizeof host, H2D);
  TRY(hipMemsetAsync(dev, 0, 4, DEFAULT_STREAM));
  square<<<1, 32>>>(dev);
  TRY(SYNC());
  TRY(hipMemcpy(host, dev, sizeof host, D2H));
  RELEASE(dev);
  std::printf("%f\n", host[31]);
  return 0;
}
