// memory-model.system-scope: system-scope atomics and fences are coherent
// on AMD only on fine-grained memory. A warning where the allocation is
// visible and coarse-grained, a note where it is not visible, nothing where
// every launch shows fine-grained memory.

__global__ void countDevice(int *c) {
  atomicAdd_system(c, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: atomicAdd_system on memory allocated by cudaMalloc (line 35): device memory from cudaMalloc is coarse-grained on AMD (hipMalloc), and system-scope atomics on coarse-grained memory are not coherent with the host or other GPUs [memory-model.system-scope]
}

__global__ void countPortable(unsigned *c) {
  atomicMax_system(&c[threadIdx.x], 7u);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: atomicMax_system on memory allocated by cudaHostAlloc (line 36): host memory from cudaHostAlloc without cudaHostAllocMapped becomes hipHostMalloc without hipHostMallocMapped: coarse-grained unless HIP_HOST_COHERENT=1
}

__global__ void countMapped(int *c) {
  atomicAdd_system(c, 1); // mapped host memory: fine-grained, silent
}

__device__ void publish(int *slot, int v) {
  *slot = v;
  __threadfence_system();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: __threadfence_system orders this kernel's writes for the host and other GPUs on AMD only on fine-grained memory
}

__global__ void unknown(int *c) {
  atomicExch_system(c, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: atomicExch_system is a system-scope atomic: on AMD it is coherent with the host and other GPUs only on fine-grained memory; where this pointer is allocated is not visible here [memory-model.system-scope]
  publish(c, 1);
}

int main() {
  int *dev, *mappedHost, *mappedDev;
  unsigned *portable;
  cudaMalloc(&dev, sizeof(int));
  cudaHostAlloc(&portable, 64 * sizeof(unsigned), cudaHostAllocPortable);
  cudaHostAlloc(&mappedHost, sizeof(int), cudaHostAllocMapped);
  cudaHostGetDevicePointer(&mappedDev, mappedHost, 0);
  countDevice<<<1, 1>>>(dev);
  countPortable<<<1, 64>>>(portable);
  countMapped<<<1, 1>>>(mappedDev);
  return 0;
}
