// Self-test (must SKIP): hipBLAS is not packaged with Debian's HIP 5.2.3, so
// the check reports this file as skipped instead of failing it.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

int main() {
  hipblasHandle_t handle;
  if (hipblasCreate(&handle) != HIPBLAS_STATUS_SUCCESS)
    return 1;
  hipblasDestroy(handle);
  return 0;
}
