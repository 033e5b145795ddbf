// perf-portability.lds-occupancy stays silent: half the LDS or less (two
// workgroups fit), more than the LDS (lds-limit's error, not a note),
// dynamic shared memory (its size is not static), a template never
// instantiated, shared memory of a device function no kernel calls, and
// large arrays that are not __shared__.

__global__ void exactly_half(float *out) {
  __shared__ float a[8192]; // 32 KiB: two per gfx942 CU
  a[threadIdx.x] = 0;
  out[threadIdx.x] = a[threadIdx.x ^ 1];
}

__global__ void too_big(float *out) {
  __shared__ float a[128][160]; // 80 KiB: lds-limit on gfx942, 2 on gfx950
  a[threadIdx.y][threadIdx.x] = 0;
  out[threadIdx.x] = a[threadIdx.x][0];
}

__global__ void dynamic_only(float *out) {
  extern __shared__ float dyn[];
  dyn[threadIdx.x] = 0;
  out[threadIdx.x] = dyn[threadIdx.x ^ 1];
}

template <int Tile>
__global__ void never_instantiated(float *out) {
  __shared__ float t[Tile][Tile];
  t[threadIdx.y][threadIdx.x] = 0;
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

__device__ float unused_helper(int i) {
  __shared__ float big[12288]; // 48 KiB, but no kernel reaches it
  big[i] = i;
  return big[i ^ 1];
}

__constant__ float table[12288]; // 48 KiB of constant memory, not LDS
__global__ void not_shared(const float *in, float *out) {
  float local[16];
  for (int i = 0; i < 16; ++i)
    local[i] = in[i] + table[threadIdx.x];
  out[threadIdx.x] = local[threadIdx.x % 16];
}

__global__ void small(float *out) {
  __shared__ float a[32][33]; // the 32-bank pad: right on AMD too, silent
  a[threadIdx.y][threadIdx.x] = 0;
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
}
