//===- HipAtomicOverloads.h - atomics HIP has and CUDA lacks ----*- C++ -*-===//
//
// CUDA's atomicMax, atomicMin, atomicSub, atomicCAS and atomicExch take no
// float or double (atomicAdd takes double only from sm_60), so real code
// defines its own: `__device__ double atomicMax(double *address, double
// val)`, a compare-and-swap loop. ROCm 7.2 declares all of these itself
// (amd_hip_atomic.h, with their _system forms), and the port's copy is then
// a redefinition. Such a user function yields to HIP's, as the vector
// operators do (port/VectorOperators.h): it becomes a function template with
// a defaulted parameter, so calls pick HIP's function, which does the same
// operation, and no code is dropped.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/Decl.h"

namespace hipwright {

/// Whether \p FD is a free, non-template function with the signature of a
/// floating-point atomic HIP declares and CUDA does not (`float
/// atomicMax(float *, float)`, `double atomicCAS(double *, double,
/// double)`, ...).
bool duplicatesHipAtomic(const clang::FunctionDecl *FD);

} // namespace hipwright
