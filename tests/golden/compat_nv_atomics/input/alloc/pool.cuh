// A bump allocator shared by every block, and a ticket lock.
#pragma once
#include <cuda_runtime.h>

#define POOL_ORDER __NV_ATOMIC_ACQ_REL

template <typename T, unsigned Capacity> struct DevicePool {
  T slots[Capacity];
  unsigned int used;

  __device__ T *allocate() {
    unsigned int at = __nv_atomic_fetch_add(&used, 1u, __NV_ATOMIC_RELAXED,
                                            __NV_THREAD_SCOPE_DEVICE);
    return at < Capacity ? &slots[at] : nullptr;
  }

  __device__ unsigned int size() const {
    return __nv_atomic_load_n(&used, __NV_ATOMIC_ACQUIRE);
  }
};

struct TicketLock {
  unsigned int next;
  unsigned int serving;

  __device__ void lock() {
    unsigned int mine = __nv_atomic_fetch_add(&next, 1u, POOL_ORDER,
                                              __NV_THREAD_SCOPE_DEVICE);
    while (__nv_atomic_load_n(&serving, __NV_ATOMIC_ACQUIRE,
                              __NV_THREAD_SCOPE_DEVICE) != mine) {
    }
  }
  __device__ void unlock() {
    __nv_atomic_store_n(&serving, serving + 1, __NV_ATOMIC_RELEASE,
                        __NV_THREAD_SCOPE_DEVICE);
  }
};
