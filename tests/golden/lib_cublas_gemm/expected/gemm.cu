#ifndef HIPBLAS_USE_HIP_HALF
#define HIPBLAS_USE_HIP_HALF // hipwright: hipBLAS takes __half, as cuBLAS does
#endif
#include <cstdio>
#include <hipblas/hipblas.h>
#include <hip/hip_runtime.h>

#define CUBLAS_TRY(call)                                                     \
  do {                                                                       \
    hipblasStatus_t st = (call);                                             \
    if (st != HIPBLAS_STATUS_SUCCESS)                                        \
      std::printf("cuBLAS error %d at line %d\n", (int)st, __LINE__);        \
  } while (0)

__global__ void setOnes(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = 1.0f;
}

// C = alpha * A^T * B + beta * C for column-major n x n matrices, then
// y += 2 * x and the dot product of x and y.
float multiply(const float *A, const float *B, float *C, float *x, float *y,
               int n, hipStream_t stream) {
  hipblasHandle_t handle;
  CUBLAS_TRY(hipblasCreate(&handle));
  CUBLAS_TRY(hipblasSetStream(handle, stream));
  hipblasPointerMode_t mode;
  CUBLAS_TRY(hipblasGetPointerMode(handle, &mode)); // host scalars by default
  const float alpha = 1.0f, beta = 0.0f, two = 2.0f;
  hipblasOperation_t transA = HIPBLAS_OP_T, transB = HIPBLAS_OP_N;
  CUBLAS_TRY(hipblasSgemm(handle, transA, transB, n, n, n, &alpha, A, n, B, n,
                         &beta, C, n));
  setOnes<<<(n + 127) / 128, 128, 0, stream>>>(x, n);
  CUBLAS_TRY(hipblasSaxpy(handle, n, &two, x, 1, y, 1));
  float dot = 0.0f;
  CUBLAS_TRY(hipblasSdot(handle, n, x, 1, y, 1, &dot));
  CUBLAS_TRY(hipblasDestroy(handle));
  return dot;
}
