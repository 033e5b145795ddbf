// wmma_gemm.cu - C = A * B for 64x64x64 matrices on tensor cores with
// nvcuda::wmma: half inputs, float accumulation, 16x16x16 fragments, one warp
// per 16x16 tile of C that walks the K dimension. Inputs are small integers,
// so every product and sum is exact in half and float and C must equal the
// CPU GEMM bit for bit.
//
// What `hipwright verify` must show for this program (tests/verify/):
// tensor cores cannot run on the CPU SIMT runtime.
// VERIFY-EXPECT: run=not-run
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace nvcuda;

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err__));                                 \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr int M = 64, N = 64, K = 64;
constexpr int WM = 16, WN = 16, WK = 16;

// A is M x K, B is K x N, C is M x N, all row-major.
__global__ void wmmaGemm(const half *A, const half *B, float *C) {
  int warpId = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tileRow = warpId / (N / WN);
  int tileCol = warpId % (N / WN);
  if (tileRow >= M / WM)
    return; // whole warps only: the launch is a multiple of 32 threads

  wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += WK) {
    wmma::load_matrix_sync(a, A + tileRow * WM * K + k, K);
    wmma::load_matrix_sync(b, B + k * N + tileCol * WN, N);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tileRow * WM * N + tileCol * WN, acc, N,
                          wmma::mem_row_major);
}

int main() {
  // Entries in -4..4: |C| <= 64 * 16, exact in float; halves hold them exactly.
  std::vector<float> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i)
    a[i] = static_cast<float>((i * 5 + 3) % 9 - 4);
  for (int i = 0; i < K * N; ++i)
    b[i] = static_cast<float>((i * 7 + 1) % 9 - 4);
  std::vector<half> ah(M * K), bh(K * N);
  for (int i = 0; i < M * K; ++i)
    ah[i] = __float2half(a[i]);
  for (int i = 0; i < K * N; ++i)
    bh[i] = __float2half(b[i]);

  half *dA, *dB;
  float *dC;
  checkCuda(cudaMalloc(&dA, M * K * sizeof(half)));
  checkCuda(cudaMalloc(&dB, K * N * sizeof(half)));
  checkCuda(cudaMalloc(&dC, M * N * sizeof(float)));
  checkCuda(
      cudaMemcpy(dA, ah.data(), M * K * sizeof(half), cudaMemcpyHostToDevice));
  checkCuda(
      cudaMemcpy(dB, bh.data(), K * N * sizeof(half), cudaMemcpyHostToDevice));
  checkCuda(cudaMemset(dC, 0, M * N * sizeof(float)));

  const int tiles = (M / WM) * (N / WN); // 16 warps
  const int threads = 128;               // 4 warps per block
  wmmaGemm<<<tiles * 32 / threads, threads>>>(dA, dB, dC);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<float> c(M * N);
  checkCuda(
      cudaMemcpy(c.data(), dC, M * N * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      float expect = 0.0f;
      for (int k = 0; k < K; ++k)
        expect += a[i * K + k] * b[k * N + j];
      if (c[i * N + j] != expect) {
        if (wrong < 5)
          std::printf("C[%d][%d] = %g, expected %g\n", i, j, c[i * N + j],
                      expect);
        ++wrong;
      }
    }
  }
  std::printf("%dx%dx%d WMMA GEMM (%d warps, 16x16x16 fragments): %d/%d "
              "elements wrong\n",
              M, N, K, tiles, wrong, M * N);
  checkCuda(cudaFree(dA));
  checkCuda(cudaFree(dB));
  checkCuda(cudaFree(dC));
  std::printf("%s\n", wrong == 0 ? "PASSED" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
