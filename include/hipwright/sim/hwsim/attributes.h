//===- hwsim/attributes.h - CUDA/HIP declaration specifiers as plain C++ --===//
//
// On the CPU every function is a host function and every variable host
// memory, so the execution-space and memory-space specifiers expand to
// nothing. `__shared__` is deliberately absent: hipwright's lowering rewrites
// it (to `static thread_local`, per-block storage) before compilation.
//
// `__inline__` and `__restrict__` are GNU keywords already, so they are left
// to the compiler.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_ATTRIBUTES_H
#define HIPWRIGHT_SIM_HWSIM_ATTRIBUTES_H

// libstdc++ spells `__attribute__((__noinline__))` in <memory> (and a few
// other headers). Pull those in before __noinline__ becomes a macro so that
// their include guards keep the macro from reaching them.
#include <memory>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __grid_constant__
#define __device_builtin__
#define __cudart_builtin__
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __align__(n) __attribute__((aligned(n)))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __maxnreg__(n)
#define __cluster_dims__(...)
#define CUDART_CB

#endif // HIPWRIGHT_SIM_HWSIM_ATTRIBUTES_H
