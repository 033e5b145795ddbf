// Status-to-string helpers in the style of many projects' check macros:
// each library's switch names every status its CUDA header declares,
// including values the HIP libraries do not have.
#include <cstdio>
#include <cublas_v2.h>
#include <cufft.h>

static const char *blasStatusName(cublasStatus_t s) {
  switch (s) {
  case CUBLAS_STATUS_SUCCESS:
    return "success";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "not initialized";
  case CUBLAS_STATUS_INTERNAL_ERROR:
  case CUBLAS_STATUS_LICENSE_ERROR:
    return "internal or licence error";
  default:
    return "other";
  }
}

static const char *fftResultName(cufftResult r) {
  switch (r) {
  case CUFFT_SUCCESS: return "success";
  case CUFFT_INVALID_PLAN: return "invalid plan";
  case CUFFT_MISSING_DEPENDENCY: return "missing dependency";
  case CUFFT_NVRTC_FAILURE: return "nvrtc failure";
  }
  return "unknown";
}

int main() {
  cublasHandle_t h;
  cublasStatus_t s = cublasCreate(&h);
  std::printf("cublasCreate: %s\n", blasStatusName(s));
  cufftHandle plan;
  cufftResult r = cufftPlan1d(&plan, 64, CUFFT_C2C, 1);
  std::printf("cufftPlan1d: %s\n", fftResultName(r));
  if (r == CUFFT_SUCCESS)
    cufftDestroy(plan);
  if (s == CUBLAS_STATUS_SUCCESS)
    cublasDestroy(h);
  return 0;
}
