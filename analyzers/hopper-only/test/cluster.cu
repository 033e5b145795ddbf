// Expectations for hopper-only.cluster: thread-block clusters and
// distributed shared memory. cooperative_groups declares cluster_group for
// nvcc only, so clang reports compile errors for those lines; the analyzer
// finds them by their tokens. See tests/analyzers/check_analyzer.sh.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) pair_reduce(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: kernel 'pair_reduce': __cluster_dims__ (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: keep cooperation inside one workgroup

  __shared__ float partial;
  cg::cluster_group cluster = cg::this_cluster();
// CHECK-MESSAGES: :[[@LINE-1]]:35: error: kernel 'pair_reduce': cooperative_groups::this_cluster() (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]
  partial = threadIdx.x;
  cluster.sync();
  float *peer = cluster.map_shared_rank(&partial, cluster.block_rank() ^ 1);
// CHECK-MESSAGES: :[[@LINE-1]]:25: error: kernel 'pair_reduce': map_shared_rank() (distributed shared memory) (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]
  out[blockIdx.x] = partial + *peer;
}

__device__ unsigned rank_of(cg::cluster_group &c) { return c.block_rank(); }
// CHECK-MESSAGES: :[[@LINE-1]]:33: error: device function 'rank_of': cooperative_groups::cluster_group (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]

__global__ void plain(float *out) { out[threadIdx.x] = 0; }

// Host side: a cluster launch through cudaLaunchKernelEx.
void launch(float *out) {
  cudaLaunchConfig_t config = {};

  config.gridDim = dim3(8);
  config.blockDim = dim3(128);
  cudaLaunchAttribute attr[1];

  attr[0].id = cudaLaunchAttributeClusterDimension;
// CHECK-MESSAGES: :[[@LINE-1]]:16: error: function 'launch': cudaLaunchAttributeClusterDimension (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]

  attr[0].val.clusterDim.x = 2;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  config.attrs = attr;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, plain, out);

  int clusters = 0;
  cudaOccupancyMaxActiveClusters(&clusters, (void *)plain, &config);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: function 'launch': cudaOccupancyMaxActiveClusters (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]

}

// PTX: the cluster rank register and a peer-shared-memory address.
__device__ unsigned peer_address(unsigned addr) {
  unsigned rank, out;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: device function 'peer_address': PTX a %cluster special register (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]

  asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(out) : "r"(addr), "r"(rank ^ 1));
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: device function 'peer_address': PTX mapa.shared::cluster.u32 (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]
  asm volatile("barrier.cluster.arrive;\nbarrier.cluster.wait;" ::: "memory");
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: device function 'peer_address': PTX barrier.cluster.arrive (thread-block clusters / distributed shared memory) has no AMD equivalent [hopper-only.cluster]
  return out;
}
