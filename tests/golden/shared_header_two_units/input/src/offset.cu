#include "../include/device_buffer.cuh"

__global__ void offsetKernel(int *v, int d, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    v[i] += d;
}

void offset(int *host, int n, int d) {
  cudaStream_t s;
  DB_CHECK(cudaStreamCreate(&s));
  DeviceBuffer<int> buf(n);
  buf.upload(host, s);
  offsetKernel<<<32, 256, 0, s>>>(buf.get(), d, n);
  buf.download(host, s);
  DB_CHECK(cudaStreamSynchronize(s));
  DB_CHECK(cudaStreamDestroy(s));
}
