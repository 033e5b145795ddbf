#include <cuda_bf16.h>
#include <cuda_runtime.h>

typedef nv_bfloat16 bf16;

// Scales bf16 weights by a float factor, accumulating in float.
__global__ void scaleWeights(bf16 *w, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    w[i] = __float2bfloat16(__bfloat162float(w[i]) * factor);
}

__global__ void unpack(const __nv_bfloat162 *in, float2 *out, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2)
    out[i] = __bfloat1622float2(in[i]);
}

void scale(__nv_bfloat16 *w, float factor, int n, cudaStream_t s) {
  scaleWeights<<<(n + 255) / 256, 256, 0, s>>>(w, factor, n);
}
