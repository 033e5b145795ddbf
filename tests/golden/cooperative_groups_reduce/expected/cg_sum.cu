#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>
#include <cstdio>

namespace cg = cooperative_groups;

__device__ float tileSum(cg::thread_block_tile<16> tile, float v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

// Two-phase sum over the whole grid: per-tile partials, grid-wide barrier,
// then block 0 adds the partials up.
__global__ void gridSum(const float *in, float *partials, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  float v = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    v += in[i];
  v = tileSum(tile, v);
  int tilesPerBlock = block.size() / 16;
  if (tile.thread_rank() == 0)
    partials[blockIdx.x * tilesPerBlock + block.thread_rank() / 16] = v;
  grid.sync();
  if (blockIdx.x == 0 && block.thread_rank() == 0) {
    float total = 0.0f;
    for (int i = 0; i < gridDim.x * tilesPerBlock; ++i)
      total += partials[i];
    *out = total;
  }
}

int runGridSum(const float *in, float *partials, float *out, int n) {
  int device = 0, supported = 0;
  hipGetDevice(&device);
  hipDeviceGetAttribute(&supported, hipDeviceAttributeCooperativeLaunch, device);
  if (!supported)
    return -1;
  void *args[] = {&in, &partials, &out, &n};
  hipError_t e = hipLaunchCooperativeKernel((void *)gridSum, dim3(8),
                                              dim3(256), args, 0, 0);
  if (e != hipSuccess)
    std::printf("launch failed: %s\n", hipGetErrorString(e));
  return hipDeviceSynchronize() == hipSuccess ? 0 : -1;
}
