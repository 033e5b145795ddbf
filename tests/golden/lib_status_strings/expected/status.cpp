// Status-to-string helpers in the style of many projects' check macros:
// each library's switch names every status its CUDA header declares,
// including values the HIP libraries do not have.
#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF // hipwright: hipBLAS takes __half, as cuBLAS does
#endif
#include <cstdio>
#include <hipblas/hipblas.h>
#include <hipfft/hipfft.h>

static const char *blasStatusName(hipblasStatus_t s) {
  switch (s) {
  case HIPBLAS_STATUS_SUCCESS:
    return "success";
  case HIPBLAS_STATUS_NOT_INITIALIZED:
    return "not initialized";
  case HIPBLAS_STATUS_INTERNAL_ERROR:
  /* case CUBLAS_STATUS_LICENSE_ERROR: (no HIP twin) */
    return "internal or licence error";
  default:
    return "other";
  }
}

static const char *fftResultName(hipfftResult r) {
  switch (r) {
  case HIPFFT_SUCCESS: return "success";
  case HIPFFT_INVALID_PLAN: return "invalid plan";
  /* case CUFFT_MISSING_DEPENDENCY: (no HIP twin) */ return "missing dependency";
  /* case CUFFT_NVRTC_FAILURE: (no HIP twin) */ return "nvrtc failure";
  }
  return "unknown";
}

int main() {
  hipblasHandle_t h;
  hipblasStatus_t s = hipblasCreate(&h);
  std::printf("cublasCreate: %s\n", blasStatusName(s));
  hipfftHandle plan;
  hipfftResult r = hipfftPlan1d(&plan, 64, HIPFFT_C2C, 1);
  std::printf("cufftPlan1d: %s\n", fftResultName(r));
  if (r == HIPFFT_SUCCESS)
    hipfftDestroy(plan);
  if (s == HIPBLAS_STATUS_SUCCESS)
    hipblasDestroy(h);
  return 0;
}
