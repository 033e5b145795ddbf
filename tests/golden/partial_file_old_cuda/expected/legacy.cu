// Written for CUDA 9: uses APIs CUDA 13 removed and a header that is not
// part of this tree. It must still be translated as far as possible.
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>
#include "timer_utils.h" // not in this tree

__global__ void scale(float *v, float s) { v[threadIdx.x] *= s; }

int legacyMain() {
  hipDevice_t dev;
  hipCtx_t ctx;
  hipInit(0);
  hipDeviceGet(&dev, 0);
  hipCtxCreate(&ctx, 0, dev); // CUDA 13 takes a 4th (params) argument
  float *d;
  hipMalloc(&d, 256 * sizeof(float));
  Timer t;
  startTimer(&t);
  scale<<<1, 256>>>(d, 2.0f);
  hipDeviceSynchronize(); // removed in CUDA 13
  stopTimer(&t);
  hipFree(d);
  hipCtxDestroy(ctx);
  return 0;
}
