// Self-test (must FAIL): warpSize used as a constant expression. ROCm 7's
// warpSize is a run-time value, so this array bound does not compile there.
#include <hip/hip_runtime.h>

__global__ void per_lane_scratch(int *out) {
  __shared__ int scratch[warpSize];
  scratch[threadIdx.x % 32] = static_cast<int>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = scratch[(threadIdx.x + 1) % 32];
}
