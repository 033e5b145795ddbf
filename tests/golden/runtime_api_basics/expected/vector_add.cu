// Vector add with streams and events; relies on nvcc's implicit
// cuda_runtime.h include.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(expr)                                                     \
  do {                                                                       \
    hipError_t err_ = (expr);                                                \
    if (err_ != hipSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__,           \
                   hipGetErrorString(err_), hipGetErrorName(err_));          \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 16;
  const size_t bytes = n * sizeof(float);
  int device = 0;
  hipDeviceProp_t prop;
  CUDA_CHECK(hipGetDevice(&device));
  CUDA_CHECK(hipGetDeviceProperties(&prop, device));
  std::printf("%s: %d SMs\n", prop.name, prop.multiProcessorCount);

  std::vector<float> ha(n, 1.0f), hb(n, 2.0f), hc(n);
  float *da, *db, *dc;
  CUDA_CHECK(hipMalloc(&da, bytes));
  CUDA_CHECK(hipMalloc(&db, bytes));
  CUDA_CHECK(hipMalloc(&dc, bytes));

  hipStream_t stream;
  CUDA_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  hipEvent_t start, stop;
  CUDA_CHECK(hipEventCreate(&start));
  CUDA_CHECK(hipEventCreateWithFlags(&stop, hipEventDisableTiming));

  hipMemcpyKind toDevice = hipMemcpyHostToDevice;
  CUDA_CHECK(hipMemcpyAsync(da, ha.data(), bytes, toDevice, stream));
  CUDA_CHECK(hipMemcpyAsync(db, hb.data(), bytes, toDevice, stream));
  CUDA_CHECK(hipEventRecord(start, stream));
  add<<<(n + 255) / 256, 256, 0, stream>>>(da, db, dc, n);
  CUDA_CHECK(hipGetLastError());
  CUDA_CHECK(hipEventRecord(stop, stream));
  CUDA_CHECK(hipMemcpyAsync(hc.data(), dc, bytes, hipMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(hipStreamSynchronize(stream));

  hipError_t status = hipEventQuery(stop);
  if (status == hipErrorNotReady)
    std::printf("event still pending\n");

  CUDA_CHECK(hipEventDestroy(start));
  CUDA_CHECK(hipEventDestroy(stop));
  CUDA_CHECK(hipStreamDestroy(stream));
  CUDA_CHECK(hipFree(da));
  CUDA_CHECK(hipFree(db));
  CUDA_CHECK(hipFree(dc));
  std::printf("c[0] = %f\n", hc[0]);
  return 0;
}
