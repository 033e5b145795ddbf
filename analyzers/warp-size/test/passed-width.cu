// Expectations for warp-size.passed-width; see tests/analyzers/check_analyzer.sh.
// A 32 written where a function is called, and used inside it as the warp
// width (a shuffle's width, a lane split, a thread index compared with it).
// HIPWRIGHT-COMPILE-FIXED

// cuda-samples' shfl_scan: the width comes from the launch, the lanes from
// warpSize.
__global__ void scanKernel(int *data, int width) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = id % warpSize;
  int value = data[id];
  for (int i = 1; i <= width; i *= 2) {
    int n = __shfl_up_sync(0xffffffff, value, i, width);
    if (lane >= i)
      value += n;
  }
  data[id] = value;
}

// The width passed on to a device function that shuffles with it, from
// device code.
__device__ int scanStep(int v, int i, int w) {
  return __shfl_up_sync(0xffffffff, v, i, w);
}
__device__ int scanVia(int v, int width) {
  int lane = threadIdx.x % warpSize;
  int n = scanStep(v, 1, width);
  return lane >= 1 ? v + n : v;
}
__global__ void scanFromDevice(int *data) {
  data[threadIdx.x] = scanVia(data[threadIdx.x], 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: error: 32 is passed to 'scanVia' as 'width' (line [[@LINE-1]]) and on to 'scanStep', where it is the width of __shfl_up_sync (line 23), while 'scanVia' numbers lanes by the wavefront ('threadIdx.x % warpSize', line 26){{.*}} [warp-size.passed-width]
  // CHECK-FIXES: data[threadIdx.x] = scanVia(data[threadIdx.x], warpSize);
}

// Lanes numbered inside 32-lane groups by the width passed in.
__global__ void groupKernel(int *out, int w) {
  int lane = threadIdx.x % w;
  out[threadIdx.x] = __shfl_xor_sync(0xffffffff, lane, 1, w);
}

// cuda-samples' simpleVoteIntrinsics: the host keeps the warp width in a
// local and the kernel lays its test out in warps of that width.
__global__ void voteKernel(bool *info, int warp_size) {
  int tx = threadIdx.x;
  info[tx] = __any_sync(0xffffffff, tx >= (warp_size * 3) / 2);
}

void host(int *d, bool *b, int dev) {
  scanKernel<<<4, 256>>>(d, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: 32 is passed to 'scanKernel' as 'width' (line [[@LINE-1]]), where it is the width of __shfl_up_sync (line 13), while 'scanKernel' numbers lanes by the wavefront ('id % warpSize', line 10): on gfx942, gfx950 (wave64) lanes 32-63 count their place in 64 lanes while the shuffle moves values within 32, so they combine values it did not bring; the result is wrong [warp-size.passed-width]
  // CHECK-FIXES: scanKernel<<<4, 256>>>(d, hipwright_device_warp_size());
  groupKernel<<<4, 64>>>(d, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 32 is passed to 'groupKernel' as 'w' (line [[@LINE-1]]), where 'threadIdx.x % w' (line 38) splits the thread index into 32-lane groups, but gfx942, gfx950 run 64-lane wavefronts{{.*}} [warp-size.passed-width]
  // CHECK-FIXES: groupKernel<<<4, 64>>>(d, 32);
  int warp_size = 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'warp_size' (32, line [[@LINE-1]]) is passed to 'voteKernel' as 'warp_size' (line [[@LINE+3]]), where 'tx >= (warp_size * 3) / 2' (line 46) places threads by 32-lane warps beside warp-level operations: on gfx942, gfx950 a warp-level operation spans a 64-lane wavefront, so threads placed in two warps vote and shuffle together [warp-size.passed-width]
  // CHECK-FIXES: int warp_size = hipwright_device_warp_size();
  int blocks = 4 * warp_size;
  voteKernel<<<1, warp_size * 3>>>(b, warp_size);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: blocks of 96 threads for 'voteKernel'{{.*}} [warp-size.launch-shape]
  voteKernel<<<1, blocks>>>(b, warp_size);
}

// A local 32 that also reaches a kernel with 32-lane groups of its own:
// reported, not fixed (64 would break that kernel's groups).
__global__ void groupVote(bool *info, int warp_size) {
  int tx = threadIdx.x;
  int lane = tx % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'tx % 32' numbers lanes within a 32-lane group{{.*}} [warp-size.lane-arithmetic]
  info[tx] = __any_sync(0xffffffff, lane >= warp_size / 2);
}
void mixed(bool *b) {
  int lanes = 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'lanes' (32, line [[@LINE-1]]) is passed to 'voteKernel' as 'warp_size'{{.*}} [warp-size.passed-width]
  // CHECK-FIXES: int lanes = 32;
  voteKernel<<<1, 256>>>(b, lanes);
  groupVote<<<1, 256>>>(b, lanes);
}

// Silent: 32 where the callee keeps 32-lane groups itself (a reduction
// whose shuffles all have the width passed: the group-keeping form), a 32 that is a
// count of elements, 64, a comparison with a parameter not named as a
// width, a local that changes, and a kernel without warp-level operations.
__global__ void groupScan(int *data, int width) {
  int v = data[threadIdx.x];
  for (int i = 1; i < width; i *= 2)
    v += __shfl_xor_sync(0xffffffff, v, i, width);
  data[threadIdx.x] = v;
}
__global__ void copyN(int *out, const int *in, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = __shfl_sync(0xffffffff, in[i], 0, warpSize);
}
__global__ void belowN(int *out, int n) {
  out[threadIdx.x] = __any_sync(0xffffffff, threadIdx.x < n);
}
__global__ void plainLayout(int *out, int warp_size) {
  out[threadIdx.x] = threadIdx.x >= warp_size / 2;
}

void quiet(int *d, bool *b, int dev) {
  groupScan<<<4, 256>>>(d, 32);
  copyN<<<4, 256>>>(d, d, 32);
  scanKernel<<<4, 256>>>(d, 64);
  belowN<<<4, 256>>>(d, 32);
  int width = 32;
  if (dev > 0)
    width = 64;
  scanKernel<<<4, 256>>>(d, width);
  int warp_size = 32;
  plainLayout<<<1, 256>>>(d, warp_size);
}
