// Look-alikes of the warp-size rules that must stay silent: a 32 that is a
// tile edge, a bit width, a shift amount on 64-bit data, an array length or
// a loop bound over data, and warp code already written for any width.
// This file carries no expectations: any warning or error fails it.
#include <cstdint>

#define TILE_DIM 32
#define BLOCK_ROWS 8
#define NAME_LEN 32

// The classic shared-memory transpose: TILE_DIM is a tile edge.
__global__ void transpose(float *out, const float *in, int rows, int cols) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

// A 1-D block mapped onto a 32x32 tile: no warp-level operation anywhere.
__global__ void tileFromLinear(float *out, const float *in) {
  __shared__ float t[32][33];
  int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
  t[ty][tx] = in[blockIdx.x * 1024 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 1024 + threadIdx.x] = t[tx][ty];
}

// Bit manipulation on 32-bit words, popcount loops to 32, 64-bit shifts.
__device__ unsigned rotl(unsigned x, int r) { return (x << r) | (x >> (32 - r)); }
__device__ int popcountLoop(unsigned w) {
  int n = 0;
  for (int b = 0; b < 32; ++b)
    n += (w >> b) & 1;
  return n;
}
__device__ uint32_t high(uint64_t v) { return uint32_t(v >> 32); }
__device__ uint64_t join(uint32_t hi, uint32_t lo) { return (uint64_t(hi) << 32) | lo; }
__device__ unsigned hash(unsigned h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  return h & 31;
}

// A bitmap with one bit per thread: word = gid / 32, bit = gid % 32.
__global__ void markBits(unsigned *bits, const int *flags, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < n && flags[gid])
    atomicOr(&bits[gid / 32], 1u << (gid % 32));
}

// A block size divided by 32 in code with no warp operations and no warp
// names: 32-element tiles of data, not warps.
__global__ void tilesPerBlock(int *tiles) {
  tiles[blockIdx.x] = (blockDim.x + 31) / 32 + (blockDim.x * blockDim.y >> 5);
}

// Arrays of 32 and loops over data.
struct Record {
  char name[NAME_LEN];
  int values[32];
};
__global__ void records(Record *r, int *sum) {
  int s = 0;
  for (int i = 0; i < 32; ++i)
    s += r[blockIdx.x].values[i];
  char local[32];
  local[threadIdx.x % 32] = r[blockIdx.x].name[threadIdx.x % 32];
  atomicAdd(sum, s + local[0]);
}

// Data indexed by a thread is not a thread index.
__global__ void dataModulo(int *out, const int *in) {
  out[threadIdx.x] = in[threadIdx.x] % 32 + (in[threadIdx.x] >> 5) + blockIdx.x / 32;
}

// Warp code written for any wavefront width.
__device__ float waveSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down_sync(__activemask(), v, o);
  return __shfl_sync(__activemask(), v, 0);
}
__global__ void anyWidth(float *out, const float *in) {
  int lane = threadIdx.x % warpSize;
  int wave = threadIdx.x / warpSize;
  float s = waveSum(in[threadIdx.x]);
  if (lane == 0)
    out[wave] = s;
}

// A broadcast from lane 0 with no sign of 32-lane groups: wave-wide.
__device__ int leader(int v) { return __shfl_sync(__activemask(), v, 0); }

// Sub-group shuffles with their own width.
__device__ int octet(int v) {
  for (int o = 4; o > 0; o /= 2)
    v += __shfl_down_sync(__activemask(), v, o, 8);
  return v;
}

// Launches with whole wavefronts, or for kernels without warp operations.
void launches(float *o, const float *i, int *p) {
  transpose<<<dim3(4, 4), dim3(TILE_DIM, BLOCK_ROWS)>>>(o, i, 128, 128);
  tileFromLinear<<<4, 1024>>>(o, i);
  dataModulo<<<4, 32>>>(p, p);
  anyWidth<<<4, 256>>>(o, i);
}

// Values that look like the warp width but are not lane counts.
#define KEY_BYTES 32UL
#define WAVE_WIDTH 64
__global__ void treeReduce(float *out, const float *in, const char *key) {
  __shared__ float s[64];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  // A thread index plus a plain 32, and a thread index below 16: shared
  // memory slots and the first threads of the block, not lanes.
  if (tid < 32)
    s[tid] += s[tid + 32];
  if (tid < 16)
    s[tid] += s[tid + 16];
  // A 32-byte key, rows laid out from a 64-wide wavefront name, a row of
  // 8 threads from a tile edge.
  float k = 0;
  for (unsigned i = 0; i < KEY_BYTES; ++i)
    k += key[i];
  unsigned row = tid / (WAVE_WIDTH / 8) + tid / (TILE_DIM / 4);
  out[row] = __shfl_xor_sync(__activemask(), s[0] + k, 1);
}

// A count of lanes is not a lane; data modulo 32 is not a lane.
__device__ int pick(int numLanes, int v, int word) {
  int bit = word % 32;
  if (numLanes < 16 || bit >= 16)
    return __shfl_xor_sync(__activemask(), v, 1);
  return v;
}

// A 32x32 tile addressed from a linear thread index, without any
// warp-level operation: the 32s are the tile edge.
__global__ void tileHalves(float *out, const float *in) {
  int tx = threadIdx.x % 32;
  float v = in[threadIdx.x];
  if (tx < 16)
    v += in[tx + 32];
  out[threadIdx.x] = v;
}

// A count of warps that happens to be 32 (ggml's argmax): max_warps is
// 1024 / 32, not the warp width, though its name says "warp".
__device__ float perWarpSlot(float v, int slot) {
  constexpr int max_warps = 1024 / TILE_DIM;
  __shared__ float slots[max_warps];
  slots[slot % 4] = v;
  if (slot < max_warps)
    slots[slot] += 1;
  return __shfl_xor_sync(__activemask(), slots[0], 1);
}

// A width a function computes is the target's (ggml's
// ggml_cuda_get_physical_warp_size() returns 64 where the same source is
// built for gfx9): 32 in this parse, but not written as 32.
static constexpr __device__ int physicalWarpSize() {
#if defined(__GFX9__)
  return 64;
#else
  return 32;
#endif
}
__global__ void physicalWidth(float *out, const float *in) {
  constexpr int warp_size = physicalWarpSize();
  const int lane = threadIdx.x % warp_size;
  const int warp = threadIdx.x / warp_size;
  float v = __shfl_xor_sync(__activemask(), in[threadIdx.x], 1);
  if (lane == 0)
    out[warp + blockDim.x / warp_size] = v;
}

// The COL32 layout of int8 GEMMs (FasterTransformer's softmax_int8 and
// layernorm_int8 kernels): a column split into its 32-wide tile and its
// place in the tile, both summed back into one address. The & 31 and
// & ~31 (or >> 5) tile data, not lanes, even in a kernel that shuffles.
__global__ void col32Layout(char4 *out, const char4 *in, int rows, int row) {
  int col4 = threadIdx.x << 2;
  int idx = (col4 & 0xffffffe0) * rows + (row << 5) + (col4 & 31);
  int idx2 = ((col4 >> 5) << 5) * rows + (row << 5) + (col4 & 31);
  char4 v = in[idx >> 2];
  int s = __shfl_xor_sync(__activemask(), int(v.x), 1);
  out[idx2 >> 2] = make_char4(char(s), v.y, v.z, v.w);
}
