// Expectations for warp-size.launch-shape; see tests/analyzers/check_analyzer.sh.
// Blocks 32 threads wide, launched for kernels that use warp-level
// operations (directly or through a device function).

__device__ int pairSwap(int v) { return __shfl_xor_sync(__activemask(), v, 1); }

__global__ void warpKernel(int *out) { out[threadIdx.x] = pairSwap(threadIdx.x); }
__global__ void plainKernel(int *out) { out[threadIdx.x] = 1; }

void launchAll(int *d) {
  warpKernel<<<4, 32>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 32 threads for 'warpKernel', which uses warp-level operations: on gfx942, gfx950 a wavefront has 64 lanes, so each block fills half of one and the other 32 lanes idle [warp-size.launch-shape]
  dim3 rows(32, 4);
  warpKernel<<<4, rows>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks 32 threads wide for 'warpKernel', which uses warp-level operations: on gfx942, gfx950 a 64-lane wavefront spans two rows of the block, so code that takes threadIdx.x as the lane works only while every cross-lane operation stays inside 32 lanes [warp-size.launch-shape]
  warpKernel<<<dim3(8, 8), dim3(32)>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: blocks of 32 threads for 'warpKernel'{{.*}} [warp-size.launch-shape]
  // No warp-level operations, or a whole number of wavefronts: silent.
  plainKernel<<<4, 32>>>(d);
  warpKernel<<<4, 64>>>(d);
  warpKernel<<<4, dim3(64, 2)>>>(d);
}
