#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF // hipwright: hipBLAS takes __half, as cuBLAS does
#endif
#include <hipblas/hipblas.h>
#include <hip/hip_runtime.h>

// hipBLAS renamed its ILP64 complex functions in ROCm 7.0
// (hipblasCscal_v2_64 -> hipblasCscal_64), and ROCm 7.0 dropped
// hipCtxDetach: the port names what the target release has.
hipblasStatus_t scale(hipblasHandle_t h, int64_t n, const hipComplex *alpha,
                     hipComplex *x) {
  return hipblasCscal_v2_64(h, n, alpha, x, 1);
}

hipError_t release(hipCtx_t ctx) { return hipCtxDetach(ctx); }
