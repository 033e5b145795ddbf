//===- hwsim/simd_video.h - CUDA's SIMD video intrinsics and dot products -===//
//
// __vadd2, __vmaxs4, __vsadu4, ... (two 16-bit or four 8-bit lanes in a
// word) and __dp4a/__dp2a_lo/__dp2a_hi, for CUDA programs run on the CPU.
// Written from the PTX ISA's definition of the instructions behind them
// (vadd2/vadd4, vsub, vavrg, vabsdiff, vmin, vmax, vset, each lane
// sign- or zero-extended, computed exactly, then wrapped, clamped (.sat) or
// summed (.add)), on purpose not from hipwright_cuda_compat.h: a ported
// program runs that header, the original runs this, and verify compares.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_SIMD_VIDEO_H
#define HIPWRIGHT_SIM_HWSIM_SIMD_VIDEO_H

#include <cstdint>
#include <cstdlib>

#include "vector_types.h"

namespace hwsim::simd {

/// A word split into N lanes of 32/N bits, each widened to 64 bits.
template <int N> struct Lanes {
  long long v[N];
};
template <int N> inline Lanes<N> split(unsigned w, bool isSigned) {
  constexpr int Bits = 32 / N;
  Lanes<N> L;
  for (int i = 0; i < N; ++i) {
    unsigned long long u = (w >> (i * Bits)) & ((1ull << Bits) - 1);
    L.v[i] = isSigned && (u >> (Bits - 1))
                 ? static_cast<long long>(u) - (1ll << Bits)
                 : static_cast<long long>(u);
  }
  return L;
}
/// Packs the low 32/N bits of each lane.
template <int N> inline unsigned join(const Lanes<N> &L) {
  constexpr int Bits = 32 / N;
  unsigned w = 0;
  for (int i = 0; i < N; ++i)
    w |= static_cast<unsigned>(static_cast<unsigned long long>(L.v[i]) &
                               ((1ull << Bits) - 1))
         << (i * Bits);
  return w;
}
enum class Sat { None, Signed, Unsigned };
template <int N> inline long long clampLane(long long x, Sat s) {
  constexpr int Bits = 32 / N;
  long long lo = 0, hi = 0;
  if (s == Sat::None)
    return x;
  if (s == Sat::Signed) {
    lo = -(1ll << (Bits - 1));
    hi = (1ll << (Bits - 1)) - 1;
  } else {
    hi = (1ll << Bits) - 1;
  }
  return x < lo ? lo : x > hi ? hi : x;
}
enum class Op { Add, Sub, Avg, AbsDiff, Min, Max, Eq, Ne, Lt, Le, Gt, Ge };
template <int N>
inline Lanes<N> apply(Op op, unsigned a, unsigned b, bool isSigned, Sat s) {
  Lanes<N> A = split<N>(a, isSigned), B = split<N>(b, isSigned), R;
  for (int i = 0; i < N; ++i) {
    long long x = A.v[i], y = B.v[i], t = 0;
    switch (op) {
    case Op::Add:
      t = x + y;
      break;
    case Op::Sub:
      t = x - y;
      break;
    case Op::Avg:
      t = (x + y >= 0) ? (x + y + 1) >> 1 : (x + y) >> 1;
      break;
    case Op::AbsDiff:
      t = std::llabs(x - y);
      break;
    case Op::Min:
      t = x < y ? x : y;
      break;
    case Op::Max:
      t = x > y ? x : y;
      break;
    case Op::Eq:
      t = x == y;
      break;
    case Op::Ne:
      t = x != y;
      break;
    case Op::Lt:
      t = x < y;
      break;
    case Op::Le:
      t = x <= y;
      break;
    case Op::Gt:
      t = x > y;
      break;
    case Op::Ge:
      t = x >= y;
      break;
    }
    R.v[i] = clampLane<N>(t, s);
  }
  return R;
}
template <int N> inline unsigned set(Op op, unsigned a, unsigned b, bool sgn) {
  return join<N>(apply<N>(op, a, b, sgn, Sat::None));
}
/// vcmp: the vset result with each 1 widened to all ones.
template <int N> inline unsigned cmp(Op op, unsigned a, unsigned b, bool sgn) {
  Lanes<N> R = apply<N>(op, a, b, sgn, Sat::None);
  for (long long &x : R.v)
    x = -x;
  return join<N>(R);
}
template <int N> inline unsigned sad(unsigned a, unsigned b, bool sgn) {
  Lanes<N> R = apply<N>(Op::AbsDiff, a, b, sgn, Sat::None);
  unsigned long long sum = 0;
  for (long long x : R.v)
    sum += static_cast<unsigned long long>(x);
  return static_cast<unsigned>(sum);
}

} // namespace hwsim::simd

#define HWSIM_SIMD_2_4(NAME, BODY)                                             \
  inline unsigned int NAME##2(unsigned int a, unsigned int b) {                \
    constexpr int N = 2;                                                       \
    return BODY;                                                               \
  }                                                                            \
  inline unsigned int NAME##4(unsigned int a, unsigned int b) {                \
    constexpr int N = 4;                                                       \
    return BODY;                                                               \
  }
#define HWSIM_SIMD_UNARY_2_4(NAME, BODY)                                       \
  inline unsigned int NAME##2(unsigned int a) {                                \
    constexpr int N = 2;                                                       \
    unsigned int b = 0;                                                        \
    return BODY;                                                               \
  }                                                                            \
  inline unsigned int NAME##4(unsigned int a) {                                \
    constexpr int N = 4;                                                       \
    unsigned int b = 0;                                                        \
    return BODY;                                                               \
  }

#define HWSIM_J(op, sgn, sat)                                                  \
  ::hwsim::simd::join<N>(::hwsim::simd::apply<N>(                              \
      ::hwsim::simd::Op::op, a, b, sgn, ::hwsim::simd::Sat::sat))
HWSIM_SIMD_2_4(__vadd, HWSIM_J(Add, false, None))
HWSIM_SIMD_2_4(__vaddss, HWSIM_J(Add, true, Signed))
HWSIM_SIMD_2_4(__vaddus, HWSIM_J(Add, false, Unsigned))
HWSIM_SIMD_2_4(__vsub, HWSIM_J(Sub, false, None))
HWSIM_SIMD_2_4(__vsubss, HWSIM_J(Sub, true, Signed))
HWSIM_SIMD_2_4(__vsubus, HWSIM_J(Sub, false, Unsigned))
HWSIM_SIMD_2_4(__vavgs, HWSIM_J(Avg, true, None))
HWSIM_SIMD_2_4(__vavgu, HWSIM_J(Avg, false, None))
HWSIM_SIMD_2_4(__vabsdiffs, HWSIM_J(AbsDiff, true, None))
HWSIM_SIMD_2_4(__vabsdiffu, HWSIM_J(AbsDiff, false, None))
HWSIM_SIMD_2_4(__vmins, HWSIM_J(Min, true, None))
HWSIM_SIMD_2_4(__vminu, HWSIM_J(Min, false, None))
HWSIM_SIMD_2_4(__vmaxs, HWSIM_J(Max, true, None))
HWSIM_SIMD_2_4(__vmaxu, HWSIM_J(Max, false, None))
// vhaddu: the unsigned sum halved, rounding down (no PTX vavrg rounding).
HWSIM_SIMD_2_4(__vhaddu, ::hwsim::simd::join<N>([&] {
                 auto A = ::hwsim::simd::split<N>(a, false);
                 auto B = ::hwsim::simd::split<N>(b, false);
                 for (int i = 0; i < N; ++i)
                   A.v[i] = (A.v[i] + B.v[i]) / 2;
                 return A;
               }()))
HWSIM_SIMD_UNARY_2_4(__vabs, HWSIM_J(AbsDiff, true, None))
HWSIM_SIMD_UNARY_2_4(__vabsss, HWSIM_J(AbsDiff, true, Signed))
// Negation is 0 - a.
HWSIM_SIMD_UNARY_2_4(__vneg, ::hwsim::simd::join<N>(::hwsim::simd::apply<N>(
                                 ::hwsim::simd::Op::Sub, b, a, true,
                                 ::hwsim::simd::Sat::None)))
HWSIM_SIMD_UNARY_2_4(__vnegss, ::hwsim::simd::join<N>(::hwsim::simd::apply<N>(
                                   ::hwsim::simd::Op::Sub, b, a, true,
                                   ::hwsim::simd::Sat::Signed)))
#define HWSIM_SIMD_COMPARE(OP, NAME)                                           \
  HWSIM_SIMD_2_4(__vset##NAME##s,                                              \
                 ::hwsim::simd::set<N>(::hwsim::simd::Op::OP, a, b, true))     \
  HWSIM_SIMD_2_4(__vset##NAME##u,                                              \
                 ::hwsim::simd::set<N>(::hwsim::simd::Op::OP, a, b, false))    \
  HWSIM_SIMD_2_4(__vcmp##NAME##s,                                              \
                 ::hwsim::simd::cmp<N>(::hwsim::simd::Op::OP, a, b, true))     \
  HWSIM_SIMD_2_4(__vcmp##NAME##u,                                              \
                 ::hwsim::simd::cmp<N>(::hwsim::simd::Op::OP, a, b, false))
HWSIM_SIMD_COMPARE(Lt, lt)
HWSIM_SIMD_COMPARE(Le, le)
HWSIM_SIMD_COMPARE(Gt, gt)
HWSIM_SIMD_COMPARE(Ge, ge)
HWSIM_SIMD_2_4(__vseteq,
               ::hwsim::simd::set<N>(::hwsim::simd::Op::Eq, a, b, false))
HWSIM_SIMD_2_4(__vsetne,
               ::hwsim::simd::set<N>(::hwsim::simd::Op::Ne, a, b, false))
HWSIM_SIMD_2_4(__vcmpeq,
               ::hwsim::simd::cmp<N>(::hwsim::simd::Op::Eq, a, b, false))
HWSIM_SIMD_2_4(__vcmpne,
               ::hwsim::simd::cmp<N>(::hwsim::simd::Op::Ne, a, b, false))
HWSIM_SIMD_2_4(__vsads, ::hwsim::simd::sad<N>(a, b, true))
HWSIM_SIMD_2_4(__vsadu, ::hwsim::simd::sad<N>(a, b, false))
#undef HWSIM_SIMD_COMPARE
#undef HWSIM_J
#undef HWSIM_SIMD_UNARY_2_4
#undef HWSIM_SIMD_2_4

// Dot products: lanes multiplied, summed with c, wrapping at 32 bits.
namespace hwsim::simd {
inline unsigned dot(unsigned a, int aLanes, bool aSigned, unsigned b,
                    int bFirst, int n, bool bSigned, unsigned c) {
  unsigned long long sum = c;
  for (int i = 0; i < n; ++i) {
    int aBits = 32 / aLanes;
    unsigned long long ua = (a >> (i * aBits)) & ((1ull << aBits) - 1);
    unsigned long long ub = (b >> ((bFirst + i) * 8)) & 0xffull;
    long long x = aSigned && (ua >> (aBits - 1))
                      ? (long long)ua - (1ll << aBits)
                      : (long long)ua;
    long long y = bSigned && (ub >> 7) ? (long long)ub - 256 : (long long)ub;
    sum += static_cast<unsigned long long>(x * y);
  }
  return static_cast<unsigned>(sum);
}
inline unsigned pack(char4 v) {
  return (unsigned char)v.x | ((unsigned char)v.y << 8) |
         ((unsigned char)v.z << 16) | ((unsigned)(unsigned char)v.w << 24);
}
inline unsigned pack(uchar4 v) {
  return v.x | (v.y << 8) | (v.z << 16) | ((unsigned)v.w << 24);
}
inline unsigned pack(short2 v) {
  return (unsigned short)v.x | ((unsigned)(unsigned short)v.y << 16);
}
inline unsigned pack(ushort2 v) { return v.x | ((unsigned)v.y << 16); }
} // namespace hwsim::simd

inline int __dp4a(int a, int b, int c) {
  return (int)hwsim::simd::dot(a, 4, true, b, 0, 4, true, c);
}
inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  return hwsim::simd::dot(a, 4, false, b, 0, 4, false, c);
}
inline int __dp4a(char4 a, char4 b, int c) {
  return __dp4a((int)hwsim::simd::pack(a), (int)hwsim::simd::pack(b), c);
}
inline unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  return __dp4a(hwsim::simd::pack(a), hwsim::simd::pack(b), c);
}
#define HWSIM_DP2A(HALF, FIRST)                                                \
  inline int __dp2a_##HALF(int a, int b, int c) {                              \
    return (int)hwsim::simd::dot(a, 2, true, b, FIRST, 2, true, c);            \
  }                                                                            \
  inline unsigned int __dp2a_##HALF(unsigned int a, unsigned int b,            \
                                    unsigned int c) {                          \
    return hwsim::simd::dot(a, 2, false, b, FIRST, 2, false, c);               \
  }                                                                            \
  inline int __dp2a_##HALF(short2 a, char4 b, int c) {                         \
    return __dp2a_##HALF((int)hwsim::simd::pack(a), (int)hwsim::simd::pack(b), \
                         c);                                                   \
  }                                                                            \
  inline unsigned int __dp2a_##HALF(ushort2 a, uchar4 b, unsigned int c) {     \
    return __dp2a_##HALF(hwsim::simd::pack(a), hwsim::simd::pack(b), c);       \
  }
HWSIM_DP2A(lo, 0)
HWSIM_DP2A(hi, 2)
#undef HWSIM_DP2A

#endif // HIPWRIGHT_SIM_HWSIM_SIMD_VIDEO_H
