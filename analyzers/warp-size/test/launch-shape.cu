// Expectations for warp-size.launch-shape; see tests/analyzers/check_analyzer.sh.
// Blocks 32 threads wide, launched for kernels that use warp-level
// operations (directly or through a device function).

__device__ int pairSwap(int v) { return __shfl_xor_sync(__activemask(), v, 1); }

__global__ void warpKernel(int *out) { out[threadIdx.x] = pairSwap(threadIdx.x); }
__global__ void plainKernel(int *out) { out[threadIdx.x] = 1; }

// Thread counts that are an odd number of 32-lane warps, named or not.
constexpr int COPY_THREADS = 96;
#define NTHREADS 160u
constexpr int ROW_THREADS = 192;

void launchAll(int *d) {
  warpKernel<<<4, 32>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 32 threads for 'warpKernel', which uses warp-level operations: on gfx942, gfx950 a wavefront has 64 lanes, so each block fills half of one and the other 32 lanes idle [warp-size.launch-shape]
  dim3 rows(32, 4);
  warpKernel<<<4, rows>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks 32 threads wide for 'warpKernel', which uses warp-level operations: on gfx942, gfx950 a 64-lane wavefront spans two rows of the block, so code that takes threadIdx.x as the lane works only while every cross-lane operation stays inside 32 lanes [warp-size.launch-shape]
  warpKernel<<<dim3(8, 8), dim3(32)>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: blocks of 32 threads for 'warpKernel'{{.*}} [warp-size.launch-shape]
  warpKernel<<<4, COPY_THREADS>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of COPY_THREADS = 96 threads for 'warpKernel', which uses warp-level operations: 3 32-lane warps but 1.5 64-lane wavefronts on gfx942, gfx950, so the last wavefront of each block runs half empty [warp-size.launch-shape]
  warpKernel<<<4, NTHREADS>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of NTHREADS = 160 threads for 'warpKernel'{{.*}} 2.5 64-lane wavefronts{{.*}} [warp-size.launch-shape]
  const dim3 oneWarp(32);
  warpKernel<<<4, oneWarp>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 32 threads for 'warpKernel', which uses{{.*}} [warp-size.launch-shape]
  warpKernel<<<4, dim3(96, 2)>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks 96 threads wide for 'warpKernel', which uses warp-level operations: on gfx942, gfx950 a 64-lane wavefront spans two rows of the block{{.*}} [warp-size.launch-shape]
  // No warp-level operations, a whole number of wavefronts, or a width
  // that is not a whole number of 32-lane warps either: silent.
  plainKernel<<<4, 32>>>(d);
  plainKernel<<<4, COPY_THREADS>>>(d);
  warpKernel<<<4, ROW_THREADS>>>(d);
  warpKernel<<<4, dim3(48, 2)>>>(d);
  warpKernel<<<4, 64>>>(d);
  warpKernel<<<4, dim3(64, 2)>>>(d);
}

// Blocks whose x dimension is a fraction of a warp and whose x * y slice is
// one: `dim3 block(8, 4, block_size / WARP_SIZE)`, a 32-lane warp laid out
// as 4 rows of 8, one per z.
#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARP_SIZE' is 32 and used as the warp width{{.*}} [warp-size.macro-constant]
void launchSlices(int *d, int block_size) {
  dim3 block(8, 4, block_size / WARP_SIZE);
  warpKernel<<<4, block>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 8 x 4 x 'block_size / WARP_SIZE' threads for 'warpKernel', which uses warp-level operations: each 8 x 4 slice is 32 threads, one 32-lane warp, but on gfx942, gfx950 a 64-lane wavefront spans two slices, so code that takes threadIdx.z as the warp works only while every cross-lane operation stays inside 32 lanes [warp-size.launch-shape]
  warpKernel<<<4, dim3(8, 4, 2)>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 8 x 4 x 2 threads for 'warpKernel'{{.*}} spans two slices{{.*}} [warp-size.launch-shape]
  warpKernel<<<4, dim3(8, 4)>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 8 x 4 = 32 threads for 'warpKernel', which uses warp-level operations: on gfx942, gfx950 a wavefront has 64 lanes, so each block fills half of one and the other 32 lanes idle [warp-size.launch-shape]
  warpKernel<<<4, dim3(16, 6)>>>(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 16 x 6 = 96 threads for 'warpKernel', which uses warp-level operations: 3 32-lane warps but 1.5 64-lane wavefronts{{.*}} [warp-size.launch-shape]
  // Slices of whole wavefronts, a kernel without warp operations, an x
  // that is not a fraction of a warp: silent.
  warpKernel<<<4, dim3(8, 8, block_size / 64)>>>(d);
  plainKernel<<<4, dim3(8, 4, 2)>>>(d);
  warpKernel<<<4, dim3(12, 8)>>>(d);
}
