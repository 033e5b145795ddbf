#ifndef HIPWRIGHT_CUDART_VERSION
#define HIPWRIGHT_CUDART_VERSION 13000 // hipwright: CUDA runtime version this port was made from
#endif
#include <hip/hip_runtime.h>
#include "common/check_helpers.h"

#ifndef __HIPCC__
#error "this file must be compiled as GPU code"
#endif

#if HIPWRIGHT_CUDART_VERSION >= 12000
#define HAVE_MODERN_RUNTIME 1
#else
#define HAVE_MODERN_RUNTIME 0
#endif

#if defined(HIPWRIGHT_CUDART_VERSION) && HIPWRIGHT_CUDART_VERSION < 9000
#error "CUDA 9 or newer required"
#endif

__global__ void noop() {}

int main() {
  int runtime = 0;
  checkErrors(hipRuntimeGetVersion(&runtime));
  std::printf("built against %d, running %d, modern=%d\n", HIPWRIGHT_CUDART_VERSION,
              runtime, HAVE_MODERN_RUNTIME);
  noop<<<1, 1>>>();
  checkErrors(hipDeviceSynchronize());
  return 0;
}
