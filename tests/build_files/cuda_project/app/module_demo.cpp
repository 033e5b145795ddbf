#include <cstdio>
#include <cuda.h>

// Loads the module nvcc built beside this program and runs its kernel.
int main() {
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS) {
    std::printf("no device\n");
    return 0;
  }
  cuCtxCreate(&ctx, nullptr, 0, dev);
  if (cuModuleLoad(&mod, "scale_kernel.fatbin") != CUDA_SUCCESS ||
      cuModuleGetFunction(&fn, mod, "scale") != CUDA_SUCCESS) {
    std::printf("module not loaded\n");
    return 1;
  }
  const int n = 256;
  CUdeviceptr x;
  cuMemAlloc(&x, n * sizeof(float));
  float a = 2.0f;
  int count = n;
  void *args[] = {&x, &a, &count};
  cuLaunchKernel(fn, 1, 1, 1, n, 1, 1, 0, nullptr, args, nullptr);
  cuCtxSynchronize();
  cuMemFree(x);
  cuModuleUnload(mod);
  cuCtxDestroy(ctx);
  return 0;
}
