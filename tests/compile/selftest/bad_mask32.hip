// Self-test (must FAIL): a 32-bit lane mask passed to __shfl_sync. ROCm 7
// rejects it at compile time, and so must hipwright's compile check.
#include <hip/hip_runtime.h>

__global__ void broadcast_lane0(int *data) {
  int v = data[threadIdx.x];
  v = __shfl_sync(0xffffffff, v, 0);
  data[threadIdx.x] = v;
}
