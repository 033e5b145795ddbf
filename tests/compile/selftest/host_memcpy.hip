// Self-test: host-side HIP runtime use (device query, hipMalloc, hipMemcpy,
// hipMemset) around a SAXPY kernel.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_HIP(expr)                                                        \
  do {                                                                         \
    hipError_t err_ = (expr);                                                  \
    if (err_ != hipSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,      \
                   #expr, hipGetErrorString(err_));                            \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

int main() {
  int device = 0;
  CHECK_HIP(hipGetDevice(&device));
  hipDeviceProp_t prop;
  CHECK_HIP(hipGetDeviceProperties(&prop, device));
  std::printf("device %d: %s, %d-wide wavefronts, %zu bytes shared/block\n",
              device, prop.name, prop.warpSize, prop.sharedMemPerBlock);

  const int n = 1 << 16;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * static_cast<float>(i % 100);
    y[i] = 1.0f;
  }
  float *dx = nullptr, *dy = nullptr;
  CHECK_HIP(hipMalloc(&dx, n * sizeof(float)));
  CHECK_HIP(hipMalloc(&dy, n * sizeof(float)));
  CHECK_HIP(hipMemset(dy, 0, n * sizeof(float)));
  CHECK_HIP(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK_HIP(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(saxpy, dim3(64), dim3(256), 0, 0, n, 2.0f, dx, dy);
  CHECK_HIP(hipGetLastError());
  CHECK_HIP(hipDeviceSynchronize());
  CHECK_HIP(hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_HIP(hipFree(dx));
  CHECK_HIP(hipFree(dy));

  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(y[i] - (2.0f * x[i] + 1.0f)) > 1e-5f)
      ++bad;
  std::printf("saxpy: %d of %d elements wrong\n", bad, n);
  return bad == 0 ? 0 : 1;
}
