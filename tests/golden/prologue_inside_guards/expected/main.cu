#include <hip/hip_runtime.h>
#include <cstdio>

#include "kernels.cu"
#include "status.h"

int main() {
  float *p = nullptr;
  if (failed(hipMalloc(&p, 64 * sizeof(float))))
    return 1;
  twice<<<1, 64>>>(p);
  hipError_t err = hipDeviceSynchronize();
  printf("%s: %s\n", runtimeName(), hipGetErrorString(err));
  return failed(hipFree(p)) ? 1 : 0;
}
