// runtime_api.cu - CUDA runtime API basics: device query, cudaMalloc /
// cudaMemset / cudaMemcpy / cudaMemcpyToSymbol, error handling, and a vector
// add checked against the CPU.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "CUDA error %s at %s:%d: %s\n",                    \
                   cudaGetErrorName(err__), __FILE__, __LINE__,                \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__constant__ float c_scale;

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = c_scale * (a[i] + b[i]);
}

int main() {
  int deviceCount = 0;
  checkCuda(cudaGetDeviceCount(&deviceCount));
  if (deviceCount == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  checkCuda(cudaSetDevice(0));
  cudaDeviceProp prop;
  checkCuda(cudaGetDeviceProperties(&prop, 0));
  std::printf("device 0: %s, compute %d.%d, %d SMs, warpSize %d, "
              "%zu bytes shared memory per block\n",
              prop.name, prop.major, prop.minor, prop.multiProcessorCount,
              prop.warpSize, prop.sharedMemPerBlock);

  size_t freeBytes = 0, totalBytes = 0;
  checkCuda(cudaMemGetInfo(&freeBytes, &totalBytes));
  int failures = 0;
  if (freeBytes == 0 || freeBytes > totalBytes) {
    std::printf("FAIL: cudaMemGetInfo free=%zu total=%zu\n", freeBytes, totalBytes);
    ++failures;
  }

  // An impossible allocation must fail cleanly and leave the runtime usable.
  void *huge = nullptr;
  cudaError_t err = cudaMalloc(&huge, size_t(1) << 60);
  if (err == cudaSuccess) {
    std::printf("FAIL: a 2^60-byte cudaMalloc succeeded\n");
    cudaFree(huge);
    ++failures;
  } else {
    std::printf("oversized cudaMalloc failed as expected: %s\n",
                cudaGetErrorString(err));
  }
  (void)cudaGetLastError(); // reset the (non-sticky) allocation error

  const int n = 50000;
  const size_t bytes = n * sizeof(float);
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 1000) * 0.5f;
    b[i] = static_cast<float>((i * 7) % 333) - 100.0f;
  }
  float *dA = nullptr, *dB = nullptr, *dC = nullptr;
  checkCuda(cudaMalloc(&dA, bytes));
  checkCuda(cudaMalloc(&dB, bytes));
  checkCuda(cudaMalloc(&dC, bytes));

  // cudaMemset writes bytes: zero the output and confirm it reads back as 0.
  checkCuda(cudaMemset(dC, 0, bytes));
  checkCuda(cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost));
  int nonZero = 0;
  for (float v : c)
    nonZero += (v != 0.0f);
  if (nonZero != 0) {
    std::printf("FAIL: %d elements non-zero after cudaMemset\n", nonZero);
    ++failures;
  }

  const float scale = 2.0f;
  checkCuda(cudaMemcpyToSymbol(c_scale, &scale, sizeof(scale)));
  checkCuda(cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice));

  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  vectorAdd<<<blocks, threads>>>(dA, dB, dC, n);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());
  checkCuda(cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost));

  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    float expect = scale * (a[i] + b[i]);
    if (std::fabs(c[i] - expect) > 1e-5f * std::fabs(expect) + 1e-6f) {
      if (wrong < 5)
        std::printf("mismatch at %d: got %f expected %f\n", i, c[i], expect);
      ++wrong;
    }
  }
  std::printf("vectorAdd: %d elements, %d wrong\n", n, wrong);
  failures += wrong != 0;

  checkCuda(cudaFree(dA));
  checkCuda(cudaFree(dB));
  checkCuda(cudaFree(dC));
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
