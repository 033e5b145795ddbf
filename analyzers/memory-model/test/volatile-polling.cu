// memory-model.volatile-polling: a loop that waits for another block or the
// host through a volatile or plain load, with nothing that acquires.

__device__ volatile int ready;

__global__ void consumer(volatile int *flag, const int *data, int *out) {
  while (*flag == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: loop polls volatile '*flag' without an atomic load: a volatile read does not acquire, so data written before the flag may still be stale in this CU's caches on AMD (gfx942/gfx950) when the loop ends [memory-model.volatile-polling]
    ;
  out[threadIdx.x] = data[threadIdx.x];
}

__global__ void waitGlobal(const int *data, int *out) {
  while (!ready) {
  // CHECK-MESSAGES: :[[@LINE-1]]:11: note: loop polls volatile 'ready' without an atomic load
  }
  out[threadIdx.x] = data[threadIdx.x];
}

// The previous block's flag, through a volatile cast (a chained scan).
__global__ void chained(int *flags, int *sums) {
  if (blockIdx.x > 0)
    while (*(volatile int *)&flags[blockIdx.x - 1] == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:12: note: loop polls volatile '*(volatile int *)&flags[blockIdx.x - 1]' without an atomic load
      ;
  sums[blockIdx.x] += sums[blockIdx.x - 1];
  flags[blockIdx.x] = 1;
}

// A plain load in an empty loop: it may be read once.
__global__ void plainSpin(int *go, int *out) {
  while (go[0] == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: loop polls 'go[0]' with a plain load: the compiler may read it once and spin forever, and the read does not acquire [memory-model.volatile-polling]
    ;
  out[threadIdx.x] = 1;
}

// Mapped host memory: the host writes the flag, so the scope is SYSTEM.
__global__ void hostFlag(volatile int *stop, const int *limit, int *count) {
  int n = 0;
  while (*stop == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: loop polls volatile '*stop'
  // CHECK-MESSAGES: note: read it with __hip_atomic_load(stop, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM)
    ++n;
  count[threadIdx.x] = n < *limit ? n : *limit;
}

// Portable host memory without the mapped flag is coarse-grained on AMD:
// the host's write may not arrive while the kernel runs.
__global__ void coarseHostFlag(volatile int *go) {
  while (!*go) {
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: loop polls '*go' in memory allocated by cudaHostAlloc (line {{[0-9]+}}): host memory from cudaHostAlloc without cudaHostAllocMapped becomes hipHostMalloc without hipHostMallocMapped: coarse-grained unless HIP_HOST_COHERENT=1, where a write by the host may not be seen before the kernel ends [memory-model.volatile-polling]
  }
}

// Load helpers in the style of collective libraries: the volatile read is
// inside a device function (C++ or PTX), the poll is at the call.
__device__ unsigned long long ldVolatile(const unsigned long long *p) {
  unsigned long long v;
  asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ int readFlag(volatile int *p) { return *p; }

__global__ void waitStep(const unsigned long long *step, const float *buf,
                         float *out, unsigned long long want) {
  while (ldVolatile(step) < want)
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: loop polls 'ldVolatile(step)', a volatile load, without an atomic load: a volatile read does not acquire, so data written before the flag may still be stale in this CU's caches on AMD (gfx942/gfx950) when the loop ends [memory-model.volatile-polling]
  // CHECK-MESSAGES: note: read it with __hip_atomic_load(step, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT)
    ;
  out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void waitFlag(volatile int *flag, const float *buf, float *out) {
  while (readFlag(flag) == 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: loop polls 'readFlag(flag)', a volatile load
  }
  out[threadIdx.x] = buf[threadIdx.x];
}

int main() {
  int *host, *dev, *count, *limit, *go;
  cudaHostAlloc(&host, sizeof(int), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&dev, host, 0);
  cudaMalloc(&count, 64 * sizeof(int));
  cudaMalloc(&limit, sizeof(int));
  hostFlag<<<1, 64>>>(dev, limit, count);
  cudaHostAlloc(&go, sizeof(int), cudaHostAllocPortable);
  coarseHostFlag<<<1, 1>>>(go);
  return 0;
}
