// driver_api.cu - CUDA driver API: cuInit, device queries, an explicit
// context (CUDA 13's cuCtxCreate with creation parameters), cuMemAlloc /
// cuMemcpy / cuMemsetD32, and a kernel from this file launched with
// cuLaunchKernel through the handle cudaGetFuncBySymbol returns.
//
// What `hipwright verify` must show for this program (tests/verify/):
// driver-API launches are not simulated.
// VERIFY-EXPECT: run=not-run
#include <cuda.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define checkCu(call)                                                          \
  do {                                                                         \
    CUresult r__ = (call);                                                     \
    if (r__ != CUDA_SUCCESS) {                                                 \
      const char *name__ = nullptr;                                            \
      cuGetErrorName(r__, &name__);                                            \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,      \
                   #call, name__ ? name__ : "unknown CUresult");               \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)
#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t e__ = (call);                                                  \
    if (e__ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,      \
                   #call, cudaGetErrorString(e__));                            \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__global__ void axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

int main() {
  checkCu(cuInit(0));
  int driverVersion = 0, deviceCount = 0;
  checkCu(cuDriverGetVersion(&driverVersion));
  checkCu(cuDeviceGetCount(&deviceCount));
  if (deviceCount < 1) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  CUdevice dev;
  checkCu(cuDeviceGet(&dev, 0));
  char name[256];
  checkCu(cuDeviceGetName(name, sizeof(name), dev));
  int major = 0, minor = 0, warp = 0, smCount = 0;
  checkCu(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  checkCu(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  checkCu(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
  checkCu(cuDeviceGetAttribute(&smCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  size_t totalMem = 0;
  checkCu(cuDeviceTotalMem(&totalMem, dev));
  std::printf("driver %d, device 0: %s, sm_%d%d, %d SMs, warp size %d, %zu MiB\n",
              driverVersion, name, major, minor, smCount, warp, totalMem >> 20);

  int failures = 0;
  if (major < 1 || warp <= 0 || totalMem == 0) {
    std::printf("FAIL: implausible device attributes\n");
    ++failures;
  }

  // CUDA 13: cuCtxCreate(ctx, params, flags, dev); no params = defaults.
  CUcontext ctx;
  checkCu(cuCtxCreate(&ctx, nullptr, 0, dev));
  CUdevice current;
  checkCu(cuCtxGetDevice(&current));
  if (current != dev) {
    std::printf("FAIL: context reports device %d\n", static_cast<int>(current));
    ++failures;
  }

  const int n = 10000;
  const size_t bytes = n * sizeof(float);
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i)
    x[i] = static_cast<float>(i % 50) - 25.0f;

  CUdeviceptr dx, dy;
  checkCu(cuMemAlloc(&dx, bytes));
  checkCu(cuMemAlloc(&dy, bytes));
  checkCu(cuMemcpyHtoD(dx, x.data(), bytes));
  const float one = 1.0f;
  unsigned int oneBits;
  std::memcpy(&oneBits, &one, sizeof(oneBits));
  checkCu(cuMemsetD32(dy, oneBits, n)); // y = 1.0f everywhere

  // The runtime picks up the context made current above.
  cudaFunction_t fn;
  checkCuda(cudaGetFuncBySymbol(&fn, reinterpret_cast<const void *>(&axpy)));
  CUfunction f = fn;
  float a = 3.0f;
  int count = n;
  void *args[] = {&dy, &dx, &a, &count};
  const unsigned threads = 128, blocks = (n + threads - 1) / threads;
  checkCu(cuLaunchKernel(f, blocks, 1, 1, threads, 1, 1, 0, nullptr, args, nullptr));
  checkCu(cuCtxSynchronize());
  checkCu(cuMemcpyDtoH(y.data(), dy, bytes));

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(y[i] - (1.0f + a * x[i])) > 1e-5f)
      ++wrong;
  std::printf("cuLaunchKernel axpy: %d of %d wrong\n", wrong, n);
  failures += wrong != 0;

  size_t freeMem = 0, total = 0;
  checkCu(cuMemGetInfo(&freeMem, &total));
  if (freeMem > total) {
    std::printf("FAIL: cuMemGetInfo free %zu > total %zu\n", freeMem, total);
    ++failures;
  }
  checkCu(cuMemFree(dx));
  checkCu(cuMemFree(dy));
  checkCu(cuCtxDestroy(ctx));
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
