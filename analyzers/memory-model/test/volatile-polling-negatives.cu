// memory-model.volatile-polling must stay silent on these: an atomic read,
// a fence that acquires after the loop or in it, shared memory, a location
// that changes each iteration, a plain load in a loop that does other
// work, locals, and host code.

__global__ void fenced(volatile int *flag, const int *data, int *out) {
  while (*flag == 0)
    ;
  __threadfence();
  out[threadIdx.x] = data[threadIdx.x];
}

__global__ void fenceInLoop(volatile int *flag, int *out) {
  while (*flag == 0) {
    __threadfence();
  }
  out[threadIdx.x] = 1;
}

__global__ void atomicRead(int *flag, int *out) {
  while (atomicAdd(flag, 0) == 0)
    ;
  while (atomicCAS(flag, 0, 0) == 0)
    ;
  out[threadIdx.x] = 1;
}

__global__ void sharedFlag(int *out) {
  __shared__ volatile int go;
  if (threadIdx.x == 0)
    go = 1;
  while (go == 0)
    ;
  out[threadIdx.x] = go;
}

__global__ void walk(const int *list, int *out) {
  int i = 0;
  while (list[i] != 0)
    ++i;
  out[threadIdx.x] = i;
}

__device__ int work(int x) { return x * 2; }

__global__ void plainWithWork(int *flag, int *out) {
  int n = 0;
  while (flag[0] == 0)
    n = work(n);
  out[threadIdx.x] = n;
}

__global__ void localLoop(int *out) {
  int x = 0;
  while (x < 10)
    x += 3;
  out[threadIdx.x] = x;
}

// Nothing is read after the wait: there is nothing a missing acquire could
// leave stale (the flag itself is read with every iteration).
__global__ void delayOnly(volatile int *flag, long long budget) {
  long long start = clock64();
  while (!*flag)
    if (clock64() - start > budget)
      break;
}

// Only the flag itself is read again after the loop (a timeout report).
__global__ void waitWithTimeout(volatile int *latch, long long budget,
                                bool *timedOut) {
  long long start = clock64();
  do {
  } while (clock64() - start < budget && *latch == 0);
  *timedOut = *latch == 0;
}

// A load helper followed by a fence; a helper that is not a plain load.
__device__ int readFlag(volatile int *p) { return *p; }
__device__ int sum2(const int *a, const int *b) { return *a + *b; }

__global__ void helperFenced(volatile int *flag, const int *a, int *out) {
  while (readFlag(flag) == 0)
    ;
  __threadfence();
  while (sum2(a, a + 1) == 0)
    ;
  out[threadIdx.x] = a[threadIdx.x];
}

// The helper reads volatile only where __CUDA_ARCH__ is below 700 (and in
// the host-side parse); the device build of sm_70+ loads with acquire.
__device__ unsigned char loadArrived(unsigned char *arrived) {
#if __CUDA_ARCH__ < 700
  return *(volatile unsigned char *)arrived;
#else
  unsigned int result;
  asm volatile("ld.acquire.sys.global.u8 %0, [%1];" : "=r"(result) : "l"(arrived) : "memory");
  return result;
#endif
}

__global__ void gridBarrier(unsigned char *arrived, const int *data, int *out) {
  while (loadArrived(arrived) == 0)
    ;
  out[threadIdx.x] = data[threadIdx.x];
}

void hostWait(volatile int *flag) {
  while (*flag == 0)
    ;
}

// A wait whose only reads afterwards are the waiting object's own fields
// (NCCL's Primitives destructor waits for the proxy to drain a FIFO slot):
// nothing the flag publishes is read, so there is nothing to acquire.
struct Drain {
  volatile long long *slot;
  int flags;
  int saved;
  __device__ ~Drain() {
    while (*slot != -1)
      ;
    if (flags & 1)
      saved = flags;
  }
};
__global__ void drainOnExit(volatile long long *slot, int flags) {
  Drain d{slot, flags, 0};
}
