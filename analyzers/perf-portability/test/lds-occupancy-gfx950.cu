// HIPWRIGHT-ARGS: --targets gfx950
// With only gfx950 (160 KiB of LDS per CU), 48 KiB leaves room for three
// workgroups and is silent; 96 KiB leaves room for one.

__global__ void fits_three(float *out) {
  __shared__ float a[12288];
  a[threadIdx.x] = 0;
  out[threadIdx.x] = a[threadIdx.x ^ 1];
}

__global__ void fits_one(float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: note: kernel 'fits_one' uses 98304 bytes (96 KiB) of static shared memory: one compute unit's LDS holds 1 workgroup of it on gfx950 (160 KiB) [perf-portability.lds-occupancy]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: with one workgroup per compute unit nothing else runs while it waits at a barrier; at most 81920 bytes (80 KiB) on gfx950 lets two share a compute unit
  __shared__ float a[24576];
  a[threadIdx.x] = 0;
  out[threadIdx.x] = a[threadIdx.x ^ 1];
}
