#include <cublas_v2.h>
#include <cuda.h>

// hipBLAS renamed its ILP64 complex functions in ROCm 7.0
// (hipblasCscal_v2_64 -> hipblasCscal_64), and ROCm 7.0 dropped
// hipCtxDetach: the port names what the target release has.
cublasStatus_t scale(cublasHandle_t h, int64_t n, const cuComplex *alpha,
                     cuComplex *x) {
  return cublasCscal_v2_64(h, n, alpha, x, 1);
}

CUresult release(CUcontext ctx) { return cuCtxDetach(ctx); }
