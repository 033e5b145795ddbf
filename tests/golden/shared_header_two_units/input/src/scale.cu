#include "../include/device_buffer.cuh"

__global__ void scaleKernel(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= s;
}

void scale(float *host, int n, float s) {
  DeviceBuffer<float> buf(n);
  buf.upload(host);
  scaleKernel<<<(n + 127) / 128, 128>>>(buf.get(), s, n);
  buf.download(host);
  DB_CHECK(cudaDeviceSynchronize());
}
