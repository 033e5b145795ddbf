// tile_reduce.cu - per-tile sums with cooperative groups: a
// tiled_partition<32> of the thread block reduces with tile.shfl_down, rank 0
// of each tile writes the tile's sum and adds it to a global total, and
// tile.shfl(sum, 0) hands the sum to every rank, which writes its element's
// deviation from the tile mean (scaled by 32 to stay an integer). Every tile
// sum, every deviation and the total are compared with the CPU.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr int kBlock = 128;
constexpr int kTile = 32;

// dev[i] = kTile * in[i] - (sum of i's tile); lanes past n count as 0.
__global__ void tileReduce(const int *in, int n, int *tileSums, int *dev,
                           int *total) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<kTile> tile = cg::tiled_partition<kTile>(block);
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  int v = (i < n) ? in[i] : 0;

  int sum = v;
  for (int offset = kTile / 2; offset > 0; offset /= 2)
    sum += tile.shfl_down(sum, offset);
  if (tile.thread_rank() == 0) {
    tileSums[i / kTile] = sum;
    atomicAdd(total, sum);
  }
  sum = tile.shfl(sum, 0);
  if (i < n)
    dev[i] = kTile * v - sum;
}

int main() {
  const int n = 30000; // not a multiple of the tile or the block
  const int blocks = (n + kBlock - 1) / kBlock;
  const int tiles = blocks * (kBlock / kTile);

  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 53 + 17) % 89 - 30;

  int *dIn, *dSums, *dDev, *dTotal;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dSums, tiles * sizeof(int)));
  checkCuda(cudaMalloc(&dDev, n * sizeof(int)));
  checkCuda(cudaMalloc(&dTotal, sizeof(int)));
  checkCuda(
      cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  checkCuda(cudaMemset(dTotal, 0, sizeof(int)));
  tileReduce<<<blocks, kBlock>>>(dIn, n, dSums, dDev, dTotal);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<int> sums(tiles), dev(n);
  int total = 0;
  checkCuda(cudaMemcpy(sums.data(), dSums, tiles * sizeof(int),
                       cudaMemcpyDeviceToHost));
  checkCuda(
      cudaMemcpy(dev.data(), dDev, n * sizeof(int), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(&total, dTotal, sizeof(int), cudaMemcpyDeviceToHost));

  int wrongSums = 0, wrongDev = 0;
  long long expectTotal = 0;
  for (int t = 0; t < tiles; ++t) {
    int s = 0;
    for (int j = t * kTile; j < (t + 1) * kTile && j < n; ++j)
      s += in[j];
    expectTotal += s;
    if (sums[t] != s) {
      if (wrongSums < 5)
        std::printf("tile %d: sum %d, expected %d\n", t, sums[t], s);
      ++wrongSums;
    }
    for (int j = t * kTile; j < (t + 1) * kTile && j < n; ++j)
      wrongDev += dev[j] != kTile * in[j] - s;
  }
  std::printf("%d tiles of %d: %d sums wrong, %d/%d deviations wrong, "
              "total %d (expected %lld)\n",
              tiles, kTile, wrongSums, wrongDev, n, total, expectTotal);
  checkCuda(cudaFree(dIn));
  checkCuda(cudaFree(dSums));
  checkCuda(cudaFree(dDev));
  checkCuda(cudaFree(dTotal));
  bool ok = wrongSums == 0 && wrongDev == 0 && total == expectTotal;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
