#include <cstdio>
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

#define SPARSE_TRY(call)                                                     \
  do {                                                                       \
    hipsparseStatus_t st = (call);                                           \
    if (st != HIPSPARSE_STATUS_SUCCESS)                                      \
      std::printf("line %d: cuSPARSE status %d\n", __LINE__, (int)st);     \
  } while (0)

// Diagonally dominant system: 4 on the diagonal, -1 beside it.
__global__ void buildBands(float *lower, float *diag, float *upper, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    lower[i] = i == 0 ? 0.0f : -1.0f;
    diag[i] = 4.0f;
    upper[i] = i == n - 1 ? 0.0f : -1.0f;
  }
}

// Solves the n x n tridiagonal system in place for `columns` right-hand
// sides stored column-major in rhs (leading dimension n).
void solve(float *lower, float *diag, float *upper, float *rhs, int n,
           int columns, hipStream_t stream) {
  hipsparseHandle_t handle;
  SPARSE_TRY(hipsparseCreate(&handle));
  SPARSE_TRY(hipsparseSetStream(handle, stream));
  hipsparseMatDescr_t descr;
  SPARSE_TRY(hipsparseCreateMatDescr(&descr));
  SPARSE_TRY(hipsparseSetMatType(descr, HIPSPARSE_MATRIX_TYPE_GENERAL));
  SPARSE_TRY(hipsparseSetMatIndexBase(descr, HIPSPARSE_INDEX_BASE_ZERO));

  buildBands<<<(n + 255) / 256, 256, 0, stream>>>(lower, diag, upper, n);
  size_t bytes = 0;
  SPARSE_TRY(hipsparseSgtsv2_bufferSizeExt(handle, n, columns, lower, diag,
                                          upper, rhs, n, &bytes));
  void *buffer = nullptr;
  hipMalloc(&buffer, bytes);
  SPARSE_TRY(hipsparseSgtsv2(handle, n, columns, lower, diag, upper, rhs, n,
                            buffer));
  hipStreamSynchronize(stream);
  hipFree(buffer);
  SPARSE_TRY(hipsparseDestroyMatDescr(descr));
  SPARSE_TRY(hipsparseDestroy(handle));
}
