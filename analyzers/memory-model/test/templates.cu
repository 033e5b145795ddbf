// Expectations for memory-model rules in templates; see tests/analyzers/check_analyzer.sh.
// Spin locks, volatile polls and system-scope atomics written as function
// templates and members of class templates, instantiated and not, with
// lock helpers that are templates themselves: each reported once, on the
// line written.
#include <cuda_runtime.h>

template <typename T> __device__ void acquire(T *m) {
  while (atomicCAS(m, T(0), T(1)) != T(0))
    ;
}
template <typename T> __device__ void release(T *m) { atomicExch(m, T(0)); }

// Instantiated for int below: the helpers are named through dependent calls.
template <typename T> __global__ void accumulate(T *mutex, float *acc, float v) {
  acquire(mutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'acquire' spins on lock '*mutex' (its loop at line 9) in every thread: the lanes of an AMD wavefront do not progress independently, so the lane that takes the lock cannot leave the loop to release it while the others spin: deadlock (NVIDIA's independent thread scheduling hides this) [memory-model.intra-warp-spin]
  *acc += v;
  release(mutex);
}

// Never instantiated: the pattern alone.
template <typename T> __global__ void addAll(int *mutex, T *acc, T v) {
  while (atomicExch(mutex, 1) == 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: spin lock on '*mutex' in every thread: the lanes of an AMD wavefront do not progress independently, so the lane that takes the lock cannot leave the loop to release it while the others spin: deadlock (NVIDIA's independent thread scheduling hides this) [memory-model.intra-warp-spin]
    ;
  *acc += v;
  *mutex = 0;
}

// A poll through a pointer to a dependent type, then reads of data.
template <typename T> __global__ void consume(volatile int *flag, const T *buf, T *out) {
  while (*flag == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: loop polls volatile '*flag' without an atomic load: a volatile read does not acquire, so data written before the flag may still be stale in this CU's caches on AMD (gfx942/gfx950) when the loop ends [memory-model.volatile-polling]
    ;
  out[threadIdx.x] = buf[threadIdx.x];
}

template <typename T> struct Counter {
  __device__ void bump(T *c) { atomicAdd_system(c, T(1)); }
  // CHECK-MESSAGES: :[[@LINE-1]]:32: note: atomicAdd_system is a system-scope atomic: on AMD it is coherent with the host and other GPUs only on fine-grained memory; where this pointer is allocated is not visible here [memory-model.system-scope]
};

__global__ void bumpAll(int *c) {
  Counter<int> k;
  k.bump(c);
}

int main() {
  int *m, *c;
  float *acc;
  cudaMalloc(&m, sizeof(int));
  cudaMalloc(&acc, sizeof(float));
  cudaMalloc(&c, sizeof(int));
  accumulate<<<1, 64>>>(m, acc, 1.f);
  bumpAll<<<1, 64>>>(c);
  return 0;
}
