#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

#include "scale.h"

__global__ void vectorScale(const float *in, float *out, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = s * in[i];
}

int main() {
  const int n = 4096;
  std::vector<float> h(n), got(n), want(n);
  for (int i = 0; i < n; ++i)
    h[i] = 0.5f * i;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  vectorScale<<<n / 128, 128>>>(in, out, 3.0f, n);
  cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost);
  scaleOnHost(h.data(), want.data(), 3.0f, n);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != want[i];
  cudaFree(in);
  cudaFree(out);
  printf("%s\n", bad ? "Test failed" : "Test passed");
  return bad != 0;
}
