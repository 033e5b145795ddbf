// Quasirandom estimate of pi with 64-bit Sobol states, and a host generator
// with an explicit ordering.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

__global__ void initStates(hiprandDirectionVectors64_t *directions,
                           hiprandStateSobol64 *states) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  hiprand_init(directions[0], tid, &states[2 * tid]);
  hiprand_init(directions[1], tid, &states[2 * tid + 1]);
}

__global__ void countInside(hiprandStateSobol64_t *states, unsigned *inside) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  double x = hiprand_uniform_double(&states[2 * tid]);
  double y = hiprand_uniform_double(&states[2 * tid + 1]);
  unsigned long long raw = hiprand(&states[2 * tid]);
  skipahead(4ull, &states[2 * tid + 1]);
  if (x * x + y * y <= 1.0 && raw != 0)
    atomicAdd(inside, 1u);
}

int main() {
  hiprandDirectionVectors64_t *vectors = nullptr;
  if (hiprandGetDirectionVectors64(&vectors,
                                  HIPRAND_DIRECTION_VECTORS_64_JOEKUO6) !=
      HIPRAND_STATUS_SUCCESS)
    return 1;
  hiprandGenerator_t gen;
  hiprandCreateGenerator(&gen, HIPRAND_RNG_QUASI_SOBOL32);
  hiprandSetGeneratorOrdering(gen, HIPRAND_ORDERING_QUASI_DEFAULT);
  hiprandDestroyGenerator(gen);
  hiprandDirectionVectors64_t *d_vectors;
  hiprandStateSobol64 *d_states;
  unsigned *d_inside;
  hipMalloc(&d_vectors, 2 * sizeof(hiprandDirectionVectors64_t));
  hipMalloc(&d_states, 2 * 256 * sizeof(hiprandStateSobol64));
  hipMalloc(&d_inside, sizeof(unsigned));
  hipMemcpy(d_vectors, vectors, 2 * sizeof(hiprandDirectionVectors64_t),
             hipMemcpyHostToDevice);
  initStates<<<1, 256>>>(d_vectors, d_states);
  countInside<<<1, 256>>>(d_states, d_inside);
  unsigned inside = 0;
  hipMemcpy(&inside, d_inside, sizeof(unsigned), hipMemcpyDeviceToHost);
  std::printf("pi ~ %f\n", 4.0 * inside / 256);
  return 0;
}
