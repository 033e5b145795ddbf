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

#endif // HIPWRIGHT_CUDA_COMPAT_H
