#include "pool.cuh"

__global__ void claim(DevicePool<int, 4096> *pool, int *owner, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (int *slot = pool->allocate())
    *slot = i;
  int expected = -1;
  // The first thread to get here owns the result; the others see who did.
  if (!__nv_atomic_compare_exchange_n(owner, &expected, i, false,
                                      __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_ACQUIRE,
                                      __NV_THREAD_SCOPE_SYSTEM))
    __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);
  int previous = __nv_atomic_exchange_n(owner + 1, i, __NV_ATOMIC_RELAXED);
  (void)previous;
  if (i == 0)
    owner[2] = static_cast<int>(pool->size());
}

int launchClaims(DevicePool<int, 4096> *pool, int *owner, int n) {
  claim<<<(n + 255) / 256, 256>>>(pool, owner, n);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
