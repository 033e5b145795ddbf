#include "float_atomics.cuh"

__global__ void extremes(const double *in, double *high, float *low, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicMax(high, in[i]);
    atomicMin(low, static_cast<float>(in[i]));
  }
}
