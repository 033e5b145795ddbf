// Expectations for lds-limit: static shared memory per kernel against each
// target's LDS (64 KiB gfx942, 160 KiB gfx950). See
// tests/analyzers/check_analyzer.sh.

// 48 KiB fits everywhere: silent.
__global__ void fits(float *out) {
  __shared__ float tile[12 * 1024];
  tile[threadIdx.x] = 0;
  out[threadIdx.x] = tile[threadIdx.x ^ 1];
}

// 96 KiB: too much for gfx942, fine on gfx950.
__global__ void big(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: kernel 'big' uses 98304 bytes (96 KiB) of static shared memory, more than the LDS of gfx942 (64 KiB) [lds-limit]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: a workgroup may allocate at most gfx942 64 KiB, gfx950 160 KiB of LDS
  __shared__ float a[128][128];
  __shared__ float b[64][128];
  a[threadIdx.y][threadIdx.x] = b[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = a[threadIdx.x][0];
}

// 200 KiB is beyond both.
__global__ void huge(double *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: kernel 'huge' uses 204800 bytes (200 KiB) of static shared memory, more than the LDS of gfx942 (64 KiB) and gfx950 (160 KiB) [lds-limit]
  __shared__ double buf[25600];
  buf[threadIdx.x] = 1.0;
  out[threadIdx.x] = buf[threadIdx.x + 1];
}

// Shared memory reached through device functions: a file-scope array used
// by two helpers counts once, a helper's own static array counts too.
constexpr int kStages = 3;
constexpr int kTile = 64 * 64;
__shared__ float stage_buffers[kStages][kTile];     // 48 KiB
__device__ void load_stage(int s, const float *g) {
  stage_buffers[s][threadIdx.x] = g[threadIdx.x];
}
__device__ float read_stage(int s) {
  __shared__ float scratch[4096];                   // 16 KiB
  scratch[threadIdx.x] = stage_buffers[s][threadIdx.x];
  return scratch[threadIdx.x ^ 1];
}
__global__ void pipelined(const float *g, float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: kernel 'pipelined' uses 65540 bytes (64.0 KiB) of static shared memory, more than the LDS of gfx942 (64 KiB) [lds-limit]
  __shared__ int flag;
  flag = 0;
  for (int s = 0; s < kStages; ++s) {
    load_stage(s, g);
    out[threadIdx.x] += read_stage(s) + flag;
  }
}

// A template: each instantiation allocates its own amount.
template <int Tile>
__global__ void tiled(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: kernel 'tiled<192>' uses 147456 bytes (144 KiB) of static shared memory, more than the LDS of gfx942 (64 KiB) [lds-limit]
  __shared__ float t[Tile][Tile];
  t[threadIdx.y][threadIdx.x] = 0;
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
template __global__ void tiled<64>(float *);   // 16 KiB: silent
template __global__ void tiled<192>(float *);  // 144 KiB
