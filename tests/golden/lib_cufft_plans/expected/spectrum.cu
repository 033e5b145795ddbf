#include <cstdio>
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>

static bool ok(hipfftResult r, const char *what) {
  if (r != HIPFFT_SUCCESS)
    std::printf("%s failed: %d\n", what, (int)r);
  return r == HIPFFT_SUCCESS;
}

__global__ void normalize(hipfftReal *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] /= n;
}

// Forward and inverse real FFT of n samples, and a 2-D complex FFT in place.
void roundTrip(hipfftReal *signal, hipfftComplex *spectrum, int n,
               hipfftComplex *image, int rows, int cols, hipStream_t s) {
  hipfftHandle fwd, inv, plan2d;
  ok(hipfftPlan1d(&fwd, n, HIPFFT_R2C, 1), "plan R2C");
  ok(hipfftPlan1d(&inv, n, HIPFFT_C2R, 1), "plan C2R");
  ok(hipfftPlan2d(&plan2d, rows, cols, HIPFFT_C2C), "plan 2d");
  ok(hipfftSetStream(fwd, s), "stream");
  ok(hipfftSetStream(inv, s), "stream");
  ok(hipfftExecR2C(fwd, signal, spectrum), "R2C");
  ok(hipfftExecC2R(inv, spectrum, signal), "C2R");
  normalize<<<(n + 255) / 256, 256, 0, s>>>(signal, n);
  ok(hipfftExecC2C(plan2d, image, image, HIPFFT_FORWARD), "C2C forward");
  ok(hipfftExecC2C(plan2d, image, image, HIPFFT_BACKWARD), "C2C inverse");
  hipfftDestroy(fwd);
  hipfftDestroy(inv);
  hipfftDestroy(plan2d);
}
