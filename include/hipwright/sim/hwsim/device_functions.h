//===- hwsim/device_functions.h - atomics, fences and math intrinsics -----===//
//
// The device-side function library of CUDA and HIP that is not about warps
// or barriers: atomics, memory fences, integer and floating-point
// intrinsics, the global min/max overloads, clock64, __ldg, __trap.
//
// Atomics use the compiler's __atomic builtins (relaxed order, like CUDA's
// atomics; __threadfence gives the ordering), so they stay correct if blocks
// ever run on several OS threads. Floating-point and min/max/inc/dec
// atomics are compare-and-swap loops on the object's bytes.
//
// Everything the CUDA math API shares with C (sinf, expf, fabsf, fminf, ...)
// comes from <cmath>/<math.h> in the global namespace; only the functions C
// lacks are defined here. The fast-math forms (__expf, __sinf, ...) are
// computed exactly like the accurate ones: a CPU has no cheaper variant, and
// a program must not depend on the GPU's lower accuracy.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_DEVICE_FUNCTIONS_H
#define HIPWRIGHT_SIM_HWSIM_DEVICE_FUNCTIONS_H

#include <bit>
#include <cfenv>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <math.h>
#include <type_traits>

#include "lockstep.h"

namespace hwsim::detail {

/// Applies \p next to the current value until a compare-and-swap installs
/// the result; returns the value it replaced. Works for any trivially
/// copyable T of a size the target can swap atomically (2, 4, 8 bytes).
/// \p operand is what the caller combines with the value (for polls).
template <class T, class Next>
inline T atomicUpdate(T *address, T operand, Next next) {
  T old;
  __atomic_load(address, &old, __ATOMIC_RELAXED);
  T desired;
  do {
    desired = next(old);
  } while (!__atomic_compare_exchange(address, &old, &desired, /*weak=*/true,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  if (std::memcmp(&old, &desired, sizeof(T)) == 0)
    notePoll(address, old, operand);
  return old;
}

} // namespace hwsim::detail

// ---- atomics ----------------------------------------------------------------
// Each atomic that leaves memory as it found it reports a poll (lockstep.h):
// that is how device code waits for another thread.

#define HWSIM_ATOMIC_FETCH(Name, Builtin, T, Unchanged)                        \
  inline T Name(T *address, T value) {                                         \
    T old = Builtin(address, value, __ATOMIC_RELAXED);                         \
    if (Unchanged)                                                             \
      ::hwsim::detail::notePoll(address, old, value);                          \
    return old;                                                                \
  }
#define HWSIM_ATOMIC_CAS_LOOP(Name, T, Expr)                                   \
  inline T Name(T *address, T value) {                                         \
    return ::hwsim::detail::atomicUpdate(address, value,                       \
                                         [value](T old) { return Expr; });     \
  }

HWSIM_ATOMIC_FETCH(atomicAdd, __atomic_fetch_add, int, value == 0)
HWSIM_ATOMIC_FETCH(atomicAdd, __atomic_fetch_add, unsigned int, value == 0)
HWSIM_ATOMIC_FETCH(atomicAdd, __atomic_fetch_add, unsigned long long,
                   value == 0)
HWSIM_ATOMIC_FETCH(atomicAdd, __atomic_fetch_add, long long, value == 0)
HWSIM_ATOMIC_CAS_LOOP(atomicAdd, float, old + value)
HWSIM_ATOMIC_CAS_LOOP(atomicAdd, double, old + value)

HWSIM_ATOMIC_FETCH(atomicSub, __atomic_fetch_sub, int, value == 0)
HWSIM_ATOMIC_FETCH(atomicSub, __atomic_fetch_sub, unsigned int, value == 0)
HWSIM_ATOMIC_FETCH(atomicSub, __atomic_fetch_sub, unsigned long long,
                   value == 0)
HWSIM_ATOMIC_FETCH(atomicSub, __atomic_fetch_sub, long long, value == 0)
HWSIM_ATOMIC_CAS_LOOP(atomicSub, float, old - value)
HWSIM_ATOMIC_CAS_LOOP(atomicSub, double, old - value)

HWSIM_ATOMIC_FETCH(atomicAnd, __atomic_fetch_and, int, (old & value) == old)
HWSIM_ATOMIC_FETCH(atomicAnd, __atomic_fetch_and, unsigned int,
                   (old & value) == old)
HWSIM_ATOMIC_FETCH(atomicAnd, __atomic_fetch_and, unsigned long long,
                   (old & value) == old)
HWSIM_ATOMIC_FETCH(atomicAnd, __atomic_fetch_and, long long,
                   (old & value) == old)
HWSIM_ATOMIC_FETCH(atomicOr, __atomic_fetch_or, int, (old | value) == old)
HWSIM_ATOMIC_FETCH(atomicOr, __atomic_fetch_or, unsigned int,
                   (old | value) == old)
HWSIM_ATOMIC_FETCH(atomicOr, __atomic_fetch_or, unsigned long long,
                   (old | value) == old)
HWSIM_ATOMIC_FETCH(atomicOr, __atomic_fetch_or, long long, (old | value) == old)
HWSIM_ATOMIC_FETCH(atomicXor, __atomic_fetch_xor, int, value == 0)
HWSIM_ATOMIC_FETCH(atomicXor, __atomic_fetch_xor, unsigned int, value == 0)
HWSIM_ATOMIC_FETCH(atomicXor, __atomic_fetch_xor, unsigned long long,
                   value == 0)
HWSIM_ATOMIC_FETCH(atomicXor, __atomic_fetch_xor, long long, value == 0)

// Min/max compare as the operand type; the float forms are HIP's (CUDA has
// none) and keep the old value when either side is NaN.
HWSIM_ATOMIC_CAS_LOOP(atomicMin, int, value < old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMin, unsigned int, value < old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMin, long long, value < old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMin, unsigned long long, value < old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMin, float, value < old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMin, double, value < old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMax, int, value > old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMax, unsigned int, value > old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMax, long long, value > old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMax, unsigned long long, value > old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMax, float, value > old ? value : old)
HWSIM_ATOMIC_CAS_LOOP(atomicMax, double, value > old ? value : old)

// atomicInc wraps to 0 past `value`; atomicDec wraps to `value` below 0 or
// above `value` (the PTX atom.inc/atom.dec rules).
HWSIM_ATOMIC_CAS_LOOP(atomicInc, unsigned int, old >= value ? 0u : old + 1u)
HWSIM_ATOMIC_CAS_LOOP(atomicDec, unsigned int,
                      (old == 0u || old > value) ? value : old - 1u)

#undef HWSIM_ATOMIC_CAS_LOOP
#undef HWSIM_ATOMIC_FETCH

#define HWSIM_ATOMIC_EXCH(T)                                                   \
  inline T atomicExch(T *address, T value) {                                   \
    T old;                                                                     \
    T stored = value;                                                          \
    __atomic_exchange(address, &value, &old, __ATOMIC_RELAXED);                \
    ::hwsim::detail::noteAtomic(address, old, stored);                         \
    return old;                                                                \
  }
#define HWSIM_ATOMIC_CAS(T)                                                    \
  inline T atomicCAS(T *address, T compare, T value) {                         \
    T found = compare;                                                         \
    if (__atomic_compare_exchange(address, &found, &value, /*weak=*/false,     \
                                  __ATOMIC_RELAXED, __ATOMIC_RELAXED))         \
      ::hwsim::detail::noteAtomic(address, compare, value);                    \
    else                                                                       \
      ::hwsim::detail::notePoll(address, found, compare);                      \
    return found; /* the value found, whether or not it was swapped */         \
  }
HWSIM_ATOMIC_EXCH(int)
HWSIM_ATOMIC_EXCH(unsigned int)
HWSIM_ATOMIC_EXCH(unsigned long long)
HWSIM_ATOMIC_EXCH(long long)
HWSIM_ATOMIC_EXCH(float)
HWSIM_ATOMIC_EXCH(double)
HWSIM_ATOMIC_CAS(unsigned short)
HWSIM_ATOMIC_CAS(int)
HWSIM_ATOMIC_CAS(unsigned int)
HWSIM_ATOMIC_CAS(unsigned long long)
HWSIM_ATOMIC_CAS(long long)
#undef HWSIM_ATOMIC_CAS
#undef HWSIM_ATOMIC_EXCH

// Scoped forms: on one CPU every scope is the whole system.
#define HWSIM_ATOMIC_SCOPES(Op)                                                \
  template <class... Args>                                                     \
  inline auto Op##_block(Args... args) -> decltype(Op(args...)) {              \
    return Op(args...);                                                        \
  }                                                                            \
  template <class... Args>                                                     \
  inline auto Op##_system(Args... args) -> decltype(Op(args...)) {             \
    return Op(args...);                                                        \
  }
HWSIM_ATOMIC_SCOPES(atomicAdd)
HWSIM_ATOMIC_SCOPES(atomicSub)
HWSIM_ATOMIC_SCOPES(atomicExch)
HWSIM_ATOMIC_SCOPES(atomicMin)
HWSIM_ATOMIC_SCOPES(atomicMax)
HWSIM_ATOMIC_SCOPES(atomicInc)
HWSIM_ATOMIC_SCOPES(atomicDec)
HWSIM_ATOMIC_SCOPES(atomicCAS)
HWSIM_ATOMIC_SCOPES(atomicAnd)
HWSIM_ATOMIC_SCOPES(atomicOr)
HWSIM_ATOMIC_SCOPES(atomicXor)
#undef HWSIM_ATOMIC_SCOPES

// HIP's hardware float atomics: "unsafe" only on coarse-grained memory of
// some AMD GPUs, exact here.
template <class T> inline T unsafeAtomicAdd(T *address, T value) {
  return atomicAdd(address, value);
}
template <class T> inline T safeAtomicAdd(T *address, T value) {
  return atomicAdd(address, value);
}
template <class T> inline void atomicAddNoRet(T *address, T value) {
  (void)atomicAdd(address, value);
}

// ---- nvcc's atomic built-ins (__nv_atomic_*, CUDA 12.8+) -------------------
// The orders are the host's (CUDA gives them the same values); on one CPU
// every scope is the whole system. Any order but relaxed is run sequentially
// consistent, which is at least as strong. Like the other atomics, one that
// leaves memory as it was reports a poll.
enum {
  __NV_ATOMIC_RELAXED = __ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME = __ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE = __ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE = __ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL = __ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST = __ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

namespace hwsim::detail {
/// nvcc converts the value to the pointee's type rather than deducing it.
template <class T> struct NvAtomicValue {
  using type = T;
};
inline int nvHostOrder(int order) {
  return order == __NV_ATOMIC_RELAXED ? __ATOMIC_RELAXED : __ATOMIC_SEQ_CST;
}
/// A value goes through an unsigned integer of its size at its address (it
/// must be aligned to that size, as on the GPU): the host compiler would
/// call libatomic for a struct less aligned than its size.
template <class T>
using NvWord = std::conditional_t<
    sizeof(T) == 1, unsigned char,
    std::conditional_t<
        sizeof(T) == 2, unsigned short,
        std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>>>;
template <class T> auto *nvWordAt(T *address) {
  static_assert(sizeof(T) == sizeof(NvWord<T>), "__nv_atomic_* of this size");
  return reinterpret_cast<
      std::conditional_t<std::is_const_v<T>, const NvWord<T>, NvWord<T>> *>(
      address);
}
template <class T> NvWord<T> nvBits(const T &value) {
  NvWord<T> bits;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}
template <class T> std::remove_cv_t<T> nvValue(NvWord<T> bits) {
  std::remove_cv_t<T> value;
  std::memcpy(&value, &bits, sizeof(T));
  return value;
}
} // namespace hwsim::detail

#define HWSIM_NV_ATOMIC_RMW(Op, Expr)                                          \
  template <class T>                                                           \
  inline T __nv_atomic_fetch_##Op(                                             \
      T *address, typename ::hwsim::detail::NvAtomicValue<T>::type value,      \
      int order, int = __NV_THREAD_SCOPE_SYSTEM) {                             \
    if (order != __NV_ATOMIC_RELAXED)                                          \
      __atomic_thread_fence(__ATOMIC_SEQ_CST);                                 \
    T old = ::hwsim::detail::atomicUpdate(                                     \
        address, value, [value](T old) { return static_cast<T>(Expr); });      \
    if (order != __NV_ATOMIC_RELAXED)                                          \
      __atomic_thread_fence(__ATOMIC_SEQ_CST);                                 \
    return old;                                                                \
  }                                                                            \
  template <class T>                                                           \
  inline void __nv_atomic_##Op(                                                \
      T *address, typename ::hwsim::detail::NvAtomicValue<T>::type value,      \
      int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {                       \
    (void)__nv_atomic_fetch_##Op(address, value, order, scope);                \
  }
HWSIM_NV_ATOMIC_RMW(add, old + value)
HWSIM_NV_ATOMIC_RMW(sub, old - value)
HWSIM_NV_ATOMIC_RMW(and, old &value)
HWSIM_NV_ATOMIC_RMW(or, old | value)
HWSIM_NV_ATOMIC_RMW(xor, old ^ value)
HWSIM_NV_ATOMIC_RMW(min, value < old ? value : old)
HWSIM_NV_ATOMIC_RMW(max, value > old ? value : old)
#undef HWSIM_NV_ATOMIC_RMW

template <class T>
inline T __nv_atomic_load_n(T *address, int order,
                            int = __NV_THREAD_SCOPE_SYSTEM) {
  std::remove_cv_t<T> value = ::hwsim::detail::nvValue<T>(__atomic_load_n(
      ::hwsim::detail::nvWordAt(address), ::hwsim::detail::nvHostOrder(order)));
  ::hwsim::detail::notePoll(address, value, value);
  return value;
}
template <class T>
inline void __nv_atomic_load(T *address, T *result, int order,
                             int scope = __NV_THREAD_SCOPE_SYSTEM) {
  *result = __nv_atomic_load_n(address, order, scope);
}
template <class T>
inline void
__nv_atomic_store_n(T *address,
                    typename ::hwsim::detail::NvAtomicValue<T>::type value,
                    int order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_store_n(::hwsim::detail::nvWordAt(address),
                   ::hwsim::detail::nvBits<T>(value),
                   ::hwsim::detail::nvHostOrder(order));
}
template <class T>
inline void __nv_atomic_store(T *address, T *value, int order,
                              int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __nv_atomic_store_n(address, *value, order, scope);
}
template <class T>
inline T
__nv_atomic_exchange_n(T *address,
                       typename ::hwsim::detail::NvAtomicValue<T>::type value,
                       int order, int = __NV_THREAD_SCOPE_SYSTEM) {
  T old = ::hwsim::detail::nvValue<T>(__atomic_exchange_n(
      ::hwsim::detail::nvWordAt(address), ::hwsim::detail::nvBits<T>(value),
      ::hwsim::detail::nvHostOrder(order)));
  ::hwsim::detail::noteAtomic(address, old, static_cast<T>(value));
  return old;
}
template <class T>
inline void __nv_atomic_exchange(T *address, T *value, T *old, int order,
                                 int scope = __NV_THREAD_SCOPE_SYSTEM) {
  *old = __nv_atomic_exchange_n(address, *value, order, scope);
}
template <class T>
inline bool __nv_atomic_compare_exchange_n(
    T *address, T *expected,
    typename ::hwsim::detail::NvAtomicValue<T>::type desired, bool,
    int successOrder, int failureOrder, int = __NV_THREAD_SCOPE_SYSTEM) {
  const int order =
      successOrder == __NV_ATOMIC_RELAXED && failureOrder == __NV_ATOMIC_RELAXED
          ? __ATOMIC_RELAXED
          : __ATOMIC_SEQ_CST;
  const T compare = *expected;
  auto want = ::hwsim::detail::nvBits(compare);
  bool swapped = __atomic_compare_exchange_n(
      ::hwsim::detail::nvWordAt(address), &want,
      ::hwsim::detail::nvBits<T>(desired), /*weak=*/false, order, order);
  *expected = ::hwsim::detail::nvValue<T>(want);
  if (swapped) {
    ::hwsim::detail::noteAtomic(address, compare, desired);
    return true;
  }
  ::hwsim::detail::notePoll(address, *expected, compare);
  return false;
}
template <class T>
inline bool __nv_atomic_compare_exchange(T *address, T *expected, T *desired,
                                         bool weak, int successOrder,
                                         int failureOrder,
                                         int scope = __NV_THREAD_SCOPE_SYSTEM) {
  return __nv_atomic_compare_exchange_n(address, expected, *desired, weak,
                                        successOrder, failureOrder, scope);
}
inline void __nv_atomic_thread_fence(int order,
                                     int = __NV_THREAD_SCOPE_SYSTEM) {
  if (order != __NV_ATOMIC_RELAXED)
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

// ---- fences -----------------------------------------------------------------

inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// ---- integer intrinsics -----------------------------------------------------

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __clz(int x) {
  return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x));
}
inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
inline unsigned long long __brevll(unsigned long long x) {
#if defined(__has_builtin) && __has_builtin(__builtin_bitreverse64)
  return __builtin_bitreverse64(x);
#else
  // Swap ever larger groups: bits, pairs, nibbles, then bytes.
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  return __builtin_bswap64(x);
#endif
}
inline unsigned int __brev(unsigned int x) {
  return static_cast<unsigned>(__brevll(x) >> 32);
}

/// Byte k of the result is byte (s >> 4k) & 7 of the eight bytes {y:x}, x in
/// bytes 0-3 (PTX prmt default mode; the selector's bit 3 is ignored).
inline unsigned int __byte_perm(unsigned int x, unsigned int y,
                                unsigned int s) {
  const unsigned long long bytes =
      (static_cast<unsigned long long>(y) << 32) | x;
  unsigned int result = 0;
  for (int k = 0; k < 4; ++k) {
    const unsigned sel = (s >> (4 * k)) & 7u;
    result |= static_cast<unsigned>((bytes >> (8 * sel)) & 0xffu) << (8 * k);
  }
  return result;
}

// Funnel shifts treat {hi:lo} as one 64-bit value. The plain forms use the
// shift modulo 32, the `c` forms clamp it to 32.
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                    unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                     unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                    unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                     unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift < 32u ? shift : 32u));
}

// 24-bit multiplies use only the low 24 bits of each operand (sign-extended
// for the signed form) and return the low 32 bits of the product.
inline int __mul24(int x, int y) {
  const long long a = static_cast<int>(static_cast<unsigned>(x) << 8) >> 8;
  const long long b = static_cast<int>(static_cast<unsigned>(y) << 8) >> 8;
  return static_cast<int>(static_cast<unsigned>(a * b));
}
inline unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
inline int __mulhi(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) * y) >> 32);
}
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x,
                                     unsigned long long y) {
  return static_cast<unsigned long long>(
      (static_cast<unsigned __int128>(x) * y) >> 64);
}
inline unsigned int __sad(int x, int y, unsigned int z) {
  return z + (x > y ? static_cast<unsigned>(x) - static_cast<unsigned>(y)
                    : static_cast<unsigned>(y) - static_cast<unsigned>(x));
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return z + (x > y ? x - y : y - x);
}
// Halving adds compute the sum without overflow.
inline int __hadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y) >> 1);
}
inline int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y) >> 1);
}
inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y + 1) >>
                               1);
}

// ---- min / max --------------------------------------------------------------
// CUDA declares these in the global namespace (std::min/std::max are
// untouched). Mixed signed/unsigned pairs compare as the unsigned type, as
// C's usual arithmetic conversions would.

#define HWSIM_MINMAX(R, A, B)                                                  \
  inline R min(A a, B b) {                                                     \
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a)           \
                                                 : static_cast<R>(b);          \
  }                                                                            \
  inline R max(A a, B b) {                                                     \
    return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a)           \
                                                 : static_cast<R>(b);          \
  }
HWSIM_MINMAX(int, int, int)
HWSIM_MINMAX(unsigned int, unsigned int, unsigned int)
HWSIM_MINMAX(unsigned int, int, unsigned int)
HWSIM_MINMAX(unsigned int, unsigned int, int)
HWSIM_MINMAX(long, long, long)
HWSIM_MINMAX(unsigned long, unsigned long, unsigned long)
HWSIM_MINMAX(unsigned long, long, unsigned long)
HWSIM_MINMAX(unsigned long, unsigned long, long)
HWSIM_MINMAX(long long, long long, long long)
HWSIM_MINMAX(unsigned long long, unsigned long long, unsigned long long)
HWSIM_MINMAX(unsigned long long, long long, unsigned long long)
HWSIM_MINMAX(unsigned long long, unsigned long long, long long)
#undef HWSIM_MINMAX
// Floating-point min/max follow fminf/fmaxf: a NaN operand yields the other.
inline float min(float a, float b) { return std::fmin(a, b); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }
inline double min(float a, double b) { return std::fmin(double(a), b); }
inline double max(float a, double b) { return std::fmax(double(a), b); }
inline double min(double a, float b) { return std::fmin(a, double(b)); }
inline double max(double a, float b) { return std::fmax(a, double(b)); }
inline unsigned int umin(unsigned int a, unsigned int b) { return min(a, b); }
inline unsigned int umax(unsigned int a, unsigned int b) { return max(a, b); }
inline long long llmin(long long a, long long b) { return min(a, b); }
inline long long llmax(long long a, long long b) { return max(a, b); }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return min(a, b);
}
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return max(a, b);
}

// ---- bit reinterpretation and conversions -----------------------------------

inline int __float_as_int(float x) { return std::bit_cast<int>(x); }
inline float __int_as_float(int x) { return std::bit_cast<float>(x); }
inline unsigned int __float_as_uint(float x) {
  return std::bit_cast<unsigned>(x);
}
inline float __uint_as_float(unsigned int x) { return std::bit_cast<float>(x); }
inline long long __double_as_longlong(double x) {
  return std::bit_cast<long long>(x);
}
inline double __longlong_as_double(long long x) {
  return std::bit_cast<double>(x);
}
inline int __double2hiint(double x) {
  return static_cast<int>(std::bit_cast<unsigned long long>(x) >> 32);
}
inline int __double2loint(double x) {
  return static_cast<int>(std::bit_cast<unsigned long long>(x));
}
inline double __hiloint2double(int hi, int lo) {
  return std::bit_cast<double>(
      (static_cast<unsigned long long>(static_cast<unsigned>(hi)) << 32) |
      static_cast<unsigned>(lo));
}

namespace hwsim::detail {
/// Converts an already integral-valued floating-point number to I the way
/// the GPU's cvt instructions do: NaN gives 0, out-of-range values saturate.
template <class I, class F> inline I saturateToInt(F rounded) {
  if (std::isnan(rounded))
    return 0;
  if (rounded <= static_cast<F>(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  // 2^bits as F is exact; anything at or above it does not fit.
  if (rounded >= std::ldexp(F(1), std::numeric_limits<I>::digits))
    return std::numeric_limits<I>::max();
  return static_cast<I>(rounded);
}
} // namespace hwsim::detail

#define HWSIM_CVT_FAMILY(Prefix, F, Suffix, I)                                 \
  inline I Prefix##2##Suffix##_rn(F x) {                                       \
    return ::hwsim::detail::saturateToInt<I>(__builtin_roundeven(x));          \
  }                                                                            \
  inline I Prefix##2##Suffix##_rz(F x) {                                       \
    return ::hwsim::detail::saturateToInt<I>(std::trunc(x));                   \
  }                                                                            \
  inline I Prefix##2##Suffix##_ru(F x) {                                       \
    return ::hwsim::detail::saturateToInt<I>(std::ceil(x));                    \
  }                                                                            \
  inline I Prefix##2##Suffix##_rd(F x) {                                       \
    return ::hwsim::detail::saturateToInt<I>(std::floor(x));                   \
  }
HWSIM_CVT_FAMILY(__float, float, int, int)
HWSIM_CVT_FAMILY(__float, float, uint, unsigned int)
HWSIM_CVT_FAMILY(__float, float, ll, long long)
HWSIM_CVT_FAMILY(__float, float, ull, unsigned long long)
HWSIM_CVT_FAMILY(__double, double, int, int)
HWSIM_CVT_FAMILY(__double, double, uint, unsigned int)
HWSIM_CVT_FAMILY(__double, double, ll, long long)
HWSIM_CVT_FAMILY(__double, double, ull, unsigned long long)
#undef HWSIM_CVT_FAMILY

// Integer to floating point and double to float round to nearest even (the
// host's default rounding mode).
inline float __int2float_rn(int x) { return static_cast<float>(x); }
inline float __uint2float_rn(unsigned int x) { return static_cast<float>(x); }
inline float __ll2float_rn(long long x) { return static_cast<float>(x); }
inline float __ull2float_rn(unsigned long long x) {
  return static_cast<float>(x);
}
inline double __int2double_rn(int x) { return x; }
inline double __uint2double_rn(unsigned int x) { return x; }
inline double __ll2double_rn(long long x) { return static_cast<double>(x); }
inline double __ull2double_rn(unsigned long long x) {
  return static_cast<double>(x);
}
inline float __double2float_rn(double x) { return static_cast<float>(x); }

// ---- floating-point intrinsics ----------------------------------------------

// Arithmetic in an explicit rounding mode. The operands are copied into, and
// the result out of, volatile objects between the two mode switches, so
// no compiler can fold the operation or move it across them (clang also
// gets FENV_ACCESS; GCC has no such pragma).
#if defined(__clang__)
#define HWSIM_FENV_ACCESS _Pragma("STDC FENV_ACCESS ON")
#else
#define HWSIM_FENV_ACCESS
#endif
#define HWSIM_ROUNDED(Name, T, Mode, Params, Expr)                             \
  inline T Name Params {                                                       \
    HWSIM_FENV_ACCESS                                                          \
    const int saved = std::fegetround();                                       \
    std::fesetround(Mode);                                                     \
    volatile T result = Expr;                                                  \
    const T value = result;                                                    \
    std::fesetround(saved);                                                    \
    return value;                                                              \
  }
#define HWSIM_ROUNDED_FAMILY(Stem, T, Params, Expr)                            \
  HWSIM_ROUNDED(Stem##_rn, T, FE_TONEAREST, Params, Expr)                      \
  HWSIM_ROUNDED(Stem##_rz, T, FE_TOWARDZERO, Params, Expr)                     \
  HWSIM_ROUNDED(Stem##_ru, T, FE_UPWARD, Params, Expr)                         \
  HWSIM_ROUNDED(Stem##_rd, T, FE_DOWNWARD, Params, Expr)
namespace hwsim::detail {
/// A copy the compiler must really make (and cannot constant-fold) at this
/// point of the program: a volatile object, not just a volatile access.
template <class T> inline T opaque(T x) {
  volatile T copy = x;
  return copy;
}
} // namespace hwsim::detail
#define HWSIM_V(x) ::hwsim::detail::opaque(x)
HWSIM_ROUNDED_FAMILY(__fadd, float, (float a, float b), HWSIM_V(a) + HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__fsub, float, (float a, float b), HWSIM_V(a) - HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__fmul, float, (float a, float b), HWSIM_V(a) * HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__fdiv, float, (float a, float b), HWSIM_V(a) / HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__fmaf, float, (float a, float b, float c),
                     std::fma(HWSIM_V(a), HWSIM_V(b), HWSIM_V(c)))
HWSIM_ROUNDED_FAMILY(__frcp, float, (float a), 1.0f / HWSIM_V(a))
HWSIM_ROUNDED_FAMILY(__fsqrt, float, (float a), std::sqrt(HWSIM_V(a)))
HWSIM_ROUNDED_FAMILY(__dadd, double, (double a, double b),
                     HWSIM_V(a) + HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__dsub, double, (double a, double b),
                     HWSIM_V(a) - HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__dmul, double, (double a, double b),
                     HWSIM_V(a) * HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__ddiv, double, (double a, double b),
                     HWSIM_V(a) / HWSIM_V(b))
HWSIM_ROUNDED_FAMILY(__fma, double, (double a, double b, double c),
                     std::fma(HWSIM_V(a), HWSIM_V(b), HWSIM_V(c)))
HWSIM_ROUNDED_FAMILY(__drcp, double, (double a), 1.0 / HWSIM_V(a))
HWSIM_ROUNDED_FAMILY(__dsqrt, double, (double a), std::sqrt(HWSIM_V(a)))
#undef HWSIM_V
#undef HWSIM_ROUNDED_FAMILY
#undef HWSIM_ROUNDED
#undef HWSIM_FENV_ACCESS

inline float __fmaf_ieee_rn(float a, float b, float c) {
  return std::fma(a, b, c);
}
inline float __frsqrt_rn(float x) { return 1.0f / std::sqrt(x); }
inline float __expf(float x) { return std::exp(x); }
inline float __exp10f(float x) { return std::pow(10.0f, x); }
inline float __logf(float x) { return std::log(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __tanf(float x) { return std::tan(x); }
inline void __sincosf(float x, float *s, float *c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline float __powf(float x, float y) { return std::pow(x, y); }
inline float __fdividef(float x, float y) { return x / y; }
inline float fdividef(float x, float y) { return x / y; }
inline double fdivide(double x, double y) { return x / y; }
/// Clamps to [0, 1]; NaN gives 0.
inline float __saturatef(float x) {
  return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
}
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / std::cbrt(x); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline float rhypotf(float x, float y) { return 1.0f / std::hypot(x, y); }
inline double rhypot(double x, double y) { return 1.0 / std::hypot(x, y); }
inline float norm3df(float a, float b, float c) {
  return static_cast<float>(
      std::sqrt(double(a) * a + double(b) * b + double(c) * c));
}
inline float rnorm3df(float a, float b, float c) {
  return 1.0f / norm3df(a, b, c);
}
inline float norm4df(float a, float b, float c, float d) {
  return static_cast<float>(
      std::sqrt(double(a) * a + double(b) * b + double(c) * c + double(d) * d));
}
inline float normf(int dim, const float *p) {
  double sum = 0.0;
  for (int i = 0; i < dim; ++i)
    sum += double(p[i]) * p[i];
  return static_cast<float>(std::sqrt(sum));
}
inline float rnormf(int dim, const float *p) { return 1.0f / normf(dim, p); }

// sinpi/cospi: C23 functions glibc only has from 2.41 on. Multiples of 1/2
// are exact, as on the GPU.
#if !(defined(__GLIBC__) && defined(__GLIBC_PREREQ) && __GLIBC_PREREQ(2, 41))
namespace hwsim::detail {
template <class F> inline F sinPi(F x) {
  if (!std::isfinite(x))
    return std::numeric_limits<F>::quiet_NaN();
  F r = std::fmod(x, F(2)); // exact
  if (r == std::trunc(r))
    return std::copysign(F(0), x);
  if (std::fabs(r) == F(0.5) || std::fabs(r) == F(1.5))
    return (r > 0) == (std::fabs(r) == F(0.5)) ? F(1) : F(-1);
  return static_cast<F>(std::sin(static_cast<long double>(r) *
                                 3.141592653589793238462643383279502884L));
}
template <class F> inline F cosPi(F x) {
  if (!std::isfinite(x))
    return std::numeric_limits<F>::quiet_NaN();
  F r = std::fabs(std::fmod(x, F(2)));
  if (r == F(0.5) || r == F(1.5))
    return F(0);
  if (r == F(0))
    return F(1);
  if (r == F(1))
    return F(-1);
  return static_cast<F>(std::cos(static_cast<long double>(r) *
                                 3.141592653589793238462643383279502884L));
}
} // namespace hwsim::detail
inline float sinpif(float x) { return hwsim::detail::sinPi(x); }
inline float cospif(float x) { return hwsim::detail::cosPi(x); }
inline double sinpi(double x) { return hwsim::detail::sinPi(x); }
inline double cospi(double x) { return hwsim::detail::cosPi(x); }
#endif
inline void sincospif(float x, float *s, float *c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline void sincospi(double x, double *s, double *c) {
  *s = sinpi(x);
  *c = cospi(x);
}
// glibc declares sincosf, sincos and exp10f as GNU extensions; elsewhere:
#if !defined(__GLIBC__)
inline void sincosf(float x, float *s, float *c) { __sincosf(x, s, c); }
inline void sincos(double x, double *s, double *c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline float exp10f(float x) { return std::pow(10.0f, x); }
inline double exp10(double x) { return std::pow(10.0, x); }
#endif

// ---- time, loads, traps
// ------------------------------------------------------

// A kernel's clock() is C's (process CPU time, non-decreasing); clock64() is
// a monotonic nanosecond counter.
inline long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
inline long long wall_clock64() { return clock64(); }
inline long long __clock64() { return clock64(); }
/// Sleeping would stall every fiber of the block on this OS thread; instead
/// the thread yields as a poll does (lockstep.h), so that in a wait loop the
/// thread it waits for gets to run.
inline void __nanosleep(unsigned int) {
  ::hwsim::detail::atomicPolled(nullptr, 0);
}

// Cache-hinted loads and stores are plain memory accesses on a CPU.
template <class T> inline T __ldg(const T *p) { return *p; }
template <class T> inline T __ldca(const T *p) { return *p; }
template <class T> inline T __ldcg(const T *p) { return *p; }
template <class T> inline T __ldcs(const T *p) { return *p; }
template <class T> inline T __ldlu(const T *p) { return *p; }
template <class T> inline T __ldcv(const T *p) { return *p; }
template <class T> inline void __stwb(T *p, T v) { *p = v; }
template <class T> inline void __stcg(T *p, T v) { *p = v; }
template <class T> inline void __stcs(T *p, T v) { *p = v; }
template <class T> inline void __stwt(T *p, T v) { *p = v; }

namespace hwsim::detail {
[[noreturn]] void trapKernel(const char *what);
}
/// A kernel trap aborts the launch with cudaErrorLaunchFailure, sticky (see
/// the header comment of core.h).
[[noreturn]] inline void __trap() { hwsim::detail::trapKernel("__trap()"); }
/// Without a debugger attached, a GPU breakpoint traps.
[[noreturn]] inline void __brkpt() {
  hwsim::detail::trapKernel("__brkpt() with no debugger attached");
}

#endif // HIPWRIGHT_SIM_HWSIM_DEVICE_FUNCTIONS_H
