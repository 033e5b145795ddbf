// GEMMs the way code written for CUDA 10 calls them: compute types given as
// data types, the Ex forms of Sgemm/Cgemm, half-precision GEMMs on __half.
#include <hip/hip_runtime.h>
#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF // hipwright: hipBLAS takes __half, as cuBLAS does
#endif
#include <hipblas/hipblas.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>

#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    if ((call) != HIPBLAS_STATUS_SUCCESS)                                      \
      return 1;                                                                \
  } while (0)

int halfGemms(hipblasHandle_t handle, const __half *a, const __half *b,
              __half *c, float *cFloat, int n) {
  const float one = 1.0f, zero = 0.0f;
  CHECK_CUBLAS(hipblasGemmEx(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a,
                            HIP_R_16F, n, b, HIP_R_16F, n, &zero, cFloat,
                            HIP_R_32F, n, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT));
  const __half hOne = __float2half(1.0f), hZero = __float2half(0.0f);
  CHECK_CUBLAS(hipblasGemmEx(handle, HIPBLAS_OP_T, HIPBLAS_OP_N, n, n, n, &hOne, a,
                            HIP_R_16F, n, b, HIP_R_16F, n, &hZero, c,
                            HIP_R_16F, n, HIPBLAS_COMPUTE_16F, HIPBLAS_GEMM_DEFAULT));
  CHECK_CUBLAS(hipblasHgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &hOne, a,
                           n, b, n, &hZero, c, n));
  CHECK_CUBLAS(hipblasHgemmStridedBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n,
                                         n, n, &hOne, a, n, n * n, b, n, n * n,
                                         &hZero, c, n, n * n, 4));
  return 0;
}

int batched(hipblasHandle_t handle, const __half *const *as,
            const __half *const *bs, __half *const *cs, const double *ad,
            const double *bd, double *cd, int n, int batch) {
  const __half hOne = __float2half(1.0f), hZero = __float2half(0.0f);
  CHECK_CUBLAS(hipblasHgemmBatched(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n,
                                  &hOne, as, n, bs, n, &hZero, cs, n, batch));
  const double one = 1.0, zero = 0.0;
  CHECK_CUBLAS(hipblasGemmStridedBatchedEx(
      handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, ad, HIP_R_64F, n,
      n * n, bd, HIP_R_64F, n, n * n, &zero, cd, HIP_R_64F, n, n * n, batch, HIPBLAS_COMPUTE_64F, HIPBLAS_GEMM_DEFAULT));
  CHECK_CUBLAS(hipblasGemmBatchedEx(
      handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one,
      const_cast<const void **>(reinterpret_cast<const void *const *>(&ad)), HIP_R_64F, n,
      const_cast<const void **>(reinterpret_cast<const void *const *>(&bd)), HIP_R_64F, n, &zero,
      const_cast<void **>(reinterpret_cast<void *const *>(&cd)), HIP_R_64F, n, 1,
      HIPBLAS_COMPUTE_64F, HIPBLAS_GEMM_DEFAULT));
  return 0;
}

int exForms(hipblasHandle_t handle, const __half *a, const __half *b, float *c,
            const hipComplex *ac, const hipComplex *bc, hipComplex *cc, int n) {
  const float one = 1.0f, zero = 0.0f;
  CHECK_CUBLAS(hipblasGemmEx(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one,
                             a, HIP_R_16F, n, b, HIP_R_16F, n, &zero, c,
                             HIP_R_32F, n, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT));
  const hipComplex cOne = make_hipComplex(1.0f, 0.0f);
  const hipComplex cZero = make_hipComplex(0.0f, 0.0f);
  CHECK_CUBLAS(hipblasGemmEx(handle, HIPBLAS_OP_C, HIPBLAS_OP_N, n, n, n, &cOne,
                             ac, HIP_C_32F, n, bc, HIP_C_32F, n, &cZero, cc,
                             HIP_C_32F, n, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT));
  CHECK_CUBLAS(hipblasGemmEx(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &cOne,
                            ac, HIP_C_32F, n, bc, HIP_C_32F, n, &cZero, cc,
                            HIP_C_32F, n, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT));
  return 0;
}
