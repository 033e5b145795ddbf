// memory-model.intra-warp-spin: spin locks taken per thread, and lanes that
// wait on a slot another lane of their warp sets later.

__device__ int lock;
__device__ int total;
__device__ int locks[64];

// The textbook per-thread lock: fine with independent thread scheduling,
// a hang on a wavefront.
__global__ void perThreadLock(const int *in) {
  while (atomicCAS(&lock, 0, 1) != 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: spin lock on 'lock' in every thread: the lanes of an AMD wavefront do not progress independently, so the lane that takes the lock cannot leave the loop to release it while the others spin: deadlock (NVIDIA's independent thread scheduling hides this) [memory-model.intra-warp-spin]
    ;
  total += in[threadIdx.x];
  __threadfence();
  atomicExch(&lock, 0);
}

// Exchange-based lock through a pointer, released by a store.
__global__ void exchangeLock(int *mutex, float *acc, float v) {
  do {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: spin lock on '*mutex' in every thread
  } while (atomicExch(mutex, 1) == 1);
  *acc += v;
  *mutex = 0;
}

// Test-and-test-and-set: an endless loop that breaks once it has the lock.
__global__ void ttas(int *mutex, int *acc) {
  for (;;) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: spin lock on '*mutex' in every thread
    while (*(volatile int *)mutex != 0)
      ;
    if (!atomicExch(mutex, 1))
      break;
  }
  *acc += 1;
  atomicExch(mutex, 0);
}

// Lock helpers, called per thread: reported at the call.
__device__ void acquire(int *m) {
  while (atomicCAS(m, 0, 1))
    ;
}
__device__ void release(int *m) { atomicExch(m, 0); }

__global__ void helpers(int *bins, const int *keys) {
  int k = keys[blockIdx.x * blockDim.x + threadIdx.x];
  acquire(&locks[k % 64]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'acquire' spins on lock 'locks[k % 64]' (its loop at line {{[0-9]+}}) in every thread
  bins[k % 64] += 1;
  release(&locks[k % 64]);
}

// One lane per 32 threads is two lanes of a 64-wide wavefront.
__global__ void perGroupOf32(int *acc) {
  if (threadIdx.x % 32 == 0) {
    while (atomicCAS(&lock, 0, 1) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: spin lock on 'lock' in one lane per 32 threads ('threadIdx.x % 32 == 0'): a 64-wide wavefront holds two such lanes, and the one that takes the lock cannot leave the loop to release it while the other spins: deadlock on AMD [memory-model.intra-warp-spin]
      ;
    *acc += 1;
    atomicExch(&lock, 0);
  }
}

// Pairs of lanes: odd lanes wait for the even lane's flag, which the even
// lane sets in the other branch. A wavefront may run the waiting branch
// first and never reach the other.
__global__ void pairs(volatile int *flag, int *out) {
  if (threadIdx.x & 1) {
    while (flag[threadIdx.x ^ 1] == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:12: error: busy-wait on 'flag[threadIdx.x ^ 1]', which another lane of the same warp sets: the lanes of an AMD wavefront do not progress independently, so a wave that reaches this loop before its lanes have set their slots spins forever [memory-model.intra-warp-spin]
      ;
    out[threadIdx.x] = 1;
  } else {
    flag[threadIdx.x] = 1;
  }
}

// Shared memory counts too: the neighbour is in the same warp.
__global__ void sharedNeighbour(int *out) {
  __shared__ volatile int ready[256];
  int tid = threadIdx.x;
  if (tid % 2 == 0)
    while (ready[tid + 1] == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:12: error: busy-wait on 'ready[tid + 1]'
      ;
  ready[tid] = 1;
  out[tid] = tid;
}
