// Error names for the runtime and, where wanted, the driver API.
#pragma once
#include <hip/hip_runtime.h>
#include <hip/hip_runtime.h>

#ifndef NO_RUNTIME_ERRORS
static const char *errorName(hipError_t error) {
  return hipGetErrorName(error);
}
#endif

#ifdef WANT_DRIVER_ERRORS
template <typename = void> static const char *errorName(hipError_t error) {
  const char *name = nullptr;
  hipDrvGetErrorName(error, &name);
  return name ? name : "<unknown>";
}
#endif
