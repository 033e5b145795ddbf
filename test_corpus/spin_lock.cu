// spin_lock.cu - a per-thread spin lock: every thread takes one global lock
// to update a (best value, index) pair that no single atomic can update,
// then releases it after the loop that took it. NVIDIA GPUs since Volta
// schedule each thread independently, so the holder goes on to release the
// lock while the rest of its warp spins. The lanes of an AMD wavefront
// leave a loop together: the holder waits after the loop for lanes that
// wait for it, and the kernel never finishes. hipwright lint reports this
// as memory-model.intra-warp-spin, and verify's 64-lane runs show it.
//
// VERIFY-EXPECT: port-run-wave64=fail fixed-run-wave64=fail native-run-wave64=fail
// VERIFY-DETAIL: port-run-wave64 lockstep deadlock
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

struct Best {
  int value;
  int index;
};

__device__ int bestLock = 0;

__device__ int score(int i) { return (i * 7919) % 1009; }

// Ties go to the lowest index, so the answer does not depend on the order
// the threads take the lock in.
__global__ void argmaxUnderLock(Best *best, int *updates, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int s = score(i);
  while (atomicCAS(&bestLock, 0, 1) != 0) {
  }
  if (s > best->value || (s == best->value && i < best->index)) {
    best->value = s;
    best->index = i;
  }
  *updates += 1;
  __threadfence();
  atomicExch(&bestLock, 0);
}

int main() {
  const int n = 1000;
  Best *best = nullptr;
  int *updates = nullptr;
  checkCuda(cudaMalloc(&best, sizeof(Best)));
  checkCuda(cudaMalloc(&updates, sizeof(int)));
  Best start{-1, n};
  checkCuda(cudaMemcpy(best, &start, sizeof(Best), cudaMemcpyHostToDevice));
  checkCuda(cudaMemset(updates, 0, sizeof(int)));
  argmaxUnderLock<<<(n + 127) / 128, 128>>>(best, updates, n);
  checkCuda(cudaGetLastError());
  Best got{};
  int gotUpdates = 0;
  checkCuda(cudaMemcpy(&got, best, sizeof(Best), cudaMemcpyDeviceToHost));
  checkCuda(
      cudaMemcpy(&gotUpdates, updates, sizeof(int), cudaMemcpyDeviceToHost));

  Best want{-1, n};
  for (int i = 0; i < n; ++i) {
    int s = (i * 7919) % 1009;
    if (s > want.value || (s == want.value && i < want.index))
      want = {s, i};
  }
  int wrong = (got.value != want.value) + (got.index != want.index) +
              (gotUpdates != n);
  std::printf("argmax under a spin lock: value %d at %d (want %d at %d), %d "
              "of %d threads updated under the lock\n",
              got.value, got.index, want.value, want.index, gotUpdates, n);
  checkCuda(cudaFree(best));
  checkCuda(cudaFree(updates));
  if (wrong) {
    std::printf("FAILED: %d wrong\n", wrong);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
