// Self-test (must FAIL): built with -I foreign_hip/include, it reads a
// hip/hip_runtime.h from outside the ROCm in use; whatever clang makes of
// it, the check must not call it a ROCm 7.2 PASS.
#include <hip/hip_runtime.h>
__global__ void k(float *d) { d[threadIdx.x] = 1.0f; }
