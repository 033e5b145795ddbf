/* Status helpers. */
#ifndef STATUS_H
#define STATUS_H
#ifndef HIPWRIGHT_CUDART_VERSION
#define HIPWRIGHT_CUDART_VERSION 13000 // hipwright: CUDA runtime version this port was made from
#endif
#include <hip/hip_runtime.h>

inline bool failed(hipError_t status) { return status != hipSuccess; }

#if HIPWRIGHT_CUDART_VERSION >= 12000
inline const char *runtimeName() { return "CUDA 12 or newer"; }
#else
inline const char *runtimeName() { return "older CUDA"; }
#endif

#endif // STATUS_H
