#include <hip/hip_runtime.h>
#include "hipwright_cuda_compat.h"
#include "pool.cuh"

__global__ void claim(DevicePool<int, 4096> *pool, int *owner, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (int *slot = pool->allocate())
    *slot = i;
  int expected = -1;
  // The first thread to get here owns the result; the others see who did.
  if (!hipwright_atomic_compare_exchange_n(owner, &expected, i, false,
                                      HIPWRIGHT_ATOMIC_ACQ_REL, HIPWRIGHT_ATOMIC_ACQUIRE,
                                      HIPWRIGHT_THREAD_SCOPE_SYSTEM))
    hipwright_atomic_thread_fence(HIPWRIGHT_ATOMIC_SEQ_CST, HIPWRIGHT_THREAD_SCOPE_BLOCK);
  int previous = hipwright_atomic_exchange_n(owner + 1, i, HIPWRIGHT_ATOMIC_RELAXED);
  (void)previous;
  if (i == 0)
    owner[2] = static_cast<int>(pool->size());
}

int launchClaims(DevicePool<int, 4096> *pool, int *owner, int n) {
  claim<<<(n + 255) / 256, 256>>>(pool, owner, n);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
