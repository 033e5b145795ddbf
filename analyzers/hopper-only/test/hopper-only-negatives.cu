// Look-alikes the hopper-only rules must leave alone. No expectations: the
// file must stay silent.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Block-level cooperative groups are not clusters.
__global__ void block_sync(float *out, const float *in) {
  __shared__ float tile[256];
  tile[threadIdx.x] = in[threadIdx.x];
  cg::thread_block block = cg::this_thread_block();
  block.sync();
  out[threadIdx.x] = tile[threadIdx.x];
}

// User names that only resemble cluster APIs.
struct Cluster { int this_cluster_size; };
__device__ int cluster_size(const Cluster &c) { return c.this_cluster_size; }
__device__ float wgmma_like(float a, float b) { return a * b; }
__global__ void user_names(float *out) {
  Cluster c{2};
  out[threadIdx.x] = wgmma_like(cluster_size(c), 1.0f);
}

// The word wgmma in a comment or a string is not an instruction:
// wgmma.mma_async
__global__ void message(char *out) {
  const char *text = "wgmma.mma_async is Hopper-only";
  out[threadIdx.x] = text[0];
}
