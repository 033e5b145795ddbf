// warp_broadcast.cu - normalise each element by the sum of its warp: a
// shuffle-down reduction (offsets from 16) leaves the warp sum in lane 0, and
// __shfl_sync(FULL_MASK, sum, 0) broadcasts it so every lane can divide by
// it. Every output element is compared with the CPU.
//
// What `hipwright verify` must show for this program (tests/verify/):
// the plain port broadcasts lane 0 of the 64-lane wave to lanes 32-63.
// VERIFY-EXPECT: port-run-wave64=fail
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define FULL_MASK 0xffffffff
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

// out[i] = in[i] / (sum of the 32 inputs of i's warp); lanes past n add 0.
// warpSums[i / 32] = that sum, as lane 0 of the warp received it.
__global__ void normalizeByWarpSum(const float *in, int n, float *out,
                                   float *warpSums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  float v = (i < n) ? in[i] : 0.0f;

  float sum = v;
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(FULL_MASK, sum, offset);
  // Only lane 0 holds the full warp sum; hand it to every lane.
  sum = __shfl_sync(FULL_MASK, sum, 0);

  if (i < n)
    out[i] = v / sum;
  if (lane == 0)
    warpSums[i / 32] = sum;
}

int main() {
  const int n = 50000; // not a multiple of the block size
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
  const int warps = blocks * (BLOCK_SIZE / 32);

  // Positive integer weights 1..64 from a fixed LCG: every warp sum is an
  // exact float, and neighbouring warps have different sums.
  std::vector<float> in(n);
  unsigned state = 2024u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    in[i] = static_cast<float>(1 + (state >> 16) % 64);
  }

  float *dIn, *dOut, *dSums;
  checkCuda(cudaMalloc(&dIn, n * sizeof(float)));
  checkCuda(cudaMalloc(&dOut, n * sizeof(float)));
  checkCuda(cudaMalloc(&dSums, warps * sizeof(float)));
  checkCuda(
      cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  normalizeByWarpSum<<<blocks, BLOCK_SIZE>>>(dIn, n, dOut, dSums);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<float> out(n), sums(warps);
  checkCuda(
      cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(sums.data(), dSums, warps * sizeof(float),
                       cudaMemcpyDeviceToHost));

  // The sums are exact, so GPU and CPU divide the same two floats; the
  // tolerance only absorbs a division that is not correctly rounded.
  int wrong = 0, wrongSums = 0;
  for (int w = 0; w < warps; ++w) {
    float warpSum = 0.0f;
    for (int j = w * 32; j < (w + 1) * 32 && j < n; ++j)
      warpSum += in[j];
    if (sums[w] != warpSum) {
      if (wrongSums < 5)
        std::printf("warp %d: sum %g, expected %g\n", w, sums[w], warpSum);
      ++wrongSums;
    }
    for (int j = w * 32; j < (w + 1) * 32 && j < n; ++j) {
      float expect = in[j] / warpSum;
      if (std::fabs(out[j] - expect) > 1e-6f * expect) {
        if (wrong < 5)
          std::printf("out[%d] = %g, expected %g (warp sum %g)\n", j, out[j],
                      expect, warpSum);
        ++wrong;
      }
    }
  }
  std::printf("normalised %d elements by their warp sums: %d wrong; "
              "warp sums: %d/%d wrong\n",
              n, wrong, wrongSums, warps);
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dOut));
  checkCuda(cudaFree(dSums));
  bool ok = wrong == 0 && wrongSums == 0;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
