#include <cuda_runtime.h>
#include <cstdio>
#ifdef USE_CURAND_INIT
#include <curand.h>
#endif

// A user feature switch, off in this build.
// #define USE_MANAGED_MEMORY

__host__ __device__ inline int whereAmI() {
#ifdef __CUDA_ARCH__
  return 1; // device pass
#else
  return 0; // host pass
#endif
}

__device__ float loadHint(const float *p) {
#if __CUDA_ARCH__ >= 800
  return __ldg(p);
#else
  return *p;
#endif
}

__device__ int pathTaken() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 700)
  return 60;
#elif __CUDA_ARCH__ >= 900
  return 90;
#elif defined __CUDA_ARCH__
  return __CUDA_ARCH__ / 10;
#else
  return -1;
#endif
}

__global__ void kernel(float *out, const float *in) {
  out[threadIdx.x] = loadHint(in + threadIdx.x) + whereAmI() + pathTaken();
}

#ifndef __CUDA_ARCH__
static void report(cudaError_t e) {
  if (e != cudaSuccess)
    std::printf("error: %s\n", cudaGetErrorString(e));
}

float *allocate(size_t n) {
  float *p = nullptr;
#ifdef USE_MANAGED_MEMORY
  report(cudaMallocManaged(&p, n * sizeof(float), cudaMemAttachGlobal));
#elif defined(USE_PINNED_HOST)
  report(cudaHostAlloc(&p, n * sizeof(float), cudaHostAllocMapped));
#else
  report(cudaMalloc(&p, n * sizeof(float)));
#endif
  return p;
}
#endif

#if 0
// Old code path kept for reference.
void legacy(float *p) { cudaFreeHost(p); }
#endif

#if !defined(__CUDA_ARCH__)
void release(float *p) { report(cudaFree(p)); }
#endif
