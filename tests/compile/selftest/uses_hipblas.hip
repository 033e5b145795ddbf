// Self-test (must PASS): hipBLAS is part of the ROCm 7.2 prefix the check
// builds against, so a port that uses it is compiled, not skipped.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

int main() {
  hipblasHandle_t handle;
  if (hipblasCreate(&handle) != HIPBLAS_STATUS_SUCCESS)
    return 1;
  hipblasDestroy(handle);
  return 0;
}
