// memory-model.intra-warp-spin must stay silent on these: one lane takes the
// lock, the release is inside the loop, each thread has its own lock, a CAS
// loop that updates a value, a lock never released here, a neighbour slot
// every lane set before waiting, host code.

__device__ int lock;
__device__ int total;
__device__ int locks[1024];

__global__ void electedThread(int *acc) {
  if (threadIdx.x == 0) {
    while (atomicCAS(&lock, 0, 1) != 0)
      ;
    *acc += 1;
    atomicExch(&lock, 0);
  }
}

__global__ void electedByReturn(int *acc) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS(&lock, 0, 1) != 0)
    ;
  *acc += 1;
  atomicExch(&lock, 0);
}

__global__ void electedLane(int *acc) {
  int lane = threadIdx.x % warpSize;
  if (lane == 0) {
    while (atomicExch(&lock, 1) != 0)
      ;
    *acc += 1;
    atomicExch(&lock, 0);
  }
}

// The SIMT-safe form: the winner releases before the wave loops again.
__global__ void releaseInsideLoop(int *acc) {
  bool done = false;
  while (!done) {
    if (atomicCAS(&lock, 0, 1) == 0) {
      *acc += 1;
      atomicExch(&lock, 0);
      done = true;
    }
  }
}

// Each thread has a lock of its own: no two lanes contend.
__global__ void ownLock(int *acc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (atomicCAS(&locks[i], 0, 1) != 0)
    ;
  acc[i] += 1;
  atomicExch(&locks[i], 0);
}

// A lock-free update, not a lock: the CAS arguments change every round.
__device__ float atomicMaxFloat(float *addr, float v) {
  int *p = (int *)addr;
  int old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

// Taken and never released in this code: no critical section to hang in.
__global__ void claimOnce(int *flag) {
  while (atomicCAS(flag, 0, 1) != 0)
    ;
}

// Every lane sets its slot before any lane waits.
__global__ void setThenWait(volatile int *flag, int *out) {
  flag[threadIdx.x] = 1;
  while (flag[threadIdx.x ^ 1] == 0)
    ;
  out[threadIdx.x] = 1;
}

// A neighbour slot nobody in this kernel writes: another kernel or the host
// produces it (the polling rule's business, and the fence makes it right).
__global__ void waitOnProducer(volatile int *flag, int *out) {
  while (flag[threadIdx.x + 1] == 0)
    ;
  __threadfence();
  out[threadIdx.x] = 1;
}

// Host threads have their own program counters.
int hostLock;
void hostSpin() {
  while (__sync_val_compare_and_swap(&hostLock, 0, 1) != 0)
    ;
  hostLock = 0;
}
