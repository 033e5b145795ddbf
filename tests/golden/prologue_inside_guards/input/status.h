/* Status helpers. */
#ifndef STATUS_H
#define STATUS_H
#include <cuda_runtime.h>

inline bool failed(enum cudaError status) { return status != cudaSuccess; }

#if CUDART_VERSION >= 12000
inline const char *runtimeName() { return "CUDA 12 or newer"; }
#else
inline const char *runtimeName() { return "older CUDA"; }
#endif

#endif // STATUS_H
