#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF // hipwright: hipBLAS takes __half, as cuBLAS does
#endif
#include <hipblas/hipblas.h>

// hipBLAS renamed its ILP64 complex functions in ROCm 7.0
// (hipblasCscal_v2_64 -> hipblasCscal_64): the port for 7.2 names 7.2's.
hipblasStatus_t scale(hipblasHandle_t h, int64_t n, const hipComplex *alpha,
                     hipComplex *x) {
  return hipblasCscal_64(h, n, alpha, x, 1);
}
