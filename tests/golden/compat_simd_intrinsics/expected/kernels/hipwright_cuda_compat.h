// hipwright_cuda_compat.h: equivalents of CUDA device functions that no
// ROCm header declares, written by `hipwright port` next to the files that
// call them. Generated; hipwright overwrites this file when it ports again.
//
// Every function is named hipwright_<the CUDA name without its leading
// underscores or its cuda/cu prefix>, so a reader can tell it from HIP's. Each
// is exact (bit for bit, including wrap-around, saturation and rounding) on
// every AMD target; where the hardware has an instruction for it (gfx942 and
// gfx950 have v_dot4_i32_i8 / v_dot4_u32_u8) that instruction is used, and
// when HIP runs on NVIDIA, device code calls CUDA's own intrinsic.
#ifndef HIPWRIGHT_CUDA_COMPAT_H
#define HIPWRIGHT_CUDA_COMPAT_H

#include <hip/hip_runtime.h>

#include <cfenv>
#include <cmath>
#include <type_traits>

#if defined(__HIP_PLATFORM_NVIDIA__) && defined(__CUDA_ARCH__)
#define HIPWRIGHT_COMPAT_ON_NVIDIA(...) return __VA_ARGS__
#else
#define HIPWRIGHT_COMPAT_ON_NVIDIA(...) (void)0
#endif

#if defined(__HIP_DEVICE_COMPILE__) && !defined(__HIP_PLATFORM_NVIDIA__) &&    \
    (defined(__gfx942__) || defined(__gfx950__) || defined(__gfx90a__) ||      \
     defined(__gfx908__))
#define HIPWRIGHT_COMPAT_HAS_DOT4 1
#endif

namespace hipwright_compat_detail {

// Lane I of X, W bits wide (8 or 16), as a signed and as an unsigned value.
template <int W> __host__ __device__ inline int signedLane(unsigned x, int i) {
  return static_cast<int>(x << (32 - W * (i + 1))) >> (32 - W);
}
template <int W>
__host__ __device__ inline unsigned unsignedLane(unsigned x, int i) {
  return (x >> (W * i)) & ((1u << W) - 1u);
}
template <int W> constexpr int kSignedMin = -(1 << (W - 1));
template <int W> constexpr int kSignedMax = (1 << (W - 1)) - 1;
template <int W> constexpr int kUnsignedMax = (1 << W) - 1;

__host__ __device__ inline int clampTo(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// Applies F(signed a, signed b, unsigned a, unsigned b) to each W-bit lane
// of A and B and packs the low W bits of each result.
template <int W, typename F>
__host__ __device__ inline unsigned eachLane(unsigned a, unsigned b, F f) {
  unsigned r = 0;
  for (int i = 0; i < 32 / W; ++i) {
    int v = f(signedLane<W>(a, i), signedLane<W>(b, i), unsignedLane<W>(a, i),
              unsignedLane<W>(b, i));
    r |= (static_cast<unsigned>(v) & ((1u << W) - 1u)) << (W * i);
  }
  return r;
}

// The sum over the lanes of F(...), for the sums of absolute differences.
template <int W, typename F>
__host__ __device__ inline unsigned sumLanes(unsigned a, unsigned b, F f) {
  unsigned r = 0;
  for (int i = 0; i < 32 / W; ++i)
    r += static_cast<unsigned>(f(signedLane<W>(a, i), signedLane<W>(b, i),
                                 unsignedLane<W>(a, i), unsignedLane<W>(b, i)));
  return r;
}

__host__ __device__ inline int absInt(int v) { return v < 0 ? -v : v; }

// CUDA's vector forms of the dot products take their lanes packed.
__host__ __device__ inline int packShort2(short2 v) {
  return static_cast<int>(
      static_cast<unsigned short>(v.x) |
      (static_cast<unsigned>(static_cast<unsigned short>(v.y)) << 16));
}
__host__ __device__ inline unsigned packUshort2(ushort2 v) {
  return static_cast<unsigned>(v.x) | (static_cast<unsigned>(v.y) << 16);
}
__host__ __device__ inline int packChar4(char4 v) {
  return static_cast<int>(
      static_cast<unsigned char>(v.x) |
      (static_cast<unsigned>(static_cast<unsigned char>(v.y)) << 8) |
      (static_cast<unsigned>(static_cast<unsigned char>(v.z)) << 16) |
      (static_cast<unsigned>(static_cast<unsigned char>(v.w)) << 24));
}
__host__ __device__ inline unsigned packUchar4(uchar4 v) {
  return static_cast<unsigned>(v.x) | (static_cast<unsigned>(v.y) << 8) |
         (static_cast<unsigned>(v.z) << 16) |
         (static_cast<unsigned>(v.w) << 24);
}

} // namespace hipwright_compat_detail

// ---- SIMD-within-a-word video intrinsics (__vadd2, __vmaxs4, ...) --------
// The suffix 2 works on two 16-bit halves, 4 on four bytes; s/u: signed or
// unsigned lanes; ss/us: saturated to the signed/unsigned lane range.
#define HIPWRIGHT_COMPAT_VBINARY(NAME, W, EXPR)                                \
  __host__ __device__ inline unsigned int hipwright_v##NAME(unsigned int a,    \
                                                            unsigned int b) {  \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__v##NAME(a, b));                               \
    using namespace hipwright_compat_detail;                                   \
    return eachLane<W>(a, b, [](int sa, int sb, unsigned ua, unsigned ub) {    \
      (void)sa, (void)sb, (void)ua, (void)ub;                                  \
      return static_cast<int>(EXPR);                                           \
    });                                                                        \
  }
#define HIPWRIGHT_COMPAT_VUNARY(NAME, W, EXPR)                                 \
  __host__ __device__ inline unsigned int hipwright_v##NAME(unsigned int a) {  \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__v##NAME(a));                                  \
    using namespace hipwright_compat_detail;                                   \
    return eachLane<W>(a, 0u, [](int sa, int, unsigned ua, unsigned) {         \
      (void)sa, (void)ua;                                                      \
      return static_cast<int>(EXPR);                                           \
    });                                                                        \
  }
#define HIPWRIGHT_COMPAT_VSUM(NAME, W, EXPR)                                   \
  __host__ __device__ inline unsigned int hipwright_v##NAME(unsigned int a,    \
                                                            unsigned int b) {  \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__v##NAME(a, b));                               \
    using namespace hipwright_compat_detail;                                   \
    return sumLanes<W>(a, b, [](int sa, int sb, unsigned ua, unsigned ub) {    \
      (void)sa, (void)sb, (void)ua, (void)ub;                                  \
      return static_cast<int>(EXPR);                                           \
    });                                                                        \
  }
// Each operation for both lane widths.
#define HIPWRIGHT_COMPAT_VBINARY24(NAME, EXPR2, EXPR4)                         \
  HIPWRIGHT_COMPAT_VBINARY(NAME##2, 16, EXPR2)                                 \
  HIPWRIGHT_COMPAT_VBINARY(NAME##4, 8, EXPR4)
#define HIPWRIGHT_COMPAT_VSAME24(NAME, EXPR)                                   \
  HIPWRIGHT_COMPAT_VBINARY(NAME##2, 16, EXPR)                                  \
  HIPWRIGHT_COMPAT_VBINARY(NAME##4, 8, EXPR)

// Wrap-around arithmetic (the low bits of the exact result).
HIPWRIGHT_COMPAT_VSAME24(add, ua + ub)
HIPWRIGHT_COMPAT_VSAME24(sub, static_cast<int>(ua) - static_cast<int>(ub))
// Saturated arithmetic.
HIPWRIGHT_COMPAT_VBINARY24(addss,
                           clampTo(sa + sb, kSignedMin<16>, kSignedMax<16>),
                           clampTo(sa + sb, kSignedMin<8>, kSignedMax<8>))
HIPWRIGHT_COMPAT_VBINARY24(subss,
                           clampTo(sa - sb, kSignedMin<16>, kSignedMax<16>),
                           clampTo(sa - sb, kSignedMin<8>, kSignedMax<8>))
HIPWRIGHT_COMPAT_VBINARY24(
    addus, clampTo(static_cast<int>(ua + ub), 0, kUnsignedMax<16>),
    clampTo(static_cast<int>(ua + ub), 0, kUnsignedMax<8>))
HIPWRIGHT_COMPAT_VBINARY24(
    subus, clampTo(static_cast<int>(ua) - static_cast<int>(ub), 0, 65535),
    clampTo(static_cast<int>(ua) - static_cast<int>(ub), 0, 255))
// Averages: signed rounds half away from zero, unsigned rounds half up;
// vhaddu truncates.
HIPWRIGHT_COMPAT_VSAME24(avgs, (sa + sb + (sa + sb >= 0 ? 1 : 0)) >> 1)
HIPWRIGHT_COMPAT_VSAME24(avgu, (ua + ub + 1u) >> 1)
HIPWRIGHT_COMPAT_VSAME24(haddu, (ua + ub) >> 1)
// Absolute differences (the result lane holds |a - b| as an unsigned value).
HIPWRIGHT_COMPAT_VSAME24(absdiffs, absInt(sa - sb))
HIPWRIGHT_COMPAT_VSAME24(absdiffu,
                         absInt(static_cast<int>(ua) - static_cast<int>(ub)))
// Minimum and maximum.
HIPWRIGHT_COMPAT_VSAME24(maxs, sa > sb ? sa : sb)
HIPWRIGHT_COMPAT_VSAME24(mins, sa < sb ? sa : sb)
HIPWRIGHT_COMPAT_VSAME24(maxu, ua > ub ? ua : ub)
HIPWRIGHT_COMPAT_VSAME24(minu, ua < ub ? ua : ub)
// Comparisons: vset* gives 1 per true lane, vcmp* all ones.
#define HIPWRIGHT_COMPAT_VCOMPARE(OP, SIGNED_TEST, UNSIGNED_TEST)              \
  HIPWRIGHT_COMPAT_VSAME24(set##OP##s, (SIGNED_TEST) ? 1 : 0)                  \
  HIPWRIGHT_COMPAT_VSAME24(set##OP##u, (UNSIGNED_TEST) ? 1 : 0)                \
  HIPWRIGHT_COMPAT_VSAME24(cmp##OP##s, (SIGNED_TEST) ? -1 : 0)                 \
  HIPWRIGHT_COMPAT_VSAME24(cmp##OP##u, (UNSIGNED_TEST) ? -1 : 0)
HIPWRIGHT_COMPAT_VCOMPARE(ge, sa >= sb, ua >= ub)
HIPWRIGHT_COMPAT_VCOMPARE(gt, sa > sb, ua > ub)
HIPWRIGHT_COMPAT_VCOMPARE(le, sa <= sb, ua <= ub)
HIPWRIGHT_COMPAT_VCOMPARE(lt, sa < sb, ua < ub)
HIPWRIGHT_COMPAT_VSAME24(seteq, ua == ub ? 1 : 0)
HIPWRIGHT_COMPAT_VSAME24(setne, ua != ub ? 1 : 0)
HIPWRIGHT_COMPAT_VSAME24(cmpeq, ua == ub ? -1 : 0)
HIPWRIGHT_COMPAT_VSAME24(cmpne, ua != ub ? -1 : 0)
// Unary: absolute value (wrapping, or saturated) and negation.
HIPWRIGHT_COMPAT_VUNARY(abs2, 16, absInt(sa))
HIPWRIGHT_COMPAT_VUNARY(abs4, 8, absInt(sa))
HIPWRIGHT_COMPAT_VUNARY(absss2, 16, clampTo(absInt(sa), 0, kSignedMax<16>))
HIPWRIGHT_COMPAT_VUNARY(absss4, 8, clampTo(absInt(sa), 0, kSignedMax<8>))
HIPWRIGHT_COMPAT_VUNARY(neg2, 16, -sa)
HIPWRIGHT_COMPAT_VUNARY(neg4, 8, -sa)
HIPWRIGHT_COMPAT_VUNARY(negss2, 16,
                        clampTo(-sa, kSignedMin<16>, kSignedMax<16>))
HIPWRIGHT_COMPAT_VUNARY(negss4, 8, clampTo(-sa, kSignedMin<8>, kSignedMax<8>))
// Sums of absolute differences over the lanes.
HIPWRIGHT_COMPAT_VSUM(sads2, 16, absInt(sa - sb))
HIPWRIGHT_COMPAT_VSUM(sads4, 8, absInt(sa - sb))
HIPWRIGHT_COMPAT_VSUM(sadu2, 16,
                      absInt(static_cast<int>(ua) - static_cast<int>(ub)))
HIPWRIGHT_COMPAT_VSUM(sadu4, 8,
                      absInt(static_cast<int>(ua) - static_cast<int>(ub)))

#undef HIPWRIGHT_COMPAT_VCOMPARE
#undef HIPWRIGHT_COMPAT_VSAME24
#undef HIPWRIGHT_COMPAT_VBINARY24
#undef HIPWRIGHT_COMPAT_VSUM
#undef HIPWRIGHT_COMPAT_VUNARY
#undef HIPWRIGHT_COMPAT_VBINARY

// ---- DPX: three-way and add-then min/max, ReLU (__vimax3_s32, ...) --------
// CUDA 12's DPX functions (sm_90 instructions, emulated on other NVIDIA
// GPUs). _s32/_u32 work on the whole word, _s16x2/_u16x2 on its two 16-bit
// halves, each computed alone and packed back. An add wraps (at 32 or 16
// bits) before the min or max, as CUDA's does; _relu clamps the result below
// at 0; __vibmax/__vibmin also store whether the first operand is the result
// (a >= b, a <= b; per half for the 16x2 forms).
namespace hipwright_compat_detail {
template <typename T> __host__ __device__ inline T maxOf(T a, T b) {
  return a < b ? b : a;
}
template <typename T> __host__ __device__ inline T minOf(T a, T b) {
  return b < a ? b : a;
}
// a + b wrapped at 32 bits, without signed overflow.
__host__ __device__ inline int addWrap(int a, int b) {
  return static_cast<int>(static_cast<unsigned int>(a) +
                          static_cast<unsigned int>(b));
}
// A lane sum wrapped at 16 bits, read back as a signed or unsigned half.
template <bool Signed> __host__ __device__ inline int wrap16(int v) {
  return Signed ? static_cast<int>(static_cast<unsigned int>(v) << 16) >> 16
                : (v & 0xffff);
}
// f applied to the halves of a, b and c (signed values when Signed); the low
// 16 bits of each result make up the word.
template <bool Signed, typename F>
__host__ __device__ inline unsigned int eachHalf(unsigned int a, unsigned int b,
                                                 unsigned int c, F f) {
  auto half = [](unsigned int w, int i) {
    return Signed ? signedLane<16>(w, i)
                  : static_cast<int>(unsignedLane<16>(w, i));
  };
  unsigned int out = 0;
  for (int i = 0; i < 2; ++i) {
    int r = f(half(a, i), half(b, i), half(c, i));
    out |= (static_cast<unsigned int>(r) & 0xffffu) << (16 * i);
  }
  return out;
}
} // namespace hipwright_compat_detail

#define HIPWRIGHT_COMPAT_DPX2(NAME, T, EXPR)                                   \
  __host__ __device__ inline T hipwright_##NAME(T a, T b) {                    \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__##NAME(a, b));                                \
    using namespace hipwright_compat_detail;                                   \
    return EXPR;                                                               \
  }
#define HIPWRIGHT_COMPAT_DPX3(NAME, T, EXPR)                                   \
  __host__ __device__ inline T hipwright_##NAME(T a, T b, T c) {               \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__##NAME(a, b, c));                             \
    using namespace hipwright_compat_detail;                                   \
    return EXPR;                                                               \
  }
// The 16x2 forms: EXPR over the halves x, y (and z) of a, b (and c).
#define HIPWRIGHT_COMPAT_DPX16_2(NAME, SIGNED, EXPR)                           \
  __host__ __device__ inline unsigned int hipwright_##NAME(unsigned int a,     \
                                                           unsigned int b) {   \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__##NAME(a, b));                                \
    using namespace hipwright_compat_detail;                                   \
    return eachHalf<SIGNED>(a, b, 0u, [](int x, int y, int) { return EXPR; }); \
  }
#define HIPWRIGHT_COMPAT_DPX16_3(NAME, SIGNED, EXPR)                           \
  __host__ __device__ inline unsigned int hipwright_##NAME(                    \
      unsigned int a, unsigned int b, unsigned int c) {                        \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__##NAME(a, b, c));                             \
    using namespace hipwright_compat_detail;                                   \
    return eachHalf<SIGNED>(a, b, c,                                           \
                            [](int x, int y, int z) { return EXPR; });         \
  }

HIPWRIGHT_COMPAT_DPX3(vimax3_s32, int, maxOf(maxOf(a, b), c))
HIPWRIGHT_COMPAT_DPX3(vimax3_u32, unsigned int, maxOf(maxOf(a, b), c))
HIPWRIGHT_COMPAT_DPX3(vimin3_s32, int, minOf(minOf(a, b), c))
HIPWRIGHT_COMPAT_DPX3(vimin3_u32, unsigned int, minOf(minOf(a, b), c))
HIPWRIGHT_COMPAT_DPX2(vimax_s32_relu, int, maxOf(maxOf(a, b), 0))
HIPWRIGHT_COMPAT_DPX2(vimin_s32_relu, int, maxOf(minOf(a, b), 0))
HIPWRIGHT_COMPAT_DPX3(vimax3_s32_relu, int, maxOf(maxOf(maxOf(a, b), c), 0))
HIPWRIGHT_COMPAT_DPX3(vimin3_s32_relu, int, maxOf(minOf(minOf(a, b), c), 0))
HIPWRIGHT_COMPAT_DPX3(viaddmax_s32, int, maxOf(addWrap(a, b), c))
HIPWRIGHT_COMPAT_DPX3(viaddmax_u32, unsigned int, maxOf(a + b, c))
HIPWRIGHT_COMPAT_DPX3(viaddmin_s32, int, minOf(addWrap(a, b), c))
HIPWRIGHT_COMPAT_DPX3(viaddmin_u32, unsigned int, minOf(a + b, c))
HIPWRIGHT_COMPAT_DPX3(viaddmax_s32_relu, int, maxOf(maxOf(addWrap(a, b), c), 0))
HIPWRIGHT_COMPAT_DPX3(viaddmin_s32_relu, int, maxOf(minOf(addWrap(a, b), c), 0))

HIPWRIGHT_COMPAT_DPX16_3(vimax3_s16x2, true, maxOf(maxOf(x, y), z))
HIPWRIGHT_COMPAT_DPX16_3(vimax3_u16x2, false, maxOf(maxOf(x, y), z))
HIPWRIGHT_COMPAT_DPX16_3(vimin3_s16x2, true, minOf(minOf(x, y), z))
HIPWRIGHT_COMPAT_DPX16_3(vimin3_u16x2, false, minOf(minOf(x, y), z))
HIPWRIGHT_COMPAT_DPX16_2(vimax_s16x2_relu, true, maxOf(maxOf(x, y), 0))
HIPWRIGHT_COMPAT_DPX16_2(vimin_s16x2_relu, true, maxOf(minOf(x, y), 0))
HIPWRIGHT_COMPAT_DPX16_3(vimax3_s16x2_relu, true,
                         maxOf(maxOf(maxOf(x, y), z), 0))
HIPWRIGHT_COMPAT_DPX16_3(vimin3_s16x2_relu, true,
                         maxOf(minOf(minOf(x, y), z), 0))
HIPWRIGHT_COMPAT_DPX16_3(viaddmax_s16x2, true, maxOf(wrap16<true>(x + y), z))
HIPWRIGHT_COMPAT_DPX16_3(viaddmax_u16x2, false, maxOf(wrap16<false>(x + y), z))
HIPWRIGHT_COMPAT_DPX16_3(viaddmin_s16x2, true, minOf(wrap16<true>(x + y), z))
HIPWRIGHT_COMPAT_DPX16_3(viaddmin_u16x2, false, minOf(wrap16<false>(x + y), z))
HIPWRIGHT_COMPAT_DPX16_3(viaddmax_s16x2_relu, true,
                         maxOf(maxOf(wrap16<true>(x + y), z), 0))
HIPWRIGHT_COMPAT_DPX16_3(viaddmin_s16x2_relu, true,
                         maxOf(minOf(wrap16<true>(x + y), z), 0))

#undef HIPWRIGHT_COMPAT_DPX16_3
#undef HIPWRIGHT_COMPAT_DPX16_2
#undef HIPWRIGHT_COMPAT_DPX3
#undef HIPWRIGHT_COMPAT_DPX2

// The max or min, and whether a is it.
__host__ __device__ inline int hipwright_vibmax_s32(int a, int b, bool *pred) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmax_s32(a, b, pred));
  *pred = a >= b;
  return *pred ? a : b;
}
__host__ __device__ inline unsigned int
hipwright_vibmax_u32(unsigned int a, unsigned int b, bool *pred) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmax_u32(a, b, pred));
  *pred = a >= b;
  return *pred ? a : b;
}
__host__ __device__ inline int hipwright_vibmin_s32(int a, int b, bool *pred) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmin_s32(a, b, pred));
  *pred = a <= b;
  return *pred ? a : b;
}
__host__ __device__ inline unsigned int
hipwright_vibmin_u32(unsigned int a, unsigned int b, bool *pred) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmin_u32(a, b, pred));
  *pred = a <= b;
  return *pred ? a : b;
}
namespace hipwright_compat_detail {
// Per half: the max (Max) or min of a and b, and whether a's half is it.
template <bool Signed, bool Max>
__host__ __device__ inline unsigned int
pickHalves(unsigned int a, unsigned int b, bool *hi, bool *lo) {
  bool took[2];
  int i = 0; // eachHalf visits the low half first
  unsigned int out = eachHalf<Signed>(a, b, 0u, [&](int x, int y, int) {
    took[i] = Max ? x >= y : x <= y;
    return took[i++] ? x : y;
  });
  *lo = took[0];
  *hi = took[1];
  return out;
}
} // namespace hipwright_compat_detail
__host__ __device__ inline unsigned int
hipwright_vibmax_s16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmax_s16x2(a, b, hi, lo));
  return hipwright_compat_detail::pickHalves<true, true>(a, b, hi, lo);
}
__host__ __device__ inline unsigned int
hipwright_vibmax_u16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmax_u16x2(a, b, hi, lo));
  return hipwright_compat_detail::pickHalves<false, true>(a, b, hi, lo);
}
__host__ __device__ inline unsigned int
hipwright_vibmin_s16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmin_s16x2(a, b, hi, lo));
  return hipwright_compat_detail::pickHalves<true, false>(a, b, hi, lo);
}
__host__ __device__ inline unsigned int
hipwright_vibmin_u16x2(unsigned int a, unsigned int b, bool *hi, bool *lo) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__vibmin_u16x2(a, b, hi, lo));
  return hipwright_compat_detail::pickHalves<false, false>(a, b, hi, lo);
}

// ---- integer dot products (__dp4a, __dp2a_lo, __dp2a_hi) -----------------
// Products of lanes summed into c, wrapping at 32 bits as CUDA's do.
__host__ __device__ inline int hipwright_dp4a(int a, int b, int c) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__dp4a(a, b, c));
#ifdef HIPWRIGHT_COMPAT_HAS_DOT4
  return __builtin_amdgcn_sdot4(a, b, c, false);
#else
  using namespace hipwright_compat_detail;
  unsigned r = static_cast<unsigned>(c);
  for (int i = 0; i < 4; ++i)
    r += static_cast<unsigned>(signedLane<8>(static_cast<unsigned>(a), i) *
                               signedLane<8>(static_cast<unsigned>(b), i));
  return static_cast<int>(r);
#endif
}
__host__ __device__ inline unsigned int
hipwright_dp4a(unsigned int a, unsigned int b, unsigned int c) {
  HIPWRIGHT_COMPAT_ON_NVIDIA(__dp4a(a, b, c));
#ifdef HIPWRIGHT_COMPAT_HAS_DOT4
  return __builtin_amdgcn_udot4(a, b, c, false);
#else
  using namespace hipwright_compat_detail;
  unsigned r = c;
  for (int i = 0; i < 4; ++i)
    r += unsignedLane<8>(a, i) * unsignedLane<8>(b, i);
  return r;
#endif
}
__host__ __device__ inline int hipwright_dp4a(char4 a, char4 b, int c) {
  return hipwright_dp4a(hipwright_compat_detail::packChar4(a),
                        hipwright_compat_detail::packChar4(b), c);
}
__host__ __device__ inline unsigned int hipwright_dp4a(uchar4 a, uchar4 b,
                                                       unsigned int c) {
  return hipwright_dp4a(hipwright_compat_detail::packUchar4(a),
                        hipwright_compat_detail::packUchar4(b), c);
}

namespace hipwright_compat_detail {
// a: two 16-bit lanes; b: bytes First and First + 1 of four.
__host__ __device__ inline int dp2aSigned(int a, int b, int c, int first) {
  unsigned r = static_cast<unsigned>(c);
  for (int i = 0; i < 2; ++i)
    r += static_cast<unsigned>(
        signedLane<16>(static_cast<unsigned>(a), i) *
        signedLane<8>(static_cast<unsigned>(b), first + i));
  return static_cast<int>(r);
}
__host__ __device__ inline unsigned dp2aUnsigned(unsigned a, unsigned b,
                                                 unsigned c, int first) {
  unsigned r = c;
  for (int i = 0; i < 2; ++i)
    r += unsignedLane<16>(a, i) * unsignedLane<8>(b, first + i);
  return r;
}
} // namespace hipwright_compat_detail

// _lo takes bytes 0 and 1 of b, _hi bytes 2 and 3.
#define HIPWRIGHT_COMPAT_DP2A(HALF, FIRST)                                     \
  __host__ __device__ inline int hipwright_dp2a_##HALF(int a, int b, int c) {  \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__dp2a_##HALF(a, b, c));                        \
    return hipwright_compat_detail::dp2aSigned(a, b, c, FIRST);                \
  }                                                                            \
  __host__ __device__ inline unsigned int hipwright_dp2a_##HALF(               \
      unsigned int a, unsigned int b, unsigned int c) {                        \
    HIPWRIGHT_COMPAT_ON_NVIDIA(__dp2a_##HALF(a, b, c));                        \
    return hipwright_compat_detail::dp2aUnsigned(a, b, c, FIRST);              \
  }                                                                            \
  __host__ __device__ inline int hipwright_dp2a_##HALF(short2 a, char4 b,      \
                                                       int c) {                \
    return hipwright_dp2a_##HALF(hipwright_compat_detail::packShort2(a),       \
                                 hipwright_compat_detail::packChar4(b), c);    \
  }                                                                            \
  __host__ __device__ inline unsigned int hipwright_dp2a_##HALF(               \
      ushort2 a, uchar4 b, unsigned int c) {                                   \
    return hipwright_dp2a_##HALF(hipwright_compat_detail::packUshort2(a),      \
                                 hipwright_compat_detail::packUchar4(b), c);   \
  }
HIPWRIGHT_COMPAT_DP2A(lo, 0)
HIPWRIGHT_COMPAT_DP2A(hi, 2)
#undef HIPWRIGHT_COMPAT_DP2A

// ---- directed rounding (__fadd_rd, __dmul_ru, __fmaf_rz, ...) -----------
// ROCm declares these only under OCML_BASIC_ROUNDED_OPERATIONS, which no HIP
// compile defines. The device library has the operations (add, sub, mul
// and fma in each rounding mode) and clang declares them, so on AMD each is
// one call. _rd rounds toward -infinity, _ru toward +infinity, _rz toward
// zero. Elsewhere (host code, a CPU runtime) the host's rounding mode is set
// around the operation; on NVIDIA device code calls CUDA's own.
namespace hipwright_compat_detail {
template <typename T, typename F> inline T roundedOnHost(int mode, F op) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  volatile T result = op(); // computed here, under the mode just set
  std::fesetround(saved);
  return result;
}
} // namespace hipwright_compat_detail

#if defined(__HIP_DEVICE_COMPILE__) && !defined(__HIP_PLATFORM_NVIDIA__)
#define HIPWRIGHT_COMPAT_ROUNDED_BODY(CUDA, OCML, MODE, T, ARGS, EXPR)         \
  return OCML ARGS;
#else
#define HIPWRIGHT_COMPAT_ROUNDED_BODY(CUDA, OCML, MODE, T, ARGS, EXPR)         \
  HIPWRIGHT_COMPAT_ON_NVIDIA(CUDA ARGS);                                       \
  return hipwright_compat_detail::roundedOnHost<T>(MODE, [&] {                 \
    volatile T va = a, vb = b, vc = c;                                         \
    (void)vc;                                                                  \
    return static_cast<T>(EXPR);                                               \
  });
#endif
#define HIPWRIGHT_COMPAT_ROUNDED2(NAME, T, OCML, MODE, EXPR)                   \
  __host__ __device__ inline T hipwright_##NAME(T a, T b) {                    \
    T c = 0;                                                                   \
    (void)c;                                                                   \
    HIPWRIGHT_COMPAT_ROUNDED_BODY(__##NAME, OCML, MODE, T, (a, b), EXPR)       \
  }
#define HIPWRIGHT_COMPAT_ROUNDED3(NAME, T, OCML, MODE, EXPR)                   \
  __host__ __device__ inline T hipwright_##NAME(T a, T b, T c) {               \
    HIPWRIGHT_COMPAT_ROUNDED_BODY(__##NAME, OCML, MODE, T, (a, b, c), EXPR)    \
  }
// One operation in the three directed modes, float and double.
#define HIPWRIGHT_COMPAT_ROUNDED_OP(ARITY, FNAME, DNAME, OP, EXPR)             \
  HIPWRIGHT_COMPAT_ROUNDED##ARITY(FNAME##_rd, float, __ocml_##OP##_rtn_f32,    \
                                  FE_DOWNWARD, EXPR)                           \
      HIPWRIGHT_COMPAT_ROUNDED##ARITY(FNAME##_ru, float,                       \
                                      __ocml_##OP##_rtp_f32, FE_UPWARD, EXPR)  \
          HIPWRIGHT_COMPAT_ROUNDED##ARITY(                                     \
              FNAME##_rz, float, __ocml_##OP##_rtz_f32, FE_TOWARDZERO, EXPR)   \
              HIPWRIGHT_COMPAT_ROUNDED##ARITY(DNAME##_rd, double,              \
                                              __ocml_##OP##_rtn_f64,           \
                                              FE_DOWNWARD, EXPR)               \
                  HIPWRIGHT_COMPAT_ROUNDED##ARITY(DNAME##_ru, double,          \
                                                  __ocml_##OP##_rtp_f64,       \
                                                  FE_UPWARD, EXPR)             \
                      HIPWRIGHT_COMPAT_ROUNDED##ARITY(DNAME##_rz, double,      \
                                                      __ocml_##OP##_rtz_f64,   \
                                                      FE_TOWARDZERO, EXPR)
HIPWRIGHT_COMPAT_ROUNDED_OP(2, fadd, dadd, add, va + vb)
HIPWRIGHT_COMPAT_ROUNDED_OP(2, fsub, dsub, sub, va - vb)
HIPWRIGHT_COMPAT_ROUNDED_OP(2, fmul, dmul, mul, va *vb)
HIPWRIGHT_COMPAT_ROUNDED_OP(3, fmaf, fma, fma, std::fma(va, vb, vc))
#undef HIPWRIGHT_COMPAT_ROUNDED_OP
#undef HIPWRIGHT_COMPAT_ROUNDED3
#undef HIPWRIGHT_COMPAT_ROUNDED2
#undef HIPWRIGHT_COMPAT_ROUNDED_BODY

// ---- nvcc's atomic built-ins (__nv_atomic_fetch_add, ..., CUDA 12.8+) ----
// nvcc compiles these itself; no header declares them and ROCm has nothing
// by their names. The port renames each (hipwright_atomic_fetch_add) and its
// order and scope constants (HIPWRIGHT_ATOMIC_ACQUIRE,
// HIPWRIGHT_THREAD_SCOPE_DEVICE), which keep CUDA's values. CUDA's orders
// have the values of the __ATOMIC_* orders that clang's atomic builtins take;
// its scopes become AMD memory scopes: a thread or block the workgroup (nvcc
// also runs a thread-scope atomic at block scope), a cluster or the device
// the agent (AMD has no clusters; the device holds any), the system the
// system. On NVIDIA the names are nvcc's own built-ins again, by macro: nvcc
// needs the order and scope as constants at the call, which a function in
// between would hide.
#if defined(__HIP_PLATFORM_NVIDIA__)
#define HIPWRIGHT_ATOMIC_RELAXED __NV_ATOMIC_RELAXED
#define HIPWRIGHT_ATOMIC_CONSUME __NV_ATOMIC_CONSUME
#define HIPWRIGHT_ATOMIC_ACQUIRE __NV_ATOMIC_ACQUIRE
#define HIPWRIGHT_ATOMIC_RELEASE __NV_ATOMIC_RELEASE
#define HIPWRIGHT_ATOMIC_ACQ_REL __NV_ATOMIC_ACQ_REL
#define HIPWRIGHT_ATOMIC_SEQ_CST __NV_ATOMIC_SEQ_CST
#define HIPWRIGHT_THREAD_SCOPE_THREAD __NV_THREAD_SCOPE_THREAD
#define HIPWRIGHT_THREAD_SCOPE_BLOCK __NV_THREAD_SCOPE_BLOCK
#define HIPWRIGHT_THREAD_SCOPE_CLUSTER __NV_THREAD_SCOPE_CLUSTER
#define HIPWRIGHT_THREAD_SCOPE_DEVICE __NV_THREAD_SCOPE_DEVICE
#define HIPWRIGHT_THREAD_SCOPE_SYSTEM __NV_THREAD_SCOPE_SYSTEM
#define hipwright_atomic_fetch_add __nv_atomic_fetch_add
#define hipwright_atomic_add __nv_atomic_add
#define hipwright_atomic_fetch_sub __nv_atomic_fetch_sub
#define hipwright_atomic_sub __nv_atomic_sub
#define hipwright_atomic_fetch_and __nv_atomic_fetch_and
#define hipwright_atomic_and __nv_atomic_and
#define hipwright_atomic_fetch_or __nv_atomic_fetch_or
#define hipwright_atomic_or __nv_atomic_or
#define hipwright_atomic_fetch_xor __nv_atomic_fetch_xor
#define hipwright_atomic_xor __nv_atomic_xor
#define hipwright_atomic_fetch_min __nv_atomic_fetch_min
#define hipwright_atomic_min __nv_atomic_min
#define hipwright_atomic_fetch_max __nv_atomic_fetch_max
#define hipwright_atomic_max __nv_atomic_max
#define hipwright_atomic_exchange_n __nv_atomic_exchange_n
#define hipwright_atomic_exchange __nv_atomic_exchange
#define hipwright_atomic_compare_exchange_n __nv_atomic_compare_exchange_n
#define hipwright_atomic_compare_exchange __nv_atomic_compare_exchange
#define hipwright_atomic_load_n __nv_atomic_load_n
#define hipwright_atomic_load __nv_atomic_load
#define hipwright_atomic_store_n __nv_atomic_store_n
#define hipwright_atomic_store __nv_atomic_store
#define hipwright_atomic_thread_fence __nv_atomic_thread_fence
#else
enum {
  HIPWRIGHT_ATOMIC_RELAXED = __ATOMIC_RELAXED,
  HIPWRIGHT_ATOMIC_CONSUME = __ATOMIC_CONSUME,
  HIPWRIGHT_ATOMIC_ACQUIRE = __ATOMIC_ACQUIRE,
  HIPWRIGHT_ATOMIC_RELEASE = __ATOMIC_RELEASE,
  HIPWRIGHT_ATOMIC_ACQ_REL = __ATOMIC_ACQ_REL,
  HIPWRIGHT_ATOMIC_SEQ_CST = __ATOMIC_SEQ_CST
};
enum {
  HIPWRIGHT_THREAD_SCOPE_THREAD = 0,
  HIPWRIGHT_THREAD_SCOPE_BLOCK = 1,
  HIPWRIGHT_THREAD_SCOPE_CLUSTER = 2,
  HIPWRIGHT_THREAD_SCOPE_DEVICE = 3,
  HIPWRIGHT_THREAD_SCOPE_SYSTEM = 4
};

// A runtime that runs a block's threads one at a time (a CPU runtime) must
// hear about a load that may be a wait for another thread; nothing else does.
#ifndef HIPWRIGHT_COMPAT_ATOMIC_POLL
#define HIPWRIGHT_COMPAT_ATOMIC_POLL(address, observed) (void)0
#endif

namespace hipwright_compat_detail {
// The value's type follows the pointer's, as nvcc converts the value
// (hipwright_atomic_fetch_add(&unsignedCounter, 1, ...)).
template <typename T> struct sameAs {
  using type = T;
};
template <typename T> using valueOf = typename sameAs<T>::type;

// clang's __HIP_MEMORY_SCOPE_* values, which only HIP compiles predefine.
enum { kWorkgroupScope = 3, kAgentScope = 4, kSystemScope = 5 };
__host__ __device__ constexpr int hipScope(int cudaScope) {
  return cudaScope <= HIPWRIGHT_THREAD_SCOPE_BLOCK    ? kWorkgroupScope
         : cudaScope == HIPWRIGHT_THREAD_SCOPE_SYSTEM ? kSystemScope
                                                      : kAgentScope;
}

// nvcc runs a compare-and-swap with the stronger of its two orders (an
// acquire and a release make acq_rel); the failure order is that one
// without its release half.
__host__ __device__ constexpr int strongerOrder(int a, int b) {
  if (a > b) {
    int t = a;
    a = b;
    b = t;
  }
  return a != b && a <= HIPWRIGHT_ATOMIC_ACQUIRE &&
                 b == HIPWRIGHT_ATOMIC_RELEASE
             ? HIPWRIGHT_ATOMIC_ACQ_REL
             : b;
}
__host__ __device__ constexpr int failureOrder(int order) {
  return order == HIPWRIGHT_ATOMIC_RELEASE   ? HIPWRIGHT_ATOMIC_RELAXED
         : order == HIPWRIGHT_ATOMIC_ACQ_REL ? HIPWRIGHT_ATOMIC_ACQUIRE
                                             : order;
}

// Loads, stores, exchanges and compare-and-swaps take any type of 1, 2, 4
// or 8 bytes; one that is not a number or a pointer travels as an unsigned
// integer of its size.
template <int Bytes> struct wordOf;
template <> struct wordOf<1> {
  using type = unsigned char;
};
template <> struct wordOf<2> {
  using type = unsigned short;
};
template <> struct wordOf<4> {
  using type = unsigned int;
};
template <> struct wordOf<8> {
  using type = unsigned long long;
};
template <typename T> __device__ inline auto *wordPointer(T *address) {
  static_assert(sizeof(T) <= 8 && (sizeof(T) & (sizeof(T) - 1)) == 0,
                "hipwright's __nv_atomic_* equivalents take types of 1, 2, "
                "4 or 8 bytes (AMD has no 16-byte atomics)");
  return reinterpret_cast<typename wordOf<sizeof(T)>::type *>(
      const_cast<std::remove_cv_t<T> *>(address));
}
template <typename T> __device__ inline auto asWord(const T &value) {
  return __builtin_bit_cast(typename wordOf<sizeof(T)>::type, value);
}
template <typename T, typename W> __device__ inline T fromWord(W word) {
  return __builtin_bit_cast(T, word);
}
} // namespace hipwright_compat_detail

#define HIPWRIGHT_COMPAT_ATOMIC_RMW(OP)                                        \
  template <typename T>                                                        \
  __device__ inline T hipwright_atomic_fetch_##OP(                             \
      T *address, hipwright_compat_detail::valueOf<T> value, int order,        \
      int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {                             \
    return __hip_atomic_fetch_##OP(address, value, order,                      \
                                   hipwright_compat_detail::hipScope(scope));  \
  }                                                                            \
  template <typename T>                                                        \
  __device__ inline void hipwright_atomic_##OP(                                \
      T *address, hipwright_compat_detail::valueOf<T> value, int order,        \
      int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {                             \
    (void)__hip_atomic_fetch_##OP(address, value, order,                       \
                                  hipwright_compat_detail::hipScope(scope));   \
  }
HIPWRIGHT_COMPAT_ATOMIC_RMW(add)
HIPWRIGHT_COMPAT_ATOMIC_RMW(sub)
HIPWRIGHT_COMPAT_ATOMIC_RMW(and)
HIPWRIGHT_COMPAT_ATOMIC_RMW(or)
HIPWRIGHT_COMPAT_ATOMIC_RMW(xor)
HIPWRIGHT_COMPAT_ATOMIC_RMW(min)
HIPWRIGHT_COMPAT_ATOMIC_RMW(max)
#undef HIPWRIGHT_COMPAT_ATOMIC_RMW

template <typename T>
__device__ inline T
hipwright_atomic_load_n(T *address, int order,
                        int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  using namespace hipwright_compat_detail;
  std::remove_cv_t<T> value;
  if constexpr (std::is_scalar_v<T>)
    value = __hip_atomic_load(address, order, hipScope(scope));
  else
    value = fromWord<std::remove_cv_t<T>>(
        __hip_atomic_load(wordPointer(address), order, hipScope(scope)));
  HIPWRIGHT_COMPAT_ATOMIC_POLL(address, value);
  return value;
}
template <typename T>
__device__ inline void
hipwright_atomic_load(T *address, T *result, int order,
                      int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  *result = hipwright_atomic_load_n(address, order, scope);
}

template <typename T>
__device__ inline void
hipwright_atomic_store_n(T *address, hipwright_compat_detail::valueOf<T> value,
                         int order, int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  using namespace hipwright_compat_detail;
  if constexpr (std::is_scalar_v<T>)
    __hip_atomic_store(address, value, order, hipScope(scope));
  else
    __hip_atomic_store(wordPointer(address), asWord(value), order,
                       hipScope(scope));
}
template <typename T>
__device__ inline void
hipwright_atomic_store(T *address, T *value, int order,
                       int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  hipwright_atomic_store_n(address, *value, order, scope);
}

template <typename T>
__device__ inline T hipwright_atomic_exchange_n(
    T *address, hipwright_compat_detail::valueOf<T> value, int order,
    int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  using namespace hipwright_compat_detail;
  if constexpr (std::is_scalar_v<T>)
    return __hip_atomic_exchange(address, value, order, hipScope(scope));
  else
    return fromWord<T>(__hip_atomic_exchange(
        wordPointer(address), asWord(value), order, hipScope(scope)));
}
template <typename T>
__device__ inline void
hipwright_atomic_exchange(T *address, T *value, T *old, int order,
                          int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  *old = hipwright_atomic_exchange_n(address, *value, order, scope);
}

// Always the strong form: nvcc ignores `weak` too.
template <typename T>
__device__ inline bool hipwright_atomic_compare_exchange_n(
    T *address, T *expected, hipwright_compat_detail::valueOf<T> desired,
    bool /*weak*/, int successOrder, int failureOrder,
    int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  using namespace hipwright_compat_detail;
  const int order = strongerOrder(successOrder, failureOrder);
  bool swapped;
  if constexpr (std::is_scalar_v<T>) {
    swapped = __hip_atomic_compare_exchange_strong(
        address, expected, desired, order,
        hipwright_compat_detail::failureOrder(order), hipScope(scope));
  } else {
    auto word = asWord(*expected);
    swapped = __hip_atomic_compare_exchange_strong(
        wordPointer(address), &word, asWord(desired), order,
        hipwright_compat_detail::failureOrder(order), hipScope(scope));
    *expected = fromWord<T>(word);
  }
  if (!swapped)
    HIPWRIGHT_COMPAT_ATOMIC_POLL(address, *expected);
  return swapped;
}
template <typename T>
__device__ inline bool
hipwright_atomic_compare_exchange(T *address, T *expected, T *desired,
                                  bool weak, int successOrder, int failureOrder,
                                  int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
  return hipwright_atomic_compare_exchange_n(address, expected, *desired, weak,
                                             successOrder, failureOrder, scope);
}

// A relaxed fence orders nothing; any other is HIP's sequentially consistent
// fence of the scope, which is at least as strong as the order asked for.
// A host compiler that reads this header (a .cpp that includes a header of
// the port) has no fences: the body is a HIP compile's only.
__device__ inline void
hipwright_atomic_thread_fence(int order,
                              int scope = HIPWRIGHT_THREAD_SCOPE_SYSTEM) {
#if defined(__HIPCC__)
  if (order == HIPWRIGHT_ATOMIC_RELAXED)
    return;
  if (scope <= HIPWRIGHT_THREAD_SCOPE_BLOCK)
    __threadfence_block();
  else if (scope == HIPWRIGHT_THREAD_SCOPE_SYSTEM)
    __threadfence_system();
  else
    __threadfence();
#else
  (void)order;
  (void)scope;
#endif
}
#endif // __HIP_PLATFORM_NVIDIA__

// ---- cooperative_groups::reduce and its operators ------------------------
// No ROCm release has cooperative_groups/reduce.h. These live in HIP's own
// namespace cooperative_groups, so a port keeps its qualifiers
// (`cg::hipwright_reduce(tile, v, cg::hipwright_plus<int>())`). The reduction
// is a tree over the group's ranks with shfl_down, combining a rank's value
// with the one `offset` ranks above it (the lower ranks' values stay on the
// left of the operator), then rank 0's result goes to every member, as
// CUDA's does. It takes any group with shfl_down, shfl, size and
// thread_rank (tiles, coalesced groups) and any operator. On NVIDIA the
// names are CUDA's own.
// (On NVIDIA, HIP's header stands for CUDA's cooperative_groups.h and
// cooperative_groups/reduce.h.)
#include <hip/hip_cooperative_groups.h>
#if defined(__HIP_PLATFORM_NVIDIA__)
// In CUDA's version namespace (cooperative_groups::__v1), where its tiles
// are, so that an unqualified call finds hipwright_reduce as it finds
// reduce: by argument-dependent lookup. The call inside is qualified: by
// argument-dependent lookup it would also find details::reduce, and with a
// lambda the two are ambiguous.
namespace cooperative_groups {
namespace _CG_NAMESPACE {
template <typename T> using hipwright_plus = plus<T>;
template <typename T> using hipwright_less = less<T>;
template <typename T> using hipwright_greater = greater<T>;
template <typename T> using hipwright_bit_and = bit_and<T>;
template <typename T> using hipwright_bit_or = bit_or<T>;
template <typename T> using hipwright_bit_xor = bit_xor<T>;
template <typename Group, typename T, typename Op>
__device__ inline decltype(auto) hipwright_reduce(const Group &group, T &&value,
                                                  Op &&op) {
  return ::cooperative_groups::reduce(group, static_cast<T &&>(value),
                                      static_cast<Op &&>(op));
}
template <typename Group, typename T>
__device__ inline T hipwright_shfl(const Group &group, const T &value,
                                   int src_rank) {
  return group.shfl(value, src_rank);
}
template <typename Group, typename T>
__device__ inline T hipwright_shfl_up(const Group &group, const T &value,
                                      unsigned int delta) {
  return group.shfl_up(value, delta);
}
template <typename Group, typename T>
__device__ inline T hipwright_shfl_down(const Group &group, const T &value,
                                        unsigned int delta) {
  return group.shfl_down(value, delta);
}
template <typename Group, typename T>
__device__ inline T hipwright_shfl_xor(const Group &group, const T &value,
                                       unsigned int lane_mask) {
  return group.shfl_xor(value, lane_mask);
}
} // namespace _CG_NAMESPACE
} // namespace cooperative_groups
#else
namespace hipwright_compat_detail {
// CUDA reduces any trivially copyable value; HIP's group shuffles take
// numbers only, so anything else moves as 32-bit words.
template <typename T, typename Shuffle>
__device__ inline T shuffleValue(const T &value, Shuffle shuffle) {
  if constexpr (std::is_arithmetic_v<T>) {
    return shuffle(value);
  } else {
    constexpr int kWords = (sizeof(T) + 3) / 4;
    unsigned int words[kWords] = {};
    __builtin_memcpy(words, &value, sizeof(T));
    for (int i = 0; i < kWords; ++i)
      words[i] = shuffle(words[i]);
    T out = value;
    __builtin_memcpy(&out, words, sizeof(T));
    return out;
  }
}
} // namespace hipwright_compat_detail
namespace cooperative_groups {
template <typename T> struct hipwright_plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};
template <typename T> struct hipwright_less {
  __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <typename T> struct hipwright_greater {
  __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T> struct hipwright_bit_and {
  __device__ T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct hipwright_bit_or {
  __device__ T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct hipwright_bit_xor {
  __device__ T operator()(T a, T b) const { return a ^ b; }
};
template <typename Group, typename T, typename Op>
__device__ inline std::decay_t<T> hipwright_reduce(const Group &group,
                                                   T &&value, Op &&op) {
  using V = std::decay_t<T>;
  V v = value;
  const unsigned int size = group.size();
  const unsigned int rank = group.thread_rank();
  for (unsigned int offset = 1; offset < size; offset *= 2) {
    V above = hipwright_compat_detail::shuffleValue(
        v, [&](auto x) { return group.shfl_down(x, offset); });
    if (rank + offset < size)
      v = op(v, above);
  }
  return hipwright_compat_detail::shuffleValue(
      v, [&](auto x) { return group.shfl(x, 0); });
}
// ---- group shuffles of values that are not numbers -------------------------
// `tile.shfl_xor(v, 1)` with v a struct or a vector type (a uint4): CUDA
// shuffles any trivially copyable value, HIP's group shuffles numbers only.
// The port calls these instead; the value moves as 32-bit words, each through
// the group's own shuffle with the same source rank, so every word comes from
// the same lane as CUDA's whole value does.
template <typename Group, typename T>
__device__ inline T hipwright_shfl(const Group &group, const T &value,
                                   int src_rank) {
  return hipwright_compat_detail::shuffleValue(
      value, [&](auto x) { return group.shfl(x, src_rank); });
}
template <typename Group, typename T>
__device__ inline T hipwright_shfl_up(const Group &group, const T &value,
                                      unsigned int delta) {
  return hipwright_compat_detail::shuffleValue(
      value, [&](auto x) { return group.shfl_up(x, delta); });
}
template <typename Group, typename T>
__device__ inline T hipwright_shfl_down(const Group &group, const T &value,
                                        unsigned int delta) {
  return hipwright_compat_detail::shuffleValue(
      value, [&](auto x) { return group.shfl_down(x, delta); });
}
template <typename Group, typename T>
__device__ inline T hipwright_shfl_xor(const Group &group, const T &value,
                                       unsigned int lane_mask) {
  return hipwright_compat_detail::shuffleValue(
      value, [&](auto x) { return group.shfl_xor(x, lane_mask); });
}
} // namespace cooperative_groups
#endif // __HIP_PLATFORM_NVIDIA__

// ---- runtime calls HIP lacks ---------------------------------------------
// cudaGraphicsResourceSetMapFlags and cuGraphicsResourceSetMapFlags promise
// how kernels will use a graphics resource while it is mapped (read only, or
// overwrite all of it). The promise only lets CUDA skip copies; HIP maps
// every resource for reading and writing, which keeps any such promise, so
// the equivalent checks the arguments as CUDA does and changes nothing.
inline hipError_t
hipwright_GraphicsResourceSetMapFlags(hipGraphicsResource_t resource,
                                      unsigned int flags) {
  if (resource == nullptr)
    return hipErrorInvalidResourceHandle;
  if (flags > 2u) // None, ReadOnly, WriteDiscard
    return hipErrorInvalidValue;
  return hipSuccess;
}

// ---- the wavefront width, in host code -----------------------------------
// Host code that sizes launches or passes a width to kernels wrote 32 for
// NVIDIA's warps; device code has warpSize, host code asks the device. The
// width of the current device: 32 on NVIDIA, 64 on gfx942/gfx950, 32 on
// wave32 GPUs. When the runtime cannot answer (no device), the platform's
// usual width, so a size computed from it is still a whole wavefront.
inline int hipwright_device_warp_size() {
  int device = 0;
  int width = 0;
  if (hipGetDevice(&device) == hipSuccess &&
      hipDeviceGetAttribute(&width, hipDeviceAttributeWarpSize, device) ==
          hipSuccess &&
      width > 0)
    return width;
#if defined(__HIP_PLATFORM_NVIDIA__)
  return 32;
#else
  return 64;
#endif
}

#endif // HIPWRIGHT_CUDA_COMPAT_H
