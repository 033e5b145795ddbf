// grid_stride_count.cu - block-wide votes inside a grid-stride loop: each
// pass, __syncthreads_count counts the block's threads whose element exceeds a
// threshold (thread 0 accumulates a per-block count), and __syncthreads_or /
// __syncthreads_and record whether the block's chunk holds a negative value /
// only even values. The loop bound is n rounded up to the grid's stride, so
// every thread of a block runs the same number of passes and reaches every
// barrier; indices past n vote false (count, or) or true (and).
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

// blockCounts[b] = elements > threshold among those block b visits;
// chunkFlags[i / blockDim.x] = bit 0: chunk has a negative, bit 1: all even.
__global__ void countAbove(const int *in, int n, int threshold,
                           int *blockCounts, int *chunkFlags) {
  int stride = blockDim.x * gridDim.x;
  int limit = (n + stride - 1) / stride * stride;
  int count = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < limit; i += stride) {
    bool inRange = i < n;
    int v = inRange ? in[i] : 0;
    int above = __syncthreads_count(inRange && v > threshold);
    int anyNegative = __syncthreads_or(inRange && v < 0);
    int allEven = __syncthreads_and(!inRange || v % 2 == 0);
    if (threadIdx.x == 0) {
      count += above;
      chunkFlags[i / blockDim.x] = (anyNegative ? 1 : 0) | (allEven ? 2 : 0);
    }
  }
  if (threadIdx.x == 0)
    blockCounts[blockIdx.x] = count;
}

int main() {
  const int n = 100000, threads = 256, blocks = 40, threshold = 600;
  const int stride = threads * blocks;
  const int chunks = (n + stride - 1) / stride * stride / threads;

  // Values 0..999; every 5th chunk gets one negative value, every 3rd chunk
  // only even values, so both flags take both values.
  std::vector<int> in(n);
  unsigned state = 99u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    int v = static_cast<int>((state >> 8) % 1000);
    int chunk = i / threads;
    if (chunk % 3 == 0)
      v &= ~1;
    if (chunk % 5 == 2 && i % threads == 77)
      v = -v - 2; // negative (even only where the chunk is all even)
    in[i] = v;
  }

  int *dIn, *dCounts, *dFlags;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dCounts, blocks * sizeof(int)));
  checkCuda(cudaMalloc(&dFlags, chunks * sizeof(int)));
  checkCuda(
      cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  countAbove<<<blocks, threads>>>(dIn, n, threshold, dCounts, dFlags);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<int> counts(blocks), flags(chunks);
  checkCuda(cudaMemcpy(counts.data(), dCounts, blocks * sizeof(int),
                       cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(flags.data(), dFlags, chunks * sizeof(int),
                       cudaMemcpyDeviceToHost));

  // Chunk c (threads consecutive indices) is visited by block c % blocks.
  std::vector<int> expectCounts(blocks, 0), expectFlags(chunks);
  for (int c = 0; c < chunks; ++c) {
    bool anyNegative = false, allEven = true;
    for (int i = c * threads; i < (c + 1) * threads && i < n; ++i) {
      expectCounts[c % blocks] += in[i] > threshold;
      anyNegative = anyNegative || in[i] < 0;
      allEven = allEven && in[i] % 2 == 0;
    }
    expectFlags[c] = (anyNegative ? 1 : 0) | (allEven ? 2 : 0);
  }
  int wrongCounts = 0, wrongFlags = 0, total = 0, expectTotal = 0;
  for (int b = 0; b < blocks; ++b) {
    wrongCounts += counts[b] != expectCounts[b];
    total += counts[b];
    expectTotal += expectCounts[b];
  }
  for (int c = 0; c < chunks; ++c) {
    if (flags[c] != expectFlags[c]) {
      if (wrongFlags < 5)
        std::printf("chunk %d: flags %d, expected %d\n", c, flags[c],
                    expectFlags[c]);
      ++wrongFlags;
    }
  }
  std::printf("%d elements, %d blocks x %d passes: per-block counts %d/%d "
              "wrong, total above %d: %d (expected %d); chunk or/and flags "
              "%d/%d wrong\n",
              n, blocks, chunks / blocks, wrongCounts, blocks, threshold, total,
              expectTotal, wrongFlags, chunks);
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dCounts));
  checkCuda(cudaFree(dFlags));
  bool ok = wrongCounts == 0 && wrongFlags == 0 && total == expectTotal;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
