// Calls whose HIP twins want different arguments.
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess)                                                \
      printf("%s\n", cudaGetErrorString(status_));                             \
  } while (0)

__global__ void scale(float *p, float f) { p[threadIdx.x] *= f; }

template <typename T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }

template <typename T> void inspect(cudaStream_t stream, cudaEvent_t event) {
  cudaFuncAttributes attr;
  CHECK(cudaFuncGetAttributes(&attr, fill<T>));
  CHECK(cudaStreamWaitEvent(stream, event));
}

// A user function that happens to share a shape is the user's.
static int cudaStreamWaitEvent2(int a, int b) { return a + b; }

int main() {
  cudaStream_t stream;
  cudaEvent_t event;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaEventCreate(&event));

  // Default arguments HIP lacks.
  CHECK(cudaStreamWaitEvent(stream, event));
  cudaStreamWaitEvent(stream,
                      event /* keeps its layout */);
  CHECK(cudaStreamWaitEvent(stream, event, 0)); // nothing to add

  // Kernels HIP takes as const void *.
  cudaFuncAttributes attr;
  CHECK(cudaFuncGetAttributes(&attr, scale));
  CHECK(cudaFuncGetAttributes(&attr, (const void *)scale)); // already a pointer
  CHECK(cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             1024));
  CHECK(cudaFuncSetCacheConfig(fill<float>, cudaFuncCachePreferL1));
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, 64, 0));
  float *d = nullptr;
  float f = 2.0f;
  void *args[] = {&d, &f};
  CHECK(cudaLaunchKernel(scale, dim3(1), dim3(64), args, 0, stream));
  CHECK(cudaLaunchCooperativeKernel(scale, dim3(1), dim3(64), args));

  // CUDA's typed T** overloads.
  float *host = nullptr;
  CHECK(cudaHostAlloc(&host, 64 * sizeof(float), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer(&d, host, 0));
  void *raw = nullptr;
  CHECK(cudaHostAlloc(&raw, 64, cudaHostAllocDefault)); // already void **
  float *pitched = nullptr;
  size_t pitch = 0;
  CHECK(cudaMallocPitch(&pitched, &pitch, 64 * sizeof(float), 4));
  cudaMemPool_t pool;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  float *fromStream = nullptr, *fromPool = nullptr, *fromPool2 = nullptr;
  CHECK(cudaMallocAsync(&fromStream, 256, stream));
  CHECK(cudaMallocAsync(&fromPool, 256, pool, stream)); // CUDA's pool overload
  CHECK(cudaMallocFromPoolAsync(&fromPool2, 256, pool, stream));

  // CUDA's overload that is another call.
  cudaEvent_t timingOff;
  CHECK(cudaEventCreate(&timingOff, cudaEventDisableTiming));

  // CUDA 13 signatures.
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaGraphCreate(&graph, 0));
  CHECK(cudaGraphInstantiate(&exec, graph));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CHECK(cudaGraphInstantiate(&exec, graph, NULL, NULL, 0));
  float *managed = nullptr;
  CHECK(cudaMallocManaged(&managed, 64 * sizeof(float)));
  cudaMemLocation onDevice = {cudaMemLocationTypeDevice, 0};
  cudaMemLocation onHost = {};
  onHost.type = cudaMemLocationTypeHost;
  CHECK(cudaMemAdvise(managed, 64 * sizeof(float), cudaMemAdviseSetReadMostly,
                      onDevice));
  CHECK(cudaMemPrefetchAsync(managed, 64 * sizeof(float), onDevice, 0, stream));
  CHECK(cudaMemPrefetchAsync(managed, 64 * sizeof(float), onHost, 0));

  inspect<int>(stream, event);
  printf("%d\n", cudaStreamWaitEvent2(1, 2));
  CHECK(cudaFreeHost(host));
  return 0;
}
