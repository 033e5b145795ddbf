// Calls whose HIP twins want different arguments.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK(call)                                                            \
  do {                                                                         \
    hipError_t status_ = (call);                                               \
    if (status_ != hipSuccess)                                                 \
      printf("%s\n", hipGetErrorString(status_));                              \
  } while (0)

__global__ void scale(float *p, float f) { p[threadIdx.x] *= f; }

template <typename T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }

template <typename T> void inspect(hipStream_t stream, hipEvent_t event) {
  hipFuncAttributes attr;
  CHECK(hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(fill<T>)));
  CHECK(hipStreamWaitEvent(stream, event, 0));
}

// A user function that happens to share a shape is the user's.
static int cudaStreamWaitEvent2(int a, int b) { return a + b; }

int main() {
  hipStream_t stream;
  hipEvent_t event;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipEventCreate(&event));

  // Default arguments HIP lacks.
  CHECK(hipStreamWaitEvent(stream, event, 0));
  hipStreamWaitEvent(stream,
                      event, 0 /* keeps its layout */);
  CHECK(hipStreamWaitEvent(stream, event, 0)); // nothing to add

  // Kernels HIP takes as const void *.
  hipFuncAttributes attr;
  CHECK(hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(scale)));
  CHECK(hipFuncGetAttributes(&attr, (const void *)scale)); // already a pointer
  CHECK(hipFuncSetAttribute(reinterpret_cast<const void *>(scale), hipFuncAttributeMaxDynamicSharedMemorySize,
                             1024));
  CHECK(hipFuncSetCacheConfig(reinterpret_cast<const void *>(fill<float>), hipFuncCachePreferL1));
  int blocks = 0;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reinterpret_cast<const void *>(scale), 64, 0));
  float *d = nullptr;
  float f = 2.0f;
  void *args[] = {&d, &f};
  CHECK(hipLaunchKernel(reinterpret_cast<const void *>(scale), dim3(1), dim3(64), args, 0, stream));
  CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void *>(scale), dim3(1), dim3(64), args, 0, 0));

  // CUDA's typed T** overloads.
  float *host = nullptr;
  CHECK(hipHostAlloc(reinterpret_cast<void **>(&host), 64 * sizeof(float), hipHostMallocMapped));
  CHECK(hipHostGetDevicePointer(reinterpret_cast<void **>(&d), host, 0));
  void *raw = nullptr;
  CHECK(hipHostAlloc(&raw, 64, hipHostMallocDefault)); // already void **
  float *pitched = nullptr;
  size_t pitch = 0;
  CHECK(hipMallocPitch(reinterpret_cast<void **>(&pitched), &pitch, 64 * sizeof(float), 4));
  hipMemPool_t pool;
  CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  float *fromStream = nullptr, *fromPool = nullptr, *fromPool2 = nullptr;
  CHECK(hipMallocAsync(reinterpret_cast<void **>(&fromStream), 256, stream));
  CHECK(hipMallocFromPoolAsync(reinterpret_cast<void **>(&fromPool), 256, pool, stream)); // CUDA's pool overload
  CHECK(hipMallocFromPoolAsync(reinterpret_cast<void **>(&fromPool2), 256, pool, stream));

  // CUDA's overload that is another call.
  hipEvent_t timingOff;
  CHECK(hipEventCreateWithFlags(&timingOff, hipEventDisableTiming));

  // CUDA 13 signatures.
  hipGraph_t graph;
  hipGraphExec_t exec;
  CHECK(hipGraphCreate(&graph, 0));
  CHECK(hipGraphInstantiateWithFlags(&exec, graph, 0));
  CHECK(hipGraphInstantiateWithFlags(&exec, graph, 0));
  CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  float *managed = nullptr;
  CHECK(hipMallocManaged(&managed, 64 * sizeof(float)));
  hipMemLocation onDevice = {hipMemLocationTypeDevice, 0};
  hipMemLocation onHost = {};
  onHost.type = hipMemLocationTypeHost;
  CHECK(hipMemAdvise_v2(managed, 64 * sizeof(float), hipMemAdviseSetReadMostly,
                      onDevice));
  CHECK(hipMemPrefetchAsync_v2(managed, 64 * sizeof(float), onDevice, 0, stream));
  CHECK(hipMemPrefetchAsync_v2(managed, 64 * sizeof(float), onHost, 0, 0));

  inspect<int>(stream, event);
  printf("%d\n", cudaStreamWaitEvent2(1, 2));
  CHECK(hipFreeHost(host));
  return 0;
}
