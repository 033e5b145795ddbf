#include "kernels.h"
#include <curand.h>

void fillRandom(float *data, int n) {
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandGenerateUniform(gen, data, n);
  curandDestroyGenerator(gen);
}
