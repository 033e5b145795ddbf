// GEMMs the way code written for CUDA 10 calls them: compute types given as
// data types, the Ex forms of Sgemm/Cgemm, half-precision GEMMs on __half.
#include <cublas_v2.h>
#include <cuComplex.h>
#include <cuda_fp16.h>

#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    if ((call) != CUBLAS_STATUS_SUCCESS)                                       \
      return 1;                                                                \
  } while (0)

int halfGemms(cublasHandle_t handle, const __half *a, const __half *b,
              __half *c, float *cFloat, int n) {
  const float one = 1.0f, zero = 0.0f;
  CHECK_CUBLAS(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a,
                            CUDA_R_16F, n, b, CUDA_R_16F, n, &zero, cFloat,
                            CUDA_R_32F, n, CUDA_R_32F,
                            CUBLAS_GEMM_DEFAULT_TENSOR_OP));
  const __half hOne = __float2half(1.0f), hZero = __float2half(0.0f);
  CHECK_CUBLAS(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &hOne, a,
                            CUDA_R_16F, n, b, CUDA_R_16F, n, &hZero, c,
                            CUDA_R_16F, n, CUDA_R_16F, CUBLAS_GEMM_DEFAULT));
  CHECK_CUBLAS(cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &hOne, a,
                           n, b, n, &hZero, c, n));
  CHECK_CUBLAS(cublasHgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n,
                                         n, n, &hOne, a, n, n * n, b, n, n * n,
                                         &hZero, c, n, n * n, 4));
  return 0;
}

int batched(cublasHandle_t handle, const __half *const *as,
            const __half *const *bs, __half *const *cs, const double *ad,
            const double *bd, double *cd, int n, int batch) {
  const __half hOne = __float2half(1.0f), hZero = __float2half(0.0f);
  CHECK_CUBLAS(cublasHgemmBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n,
                                  &hOne, as, n, bs, n, &hZero, cs, n, batch));
  const double one = 1.0, zero = 0.0;
  CHECK_CUBLAS(cublasGemmStridedBatchedEx(
      handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, ad, CUDA_R_64F, n,
      n * n, bd, CUDA_R_64F, n, n * n, &zero, cd, CUDA_R_64F, n, n * n, batch,
      CUDA_R_64F, CUBLAS_GEMM_DEFAULT));
  CHECK_CUBLAS(cublasGemmBatchedEx(
      handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one,
      reinterpret_cast<const void *const *>(&ad), CUDA_R_64F, n,
      reinterpret_cast<const void *const *>(&bd), CUDA_R_64F, n, &zero,
      reinterpret_cast<void *const *>(&cd), CUDA_R_64F, n, 1,
      CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT));
  return 0;
}

int exForms(cublasHandle_t handle, const __half *a, const __half *b, float *c,
            const cuComplex *ac, const cuComplex *bc, cuComplex *cc, int n) {
  const float one = 1.0f, zero = 0.0f;
  CHECK_CUBLAS(cublasSgemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one,
                             a, CUDA_R_16F, n, b, CUDA_R_16F, n, &zero, c,
                             CUDA_R_32F, n));
  const cuComplex cOne = make_cuComplex(1.0f, 0.0f);
  const cuComplex cZero = make_cuComplex(0.0f, 0.0f);
  CHECK_CUBLAS(cublasCgemmEx(handle, CUBLAS_OP_C, CUBLAS_OP_N, n, n, n, &cOne,
                             ac, CUDA_C_32F, n, bc, CUDA_C_32F, n, &cZero, cc,
                             CUDA_C_32F, n));
  CHECK_CUBLAS(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &cOne,
                            ac, CUDA_C_32F, n, bc, CUDA_C_32F, n, &cZero, cc,
                            CUDA_C_32F, n, CUDA_C_32F, CUBLAS_GEMM_DEFAULT));
  return 0;
}
