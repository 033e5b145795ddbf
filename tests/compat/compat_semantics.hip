// The semantics of hipwright_cuda_compat.h, checked on the host (every
// function is __host__ __device__; the host runs the portable code that
// every AMD target without a dedicated instruction runs too). Each expected
// value is worked out by hand from CUDA's definition of the intrinsic (PTX
// ISA: lanes sign- or zero-extended, the operation done exactly, then
// wrapped, clamped (.sat) or summed (.add)); the comment says why where it
// is not obvious. tests/compat/run_compat_test.sh builds and runs it.
#include "hipwright_cuda_compat.h"

#include <cstdio>

static int fails = 0;

#define EXPECT(e, v)                                                           \
  do {                                                                         \
    unsigned got = static_cast<unsigned>(e);                                   \
    if (got != static_cast<unsigned>(v)) {                                     \
      ++fails;                                                                 \
      std::printf("FAIL %s = %#x, want %#x\n", #e, got,                        \
                  static_cast<unsigned>(v));                                   \
    }                                                                          \
  } while (0)

int main() {
  // Wrap-around: 0xff + 0x01 -> 0x00, 0x7f + 0x01 -> 0x80.
  EXPECT(hipwright_vadd4(0xff7f0180u, 0x01010180u), 0x00800200u);
  // Signed saturation: 0x7f + 1 stays 0x7f, 0x80 + -1 stays 0x80.
  EXPECT(hipwright_vaddss4(0x7f80017fu, 0x01ff0101u), 0x7f80027fu);
  EXPECT(hipwright_vaddus4(0xfff00001u, 0x01200001u), 0xffff0002u);
  EXPECT(hipwright_vsubus2(0x00010005u, 0x00020003u), 0x00000002u);
  EXPECT(hipwright_vsubss2(0x80007fffu, 0x0001ffffu), 0x80007fffu);
  // Signed average rounds half away from zero: -3/2 -> -2, 3/2 -> 2.
  EXPECT(hipwright_vavgs4(0xfdfe0301u, 0x00ff0000u), 0xfefe0201u);
  // Unsigned average rounds half up; vhaddu truncates.
  EXPECT(hipwright_vavgu4(0x010203ffu, 0x000000ffu), 0x010102ffu);
  EXPECT(hipwright_vhaddu4(0x010203ffu, 0x000000ffu), 0x000101ffu);
  EXPECT(hipwright_vabsdiffs4(0x807f0000u, 0x7f800000u), 0xffff0000u);
  EXPECT(hipwright_vabsdiffu2(0x0001ffffu, 0xffff0000u), 0xfffeffffu);
  // |-128| wraps to 0x80; the saturating form gives 0x7f.
  EXPECT(hipwright_vabs4(0x80ff0102u), 0x80010102u);
  EXPECT(hipwright_vabsss4(0x80ff0102u), 0x7f010102u);
  EXPECT(hipwright_vneg2(0x80000001u), 0x8000ffffu);
  EXPECT(hipwright_vnegss2(0x80000001u), 0x7fffffffu);
  EXPECT(hipwright_vmaxs4(0x80017f00u, 0x7f02ff01u), 0x7f027f01u);
  EXPECT(hipwright_vmaxu4(0x80017f00u, 0x7f02ff01u), 0x8002ff01u);
  EXPECT(hipwright_vmins2(0x8000ffffu, 0x00000001u), 0x8000ffffu);
  EXPECT(hipwright_vminu2(0x8000ffffu, 0x00000001u), 0x00000001u);
  // vset: 1 per true lane; vcmp: all ones per true lane.
  EXPECT(hipwright_vsetgts4(0x01ff8000u, 0x00000000u), 0x01000000u);
  EXPECT(hipwright_vsetgtu4(0x01ff8000u, 0x00000000u), 0x01010100u);
  EXPECT(hipwright_vcmpltu2(0x00010005u, 0x00020003u), 0xffff0000u);
  EXPECT(hipwright_vcmpeq4(0x01020304u, 0x01000304u), 0xff00ffffu);
  EXPECT(hipwright_vsetne2(0x00010005u, 0x00010003u), 0x00000001u);
  // Sums of absolute differences: |-128 - 127| = 255 for signed bytes.
  EXPECT(hipwright_vsads4(0x80ff0102u, 0x7f010201u), 255 + 2 + 1 + 1);
  EXPECT(hipwright_vsadu4(0x80ff0102u, 0x7f010201u), 1 + 254 + 1 + 1);
  EXPECT(hipwright_vsadu2(0xffff0000u, 0x0000ffffu), 65535u * 2);
  // Dot products: signed or unsigned lanes, by the argument types.
  EXPECT(hipwright_dp4a((int)0x80ff0102u, 0x7f010201, 10),
         -128 * 127 + -1 * 1 + 1 * 2 + 2 * 1 + 10);
  EXPECT(hipwright_dp4a(0x80ff0102u, 0x7f010201u, 10u),
         128u * 127 + 255u * 1 + 1 * 2 + 2 * 1 + 10);
  EXPECT(hipwright_dp4a(make_char4(-1, 2, -3, 4), make_char4(5, 6, 7, -8), 0),
         -5 + 12 - 21 - 32);
  EXPECT(hipwright_dp2a_lo((int)0xffff0002u, 0x01020304, 1),
         2 * 4 + -1 * 3 + 1);
  EXPECT(hipwright_dp2a_hi((int)0xffff0002u, 0x01020304, 1),
         2 * 2 + -1 * 1 + 1);
  EXPECT(hipwright_dp2a_lo(0xffff0002u, 0x010203ffu, 1u),
         2u * 255 + 65535u * 3 + 1);
  // The accumulator wraps at 32 bits.
  EXPECT(hipwright_dp4a(0x7f7f7f7f, 0x7f7f7f7f, 0x7fffffff),
         (int)(0x7fffffffu + 4u * 127 * 127));
  // Directed rounding (host path: the host's rounding mode set around the
  // operation). 1 + 2^-30 is not a float: down gives 1, up 1 + 2^-23; the
  // double nearest 1/3 times 3 lies just below 1.
  const float tiny = 0x1p-30f;
  EXPECT(hipwright_fadd_rd(1.0f, tiny) == 1.0f, 1);
  EXPECT(hipwright_fadd_ru(1.0f, tiny) == 0x1.000002p+0f, 1);
  EXPECT(hipwright_fsub_rz(-1.0f, tiny) == -1.0f, 1);
  EXPECT(hipwright_fmul_rd(1.0f + 0x1p-23f, 1.0f + 0x1p-23f) == 1.0f + 0x1p-22f,
         1);
  EXPECT(hipwright_fmaf_ru(1.0f, 1.0f, tiny) == 0x1.000002p+0f, 1);
  EXPECT(hipwright_dmul_rd(1.0 / 3, 3.0) == 0x1.fffffffffffffp-1, 1);
  EXPECT(hipwright_dmul_ru(1.0 / 3, 3.0) == 1.0, 1);
  EXPECT(hipwright_dadd_rz(-1.0, -0x1p-60) == -1.0, 1);
  EXPECT(hipwright_fma_ru(1.0, 1.0, 0x1p-60) == 1.0 + 0x1p-52, 1);
  EXPECT(hipwright_dsub_rd(1.0, 0x1p-60) == 1.0 - 0x1p-53, 1);
  // DPX. Three-way min/max, whole words and 16-bit halves.
  EXPECT(hipwright_vimax3_s32(-5, 3, 2), 3);
  EXPECT(hipwright_vimax3_u32(0xffffffffu, 1u, 2u), 0xffffffffu);
  EXPECT(hipwright_vimin3_s32(-5, 3, 2), -5);
  EXPECT(hipwright_vimin3_u32(0xffffffffu, 1u, 2u), 1u);
  // Halves: hi -32768, 32767, 0 (signed) or 0x8000, 0x7fff, 0; lo 1, -1, 0.
  EXPECT(hipwright_vimax3_s16x2(0x80000001u, 0x7fffffffu, 0u), 0x7fff0001u);
  EXPECT(hipwright_vimax3_u16x2(0x80000001u, 0x7fffffffu, 0u), 0x8000ffffu);
  EXPECT(hipwright_vimin3_s16x2(0x80000001u, 0x7fffffffu, 0u), 0x8000ffffu);
  EXPECT(hipwright_vimin3_u16x2(0x80000001u, 0x7fffffffu, 0u), 0u);
  // ReLU: a negative result becomes 0.
  EXPECT(hipwright_vimax_s32_relu(-5, -3), 0);
  EXPECT(hipwright_vimax_s32_relu(-5, 7), 7);
  EXPECT(hipwright_vimin_s32_relu(4, 9), 4);
  EXPECT(hipwright_vimin_s32_relu(-1, 9), 0);
  EXPECT(hipwright_vimax3_s32_relu(-5, -3, -1), 0);
  EXPECT(hipwright_vimin3_s32_relu(5, 3, 9), 3);
  EXPECT(hipwright_vimax_s16x2_relu(0xfffe0005u, 0xfffd0003u), 0x00000005u);
  EXPECT(hipwright_vimin_s16x2_relu(0xfffe0005u, 0x00040003u), 0x00000003u);
  EXPECT(hipwright_vimax3_s16x2_relu(0xffff0001u, 0xfffe0002u, 0xfffd0003u),
         0x00000003u);
  EXPECT(hipwright_vimin3_s16x2_relu(0x00050001u, 0x00070002u, 0x00060003u),
         0x00050001u);
  // Add, then min/max: the add wraps (INT_MAX + 1 is INT_MIN, below -5).
  EXPECT(hipwright_viaddmax_s32(0x7fffffff, 1, -5), -5);
  EXPECT(hipwright_viaddmax_u32(0xffffffffu, 2u, 0u), 1u);
  EXPECT(hipwright_viaddmin_s32(3, 4, 5), 5);
  EXPECT(hipwright_viaddmin_u32(0xffffffffu, 2u, 5u), 1u);
  EXPECT(hipwright_viaddmax_s32_relu(-10, 3, -2), 0);
  EXPECT(hipwright_viaddmin_s32_relu(10, 3, 20), 13);
  // hi: 0x7fff + 1 wraps to -32768, equal to c's; lo: 1 + 1 = 2 above 0.
  EXPECT(hipwright_viaddmax_s16x2(0x7fff0001u, 0x00010001u, 0x80000000u),
         0x80000002u);
  // hi: 0xffff + 2 wraps to 1, above 0; lo: 2 below 5.
  EXPECT(hipwright_viaddmax_u16x2(0xffff0001u, 0x00020001u, 0x00000005u),
         0x00010005u);
  EXPECT(hipwright_viaddmin_s16x2(0x00050005u, 0x00010001u, 0x00030009u),
         0x00030006u);
  EXPECT(hipwright_viaddmin_u16x2(0x00050005u, 0x00010001u, 0x00030009u),
         0x00030006u);
  // hi: max(-15, -16) = -15, clamped to 0; lo: max(2, 0) = 2.
  EXPECT(hipwright_viaddmax_s16x2_relu(0xfff00001u, 0x00010001u, 0xfff00000u),
         0x00000002u);
  // hi: min(17, -1) = -1, clamped to 0; lo: min(17, 32) = 17.
  EXPECT(hipwright_viaddmin_s16x2_relu(0x00100010u, 0x00010001u, 0xffff0020u),
         0x00000011u);
  // Min/max with the predicate "a is the result" (a tie counts as a).
  bool p = false, hi = false, lo = false;
  EXPECT(hipwright_vibmax_s32(-1, 1, &p), 1);
  EXPECT(p, 0);
  EXPECT(hipwright_vibmax_s32(2, 2, &p), 2);
  EXPECT(p, 1);
  EXPECT(hipwright_vibmax_u32(0xffffffffu, 1u, &p), 0xffffffffu);
  EXPECT(p, 1);
  EXPECT(hipwright_vibmin_s32(-1, 1, &p), -1);
  EXPECT(p, 1);
  EXPECT(hipwright_vibmin_u32(0xffffffffu, 1u, &p), 1u);
  EXPECT(p, 0);
  // hi: -32768 (0x8000 unsigned) against 1; lo: 2 against 2.
  EXPECT(hipwright_vibmax_s16x2(0x80000002u, 0x00010002u, &hi, &lo),
         0x00010002u);
  EXPECT(hi, 0);
  EXPECT(lo, 1);
  EXPECT(hipwright_vibmax_u16x2(0x80000002u, 0x00010002u, &hi, &lo),
         0x80000002u);
  EXPECT(hi, 1);
  EXPECT(hipwright_vibmin_s16x2(0x80000002u, 0x00010002u, &hi, &lo),
         0x80000002u);
  EXPECT(hi, 1);
  EXPECT(hipwright_vibmin_u16x2(0x80000002u, 0x00010002u, &hi, &lo),
         0x00010002u);
  EXPECT(hi, 0);
  EXPECT(lo, 1);

  std::printf("%d failures\n", fails);
  return fails != 0;
}
