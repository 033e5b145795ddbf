//===- hwsim/half.h - __half and __half2 (cuda_fp16.h / hip_fp16.h) -------===//
//
// __half holds an IEEE binary16 (_Float16) value. Every operation computes
// in float and rounds to half once, like the hardware's half instructions:
// float has 24 significand bits >= 2*11+2, so rounding a float sum, product
// or quotient of two halves again to half is the correctly rounded result.
// A fused multiply-add has no such guarantee, so __hfma rounds the exact
// a*b+c to odd in double first (53 >= 11+2 bits), which makes the final
// rounding to half correct too.
//
// CUDA and HIP share these names; the HIP-only spellings are at the end.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_HALF_H
#define HIPWRIGHT_SIM_HWSIM_HALF_H

#include "device_functions.h"
#include "vector_types.h"

#include <bit>
#include <cmath>

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

struct __half {
  _Float16 __x;

  __half() = default;
  constexpr __half(const __half_raw &raw)
      : __x(std::bit_cast<_Float16>(raw.x)) {}
  constexpr __half(float f) : __x(static_cast<_Float16>(f)) {}
  constexpr __half(double d) : __x(static_cast<_Float16>(d)) {}
  constexpr __half(int i) : __x(static_cast<_Float16>(i)) {}
  constexpr __half(unsigned int i) : __x(static_cast<_Float16>(i)) {}
  constexpr __half(short i) : __x(static_cast<_Float16>(i)) {}
  constexpr __half(unsigned short i) : __x(static_cast<_Float16>(i)) {}
  constexpr __half(long long i) : __x(static_cast<_Float16>(i)) {}
  constexpr __half(unsigned long long i) : __x(static_cast<_Float16>(i)) {}

  constexpr operator float() const { return static_cast<float>(__x); }
  constexpr operator __half_raw() const {
    return __half_raw{std::bit_cast<unsigned short>(__x)};
  }
};

struct __attribute__((aligned(4))) __half2 {
  __half x, y;

  __half2() = default;
  constexpr __half2(__half a, __half b) : x(a), y(b) {}
  constexpr __half2(const __half2_raw &raw)
      : x(__half_raw{raw.x}), y(__half_raw{raw.y}) {}
  constexpr operator __half2_raw() const {
    return __half2_raw{__half_raw(x).x, __half_raw(y).x};
  }
};

using __nv_half = __half;
using __nv_half2 = __half2;
using __nv_half_raw = __half_raw;
using __nv_half2_raw = __half2_raw;
using half = __half;
using half2 = __half2;

namespace hwsim::detail {
inline __half roundToHalf(float f) { return __half(f); }

/// a*b+c rounded once to half: a*b is exact in double (22 bits); the sum is
/// made round-to-odd in double so the conversion to half rounds correctly.
inline __half fusedHalf(__half a, __half b, __half c) {
  const double p = double(float(a)) * double(float(b));
  const double cc = float(c);
  const double s = p + cc;
  // Two-sum: the exact error of the rounded addition (finite inputs).
  const double bb = s - p;
  const double err = (p - (s - bb)) + (cc - bb);
  double odd = s;
  if (err != 0.0 && std::isfinite(s) &&
      (std::bit_cast<unsigned long long>(s) & 1ull) == 0)
    odd = std::nextafter(s, err > 0 ? INFINITY : -INFINITY);
  return __half(odd);
}
} // namespace hwsim::detail

// ---- conversions ------------------------------------------------------------

inline __half __float2half(float f) { return __half(f); }
inline __half __float2half_rn(float f) { return __half(f); }
inline __half __double2half(double d) { return __half(d); }
inline float __half2float(__half h) { return float(h); }
inline __half2 __float2half2_rn(float f) { return __half2(f, f); }
inline __half2 __floats2half2_rn(float a, float b) { return __half2(a, b); }
inline __half2 __float22half2_rn(float2 f) { return __half2(f.x, f.y); }
inline float2 __half22float2(__half2 h) {
  return make_float2(float(h.x), float(h.y));
}
inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }
inline __half2 __half2half2(__half a) { return __half2(a, a); }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline float __low2float(__half2 h) { return float(h.x); }
inline float __high2float(__half2 h) { return float(h.y); }
inline __half2 __low2half2(__half2 h) { return __half2(h.x, h.x); }
inline __half2 __high2half2(__half2 h) { return __half2(h.y, h.y); }
inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
inline __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }
inline short __half_as_short(__half h) { return std::bit_cast<short>(h.__x); }
inline unsigned short __half_as_ushort(__half h) {
  return std::bit_cast<unsigned short>(h.__x);
}
inline __half __short_as_half(short s) {
  return __half_raw{static_cast<unsigned short>(s)};
}
inline __half __ushort_as_half(unsigned short s) { return __half_raw{s}; }
inline int __half2int_rn(__half h) {
  return static_cast<int>(__builtin_roundevenf(float(h)));
}
inline int __half2int_rz(__half h) { return static_cast<int>(float(h)); }
inline int __half2int_rd(__half h) {
  return static_cast<int>(std::floor(float(h)));
}
inline int __half2int_ru(__half h) {
  return static_cast<int>(std::ceil(float(h)));
}
inline __half __int2half_rn(int i) { return __half(i); }
inline __half __uint2half_rn(unsigned int i) { return __half(i); }
inline __half __short2half_rn(short i) { return __half(i); }
inline unsigned int __half2uint_rz(__half h) {
  const float f = float(h);
  return f <= 0.0f || std::isnan(f) ? 0u : static_cast<unsigned>(f);
}
inline short __half2short_rz(__half h) { return static_cast<short>(float(h)); }

// ---- arithmetic -------------------------------------------------------------

inline __half __hadd(__half a, __half b) { return __half(float(a) + float(b)); }
inline __half __hsub(__half a, __half b) { return __half(float(a) - float(b)); }
inline __half __hmul(__half a, __half b) { return __half(float(a) * float(b)); }
inline __half __hdiv(__half a, __half b) { return __half(float(a) / float(b)); }
inline __half __hfma(__half a, __half b, __half c) {
  return hwsim::detail::fusedHalf(a, b, c);
}
inline __half __hneg(__half a) {
  return __ushort_as_half(__half_as_ushort(a) ^ 0x8000u);
}
inline __half __habs(__half a) {
  return __ushort_as_half(__half_as_ushort(a) & 0x7fffu);
}
/// _sat forms clamp to [0, 1]; NaN becomes 0.
inline __half __hsat(__half a) {
  const float f = float(a);
  return __half(f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f);
}
inline __half __hadd_sat(__half a, __half b) { return __hsat(__hadd(a, b)); }
inline __half __hsub_sat(__half a, __half b) { return __hsat(__hsub(a, b)); }
inline __half __hmul_sat(__half a, __half b) { return __hsat(__hmul(a, b)); }
inline __half __hfma_sat(__half a, __half b, __half c) {
  return __hsat(__hfma(a, b, c));
}
/// max/min return the other operand when one is NaN.
inline __half __hmax(__half a, __half b) {
  return __half(std::fmax(float(a), float(b)));
}
inline __half __hmin(__half a, __half b) {
  return __half(std::fmin(float(a), float(b)));
}

#define HWSIM_HALF2_UNARY(Name, Op)                                            \
  inline __half2 Name(__half2 a) { return __half2(Op(a.x), Op(a.y)); }
#define HWSIM_HALF2_BINARY(Name, Op)                                           \
  inline __half2 Name(__half2 a, __half2 b) {                                  \
    return __half2(Op(a.x, b.x), Op(a.y, b.y));                                \
  }
HWSIM_HALF2_BINARY(__hadd2, __hadd)
HWSIM_HALF2_BINARY(__hsub2, __hsub)
HWSIM_HALF2_BINARY(__hmul2, __hmul)
HWSIM_HALF2_BINARY(__h2div, __hdiv)
HWSIM_HALF2_BINARY(__hadd2_sat, __hadd_sat)
HWSIM_HALF2_BINARY(__hsub2_sat, __hsub_sat)
HWSIM_HALF2_BINARY(__hmul2_sat, __hmul_sat)
HWSIM_HALF2_BINARY(__hmax2, __hmax)
HWSIM_HALF2_BINARY(__hmin2, __hmin)
HWSIM_HALF2_UNARY(__hneg2, __hneg)
HWSIM_HALF2_UNARY(__habs2, __habs)
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
inline __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}

// ---- comparisons ------------------------------------------------------------
// The plain forms are false when either operand is NaN; the `u` forms
// (unordered) are true then.

#define HWSIM_HALF_COMPARE(Stem, Op)                                           \
  inline bool __h##Stem(__half a, __half b) {                                  \
    return !std::isunordered(float(a), float(b)) && float(a) Op float(b);      \
  }                                                                            \
  inline bool __h##Stem##u(__half a, __half b) {                               \
    return std::isunordered(float(a), float(b)) || float(a) Op float(b);       \
  }                                                                            \
  inline __half2 __h##Stem##2(__half2 a, __half2 b) {                          \
    return __half2(__half(__h##Stem(a.x, b.x) ? 1.0f : 0.0f),                  \
                   __half(__h##Stem(a.y, b.y) ? 1.0f : 0.0f));                 \
  }                                                                            \
  inline __half2 __h##Stem##u2(__half2 a, __half2 b) {                         \
    return __half2(__half(__h##Stem##u(a.x, b.x) ? 1.0f : 0.0f),               \
                   __half(__h##Stem##u(a.y, b.y) ? 1.0f : 0.0f));              \
  }                                                                            \
  inline bool __hb##Stem##2(__half2 a, __half2 b) {                            \
    return __h##Stem(a.x, b.x) && __h##Stem(a.y, b.y);                         \
  }                                                                            \
  inline bool __hb##Stem##u2(__half2 a, __half2 b) {                           \
    return __h##Stem##u(a.x, b.x) && __h##Stem##u(a.y, b.y);                   \
  }
HWSIM_HALF_COMPARE(eq, ==)
HWSIM_HALF_COMPARE(ne, !=)
HWSIM_HALF_COMPARE(lt, <)
HWSIM_HALF_COMPARE(le, <=)
HWSIM_HALF_COMPARE(gt, >)
HWSIM_HALF_COMPARE(ge, >=)
#undef HWSIM_HALF_COMPARE

inline bool __hisnan(__half a) { return std::isnan(float(a)); }
inline __half2 __hisnan2(__half2 a) {
  return __half2(__half(__hisnan(a.x) ? 1.0f : 0.0f),
                 __half(__hisnan(a.y) ? 1.0f : 0.0f));
}
/// -1 for -infinity, 1 for +infinity, else 0.
inline int __hisinf(__half a) {
  const float f = float(a);
  return std::isinf(f) ? (f < 0 ? -1 : 1) : 0;
}

// ---- math functions ---------------------------------------------------------

#define HWSIM_HALF_MATH(Name, Expr)                                            \
  inline __half Name(__half a) {                                               \
    const float x = float(a);                                                  \
    return __half(Expr);                                                       \
  }                                                                            \
  HWSIM_HALF2_UNARY(h2##Name, Name)
HWSIM_HALF_MATH(hsqrt, std::sqrt(x))
HWSIM_HALF_MATH(hrsqrt, 1.0f / std::sqrt(x))
HWSIM_HALF_MATH(hrcp, 1.0f / x)
HWSIM_HALF_MATH(hexp, std::exp(x))
HWSIM_HALF_MATH(hexp2, std::exp2(x))
HWSIM_HALF_MATH(hexp10, std::pow(10.0f, x))
HWSIM_HALF_MATH(hlog, std::log(x))
HWSIM_HALF_MATH(hlog2, std::log2(x))
HWSIM_HALF_MATH(hlog10, std::log10(x))
HWSIM_HALF_MATH(hsin, std::sin(x))
HWSIM_HALF_MATH(hcos, std::cos(x))
HWSIM_HALF_MATH(hfloor, std::floor(x))
HWSIM_HALF_MATH(hceil, std::ceil(x))
HWSIM_HALF_MATH(htrunc, std::trunc(x))
HWSIM_HALF_MATH(hrint, __builtin_roundevenf(x))
#undef HWSIM_HALF_MATH
#undef HWSIM_HALF2_BINARY
#undef HWSIM_HALF2_UNARY

// ---- operators --------------------------------------------------------------

inline __half operator+(const __half &a, const __half &b) {
  return __hadd(a, b);
}
inline __half operator-(const __half &a, const __half &b) {
  return __hsub(a, b);
}
inline __half operator*(const __half &a, const __half &b) {
  return __hmul(a, b);
}
inline __half operator/(const __half &a, const __half &b) {
  return __hdiv(a, b);
}
inline __half &operator+=(__half &a, const __half &b) { return a = a + b; }
inline __half &operator-=(__half &a, const __half &b) { return a = a - b; }
inline __half &operator*=(__half &a, const __half &b) { return a = a * b; }
inline __half &operator/=(__half &a, const __half &b) { return a = a / b; }
inline __half operator+(const __half &a) { return a; }
inline __half operator-(const __half &a) { return __hneg(a); }
inline __half &operator++(__half &a) { return a += __half(1.0f); }
inline __half &operator--(__half &a) { return a -= __half(1.0f); }
inline __half operator++(__half &a, int) {
  const __half old = a;
  ++a;
  return old;
}
inline __half operator--(__half &a, int) {
  const __half old = a;
  --a;
  return old;
}
inline bool operator==(const __half &a, const __half &b) { return __heq(a, b); }
// != is the unordered comparison (true when either side is NaN), as in C++.
inline bool operator!=(const __half &a, const __half &b) {
  return __hneu(a, b);
}
inline bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }
inline bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }
inline bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }
inline bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }

inline __half2 operator+(const __half2 &a, const __half2 &b) {
  return __hadd2(a, b);
}
inline __half2 operator-(const __half2 &a, const __half2 &b) {
  return __hsub2(a, b);
}
inline __half2 operator*(const __half2 &a, const __half2 &b) {
  return __hmul2(a, b);
}
inline __half2 operator/(const __half2 &a, const __half2 &b) {
  return __h2div(a, b);
}
inline __half2 &operator+=(__half2 &a, const __half2 &b) { return a = a + b; }
inline __half2 &operator-=(__half2 &a, const __half2 &b) { return a = a - b; }
inline __half2 &operator*=(__half2 &a, const __half2 &b) { return a = a * b; }
inline __half2 &operator/=(__half2 &a, const __half2 &b) { return a = a / b; }
inline __half2 operator+(const __half2 &a) { return a; }
inline __half2 operator-(const __half2 &a) { return __hneg2(a); }
inline bool operator==(const __half2 &a, const __half2 &b) {
  return __hbeq2(a, b);
}
inline bool operator!=(const __half2 &a, const __half2 &b) {
  return __hbneu2(a, b);
}
inline bool operator<(const __half2 &a, const __half2 &b) {
  return __hblt2(a, b);
}
inline bool operator<=(const __half2 &a, const __half2 &b) {
  return __hble2(a, b);
}
inline bool operator>(const __half2 &a, const __half2 &b) {
  return __hbgt2(a, b);
}
inline bool operator>=(const __half2 &a, const __half2 &b) {
  return __hbge2(a, b);
}

// ---- atomics ----------------------------------------------------------------

inline __half atomicAdd(__half *address, __half value) {
  return hwsim::detail::atomicUpdate(
      address, value, [value](__half old) { return __hadd(old, value); });
}
inline __half2 atomicAdd(__half2 *address, __half2 value) {
  return hwsim::detail::atomicUpdate(
      address, value, [value](__half2 old) { return __hadd2(old, value); });
}

#endif // HIPWRIGHT_SIM_HWSIM_HALF_H
