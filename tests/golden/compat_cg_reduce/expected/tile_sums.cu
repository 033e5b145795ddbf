#include <hip/hip_runtime.h>
#include "hipwright_cuda_compat.h"
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_cooperative_groups.h>
#include <functional>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

namespace cg = cooperative_groups;

// The project's own reduce: not CUDA's, stays as it is.
__device__ int reduce(int a, int b) { return a + b; }

template <unsigned Size, typename T>
__device__ T tileSum(cg::thread_block_tile<Size> tile, T v) {
  return cg::hipwright_reduce(tile, v, cg::hipwright_plus<T>());
}

__global__ void tileStats(const int *in, int *sums, int *lows, unsigned *ors,
                          float *highs) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int v = in[block.thread_rank()];
  int sum = tileSum(tile, v);
  int low = cooperative_groups::hipwright_reduce(tile, v, cooperative_groups::hipwright_less<int>());
  unsigned bits = hipwright_reduce(tile, 1u << (v & 31), cg::hipwright_bit_or<unsigned>());
  float high = cg::hipwright_reduce(cg::tiled_partition<16>(block), float(v),
                          cg::hipwright_greater<float>());
  if (v > 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    int positives = cg::hipwright_reduce(active, 1, [](int a, int b) { return a + b; });
    if (active.thread_rank() == 0)
      atomicAdd(&sums[1], positives);
  }
  if (tile.thread_rank() == 0) {
    sums[0] = reduce(sum, 0);
    lows[0] = low;
    ors[0] = bits;
    highs[0] = high;
  }
}

int hostTotal(const int *begin, const int *end) {
  return thrust::reduce(thrust::host, begin, end, 0, std::plus<int>());
}
