#include <cstdio>
#include <vector>
#include "host/report.hpp"
#include "host/stats.h"

__global__ void iota(float *v) { v[threadIdx.x] = threadIdx.x; }

int main() {
  std::vector<float> h(64);
  float *d;
  cudaMalloc(&d, h.size() * sizeof(float));
  iota<<<1, 64>>>(d);
  cudaMemcpy(h.data(), d, h.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d);
  std::puts(formatResult("mean", mean(h.data(), 64)).c_str());
  return 0;
}
