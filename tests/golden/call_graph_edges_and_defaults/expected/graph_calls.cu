// CUDA 13 runtime and driver calls whose HIP twins take other arguments:
// graph edge data passed as null, CUDA-only defaults, and the assert helper.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

__global__ void check(const int *v) {
  if (v[threadIdx.x] < 0)
    __assert_fail("v >= 0", __FILE__, __LINE__, __func__);
}

static hipError_t wire(hipGraph_t g, hipGraphNode_t a, hipGraphNode_t b) {
  hipError_t e = hipGraphAddDependencies(g, &a, &b, 1);
  if (e != hipSuccess)
    return e;
  hipGraphNode_t deps[4];
  size_t n = 4;
  e = hipGraphNodeGetDependencies(b, deps, &n);
  if (e != hipSuccess)
    return e;
  size_t edges = 0;
  e = hipGraphGetEdges(g, nullptr, nullptr, &edges);
  if (e != hipSuccess)
    return e;
  return hipGraphRemoveDependencies(g, &a, &b, 1);
}

static hipError_t captured(hipStream_t s) {
  hipStreamCaptureStatus status;
  hipError_t e = hipStreamGetCaptureInfo_v2(s, &status);
  if (e != hipSuccess || status != hipStreamCaptureStatusActive)
    return e;
  hipGraph_t g;
  const hipGraphNode_t *deps = nullptr;
  size_t n = 0;
  e = hipStreamGetCaptureInfo_v2(s, &status, nullptr, &g, &deps, &n);
  if (e != hipSuccess)
    return e;
  return hipStreamUpdateCaptureDependencies(s, nullptr, 0);
}

static hipError_t instantiate(hipGraph_t g, hipGraphExec_t *exec) {
  return hipGraphInstantiateWithFlags(exec, g, 0);
}

static hipError_t volume(hipArray_t *array) {
  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  return hipMalloc3DArray(array, &desc, make_hipExtent(8, 8, 8), 0);
}

static hipError_t copy(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyDefault);
}

int main() {
  hipGraph_t g;
  hipGraphCreate(&g, 0);
  std::printf("%d\n", (int)wire(g, nullptr, nullptr));
  hipGraphExec_t exec;
  std::printf("%d\n", (int)instantiate(g, &exec));
  std::printf("%d\n", (int)captured(0));
  hipArray_t array;
  std::printf("%d\n", (int)volume(&array));
  std::printf("%d\n", (int)copy(0, 0, 0));
  check<<<1, 1>>>(nullptr);
  return 0;
}
