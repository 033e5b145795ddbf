// Self-test: atomicInc/atomicDec (wrapping atomics) and ocml math that
// reads __oclc_daz_opt link for gfx942/gfx950 with ROCm 7.2's headers and
// LLVM-22 device libraries (both once failed at device link time against
// an older HIP).
#include <hip/hip_runtime.h>

__global__ void ring(unsigned int *slots, float *out, const float *in) {
  unsigned int slot = atomicInc(&slots[0], 15u);
  atomicDec(&slots[1], 15u);
  out[slot] = expf(in[threadIdx.x]) + logf(in[threadIdx.x] + 1.0f) +
              sqrtf(in[threadIdx.x]);
}

int main() {
  unsigned int *slots = nullptr;
  float *out = nullptr, *in = nullptr;
  if (hipMalloc(&slots, 2 * sizeof(unsigned int)) != hipSuccess ||
      hipMalloc(&out, 16 * sizeof(float)) != hipSuccess ||
      hipMalloc(&in, 64 * sizeof(float)) != hipSuccess)
    return 1;
  ring<<<1, 64>>>(slots, out, in);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
