//===- ParsePrelude.cpp - what nvcc's host pass sees and clang's lacks ----===//
#include "frontend/ParsePrelude.h"

namespace hipwright {

llvm::StringRef parsePreludeText() {
  return R"prelude(// hipwright parse prelude (never written out)
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
// nvcc's atomic builtins (CUDA 12.8+) are compiler built-ins, and the enums
// of their orders and scopes sit in a header clang's CUDA mode never reads
// (crt/device_functions.h): declare both, for both passes. The value's type
// is not deduced, as nvcc converts it (`__nv_atomic_fetch_add(&u, 1, ...)`).
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};
template <class T> struct __hipwright_nv_atomic_value { typedef T type; };
#define __HIPWRIGHT_NV_ATOMIC_RMW(Op)                                          \
  template <class T>                                                           \
  __device__ T __nv_atomic_fetch_##Op(                                         \
      T *, typename __hipwright_nv_atomic_value<T>::type, int,                 \
      int = __NV_THREAD_SCOPE_SYSTEM);                                         \
  template <class T>                                                           \
  __device__ void __nv_atomic_##Op(T *,                                        \
                                   typename __hipwright_nv_atomic_value<T>::type, \
                                   int, int = __NV_THREAD_SCOPE_SYSTEM);
__HIPWRIGHT_NV_ATOMIC_RMW(add)
__HIPWRIGHT_NV_ATOMIC_RMW(sub)
__HIPWRIGHT_NV_ATOMIC_RMW(and)
__HIPWRIGHT_NV_ATOMIC_RMW(or)
__HIPWRIGHT_NV_ATOMIC_RMW(xor)
__HIPWRIGHT_NV_ATOMIC_RMW(min)
__HIPWRIGHT_NV_ATOMIC_RMW(max)
#undef __HIPWRIGHT_NV_ATOMIC_RMW
template <class T>
__device__ T __nv_atomic_exchange_n(
    T *, typename __hipwright_nv_atomic_value<T>::type, int,
    int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_exchange(T *, T *, T *, int,
                                     int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ bool __nv_atomic_compare_exchange_n(
    T *, T *, typename __hipwright_nv_atomic_value<T>::type, bool, int, int,
    int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ bool __nv_atomic_compare_exchange(T *, T *, T *, bool, int, int,
                                             int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ T __nv_atomic_load_n(T *, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_load(T *, T *, int,
                                 int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_store_n(
    T *, typename __hipwright_nv_atomic_value<T>::type, int,
    int = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_store(T *, T *, int,
                                  int = __NV_THREAD_SCOPE_SYSTEM);
__device__ void __nv_atomic_thread_fence(int, int = __NV_THREAD_SCOPE_SYSTEM);
)prelude";
}

} // namespace hipwright
