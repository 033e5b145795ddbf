#include <cuda_runtime.h>
#include <device_functions.h>
#include <vector_types.h>

__device__ unsigned long long maxCycles;

__device__ float atomicMaxFloat(float *addr, float v) {
  int *bits = reinterpret_cast<int *>(addr);
  int old = *bits, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v)
      break;
    old = atomicCAS(bits, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}

__global__ void histogram(const unsigned *keys, unsigned *bins, int nbins,
                          float *peak, int n) {
  long long start = clock64();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned k = __ldg(keys + i);
    int bit = __ffs(k) + __popc(k) - __clz(k);
    atomicAdd(&bins[(__brev(k) ^ bit) % nbins], 1u);
    atomicMaxFloat(peak, __expf(-__fdividef(float(k), 1024.0f)) / sqrtf(1.0f + k));
  }
  unsigned active = __activemask();
  if (active == 0)
    atomicExch(bins, 0u);
  __threadfence();
  atomicMax(&maxCycles, (unsigned long long)(clock64() - start));
}

__global__ void packColors(const float *rgb, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = make_float4(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2], 1.0f);
}

void run(const unsigned *keys, unsigned *bins, float *peak, int n) {
  histogram<<<(n + 255) / 256, 256>>>(keys, bins, 64, peak, n);
  cudaDeviceSynchronize();
}
