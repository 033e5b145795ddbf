// cg_reduce.cu - cooperative_groups::reduce (cooperative_groups/reduce.h,
// CUDA 11+) over tiles of 32, 16 and 4 threads with cg::plus, cg::less,
// cg::greater, cg::bit_and, cg::bit_or, cg::bit_xor and a lambda, called
// qualified (cg::reduce), unqualified (argument-dependent lookup) and from a
// function template. No ROCm release has cooperative_groups/reduce.h, so
// the port calls hipwright's equivalents (hipwright_cuda_compat.h). Every
// member of a tile gets the tile's result; each thread writes what it got,
// and the CPU recomputes every tile's reductions.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
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

constexpr int kResults = 8;

__host__ __device__ int inputOf(int i) { return (i * 7919 + 13) % 1999 - 999; }

template <typename Tile> __device__ float tileMaxScaled(Tile tile, float v) {
  return cg::reduce(tile, v * 0.5f, cg::greater<float>());
}

__global__ void reductions(int *out, float *scaled, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
  cg::thread_block_tile<4> quad = cg::tiled_partition<4>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Threads past the end take part with a value that changes no result.
  int v = i < n ? inputOf(i) : 0;
  unsigned bits = i < n ? static_cast<unsigned>(v) * 2654435761u : 0u;
  int *mine = out + static_cast<size_t>(i) * kResults;
  mine[0] = cg::reduce(warp, v, cg::plus<int>());
  mine[1] = cg::reduce(warp, i < n ? v : 1 << 30, cg::less<int>());
  mine[2] = cg::reduce(half, i < n ? v : -(1 << 30), cg::greater<int>());
  mine[3] = static_cast<int>(
      cg::reduce(half, i < n ? bits : ~0u, cg::bit_and<unsigned>()));
  mine[4] = static_cast<int>(cg::reduce(quad, bits, cg::bit_or<unsigned>()));
  mine[5] = static_cast<int>(reduce(warp, bits, cg::bit_xor<unsigned>()));
  // A lambda: the sum of squares modulo 2^31 - 1, in 64-bit arithmetic.
  long long square = static_cast<long long>(v) * v;
  mine[6] =
      static_cast<int>(cg::reduce(quad, square, [](long long a, long long b) {
        return (a + b) % 2147483647LL;
      }));
  mine[7] = cg::reduce(half, 1, cg::plus<int>()); // the tile's size
  scaled[i] = tileMaxScaled(warp, i < n ? static_cast<float>(v) : -1e9f);
}

int main() {
  const int blocks = 6, threads = 128, total = blocks * threads, n = total - 9;
  int *out = nullptr;
  float *scaled = nullptr;
  checkCuda(cudaMallocManaged(&out, sizeof(int) * total * kResults));
  checkCuda(cudaMallocManaged(&scaled, sizeof(float) * total));
  reductions<<<blocks, threads>>>(out, scaled, n);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  auto value = [&](int i) { return i < n ? inputOf(i) : 0; };
  auto bitsOf = [&](int i) {
    return i < n ? static_cast<unsigned>(inputOf(i)) * 2654435761u : 0u;
  };
  int wrong = 0;
  for (int i = 0; i < total; ++i) {
    int w = i / 32 * 32, h = i / 16 * 16, q = i / 4 * 4;
    int sum = 0, least = 1 << 30, most = -(1 << 30);
    unsigned xr = 0;
    float maxScaled = -1e9f * 0.5f;
    for (int j = w; j < w + 32; ++j) {
      sum += value(j);
      if (j < n && value(j) < least)
        least = value(j);
      xr ^= bitsOf(j);
      float s = (j < n ? static_cast<float>(value(j)) : -1e9f) * 0.5f;
      maxScaled = s > maxScaled ? s : maxScaled;
    }
    unsigned an = ~0u;
    for (int j = h; j < h + 16; ++j) {
      if (j < n && value(j) > most)
        most = value(j);
      an &= j < n ? bitsOf(j) : ~0u;
    }
    unsigned orBits = 0;
    long long squares = 0;
    for (int j = q; j < q + 4; ++j) {
      orBits |= bitsOf(j);
      squares = (squares + static_cast<long long>(value(j)) * value(j)) %
                2147483647LL;
    }
    const int *got = out + static_cast<size_t>(i) * kResults;
    int want[kResults] = {sum,
                          least,
                          most,
                          static_cast<int>(an),
                          static_cast<int>(orBits),
                          static_cast<int>(xr),
                          static_cast<int>(squares),
                          16};
    for (int k = 0; k < kResults; ++k)
      if (got[k] != want[k]) {
        if (wrong < 5)
          std::printf("thread %d result %d: got %d, want %d\n", i, k, got[k],
                      want[k]);
        ++wrong;
      }
    if (scaled[i] != maxScaled)
      ++wrong;
  }
  std::printf("cg_reduce: %d threads, %d results each plus a scaled maximum; "
              "%d wrong\n",
              total, kResults, wrong);
  checkCuda(cudaFree(scaled));
  checkCuda(cudaFree(out));
  std::printf("%s\n", wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
