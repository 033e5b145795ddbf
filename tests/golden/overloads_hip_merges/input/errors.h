// Error names for the runtime and, where wanted, the driver API.
#pragma once
#include <cuda.h>
#include <cuda_runtime.h>

#ifndef NO_RUNTIME_ERRORS
static const char *errorName(cudaError_t error) {
  return cudaGetErrorName(error);
}
#endif

#ifdef WANT_DRIVER_ERRORS
static const char *errorName(CUresult error) {
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name ? name : "<unknown>";
}
#endif
