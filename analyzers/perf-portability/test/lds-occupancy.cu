// perf-portability.lds-occupancy: static shared memory that fits the LDS of
// a compute unit once but not twice (gfx942: more than 32 KiB of its 64 KiB;
// gfx950: more than 80 KiB of 160 KiB). See tests/analyzers/check_analyzer.sh.

// 40 KiB: one workgroup per gfx942 CU, four per gfx950 CU.
__global__ void tile40(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: kernel 'tile40' uses 40960 bytes (40 KiB) of static shared memory: one compute unit's LDS holds 1 workgroup of it on gfx942 (64 KiB), 4 on gfx950 (160 KiB) [perf-portability.lds-occupancy]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: with one workgroup per compute unit nothing else runs while it waits at a barrier; at most 32768 bytes (32 KiB) on gfx942 lets two share a compute unit (smaller tiles, fewer stages, or data kept in registers)
  __shared__ float a[80][64];
  __shared__ float b[80][64];
  a[threadIdx.y][threadIdx.x] = b[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = a[threadIdx.x][0];
}

// Shared memory reached through a device function counts too: 48 KiB, the
// most NVIDIA allows statically per block.
__device__ float stage(int i) {
  __shared__ double buf[4096]; // 32 KiB
  buf[i] = i;
  return buf[i ^ 1];
}
__global__ void through_callee(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: kernel 'through_callee' uses 49152 bytes (48 KiB) of static shared memory: one compute unit's LDS holds 1 workgroup of it on gfx942 (64 KiB), 3 on gfx950 (160 KiB) [perf-portability.lds-occupancy]
  __shared__ float scratch[4096]; // 16 KiB
  scratch[threadIdx.x] = stage(threadIdx.x);
  out[threadIdx.x] = scratch[threadIdx.x ^ 1];
}

// Templates: judged per instantiation.
template <int Tile>
__global__ void tiled(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: kernel 'tiled<96>' uses 36864 bytes (36 KiB) of static shared memory: one compute unit's LDS holds 1 workgroup of it on gfx942 (64 KiB), 4 on gfx950 (160 KiB) [perf-portability.lds-occupancy]
  __shared__ float t[Tile][Tile];
  t[threadIdx.y][threadIdx.x] = 0;
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
template __global__ void tiled<64>(float *); // 16 KiB: four per CU, silent
template __global__ void tiled<96>(float *);
