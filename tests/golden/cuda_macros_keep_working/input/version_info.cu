#include <cuda_runtime.h>
#include "common/check_helpers.h"

#ifndef __CUDACC__
#error "this file must be compiled as GPU code"
#endif

#if CUDART_VERSION >= 12000
#define HAVE_MODERN_RUNTIME 1
#else
#define HAVE_MODERN_RUNTIME 0
#endif

#if defined(CUDART_VERSION) && CUDART_VERSION < 9000
#error "CUDA 9 or newer required"
#endif

__global__ void noop() {}

int main() {
  int runtime = 0;
  checkErrors(cudaRuntimeGetVersion(&runtime));
  std::printf("built against %d, running %d, modern=%d\n", CUDART_VERSION,
              runtime, HAVE_MODERN_RUNTIME);
  noop<<<1, 1>>>();
  checkErrors(cudaDeviceSynchronize());
  return 0;
}
