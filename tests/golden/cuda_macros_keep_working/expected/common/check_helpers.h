// Error checking helpers shared by the samples. Each overload is defined
// only when the header that declares its error type was included first.
#ifndef COMMON_CHECK_HELPERS_H
#define COMMON_CHECK_HELPERS_H

#include <cstdio>
#include <cstdlib>

#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H
static const char *errorText(hipError_t e) { return hipGetErrorName(e); }
#endif

#ifdef HIPBLAS_H
static const char *errorText(hipblasStatus_t s) {
  return s == HIPBLAS_STATUS_SUCCESS ? "ok" : "cublas error";
}
#endif

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
template <typename T>
void check(T result, const char *what, const char *file, int line) {
  if (result) {
    std::fprintf(stderr, "%s:%d: %s returned %d (%s)\n", file, line, what,
                 static_cast<int>(result), errorText(result));
    std::exit(EXIT_FAILURE);
  }
}
#define checkErrors(val) check((val), #val, __FILE__, __LINE__)
#endif

#endif // COMMON_CHECK_HELPERS_H
