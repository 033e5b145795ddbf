// fp16_half2.cu - packed half-precision arithmetic with cuda_fp16.h: half2
// add / mul / fma, conversions, and a half2 dot product accumulated in float.
// Inputs are small multiples of 1/4, so every half result is exact.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

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

// out[i] = a*b + c computed three ways on packed pairs; dot accumulates a.b.
__global__ void half2Ops(const float *a, const float *b, const float *c, int pairs,
                         float *sumOut, float *prodOut, float *fmaOut, float *dot) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= pairs) return;
  __half2 ha = __floats2half2_rn(a[2 * i], a[2 * i + 1]);
  __half2 hb = __floats2half2_rn(b[2 * i], b[2 * i + 1]);
  __half2 hc = __halves2half2(__float2half(c[2 * i]), __float2half(c[2 * i + 1]));
  __half2 s = __hadd2(ha, hb);
  __half2 p = __hmul2(ha, hb);
  __half2 f = __hfma2(ha, hb, hc);
  sumOut[2 * i] = __low2float(s);
  sumOut[2 * i + 1] = __high2float(s);
  prodOut[2 * i] = __half2float(__low2half(p));
  prodOut[2 * i + 1] = __half2float(__high2half(p));
  float2 ff = __half22float2(f);
  fmaOut[2 * i] = ff.x;
  fmaOut[2 * i + 1] = ff.y;
  atomicAdd(dot, __low2float(p) + __high2float(p));
}

int main() {
  const int n = 4096, pairs = n / 2;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 17 - 8) * 0.25f;  // -2.0 .. 2.0
    b[i] = static_cast<float>(i % 11 - 5) * 0.5f;   // -2.5 .. 2.5
    c[i] = static_cast<float>(i % 7) * 0.125f;      //  0 .. 0.75
  }
  float *dA, *dB, *dC, *dSum, *dProd, *dFma, *dDot;
  const size_t bytes = n * sizeof(float);
  checkCuda(cudaMalloc(&dA, bytes)); checkCuda(cudaMalloc(&dB, bytes));
  checkCuda(cudaMalloc(&dC, bytes)); checkCuda(cudaMalloc(&dSum, bytes));
  checkCuda(cudaMalloc(&dProd, bytes)); checkCuda(cudaMalloc(&dFma, bytes));
  checkCuda(cudaMalloc(&dDot, sizeof(float)));
  checkCuda(cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice));
  checkCuda(cudaMemcpy(dC, c.data(), bytes, cudaMemcpyHostToDevice));
  checkCuda(cudaMemset(dDot, 0, sizeof(float)));
  half2Ops<<<(pairs + 127) / 128, 128>>>(dA, dB, dC, pairs, dSum, dProd, dFma, dDot);
  checkCuda(cudaGetLastError());
  checkCuda(cudaDeviceSynchronize());

  std::vector<float> sum(n), prod(n), fma(n);
  float dot = 0.0f;
  checkCuda(cudaMemcpy(sum.data(), dSum, bytes, cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(prod.data(), dProd, bytes, cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(fma.data(), dFma, bytes, cudaMemcpyDeviceToHost));
  checkCuda(cudaMemcpy(&dot, dDot, sizeof(float), cudaMemcpyDeviceToHost));

  int badSum = 0, badProd = 0, badFma = 0;
  double expectDot = 0.0;
  for (int i = 0; i < n; ++i) {
    badSum += sum[i] != a[i] + b[i];
    badProd += prod[i] != a[i] * b[i];
    badFma += fma[i] != a[i] * b[i] + c[i];
    expectDot += static_cast<double>(a[i]) * b[i];
  }
  // Every partial is a multiple of 1/8 well inside float's exact range, so the
  // atomic order cannot change the float result.
  bool dotOk = std::fabs(dot - expectDot) < 1e-3;
  std::printf("half2 add: %d wrong, mul: %d wrong, fma: %d wrong (of %d); "
              "dot %.3f (expected %.3f)\n", badSum, badProd, badFma, n, dot, expectDot);
  checkCuda(cudaFree(dA)); checkCuda(cudaFree(dB)); checkCuda(cudaFree(dC));
  checkCuda(cudaFree(dSum)); checkCuda(cudaFree(dProd)); checkCuda(cudaFree(dFma));
  checkCuda(cudaFree(dDot));
  bool ok = badSum == 0 && badProd == 0 && badFma == 0 && dotOk;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
