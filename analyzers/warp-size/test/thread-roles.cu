// Expectations for warp-size.thread-roles; see tests/analyzers/check_analyzer.sh.
// A thread count that is whole 32-lane warps but not whole 64-lane
// wavefronts (96, 160), named as a thread count or built from the warp
// width, that the bounds of thread roles are built from, in code that uses
// warp-level operations: a role then ends inside a wavefront.
#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARP_SIZE' is 32 and used as the warp width{{.*}} [warp-size.macro-constant]
#define GATHER_THREADS 160

__device__ void moveSlice(float *dst, const float *src, int t, int n) {
  for (int i = t; i < n; i += WARP_SIZE)
    dst[i] = src[i];
  __syncwarp();
}

// Roles sized by a constant and laid out one after the other, their sizes
// chosen by the same conditions (as NCCL's CollNet all-reduce does).
template <int Algo, typename T> struct Worker {};
template <typename T> struct Worker<1, T> {
  __device__ void run(int tid, T *dst, const T *src, int up, int down) {
    static constexpr int COPY_THREADS = 96;
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'COPY_THREADS' is 96 threads, 3 32-lane warps but 1.5 64-lane wavefronts on gfx942, gfx950: the thread ranges built from it end inside a wavefront ('tid < startSend' at line [[@LINE+9]], where 'startSend' can be 96), so one wavefront runs two roles: their branches run one after the other and a warp-level operation in either sees lanes of the other [warp-size.thread-roles]
    const int hasUp = up >= 0 ? 1 : 0;
    const int hasDown = down >= 0 ? 1 : 0;
    const int nRecv = (hasUp && hasDown) ? COPY_THREADS : hasUp ? 2 * COPY_THREADS : 0;
    const int nSend = WARP_SIZE + ((hasUp && hasDown) ? COPY_THREADS
                                   : hasUp            ? 0
                                                      : 2 * COPY_THREADS);
    const int startSend = nRecv;
    const int startRest = startSend + nSend;
    if (tid < startSend)
      moveSlice(dst, src, tid, 1024);
    else if (tid < startRest)
      moveSlice(dst + 1024, src, tid - startSend, 1024);
  }
};

__global__ void rolesByMacro(float *dst, const float *src) {
  if (threadIdx.x < GATHER_THREADS)
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'GATHER_THREADS' is 160 threads, 5 32-lane warps but 2.5 64-lane wavefronts{{.*}}'threadIdx.x < GATHER_THREADS' at line [[@LINE-1]], where 'GATHER_THREADS' is 160{{.*}} [warp-size.thread-roles]
    moveSlice(dst, src, threadIdx.x, 512);
}

__global__ void rolesByWarps(float *dst, const float *src) {
  int tid = threadIdx.x;
  if (tid >= 3 * WARP_SIZE)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '3 * WARP_SIZE' is 96 threads{{.*}} [warp-size.thread-roles]
    moveSlice(dst, src, tid - 3 * WARP_SIZE, 512);
}

// A role's warps stepped by its count of warps: 96 / 32 = 3 warps, but a
// port that counts 64-lane wavefronts gets 96 / 64 = 1.
__global__ void warpStride(float *dst, const float *src, int chunks) {
  static constexpr int COPY_THREADS = 96;
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'COPY_THREADS' is 96 threads, 3 32-lane warps but 1.5 64-lane wavefronts on gfx942, gfx950: the loop at line [[@LINE+2]] steps over warps by 'COPY_THREADS / WARP_SIZE' (3 32-lane warps), which is no whole number of wavefronts: a port that counts 64-lane wavefronts gets 1 (integer division), and its wavefronts then repeat each other's work [warp-size.thread-roles]
  const int warp = threadIdx.x / WARP_SIZE;
  for (int w = warp; w < chunks; w += COPY_THREADS / WARP_SIZE)
    moveSlice(dst + w * 64, src, threadIdx.x % WARP_SIZE, 64);
  // A stride over threads covers the same elements on any width: silent.
  for (int i = threadIdx.x; i < chunks; i += COPY_THREADS)
    dst[i] = src[i];
}

// Stays quiet.
__global__ void rolesNegatives(float *dst, const float *src, int nthreads) {
  static constexpr int COPY_THREADS = 96;
  const int ROWS = 96;
  int tid = threadIdx.x;
  // Every boundary a whole number of wavefronts: 32 + 96 = 128.
  if (tid < WARP_SIZE + COPY_THREADS)
    moveSlice(dst, src, tid, 256);
  // A bound not known at compile time.
  if (tid >= nthreads - COPY_THREADS)
    moveSlice(dst, src, tid, 256);
  // A plain 96, and a constant not named as a count of threads.
  if (tid < 96 || tid < ROWS)
    moveSlice(dst, src, tid, 256);
}

__global__ void rolesWithoutWarpOps(float *dst, const float *src) {
  static constexpr int COPY_THREADS = 96;
  // No warp-level operation: a shared wavefront only diverges.
  if (threadIdx.x < COPY_THREADS)
    dst[threadIdx.x] = src[threadIdx.x];
}
