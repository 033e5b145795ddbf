// A stream callback declared with CUDA's calling-convention macro.
#include <cstdio>
#include <hip/hip_runtime.h>

static void __host__ reportDone(hipStream_t stream, hipError_t status,
                                 void *data) {
  std::printf("stream %p finished: %s (%d)\n", static_cast<void *>(stream),
              hipGetErrorString(status), *static_cast<int *>(data));
}

__global__ void touch(int *p) { p[threadIdx.x] += 1; }

int runWithCallback(int *devData, int *tag) {
  hipStream_t stream;
  hipStreamCreate(&stream);
  touch<<<1, 32, 0, stream>>>(devData);
  hipStreamAddCallback(stream, reportDone, tag, 0);
  hipError_t err = hipStreamSynchronize(stream);
  hipStreamDestroy(stream);
  return err == hipSuccess ? 0 : 1;
}
