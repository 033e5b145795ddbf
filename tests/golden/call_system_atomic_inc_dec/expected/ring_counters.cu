// Ring counters shared with the host through managed memory: CUDA's
// system-scope wrapping increment and decrement.
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void advance(unsigned int *ring, unsigned int *seen, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // The old value is kept: each slot of the ring is handed out once per lap.
  seen[i] = [](unsigned int *hwAddress, unsigned int hwLimit) { unsigned int hwOld = *hwAddress, hwSeen; do { hwSeen = hwOld; hwOld = atomicCAS_system(hwAddress, hwSeen, hwSeen >= hwLimit ? 0u : hwSeen + 1u); } while (hwOld != hwSeen); return hwOld; }(&ring[0], 17u);
  [](unsigned int *hwAddress, unsigned int hwLimit) { unsigned int hwOld = *hwAddress, hwSeen; do { hwSeen = hwOld; hwOld = atomicCAS_system(hwAddress, hwSeen, (hwSeen == 0u || hwSeen > hwLimit) ? hwLimit : hwSeen - 1u); } while (hwOld != hwSeen); return hwOld; }(&ring[1], 137u);
}

template <typename Index>
__device__ unsigned int take(unsigned int *ring, Index k) {
  return [](unsigned int *hwAddress, unsigned int hwLimit) { unsigned int hwOld = *hwAddress, hwSeen; do { hwSeen = hwOld; hwOld = atomicCAS_system(hwAddress, hwSeen, hwSeen >= hwLimit ? 0u : hwSeen + 1u); } while (hwOld != hwSeen); return hwOld; }(ring + k, static_cast<unsigned int>(k) * 2u + 1u) +
         [](unsigned int *hwAddress, unsigned int hwLimit) { unsigned int hwOld = *hwAddress, hwSeen; do { hwSeen = hwOld; hwOld = atomicCAS_system(hwAddress, hwSeen, (hwSeen == 0u || hwSeen > hwLimit) ? hwLimit : hwSeen - 1u); } while (hwOld != hwSeen); return hwOld; }(ring + k + 1, 9u);
}

__global__ void takeAll(unsigned int *ring, unsigned int *out) {
  out[threadIdx.x] = take(ring, threadIdx.x % 4);
}

int main() {
  unsigned int *ring = nullptr, *seen = nullptr;
  hipMallocManaged(&ring, 8 * sizeof(unsigned int));
  hipMallocManaged(&seen, 256 * sizeof(unsigned int));
  advance<<<2, 128>>>(ring, seen, 256);
  takeAll<<<1, 64>>>(ring, seen);
  hipDeviceSynchronize();
  std::printf("ring %u %u\n", ring[0], ring[1]);
  hipFree(seen);
  hipFree(ring);
  return 0;
}
