// Expectations for warp-size.tile-template; see tests/analyzers/check_analyzer.sh.
// 32-thread cooperative-groups tiles, and templates whose width parameter
// defaults to 32. HIP keeps tile semantics on wave64: warnings.
// HIPWRIGHT-COMPILE-FIXED
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int kTile = 32;

__device__ int tileSum(cg::thread_block_tile<32> tile, int v) {
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: thread_block_tile<32> makes 32-thread tiles: on gfx942, gfx950 (wave64) each wavefront holds two of them; HIP keeps the tile semantics, so this works, each tile using half a wavefront [warp-size.tile-template]
  for (int o = tile.size() / 2; o > 0; o /= 2)
    v += tile.shfl_down(v, o);
  return v;
}

__global__ void tiles(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<kTile> tile = cg::tiled_partition<kTile>(block);
  // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: tiled_partition<kTile = 32> makes 32-thread tiles{{.*}} [warp-size.tile-template]
  auto literal = cg::tiled_partition<32>(block);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: tiled_partition<32> makes 32-thread tiles{{.*}} [warp-size.tile-template]
  // The tile makes the 32-thread groups explicit: no lane-arithmetic.
  int globalTile = (blockIdx.x * blockDim.x + threadIdx.x) / kTile;
  out[globalTile] = tileSum(tile, 1) + literal.thread_rank();
}

// Smaller tiles are width-agnostic: silent.
__global__ void quads(int *out) {
  auto quad = cg::tiled_partition<4>(cg::this_thread_block());
  out[threadIdx.x] = quad.shfl_down(1, 1);
}

template <int W = 32>
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: template parameter 'W' defaults to 32 and is used as the warp width (line [[@LINE+3]]): on gfx942, gfx950 (wave64) the default makes 32-lane groups, two per wavefront [warp-size.tile-template]
__device__ int groupReduce(int v) {
  for (int o = W / 2; o > 0; o /= 2)
    v += __shfl_down_sync(__activemask(), v, o);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes (the offset loop starts at 16{{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(__activemask(), v, o, 32);
  return v;
}

__global__ void useTemplate(int *out) { out[threadIdx.x] = groupReduce(out[threadIdx.x]); }
