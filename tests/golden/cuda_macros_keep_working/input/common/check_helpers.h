// Error checking helpers shared by the samples. Each overload is defined
// only when the header that declares its error type was included first.
#ifndef COMMON_CHECK_HELPERS_H
#define COMMON_CHECK_HELPERS_H

#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
static const char *errorText(cudaError_t e) { return cudaGetErrorName(e); }
#endif

#ifdef CUBLAS_API_H_
static const char *errorText(cublasStatus_t s) {
  return s == CUBLAS_STATUS_SUCCESS ? "ok" : "cublas error";
}
#endif

#ifdef __CUDA_RUNTIME_H__
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
