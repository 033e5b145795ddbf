// Vector add with streams and events; relies on nvcc's implicit
// cuda_runtime.h include.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(expr)                                                     \
  do {                                                                       \
    cudaError_t err_ = (expr);                                               \
    if (err_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__,           \
                   cudaGetErrorString(err_), cudaGetErrorName(err_));        \
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
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("%s: %d SMs\n", prop.name, prop.multiProcessorCount);

  std::vector<float> ha(n, 1.0f), hb(n, 2.0f), hc(n);
  float *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, bytes));
  CUDA_CHECK(cudaMalloc(&db, bytes));
  CUDA_CHECK(cudaMalloc(&dc, bytes));

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreateWithFlags(&stop, cudaEventDisableTiming));

  cudaMemcpyKind toDevice = cudaMemcpyHostToDevice;
  CUDA_CHECK(cudaMemcpyAsync(da, ha.data(), bytes, toDevice, stream));
  CUDA_CHECK(cudaMemcpyAsync(db, hb.data(), bytes, toDevice, stream));
  CUDA_CHECK(cudaEventRecord(start, stream));
  add<<<(n + 255) / 256, 256, 0, stream>>>(da, db, dc, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaMemcpyAsync(hc.data(), dc, bytes, cudaMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  cudaError_t status = cudaEventQuery(stop);
  if (status == cudaErrorNotReady)
    std::printf("event still pending\n");

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  std::printf("c[0] = %f\n", hc[0]);
  return 0;
}
