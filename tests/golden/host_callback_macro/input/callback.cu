// A stream callback declared with CUDA's calling-convention macro.
#include <cstdio>
#include <cuda_runtime.h>

static void CUDART_CB reportDone(cudaStream_t stream, cudaError_t status,
                                 void *data) {
  std::printf("stream %p finished: %s (%d)\n", static_cast<void *>(stream),
              cudaGetErrorString(status), *static_cast<int *>(data));
}

__global__ void touch(int *p) { p[threadIdx.x] += 1; }

int runWithCallback(int *devData, int *tag) {
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  touch<<<1, 32, 0, stream>>>(devData);
  cudaStreamAddCallback(stream, reportDone, tag, 0);
  cudaError_t err = cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  return err == cudaSuccess ? 0 : 1;
}
