// A bump allocator shared by every block, and a ticket lock.
#pragma once
#include "hipwright_cuda_compat.h"
#include <hip/hip_runtime.h>

#define POOL_ORDER HIPWRIGHT_ATOMIC_ACQ_REL

template <typename T, unsigned Capacity> struct DevicePool {
  T slots[Capacity];
  unsigned int used;

  __device__ T *allocate() {
    unsigned int at = hipwright_atomic_fetch_add(&used, 1u, HIPWRIGHT_ATOMIC_RELAXED,
                                            HIPWRIGHT_THREAD_SCOPE_DEVICE);
    return at < Capacity ? &slots[at] : nullptr;
  }

  __device__ unsigned int size() const {
    return hipwright_atomic_load_n(&used, HIPWRIGHT_ATOMIC_ACQUIRE);
  }
};

struct TicketLock {
  unsigned int next;
  unsigned int serving;

  __device__ void lock() {
    unsigned int mine = hipwright_atomic_fetch_add(&next, 1u, POOL_ORDER,
                                              HIPWRIGHT_THREAD_SCOPE_DEVICE);
    while (hipwright_atomic_load_n(&serving, HIPWRIGHT_ATOMIC_ACQUIRE,
                              HIPWRIGHT_THREAD_SCOPE_DEVICE) != mine) {
    }
  }
  __device__ void unlock() {
    hipwright_atomic_store_n(&serving, serving + 1, HIPWRIGHT_ATOMIC_RELEASE,
                        HIPWRIGHT_THREAD_SCOPE_DEVICE);
  }
};
