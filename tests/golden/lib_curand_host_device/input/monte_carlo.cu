#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#define RAND_TRY(call)                                                       \
  do {                                                                       \
    curandStatus_t s = (call);                                               \
    if (s != CURAND_STATUS_SUCCESS)                                          \
      std::printf("curand failed (%d) at line %d\n", (int)s, __LINE__);      \
  } while (0)

__global__ void setupStates(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

// Counts points of the unit square that fall inside the quarter circle.
__global__ void samplePi(curandState *states, unsigned *hits, int perThread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  unsigned inside = 0;
  for (int i = 0; i < perThread; ++i) {
    float x = curand_uniform(&local), y = curand_uniform(&local);
    inside += x * x + y * y <= 1.0f;
  }
  states[id] = local;
  atomicAdd(hits, inside);
}

__global__ void noise(float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, id, 0, &st);
  out[id] = curand_normal(&st);
}

int main() {
  const int threads = 256, blocks = 64, n = threads * blocks;
  curandState *states;
  unsigned *hits;
  float *uniform;
  cudaMalloc(&states, n * sizeof(curandState));
  cudaMalloc(&hits, sizeof(unsigned));
  cudaMalloc(&uniform, n * sizeof(float));
  cudaMemset(hits, 0, sizeof(unsigned));
  setupStates<<<blocks, threads>>>(states, 1234ULL);
  samplePi<<<blocks, threads>>>(states, hits, 64);
  noise<<<blocks, threads>>>(uniform, 99ULL);

  curandGenerator_t gen;
  RAND_TRY(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
  RAND_TRY(curandSetPseudoRandomGeneratorSeed(gen, 42ULL));
  RAND_TRY(curandGenerateUniform(gen, uniform, n));
  RAND_TRY(curandGenerateNormal(gen, uniform, n, 0.0f, 1.0f));
  RAND_TRY(curandDestroyGenerator(gen));

  unsigned h = 0;
  cudaMemcpy(&h, hits, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("pi ~ %f\n", 4.0 * h / (double(n) * 64));
  cudaFree(states);
  cudaFree(hits);
  cudaFree(uniform);
  return 0;
}
