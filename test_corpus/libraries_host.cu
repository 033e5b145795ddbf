// libraries_host.cu - host-side CUDA libraries: cuBLAS SGEMM against a CPU
// GEMM, a cuRAND host generator (range and mean of uniform samples), and a
// cuFFT complex-to-complex forward/inverse round trip plus a known spectrum.
//
// What `hipwright verify` must show for this program (tests/verify/):
// cuBLAS/cuRAND/cuFFT are not simulated.
// VERIFY-EXPECT: run=not-run
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cufft.h>
#include <curand.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCuda(call)                                                        \
  do {                                                                         \
    cudaError_t e__ = (call);                                                  \
    if (e__ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(e__));                                   \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)
#define checkCublas(call)                                                      \
  do {                                                                         \
    cublasStatus_t s__ = (call);                                               \
    if (s__ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: cuBLAS status %d\n", __FILE__, __LINE__,   \
                   static_cast<int>(s__));                                     \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)
#define checkCurand(call)                                                      \
  do {                                                                         \
    curandStatus_t s__ = (call);                                               \
    if (s__ != CURAND_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: cuRAND status %d\n", __FILE__, __LINE__,   \
                   static_cast<int>(s__));                                     \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)
#define checkCufft(call)                                                       \
  do {                                                                         \
    cufftResult r__ = (call);                                                  \
    if (r__ != CUFFT_SUCCESS) {                                                \
      std::fprintf(stderr, "%s:%d: cuFFT result %d\n", __FILE__, __LINE__,    \
                   static_cast<int>(r__));                                     \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

static int testSgemm() {
  const int m = 64, n = 48, k = 32; // C(m x n) = A(m x k) * B(k x n), column-major
  std::vector<float> A(m * k), B(k * n), C(m * n, 1.0f), ref(m * n);
  for (int i = 0; i < m * k; ++i) A[i] = static_cast<float>(i % 7) - 3.0f;
  for (int i = 0; i < k * n; ++i) B[i] = static_cast<float>(i % 5) * 0.5f;
  const float alpha = 2.0f, beta = -1.0f;
  for (int col = 0; col < n; ++col)
    for (int row = 0; row < m; ++row) {
      float acc = 0.0f;
      for (int p = 0; p < k; ++p) acc += A[row + p * m] * B[p + col * k];
      ref[row + col * m] = alpha * acc + beta * C[row + col * m];
    }
  float *dA, *dB, *dC;
  checkCuda(cudaMalloc(&dA, A.size() * sizeof(float)));
  checkCuda(cudaMalloc(&dB, B.size() * sizeof(float)));
  checkCuda(cudaMalloc(&dC, C.size() * sizeof(float)));
  checkCublas(cublasSetMatrix(m, k, sizeof(float), A.data(), m, dA, m));
  checkCublas(cublasSetMatrix(k, n, sizeof(float), B.data(), k, dB, k));
  checkCublas(cublasSetMatrix(m, n, sizeof(float), C.data(), m, dC, m));
  cublasHandle_t handle;
  checkCublas(cublasCreate(&handle));
  checkCublas(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha,
                          dA, m, dB, k, &beta, dC, m));
  checkCublas(cublasGetMatrix(m, n, sizeof(float), dC, m, C.data(), m));
  checkCublas(cublasDestroy(handle));
  int wrong = 0;
  for (int i = 0; i < m * n; ++i)
    if (std::fabs(C[i] - ref[i]) > 1e-3f * (1.0f + std::fabs(ref[i]))) ++wrong;
  std::printf("cublasSgemm %dx%dx%d: %d of %d wrong\n", m, n, k, wrong, m * n);
  checkCuda(cudaFree(dA)); checkCuda(cudaFree(dB)); checkCuda(cudaFree(dC));
  return wrong != 0;
}

static int testCurand() {
  const size_t count = 1 << 16;
  float *d;
  checkCuda(cudaMalloc(&d, count * sizeof(float)));
  curandGenerator_t gen;
  checkCurand(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  checkCurand(curandSetPseudoRandomGeneratorSeed(gen, 20240607ULL));
  checkCurand(curandGenerateUniform(gen, d, count));
  std::vector<float> h(count);
  checkCuda(cudaMemcpy(h.data(), d, count * sizeof(float), cudaMemcpyDeviceToHost));
  checkCurand(curandDestroyGenerator(gen));
  checkCuda(cudaFree(d));
  int outOfRange = 0;
  double sum = 0.0;
  for (float v : h) {
    if (!(v > 0.0f && v <= 1.0f)) ++outOfRange; // curand uniform is (0, 1]
    sum += v;
  }
  double mean = sum / count;
  std::printf("curandGenerateUniform: %zu samples, mean %.4f, %d out of (0,1]\n",
              count, mean, outOfRange);
  return outOfRange != 0 || std::fabs(mean - 0.5) > 0.01;
}

static int testCufft() {
  const int n = 256, bin = 5;
  const float pi = 3.14159265358979f;
  std::vector<cufftComplex> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i].x = std::cos(2.0f * pi * bin * i / n) + 0.5f * std::sin(2.0f * pi * 17 * i / n) + 0.25f;
    x[i].y = 0.0f;
  }
  cufftComplex *d;
  checkCuda(cudaMalloc(&d, n * sizeof(cufftComplex)));
  checkCuda(cudaMemcpy(d, x.data(), n * sizeof(cufftComplex), cudaMemcpyHostToDevice));
  cufftHandle plan;
  checkCufft(cufftPlan1d(&plan, n, CUFFT_C2C, 1));
  checkCufft(cufftExecC2C(plan, d, d, CUFFT_FORWARD));
  checkCuda(cudaMemcpy(y.data(), d, n * sizeof(cufftComplex), cudaMemcpyDeviceToHost));
  // The cosine puts n/2 into bins `bin` and n-bin; the sine (bin 17) and the
  // constant (bin 0) put nothing there.
  float peak = std::hypot(y[bin].x, y[bin].y);
  float mirror = std::hypot(y[n - bin].x, y[n - bin].y);
  int failures = (std::fabs(peak - n / 2.0f) > 0.5f) + (std::fabs(mirror - n / 2.0f) > 0.5f);
  checkCufft(cufftExecC2C(plan, d, d, CUFFT_INVERSE)); // unnormalized: n * x
  checkCuda(cudaMemcpy(y.data(), d, n * sizeof(cufftComplex), cudaMemcpyDeviceToHost));
  checkCufft(cufftDestroy(plan));
  checkCuda(cudaFree(d));
  float maxErr = 0.0f;
  for (int i = 0; i < n; ++i) {
    maxErr = std::fmax(maxErr, std::fabs(y[i].x / n - x[i].x));
    maxErr = std::fmax(maxErr, std::fabs(y[i].y / n - x[i].y));
  }
  failures += maxErr > 1e-4f;
  std::printf("cufft C2C n=%d: |X[%d]| = %.3f, |X[%d]| = %.3f (expected %.1f), "
              "round-trip max error %.2e\n", n, bin, peak, n - bin, mirror, n / 2.0f, maxErr);
  return failures;
}

int main() {
  int failures = testSgemm() + testCurand() + testCufft();
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
