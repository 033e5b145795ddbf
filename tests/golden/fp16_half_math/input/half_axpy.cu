#include <cuda_fp16.h>
#include <cuda_runtime.h>

// y = a * x + y on pairs of halves, with a float reference path.
__global__ void haxpy(int n2, __half a, const __half2 *x, __half2 *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    __half2 a2 = __half2half2(a);
    y[i] = __hfma2(a2, x[i], y[i]);
  }
}

__global__ void toFloat(const __half *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __half2float(in[i]);
}

__global__ void clampHalf(__half *v, int n, float limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half h = __float2half(limit);
  if (i < n && __hgt(v[i], h))
    v[i] = h;
}

__global__ void pairSums(const __half2 *in, float *out, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    __half2 p = __hadd2(in[i], __floats2half2_rn(1.0f, 1.0f));
    out[i] = __low2float(p) + __high2float(p);
  }
}

void run(__half2 *x, __half2 *y, int n2, cudaStream_t s) {
  haxpy<<<(n2 + 255) / 256, 256, 0, s>>>(n2, __float2half(0.5f), x, y);
}
