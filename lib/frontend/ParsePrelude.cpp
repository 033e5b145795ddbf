//===- ParsePrelude.cpp - what nvcc's host pass sees and clang's lacks ----===//
#include "frontend/ParsePrelude.h"

namespace hipwright {

llvm::StringRef parsePreludeText() {
  return R"prelude(// hipwright parse prelude (host pass only; never written out)
#pragma once
#ifndef __CUDA_ARCH__
// nvcc's runtime header brings <time.h> (clock, CLOCKS_PER_SEC) and the
// C99 classification functions into host code.
#include <time.h>
#include <cmath>
#include <type_traits>
using std::isfinite;
using std::isinf;
using std::isnan;
// nvcc offers host overloads of max/min for mixed integer and floating
// types; clang's CUDA headers only declare the device ones.
template <class A, class B>
static inline __host__ std::common_type_t<A, B> max(A a, B b) {
  return a > b ? a : b;
}
template <class A, class B>
static inline __host__ std::common_type_t<A, B> min(A a, B b) {
  return a < b ? a : b;
}
// Cache-hinted loads and stores exist only in the device pass of clang's
// headers; declare them so device bodies checked on the host side resolve.
template <class T> __device__ T __ldcs(const T *);
template <class T> __device__ T __ldcg(const T *);
template <class T> __device__ T __ldca(const T *);
template <class T> __device__ T __ldlu(const T *);
template <class T> __device__ T __ldcv(const T *);
template <class T> __device__ void __stcs(T *, T);
template <class T> __device__ void __stcg(T *, T);
template <class T> __device__ void __stwb(T *, T);
template <class T> __device__ void __stwt(T *, T);
#endif
)prelude";
}

} // namespace hipwright
