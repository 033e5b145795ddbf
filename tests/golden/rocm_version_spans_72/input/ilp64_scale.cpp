#include <cublas_v2.h>

// hipBLAS renamed its ILP64 complex functions in ROCm 7.0
// (hipblasCscal_v2_64 -> hipblasCscal_64): the port for 7.2 names 7.2's.
cublasStatus_t scale(cublasHandle_t h, int64_t n, const cuComplex *alpha,
                     cuComplex *x) {
  return cublasCscal_v2_64(h, n, alpha, x, 1);
}
