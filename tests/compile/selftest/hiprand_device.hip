// Self-test: hipRAND's device API (per-thread XORWOW states) estimating the
// mean of uniform samples.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>

#include <cstdio>
#include <vector>

#define CHECK_HIP(expr)                                                        \
  do {                                                                         \
    hipError_t err_ = (expr);                                                  \
    if (err_ != hipSuccess) {                                                  \
      std::fprintf(stderr, "%s failed: %s\n", #expr, hipGetErrorString(err_)); \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__global__ void setup(hiprandState_t *states, unsigned long long seed) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprand_init(seed, id, 0, &states[id]);
}

__global__ void sample_mean(hiprandState_t *states, float *means, int draws) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandState_t local = states[id];
  float sum = 0.0f;
  for (int i = 0; i < draws; ++i)
    sum += hiprand_uniform(&local);
  states[id] = local;
  means[id] = sum / static_cast<float>(draws);
}

int main() {
  const int threads = 256, blocks = 4, total = threads * blocks, draws = 1000;
  hiprandState_t *states = nullptr;
  float *d_means = nullptr;
  CHECK_HIP(hipMalloc(&states, total * sizeof(hiprandState_t)));
  CHECK_HIP(hipMalloc(&d_means, total * sizeof(float)));
  setup<<<blocks, threads>>>(states, 1234ull);
  sample_mean<<<blocks, threads>>>(states, d_means, draws);
  CHECK_HIP(hipGetLastError());
  std::vector<float> means(total);
  CHECK_HIP(hipMemcpy(means.data(), d_means, total * sizeof(float),
                      hipMemcpyDeviceToHost));
  CHECK_HIP(hipFree(states));
  CHECK_HIP(hipFree(d_means));
  double overall = 0.0;
  for (float m : means)
    overall += m;
  overall /= total;
  std::printf("mean of %d uniform draws: %f (expected about 0.5)\n",
              total * draws, overall);
  return (overall > 0.49 && overall < 0.51) ? 0 : 1;
}
