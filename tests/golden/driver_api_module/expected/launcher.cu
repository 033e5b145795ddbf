// Driver API: loads the module built from this file (nvcc --cubin) and
// launches its kernel by name.
#ifndef HIPWRIGHT_CUDA_VERSION
#define HIPWRIGHT_CUDA_VERSION 13000 // hipwright: CUDA driver API version this port was made from
#endif
#include <cstdio>
#include <hip/hip_runtime.h>

#define DRV_CHECK(call)                                                      \
  do {                                                                       \
    hipError_t r = (call);                                                   \
    if (r != hipSuccess) {                                                   \
      const char *name = nullptr;                                            \
      hipDrvGetErrorName(r, &name);                                          \
      std::fprintf(stderr, "%s failed: %s\n", #call, name);                  \
      return -1;                                                             \
    }                                                                        \
  } while (0)

#if HIPWRIGHT_CUDA_VERSION < 11000
#error "needs the CUDA 11 driver API"
#endif

extern "C" __global__ void scale(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= 2.0f;
}

int launchFromModule(const char *path, const char *kernel, int n) {
  hipDevice_t dev;
  hipCtx_t ctx;
  hipModule_t mod;
  hipFunction_t fn;
  hipStream_t stream;
  hipDeviceptr_t buf;
  DRV_CHECK(hipInit(0));
  DRV_CHECK(hipDeviceGet(&dev, 0));
  int sms = 0;
  DRV_CHECK(hipDeviceGetAttribute(
      &sms, hipDeviceAttributeMultiprocessorCount, dev));
  DRV_CHECK(hipDevicePrimaryCtxRetain(&ctx, dev));
  DRV_CHECK(hipCtxSetCurrent(ctx));
  DRV_CHECK(hipModuleLoad(&mod, path));
  DRV_CHECK(hipModuleGetFunction(&fn, mod, kernel));
  DRV_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  DRV_CHECK(hipMalloc(&buf, n * sizeof(float)));
  DRV_CHECK(hipMemsetD32(buf, 0, n));
  void *args[] = {&buf, &n};
  DRV_CHECK(hipModuleLaunchKernel(fn, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream,
                           args, nullptr));
  DRV_CHECK(hipStreamSynchronize(stream));
  DRV_CHECK(hipFree(buf));
  DRV_CHECK(hipStreamDestroy(stream));
  DRV_CHECK(hipModuleUnload(mod));
  DRV_CHECK(hipDevicePrimaryCtxRelease(dev));
  std::printf("ran %s on %d SMs\n", kernel, sms);
  return 0;
}
