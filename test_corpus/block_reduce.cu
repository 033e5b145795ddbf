// block_reduce.cu - each block's sum and maximum from warp shuffles: the
// 32-lane pattern (offsets from 16, lane = threadIdx.x % 32, warp =
// threadIdx.x / 32, one shared slot per warp, the first warp finishing),
// but only per-block results leave the kernel. The 32-lane decomposition
// stays inside the block, so `hipwright port --fix=native` can rewrite it
// for whole wavefronts (warpSize), and the answer must not change.
#include <cuda_runtime.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define BLOCK_SIZE 256

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__device__ int warpSum(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

// Butterfly: every lane ends with the maximum of its warp.
__device__ int warpMax(int v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v = max(v, __shfl_xor_sync(0xffffffff, v, offset));
  return v;
}

// sums[b] and maxima[b]: the sum and maximum of block b's inputs; threads
// past n contribute 0 and INT_MIN.
__global__ void blockSumMax(const int *in, int n, int *sums, int *maxima) {
  __shared__ int partialSum[BLOCK_SIZE / 32];
  __shared__ int partialMax[BLOCK_SIZE / 32];
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  int warps = blockDim.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  int v = warpSum(i < n ? in[i] : 0);
  int m = warpMax(i < n ? in[i] : INT_MIN);
  if (lane == 0) {
    partialSum[warp] = v;
    partialMax[warp] = m;
  }
  __syncthreads();

  // The first warp combines the per-warp partials.
  if (warp == 0) {
    v = lane < warps ? partialSum[lane] : 0;
    m = lane < warps ? partialMax[lane] : INT_MIN;
    v = warpSum(v);
    m = warpMax(m);
    if (lane == 0) {
      sums[blockIdx.x] = v;
      maxima[blockIdx.x] = m;
    }
  }
}

int main() {
  const int n = 100000; // not a multiple of the block size
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;

  std::vector<int> in(n);
  unsigned state = 2024u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u; // fixed LCG: deterministic input
    in[i] = static_cast<int>(state >> 12) % 20001 - 10000;
  }

  int *dIn, *dSums, *dMax;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dSums, blocks * sizeof(int)));
  checkCuda(cudaMalloc(&dMax, blocks * sizeof(int)));
  checkCuda(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  blockSumMax<<<blocks, BLOCK_SIZE>>>(dIn, n, dSums, dMax);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<int> sums(blocks), maxima(blocks);
  checkCuda(cudaMemcpy(sums.data(), dSums, blocks * sizeof(int),
                       cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(maxima.data(), dMax, blocks * sizeof(int),
                       cudaMemcpyDeviceToHost));

  int badSums = 0, badMax = 0;
  for (int b = 0; b < blocks; ++b) {
    int sum = 0, max = INT_MIN;
    for (int j = b * BLOCK_SIZE; j < (b + 1) * BLOCK_SIZE && j < n; ++j) {
      sum += in[j];
      max = in[j] > max ? in[j] : max;
    }
    if (sums[b] != sum || maxima[b] != max) {
      if (badSums + badMax < 5)
        std::printf("block %d: sum %d max %d, expected %d and %d\n", b,
                    sums[b], maxima[b], sum, max);
      badSums += sums[b] != sum;
      badMax += maxima[b] != max;
    }
  }
  std::printf("block sums: %d/%d wrong; block maxima: %d/%d wrong\n", badSums,
              blocks, badMax, blocks);
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dSums));
  checkCuda(cudaFree(dMax));
  bool ok = badSums == 0 && badMax == 0;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
