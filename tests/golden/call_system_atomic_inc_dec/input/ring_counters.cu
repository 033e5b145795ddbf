// Ring counters shared with the host through managed memory: CUDA's
// system-scope wrapping increment and decrement.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void advance(unsigned int *ring, unsigned int *seen, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // The old value is kept: each slot of the ring is handed out once per lap.
  seen[i] = atomicInc_system(&ring[0], 17u);
  atomicDec_system(&ring[1], 137u);
}

template <typename Index>
__device__ unsigned int take(unsigned int *ring, Index k) {
  return atomicInc_system(ring + k, static_cast<unsigned int>(k) * 2u + 1u) +
         atomicDec_system(ring + k + 1, 9u);
}

__global__ void takeAll(unsigned int *ring, unsigned int *out) {
  out[threadIdx.x] = take(ring, threadIdx.x % 4);
}

int main() {
  unsigned int *ring = nullptr, *seen = nullptr;
  cudaMallocManaged(&ring, 8 * sizeof(unsigned int));
  cudaMallocManaged(&seen, 256 * sizeof(unsigned int));
  advance<<<2, 128>>>(ring, seen, 256);
  takeAll<<<1, 64>>>(ring, seen);
  cudaDeviceSynchronize();
  std::printf("ring %u %u\n", ring[0], ring[1]);
  cudaFree(seen);
  cudaFree(ring);
  return 0;
}
