// Expectations for warp-size.macro-constant; see tests/analyzers/check_analyzer.sh.
// A macro or named constant defined as 32 and used as the warp width is
// reported once, where it is defined; lane and warp index computations
// spelled with the macro alone are counted there, not reported one by one.
// HIPWRIGHT-COMPILE-FIXED
#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARP_SIZE' is 32 and used as the warp width, and 1 lane or warp index computation is built on it (line [[@LINE+21]]; not reported one by one): on gfx942, gfx950 a wavefront has 64 lanes, so code built on it works in 32-lane groups, two per wavefront [warp-size.macro-constant]
#define GROUP 32
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'GROUP' is 32 and used as the warp width, and 1 lane or warp index computation is built on it (line [[@LINE+21]]; not reported one by one){{.*}} [warp-size.macro-constant]
#define WARPS_PER_BLOCK_DIVISOR (32)
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARPS_PER_BLOCK_DIVISOR' is 32 and used as the warp width: on gfx942, gfx950{{.*}} [warp-size.macro-constant]
#define ROW_LENGTH 32
constexpr int kWarpSize = 32;
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'kWarpSize' is 32 and used as the warp width (line [[@LINE+3]]){{.*}} [warp-size.macro-constant]

__device__ float reduce(float v) {
  for (int o = 1; o < kWarpSize; o *= 2)
    v += __shfl_xor_sync(__activemask(), v, o);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_xor_sync(__activemask(), v, o, 32);
  return v;
}

__global__ void kernel(float *out, const float *in) {
  __shared__ float partial[256 / WARPS_PER_BLOCK_DIVISOR];
  // A row of 32 floats: data, not lanes.
  __shared__ float row[ROW_LENGTH];
  int lane = threadIdx.x % WARP_SIZE;
  // Reported with WARP_SIZE's definition, not here.
  int warp = threadIdx.x / GROUP;
  // Reported with GROUP's definition.
  row[lane] = in[threadIdx.x];
  float s = reduce(row[lane]);
  if (lane == 0)
    partial[warp] = s;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0] + row[1];
}

// Suffixed and parenthesised 32s: the value decides, not the spelling. A
// 32 that counts bytes stays quiet.
#define SUFFIXED_WARP_SIZE 32U
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'SUFFIXED_WARP_SIZE' is 32 and used as the warp width: on gfx942{{.*}} [warp-size.macro-constant]
#define WARPS_LONG ((32UL))
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'WARPS_LONG' is 32 and used as the warp width, and 1 lane or warp index computation is built on it (line [[@LINE+7]]; not reported one by one){{.*}} [warp-size.macro-constant]
#define RECORD_BYTES 0x20ull
__global__ void suffixed(float *out, const float *in, char *bytes) {
  float v = in[threadIdx.x];
  for (int o = SUFFIXED_WARP_SIZE / 2; o > 0; o /= 2)
    v += __shfl_down_sync(__activemask(), v, o, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: note: {{.*}} [warp-size.shuffle-width]
  int warp = threadIdx.x / WARPS_LONG;
  // Reported with WARPS_LONG's definition.
  bytes[RECORD_BYTES - 1] = 0;
  out[warp] = v;
}

// A macro whose body is an expression equal to 32 (cuda-samples'
// histogram): reported once a use shows it is the warp width. The same
// expression as a tile edge stays quiet.
#define LOG2_WARP_SIZE 5U
#define SHIFTED_WARP_SIZE (1U << LOG2_WARP_SIZE)
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'SHIFTED_WARP_SIZE' is 32 and used as the warp width, and 1 lane or warp index computation is built on it (line [[@LINE+5]]; not reported one by one){{.*}} [warp-size.macro-constant]
#define SHIFTED_TILE_EDGE (1U << 5)
__global__ void perWarpHistogram(unsigned *hist, const unsigned *in) {
  __shared__ unsigned tile[SHIFTED_TILE_EDGE][SHIFTED_TILE_EDGE];
  tile[threadIdx.y][threadIdx.x % SHIFTED_TILE_EDGE] = in[threadIdx.x];
  unsigned *mine = hist + (threadIdx.x / SHIFTED_WARP_SIZE) * 256;
  // Reported with SHIFTED_WARP_SIZE's definition.
  atomicAdd(mine + tile[0][threadIdx.x % 32], 1u);
}

// Every lane and warp computation spelled with the macro alone is counted
// at its definition, the one line a person changes.
#define THREADS_PER_WARP 32
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'THREADS_PER_WARP' is 32 and used as the warp width, and 3 lane and warp index computations are built on it (lines [[@LINE+3]], [[@LINE+4]], [[@LINE+7]]; not reported one by one){{.*}} [warp-size.macro-constant]
__global__ void perWarpSums(float *out, const float *in) {
  float v = in[threadIdx.x];
  int lane = threadIdx.x % THREADS_PER_WARP;
  int warp = threadIdx.x / THREADS_PER_WARP;
  v += __shfl_xor_sync(__activemask(), v, 1, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: note: {{.*}} [warp-size.shuffle-width]
  int warps = blockDim.x / THREADS_PER_WARP;
  if (lane == 0)
    out[warp * warps] = v;
}
