// Self-test: threadIdx/blockIdx/blockDim/gridDim members are unsigned int
// in ROCm 7, so min(n, blockDim.x) with an unsigned n picks
// min(unsigned, unsigned) (it was ambiguous with HIP 5.x, whose members
// only converted to unsigned).
#include <hip/hip_runtime.h>

__global__ void clear(unsigned int *p, unsigned int n) {
  for (unsigned int i = threadIdx.x; i < min(n, blockDim.x) * gridDim.x;
       i += blockDim.x)
    p[i + blockIdx.x * 0u] = 0;
  dim3 block = blockDim; // the coordinates still convert to dim3
  (void)block;
}

int main() {
  unsigned int *p = nullptr;
  if (hipMalloc(&p, 256 * sizeof(unsigned int)) != hipSuccess)
    return 1;
  clear<<<2, 64>>>(p, 200u);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
