// HIPWRIGHT-ARGS: --targets gfx950
// With only gfx950 (160 KiB of LDS) requested, 96 KiB is fine and 200 KiB
// is not. See tests/analyzers/check_analyzer.sh.
__global__ void big(float *out) {
  __shared__ float a[128][128];
  __shared__ float b[64][128];
  a[threadIdx.y][threadIdx.x] = b[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = a[threadIdx.x][0];
}

__global__ void huge(double *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: kernel 'huge' uses 204800 bytes (200 KiB) of static shared memory, more than the LDS of gfx950 (160 KiB) [lds-limit]
// CHECK-MESSAGES: :[[@LINE-2]]:17: note: a workgroup may allocate at most gfx950 160 KiB of LDS
  __shared__ double buf[25600];
  buf[threadIdx.x] = 1.0;
  out[threadIdx.x] = buf[threadIdx.x + 1];
}
