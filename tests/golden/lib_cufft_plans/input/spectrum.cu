#include <cstdio>
#include <cuda_runtime.h>
#include <cufft.h>

static bool ok(cufftResult r, const char *what) {
  if (r != CUFFT_SUCCESS)
    std::printf("%s failed: %d\n", what, (int)r);
  return r == CUFFT_SUCCESS;
}

__global__ void normalize(cufftReal *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] /= n;
}

// Forward and inverse real FFT of n samples, and a 2-D complex FFT in place.
void roundTrip(cufftReal *signal, cufftComplex *spectrum, int n,
               cufftComplex *image, int rows, int cols, cudaStream_t s) {
  cufftHandle fwd, inv, plan2d;
  ok(cufftPlan1d(&fwd, n, CUFFT_R2C, 1), "plan R2C");
  ok(cufftPlan1d(&inv, n, CUFFT_C2R, 1), "plan C2R");
  ok(cufftPlan2d(&plan2d, rows, cols, CUFFT_C2C), "plan 2d");
  ok(cufftSetStream(fwd, s), "stream");
  ok(cufftSetStream(inv, s), "stream");
  ok(cufftExecR2C(fwd, signal, spectrum), "R2C");
  ok(cufftExecC2R(inv, spectrum, signal), "C2R");
  normalize<<<(n + 255) / 256, 256, 0, s>>>(signal, n);
  ok(cufftExecC2C(plan2d, image, image, CUFFT_FORWARD), "C2C forward");
  ok(cufftExecC2C(plan2d, image, image, CUFFT_INVERSE), "C2C inverse");
  cufftDestroy(fwd);
  cufftDestroy(inv);
  cufftDestroy(plan2d);
}
