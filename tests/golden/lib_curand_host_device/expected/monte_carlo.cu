#include <cstdio>
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

#define RAND_TRY(call)                                                       \
  do {                                                                       \
    hiprandStatus_t s = (call);                                              \
    if (s != HIPRAND_STATUS_SUCCESS)                                         \
      std::printf("curand failed (%d) at line %d\n", (int)s, __LINE__);      \
  } while (0)

__global__ void setupStates(hiprandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprand_init(seed, id, 0, &states[id]);
}

// Counts points of the unit square that fall inside the quarter circle.
__global__ void samplePi(hiprandState *states, unsigned *hits, int perThread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandState local = states[id];
  unsigned inside = 0;
  for (int i = 0; i < perThread; ++i) {
    float x = hiprand_uniform(&local), y = hiprand_uniform(&local);
    inside += x * x + y * y <= 1.0f;
  }
  states[id] = local;
  atomicAdd(hits, inside);
}

__global__ void noise(float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandStatePhilox4_32_10_t st;
  hiprand_init(seed, id, 0, &st);
  out[id] = hiprand_normal(&st);
}

int main() {
  const int threads = 256, blocks = 64, n = threads * blocks;
  hiprandState *states;
  unsigned *hits;
  float *uniform;
  hipMalloc(&states, n * sizeof(hiprandState));
  hipMalloc(&hits, sizeof(unsigned));
  hipMalloc(&uniform, n * sizeof(float));
  hipMemset(hits, 0, sizeof(unsigned));
  setupStates<<<blocks, threads>>>(states, 1234ULL);
  samplePi<<<blocks, threads>>>(states, hits, 64);
  noise<<<blocks, threads>>>(uniform, 99ULL);

  hiprandGenerator_t gen;
  RAND_TRY(hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT));
  RAND_TRY(hiprandSetPseudoRandomGeneratorSeed(gen, 42ULL));
  RAND_TRY(hiprandGenerateUniform(gen, uniform, n));
  RAND_TRY(hiprandGenerateNormal(gen, uniform, n, 0.0f, 1.0f));
  RAND_TRY(hiprandDestroyGenerator(gen));

  unsigned h = 0;
  hipMemcpy(&h, hits, sizeof h, hipMemcpyDeviceToHost);
  std::printf("pi ~ %f\n", 4.0 * h / (double(n) * 64));
  hipFree(states);
  hipFree(hits);
  hipFree(uniform);
  return 0;
}
