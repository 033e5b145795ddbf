// CUDA 13 runtime and driver calls whose HIP twins take other arguments:
// graph edge data passed as null, CUDA-only defaults, and the assert helper.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void check(const int *v) {
  if (v[threadIdx.x] < 0)
    __assertfail("v >= 0", __FILE__, __LINE__, __func__, sizeof(char));
}

static cudaError_t wire(cudaGraph_t g, cudaGraphNode_t a, cudaGraphNode_t b) {
  cudaError_t e = cudaGraphAddDependencies(g, &a, &b, nullptr, 1);
  if (e != cudaSuccess)
    return e;
  cudaGraphNode_t deps[4];
  size_t n = 4;
  e = cudaGraphNodeGetDependencies(b, deps, NULL, &n);
  if (e != cudaSuccess)
    return e;
  size_t edges = 0;
  e = cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges);
  if (e != cudaSuccess)
    return e;
  return cudaGraphRemoveDependencies(g, &a, &b, nullptr, 1);
}

static cudaError_t captured(cudaStream_t s) {
  cudaStreamCaptureStatus status;
  cudaError_t e = cudaStreamGetCaptureInfo(s, &status);
  if (e != cudaSuccess || status != cudaStreamCaptureStatusActive)
    return e;
  cudaGraph_t g;
  const cudaGraphNode_t *deps = nullptr;
  size_t n = 0;
  e = cudaStreamGetCaptureInfo(s, &status, nullptr, &g, &deps, nullptr, &n);
  if (e != cudaSuccess)
    return e;
  return cudaStreamUpdateCaptureDependencies(s, nullptr, nullptr, 0);
}

static cudaError_t instantiate(cudaGraph_t g, cudaGraphExec_t *exec) {
  return cudaGraphInstantiateWithFlags(exec, g);
}

static cudaError_t volume(cudaArray_t *array) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  return cudaMalloc3DArray(array, &desc, make_cudaExtent(8, 8, 8));
}

static CUresult copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  return cuMemcpy(dst, src, bytes);
}

int main() {
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  std::printf("%d\n", (int)wire(g, nullptr, nullptr));
  cudaGraphExec_t exec;
  std::printf("%d\n", (int)instantiate(g, &exec));
  std::printf("%d\n", (int)captured(0));
  cudaArray_t array;
  std::printf("%d\n", (int)volume(&array));
  std::printf("%d\n", (int)copy(0, 0, 0));
  check<<<1, 1>>>(nullptr);
  return 0;
}
