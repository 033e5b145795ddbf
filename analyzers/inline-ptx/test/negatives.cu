// inline-ptx look-alikes that must stay silent: host (x86) assembly is not
// PTX; an empty asm with a "memory" clobber is a compiler barrier that
// means the same on AMD; x86 asm in skipped #if branches is not PTX.
#include <cuda_runtime.h>

#include <cstdint>

static inline uint64_t rdtsc() {
#if defined(__x86_64__)
  uint32_t lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  return (uint64_t(hi) << 32) | lo;
#else
  return 0;
#endif
}

static inline void cpuPause() { asm volatile("pause" ::: "memory"); }

#if defined(_MSC_VER)
static inline void msvcOnly() { __asm { int 3 } }
#endif

#if 0
static inline int xadd(int *p, int v) {
  asm volatile("lock; xaddl %0, %1" : "+r"(v), "+m"(*p) :: "memory");
  return v;
}
#endif

__device__ void compilerBarrier(int *p) {
  *p = 1;
  asm volatile("" ::: "memory");
  *p = 2;
}

__host__ __device__ int hostDevice(int x) {
#ifndef __CUDA_ARCH__
  asm volatile("" ::: "memory");
#endif
  return x + 1;
}

__global__ void kernel(int *p) { compilerBarrier(p); }

int main() {
  cpuPause();
  return static_cast<int>(rdtsc() & 1) + hostDevice(0);
}
