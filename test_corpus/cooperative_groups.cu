// cooperative_groups.cu - block and warp-tile reductions with cooperative
// groups: thread_block, tiled_partition<32>, tile.shfl_down, tile.sync and a
// per-tile ballot via tile.any / tile.all. Checked against the CPU.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t e__ = (call);                                                  \
    if (e__ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(e__));                                   \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr int kBlock = 256;
constexpr int kTile = 32;

template <typename Tile> __device__ int tileSum(Tile tile, int v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v; // complete in tile.thread_rank() == 0
}

__global__ void reduceCG(const int *in, int n, int *tileSums, int *tileFlags,
                         int *total) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<kTile> tile = cg::tiled_partition<kTile>(block);
  __shared__ int partial[kBlock / kTile];

  int i = blockIdx.x * blockDim.x + block.thread_rank();
  int v = i < n ? in[i] : 0;
  int globalTile = i / kTile;

  int sum = tileSum(tile, v);
  // flags: bit 0 = some value negative, bit 1 = all values even
  int anyNegative = tile.any(v < 0);
  int allEven = tile.all(v % 2 == 0);
  if (tile.thread_rank() == 0) {
    tileSums[globalTile] = sum;
    tileFlags[globalTile] = (anyNegative ? 1 : 0) | (allEven ? 2 : 0);
    partial[tile.meta_group_rank()] = sum;
  }
  block.sync();

  if (tile.meta_group_rank() == 0) {
    int p = tile.thread_rank() < tile.meta_group_size() ? partial[tile.thread_rank()] : 0;
    p = tileSum(tile, p);
    if (tile.thread_rank() == 0)
      atomicAdd(total, p);
  }
}

int main() {
  const int n = 40000;
  const int blocks = (n + kBlock - 1) / kBlock;
  const int tiles = blocks * (kBlock / kTile);
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) {
    int v = (i * 29) % 97;
    // Every 5th tile holds only even non-negative values.
    in[i] = ((i / kTile) % 5 == 0) ? 2 * v : v - 40;
  }

  int *dIn, *dSums, *dFlags, *dTotal;
  checkCuda(cudaMalloc(&dIn, n * sizeof(int)));
  checkCuda(cudaMalloc(&dSums, tiles * sizeof(int)));
  checkCuda(cudaMalloc(&dFlags, tiles * sizeof(int)));
  checkCuda(cudaMalloc(&dTotal, sizeof(int)));
  checkCuda(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  checkCuda(cudaMemset(dTotal, 0, sizeof(int)));
  reduceCG<<<blocks, kBlock>>>(dIn, n, dSums, dFlags, dTotal);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<int> sums(tiles), flags(tiles);
  int total = 0;
  checkCuda(cudaMemcpy(sums.data(), dSums, tiles * sizeof(int), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(flags.data(), dFlags, tiles * sizeof(int), cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(&total, dTotal, sizeof(int), cudaMemcpyDeviceToHost));

  int badSums = 0, badFlags = 0;
  long long expectTotal = 0;
  for (int t = 0; t < tiles; ++t) {
    int s = 0;
    bool anyNeg = false, allEven = true;
    for (int j = t * kTile; j < (t + 1) * kTile; ++j) {
      int v = j < n ? in[j] : 0; // padding lanes contribute 0 (even, not negative)
      s += v;
      anyNeg = anyNeg || v < 0;
      allEven = allEven && v % 2 == 0;
    }
    expectTotal += s;
    badSums += sums[t] != s;
    badFlags += flags[t] != ((anyNeg ? 1 : 0) | (allEven ? 2 : 0));
  }
  std::printf("tiles: %d, wrong sums %d, wrong any/all flags %d, total %d (expected %lld)\n",
              tiles, badSums, badFlags, total, expectTotal);
  checkCuda(cudaFree(dIn)); checkCuda(cudaFree(dSums));
  checkCuda(cudaFree(dFlags)); checkCuda(cudaFree(dTotal));
  bool ok = badSums == 0 && badFlags == 0 && total == expectTotal;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
