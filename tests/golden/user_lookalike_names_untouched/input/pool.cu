#include <cstddef>
#include <cstdio>
#include <cuda_runtime.h>

// The user's own error checker: its name is not CUDA's.
inline bool cudaCheck(cudaError_t e, const char *where) {
  if (e != cudaSuccess)
    std::fprintf(stderr, "%s: %s\n", where, cudaGetErrorString(e));
  return e == cudaSuccess;
}
#define CUDA_CHECK_LAST(where) cudaCheck(cudaGetLastError(), where)

namespace mylib {
// A pooling allocator with the runtime's spelling.
inline cudaError_t cudaMalloc(void **p, std::size_t bytes) {
  static char arena[1 << 20];
  static std::size_t used = 0;
  if (used + bytes > sizeof arena)
    return cudaErrorMemoryAllocation;
  *p = arena + used;
  used += bytes;
  return cudaSuccess;
}
// Forwards to the runtime's global function.
inline cudaError_t cudaFreeDevice(void *p) { return ::cudaFree(p); }
} // namespace mylib

struct Device {
  cudaStream_t cudaStream = nullptr; // member named like the type
  void (*cudaFree)(void *) = nullptr;  // member named like the function
  int cudaDevice = 0;
};

// In a template the call is resolved only at instantiation; it is still
// the runtime's cudaFree, not the member above.
template <typename T> void releaseDevice(T *p) { cudaFree(p); }

__global__ void bump(int *x) { atomicAdd(x, 1); }

int main() {
  Device dev;
  cudaCheck(cudaStreamCreate(&dev.cudaStream), "stream");
  void *host = nullptr;
  mylib::cudaMalloc(&host, 64);
  int *counter = nullptr;
  cudaCheck(cudaMalloc(&counter, sizeof(int)), "cudaMalloc");
  bump<<<1, 32, 0, dev.cudaStream>>>(counter);
  CUDA_CHECK_LAST("bump");
  int cudaDeviceCount = 0; // a local that shadows nothing
  cudaGetDeviceCount(&cudaDeviceCount);
  Device *pd = &dev;
  if (pd->cudaFree)
    pd->cudaFree(host);
  cudaCheck(cudaStreamSynchronize(dev.cudaStream), "sync");
  cudaCheck(mylib::cudaFreeDevice(counter), "cudaFree");
  int *spare = nullptr;
  cudaMalloc(&spare, sizeof(int));
  releaseDevice(spare);
  return dev.cudaDevice + cudaDeviceCount;
}
