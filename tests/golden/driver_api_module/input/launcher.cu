// Driver API: loads the module built from this file (nvcc --cubin) and
// launches its kernel by name.
#include <cstdio>
#include <cuda.h>

#define DRV_CHECK(call)                                                      \
  do {                                                                       \
    CUresult r = (call);                                                     \
    if (r != CUDA_SUCCESS) {                                                 \
      const char *name = nullptr;                                            \
      cuGetErrorName(r, &name);                                              \
      std::fprintf(stderr, "%s failed: %s\n", #call, name);                  \
      return -1;                                                             \
    }                                                                        \
  } while (0)

#if CUDA_VERSION < 11000
#error "needs the CUDA 11 driver API"
#endif

extern "C" __global__ void scale(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= 2.0f;
}

int launchFromModule(const char *path, const char *kernel, int n) {
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn;
  CUstream stream;
  CUdeviceptr buf;
  DRV_CHECK(cuInit(0));
  DRV_CHECK(cuDeviceGet(&dev, 0));
  int sms = 0;
  DRV_CHECK(cuDeviceGetAttribute(
      &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  DRV_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  DRV_CHECK(cuCtxSetCurrent(ctx));
  DRV_CHECK(cuModuleLoad(&mod, path));
  DRV_CHECK(cuModuleGetFunction(&fn, mod, kernel));
  DRV_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  DRV_CHECK(cuMemAlloc(&buf, n * sizeof(float)));
  DRV_CHECK(cuMemsetD32(buf, 0, n));
  void *args[] = {&buf, &n};
  DRV_CHECK(cuLaunchKernel(fn, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream,
                           args, nullptr));
  DRV_CHECK(cuStreamSynchronize(stream));
  DRV_CHECK(cuMemFree(buf));
  DRV_CHECK(cuStreamDestroy(stream));
  DRV_CHECK(cuModuleUnload(mod));
  DRV_CHECK(cuDevicePrimaryCtxRelease(dev));
  std::printf("ran %s on %d SMs\n", kernel, sms);
  return 0;
}
