// SIMD-within-a-word video intrinsics and integer dot products: CUDA device
// functions no ROCm header declares.
#include <cstdio>
#include <cuda_runtime.h>

#include "pixels.cuh"

__global__ void frameDiff(const unsigned int *a, const unsigned int *b,
                          unsigned int *sad, unsigned int *mask, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  sad[i] = __vsadu4(a[i], b[i]) + __vsads2(a[i], b[i]);
  mask[i] = __vcmpgtu4(__vabsdiffu4(a[i], b[i]), 0x10101010u) |
            __vseteq2(a[i], b[i]) | blend(a[i], b[i]) ^ brighten(a[i], 3);
  mask[i] ^= __vmaxs2(a[i], b[i]) ^ __vsubss4(a[i], b[i]) ^ __vneg2(a[i]);
}

__global__ void dot(const int *a, const int *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __dp4a(a[i], b[i], 0) + __dp2a_lo(a[i], b[i], 1) +
             __dp2a_hi(a[i], b[i], 2);
}

// Interval bounds: each end rounded outward (directed rounding, which ROCm
// declares only behind a macro no HIP compile defines).
__global__ void bounds(const float *x, const double *y, float2 *fb,
                       double2 *db, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    fb[i] = make_float2(__fmul_rd(x[i], x[i]), __fmaf_ru(x[i], x[i], 1.0f));
    db[i] = make_double2(__dadd_rd(y[i], 0.1), __dmul_ru(y[i], 0.1));
  }
}

// A dynamic-programming cell (sequence alignment): the best of a diagonal
// step and two gap steps, floored at 0, with CUDA 12's DPX functions; and
// the same on two 16-bit scores at once.
__global__ void alignCell(const int *diag, const int *up, const int *left,
                          const unsigned *pairs, int *score, unsigned *packed,
                          bool *fromDiag, int gap, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int gaps = __vimax3_s32(up[i] - gap, left[i] - gap, 0);
    score[i] = __viaddmax_s32_relu(diag[i], 2, gaps);
    bool took;
    __vibmax_s32(diag[i], gaps, &took);
    fromDiag[i] = took;
    packed[i] = __viaddmax_s16x2_relu(pairs[i], 0x00020002u,
                                      __vimin3_u16x2(pairs[i], 0x00ff00ffu,
                                                     0x7fff7fffu));
  }
}

int main() {
  unsigned int *a, *b, *s, *m;
  cudaMalloc(&a, 1024 * sizeof(unsigned int));
  cudaMalloc(&b, 1024 * sizeof(unsigned int));
  cudaMalloc(&s, 1024 * sizeof(unsigned int));
  cudaMalloc(&m, 1024 * sizeof(unsigned int));
  frameDiff<<<4, 256>>>(a, b, s, m, 1024);
  dot<<<4, 256>>>((const int *)a, (const int *)b, (int *)s, 1024);
  bounds<<<4, 256>>>((const float *)a, (const double *)b, (float2 *)s,
                     (double2 *)m, 256);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
