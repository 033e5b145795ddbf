#include <hip/hip_runtime.h>

#define RADIUS 3
#define BLOCK 256

__constant__ float coeffs[2 * RADIUS + 1];
__device__ int launches;

// 1-D stencil over a tile staged in shared memory.
__global__ void stencil(const float *in, float *out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  tile[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
    tile[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : 0.0f;
  }
  __syncthreads();
  float sum = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; ++k)
    sum += coeffs[k + RADIUS] * tile[l + k];
  if (g < n)
    out[g] = sum;
  if (g == 0)
    atomicAdd(&launches, 1);
}

// Block-wide sum with a dynamically sized shared buffer.
__global__ void blockTotals(const float *in, float *totals) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    totals[blockIdx.x] = buf[0];
}

int apply(const float *in, float *out, float *totals, int n,
          const float *hostCoeffs) {
  hipMemcpyToSymbol(HIP_SYMBOL(coeffs), hostCoeffs, sizeof(coeffs));
  int zero = 0;
  hipMemcpyToSymbol(HIP_SYMBOL(launches), &zero, sizeof zero, 0, hipMemcpyHostToDevice);
  int blocks = (n + BLOCK - 1) / BLOCK;
  stencil<<<blocks, BLOCK>>>(in, out, n);
  blockTotals<<<blocks, BLOCK, BLOCK * sizeof(float)>>>(out, totals);
  void *counter = nullptr;
  hipGetSymbolAddress(&counter, HIP_SYMBOL(launches));
  int count = 0;
  hipMemcpyFromSymbol(&count, HIP_SYMBOL(launches), sizeof count);
  return count;
}
