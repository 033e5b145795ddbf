#if defined(__HIP_DEVICE_COMPILE__) && !defined(HIPWRIGHT_CUDA_ARCH)
#define HIPWRIGHT_CUDA_ARCH 800 // hipwright: AMD device code takes the __CUDA_ARCH__ paths of this CUDA arch
#endif
#include <hip/hip_runtime.h>
#include <cstdio>
#ifdef USE_CURAND_INIT
#include <hiprand/hiprand.h>
#endif

// A user feature switch, off in this build.
// #define USE_MANAGED_MEMORY

__host__ __device__ inline int whereAmI() {
#ifdef __HIP_DEVICE_COMPILE__
  return 1; // device pass
#else
  return 0; // host pass
#endif
}

__device__ float loadHint(const float *p) {
#if HIPWRIGHT_CUDA_ARCH >= 800
  return __ldg(p);
#else
  return *p;
#endif
}

__device__ int pathTaken() {
#if defined(__HIP_DEVICE_COMPILE__) && (HIPWRIGHT_CUDA_ARCH < 700)
  return 60;
#elif HIPWRIGHT_CUDA_ARCH >= 900
  return 90;
#elif defined __HIP_DEVICE_COMPILE__
  return HIPWRIGHT_CUDA_ARCH / 10;
#else
  return -1;
#endif
}

__global__ void kernel(float *out, const float *in) {
  out[threadIdx.x] = loadHint(in + threadIdx.x) + whereAmI() + pathTaken();
}

#ifndef __HIP_DEVICE_COMPILE__
static void report(hipError_t e) {
  if (e != hipSuccess)
    std::printf("error: %s\n", hipGetErrorString(e));
}

float *allocate(size_t n) {
  float *p = nullptr;
#ifdef USE_MANAGED_MEMORY
  report(hipMallocManaged(&p, n * sizeof(float), hipMemAttachGlobal));
#elif defined(USE_PINNED_HOST)
  report(hipHostAlloc(&p, n * sizeof(float), hipHostMallocMapped));
#else
  report(hipMalloc(&p, n * sizeof(float)));
#endif
  return p;
}
#endif

#if 0
// Old code path kept for reference.
void legacy(float *p) { hipFreeHost(p); }
#endif

#if !defined(__HIP_DEVICE_COMPILE__)
void release(float *p) { report(hipFree(p)); }
#endif
