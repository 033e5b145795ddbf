// HIPWRIGHT-ARGS: --targets gfx1100
// On wave32 RDNA targets a 96-thread block is three full wavefronts, and
// RDNA's LDS per workgroup processor is not modelled: silent.

__global__ void __launch_bounds__(96) three_warps(float *out) {
  __shared__ float a[10240]; // 40 KiB
  a[threadIdx.x] = 0;
  out[threadIdx.x] = a[threadIdx.x ^ 1];
}
