#include <cstdio>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#define CUBLAS_TRY(call)                                                     \
  do {                                                                       \
    cublasStatus_t st = (call);                                              \
    if (st != CUBLAS_STATUS_SUCCESS)                                         \
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
               int n, cudaStream_t stream) {
  cublasHandle_t handle;
  CUBLAS_TRY(cublasCreate(&handle));
  CUBLAS_TRY(cublasSetStream(handle, stream));
  cublasPointerMode_t mode;
  CUBLAS_TRY(cublasGetPointerMode(handle, &mode)); // host scalars by default
  const float alpha = 1.0f, beta = 0.0f, two = 2.0f;
  cublasOperation_t transA = CUBLAS_OP_T, transB = CUBLAS_OP_N;
  CUBLAS_TRY(cublasSgemm(handle, transA, transB, n, n, n, &alpha, A, n, B, n,
                         &beta, C, n));
  setOnes<<<(n + 127) / 128, 128, 0, stream>>>(x, n);
  CUBLAS_TRY(cublasSaxpy(handle, n, &two, x, 1, y, 1));
  float dot = 0.0f;
  CUBLAS_TRY(cublasSdot(handle, n, x, 1, y, 1, &dot));
  CUBLAS_TRY(cublasDestroy(handle));
  return dot;
}
