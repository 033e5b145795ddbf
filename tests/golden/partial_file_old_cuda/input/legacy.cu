// Written for CUDA 9: uses APIs CUDA 13 removed and a header that is not
// part of this tree. It must still be translated as far as possible.
#include <cuda.h>
#include <cuda_runtime.h>
#include "timer_utils.h" // not in this tree

__global__ void scale(float *v, float s) { v[threadIdx.x] *= s; }

int legacyMain() {
  CUdevice dev;
  CUcontext ctx;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuCtxCreate(&ctx, 0, dev); // CUDA 13 takes a 4th (params) argument
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  Timer t;
  startTimer(&t);
  scale<<<1, 256>>>(d, 2.0f);
  cudaThreadSynchronize(); // removed in CUDA 13
  stopTimer(&t);
  cudaFree(d);
  cuCtxDestroy(ctx);
  return 0;
}
