// Quasirandom estimate of pi with 64-bit Sobol states, and a host generator
// with an explicit ordering.
#include <cstdio>
#include <curand.h>
#include <curand_kernel.h>

__global__ void initStates(curandDirectionVectors64_t *directions,
                           curandStateSobol64 *states) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(directions[0], tid, &states[2 * tid]);
  curand_init(directions[1], tid, &states[2 * tid + 1]);
}

__global__ void countInside(curandStateSobol64_t *states, unsigned *inside) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  double x = curand_uniform_double(&states[2 * tid]);
  double y = curand_uniform_double(&states[2 * tid + 1]);
  unsigned long long raw = curand(&states[2 * tid]);
  skipahead(4ull, &states[2 * tid + 1]);
  if (x * x + y * y <= 1.0 && raw != 0)
    atomicAdd(inside, 1u);
}

int main() {
  curandDirectionVectors64_t *vectors = nullptr;
  if (curandGetDirectionVectors64(&vectors,
                                  CURAND_DIRECTION_VECTORS_64_JOEKUO6) !=
      CURAND_STATUS_SUCCESS)
    return 1;
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_QUASI_SOBOL32);
  curandSetGeneratorOrdering(gen, CURAND_ORDERING_QUASI_DEFAULT);
  curandDestroyGenerator(gen);
  curandDirectionVectors64_t *d_vectors;
  curandStateSobol64 *d_states;
  unsigned *d_inside;
  cudaMalloc(&d_vectors, 2 * sizeof(curandDirectionVectors64_t));
  cudaMalloc(&d_states, 2 * 256 * sizeof(curandStateSobol64));
  cudaMalloc(&d_inside, sizeof(unsigned));
  cudaMemcpy(d_vectors, vectors, 2 * sizeof(curandDirectionVectors64_t),
             cudaMemcpyHostToDevice);
  initStates<<<1, 256>>>(d_vectors, d_states);
  countInside<<<1, 256>>>(d_states, d_inside);
  unsigned inside = 0;
  cudaMemcpy(&inside, d_inside, sizeof(unsigned), cudaMemcpyDeviceToHost);
  std::printf("pi ~ %f\n", 4.0 * inside / 256);
  return 0;
}
