// stencil_constant.cu - 1-D convolution with a radius-3 filter whose weights
// live in __constant__ memory (set with cudaMemcpyToSymbol). Each block loads
// its tile plus a halo of RADIUS elements on either side into static shared
// memory, synchronises, and convolves from shared memory. Every output is
// compared with the CPU.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define RADIUS 3
#define BLOCK_SIZE 256

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__constant__ float c_weights[2 * RADIUS + 1];

// out[i] = sum_k c_weights[k] * in[i + k - RADIUS], with in = 0 outside [0, n).
__global__ void convolve1D(const float *in, int n, float *out) {
  __shared__ float tile[BLOCK_SIZE + 2 * RADIUS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x + RADIUS;

  tile[t] = (i < n) ? in[i] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = i - RADIUS, right = i + BLOCK_SIZE;
    tile[t - RADIUS] = (left >= 0 && left < n) ? in[left] : 0.0f;
    tile[t + BLOCK_SIZE] = (right < n) ? in[right] : 0.0f;
  }
  __syncthreads();

  if (i < n) {
    float acc = 0.0f;
    for (int k = 0; k <= 2 * RADIUS; ++k)
      acc += c_weights[k] * tile[threadIdx.x + k];
    out[i] = acc;
  }
}

int main() {
  const int n = 100003; // not a multiple of the block size
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;

  // Asymmetric weights (a mirrored filter would give different results) that
  // are multiples of 1/16, and integer inputs 0..255: every product and
  // partial sum is a multiple of 1/16 well inside float's 24-bit mantissa, so
  // the results are exact in any summation order, FMA or not.
  const float weights[2 * RADIUS + 1] = {0.0625f, -0.125f,  0.25f, 0.5f,
                                         0.1875f, -0.0625f, 0.125f};
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<float>((i * 131 + 7) % 256);

  float *dIn, *dOut;
  checkCuda(cudaMalloc(&dIn, n * sizeof(float)));
  checkCuda(cudaMalloc(&dOut, n * sizeof(float)));
  checkCuda(
      cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpyToSymbol(c_weights, weights, sizeof(weights)));

  convolve1D<<<blocks, BLOCK_SIZE>>>(dIn, n, dOut);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<float> out(n);
  checkCuda(
      cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    float expect = 0.0f;
    for (int k = 0; k <= 2 * RADIUS; ++k) {
      int j = i + k - RADIUS;
      expect += weights[k] * ((j >= 0 && j < n) ? in[j] : 0.0f);
    }
    if (out[i] != expect) {
      if (wrong < 5)
        std::printf("out[%d] = %.4f, expected %.4f\n", i, out[i], expect);
      ++wrong;
    }
  }
  std::printf("radius-%d convolution of %d elements (%d blocks, halos at "
              "block edges and zero padding at the ends): %d wrong\n",
              RADIUS, n, blocks, wrong);
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dOut));
  std::printf("%s\n", wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
