// warp_reduce.cu - block sum reduction built from warp shuffles: the classic
// 32-lane pattern (full 32-bit mask, offsets from 16, lane = tid % 32, one
// shared-memory slot per warp). Checks every warp's sum and the total.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define WARP_SIZE 32
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

__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = 16; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

// warpSums[global warp index] = sum of that warp's 32 inputs;
// blockSums[blockIdx.x] = sum of the block's inputs.
__global__ void reduceKernel(const int *in, int n, int *warpSums,
                             int *blockSums) {
  __shared__ int shared[BLOCK_SIZE / WARP_SIZE];
  int tid = threadIdx.x;
  int lane = threadIdx.x % WARP_SIZE;
  int warpId = threadIdx.x / WARP_SIZE;
  int i = blockIdx.x * blockDim.x + tid;

  int val = (i < n) ? in[i] : 0;
  val = warpReduceSum(val);
  if (lane == 0) {
    shared[warpId] = val;
    warpSums[blockIdx.x * (BLOCK_SIZE / WARP_SIZE) + warpId] = val;
  }
  __syncthreads();

  // The first warp reduces the per-warp partial sums.
  val = (tid < BLOCK_SIZE / WARP_SIZE) ? shared[lane] : 0;
  if (warpId == 0) {
    val = warpReduceSum(val);
    if (lane == 0)
      blockSums[blockIdx.x] = val;
  }
}

int main() {
  const int n = 100000;
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
  const int warpsTotal = blocks * (BLOCK_SIZE / WARP_SIZE);

  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37 + 11) % 101 - 50;

  int *dIn, *dWarp, *dBlock;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dWarp, warpsTotal * sizeof(int)));
  checkCuda(cudaMalloc(&dBlock, blocks * sizeof(int)));
  checkCuda(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  reduceKernel<<<blocks, BLOCK_SIZE>>>(dIn, n, dWarp, dBlock);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<int> warpSums(warpsTotal), blockSums(blocks);
  checkCuda(cudaMemcpy(warpSums.data(), dWarp, warpsTotal * sizeof(int),
                       cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(blockSums.data(), dBlock, blocks * sizeof(int),
                       cudaMemcpyDeviceToHost));

  int badWarps = 0, badBlocks = 0;
  long long total = 0, expectTotal = 0;
  for (int w = 0; w < warpsTotal; ++w) {
    int expect = 0;
    for (int j = w * WARP_SIZE; j < (w + 1) * WARP_SIZE && j < n; ++j)
      expect += in[j];
    if (warpSums[w] != expect) {
      if (badWarps < 5)
        std::printf("warp %d: got %d expected %d\n", w, warpSums[w], expect);
      ++badWarps;
    }
  }
  for (int b = 0; b < blocks; ++b) {
    int expect = 0;
    for (int j = b * BLOCK_SIZE; j < (b + 1) * BLOCK_SIZE && j < n; ++j)
      expect += in[j];
    if (blockSums[b] != expect) {
      if (badBlocks < 5)
        std::printf("block %d: got %d expected %d\n", b, blockSums[b], expect);
      ++badBlocks;
    }
    total += blockSums[b];
  }
  for (int v : in)
    expectTotal += v;

  std::printf("warp sums: %d/%d wrong; block sums: %d/%d wrong; "
              "total %lld (expected %lld)\n",
              badWarps, warpsTotal, badBlocks, blocks, total, expectTotal);
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dWarp));
  checkCuda(cudaFree(dBlock));
  bool ok = badWarps == 0 && badBlocks == 0 && total == expectTotal;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
