//===- DeviceFunctionsTest.cpp - atomics and intrinsics vs references -----===//
#include "hwsim/hwsim.h"

#include <catch2/catch.hpp>

#include <cfenv>
#include <climits>
#include <random>
#include <thread>
#include <vector>

namespace {

// Independent bit-by-bit references.
int refPopc(unsigned long long x) {
  int n = 0;
  for (int i = 0; i < 64; ++i)
    n += (x >> i) & 1;
  return n;
}
int refFfs(unsigned long long x, int bits) {
  for (int i = 0; i < bits; ++i)
    if ((x >> i) & 1)
      return i + 1;
  return 0;
}
int refClz(unsigned long long x, int bits) {
  for (int i = bits - 1; i >= 0; --i)
    if ((x >> i) & 1)
      return bits - 1 - i;
  return bits;
}
unsigned long long refBrev(unsigned long long x, int bits) {
  unsigned long long r = 0;
  for (int i = 0; i < bits; ++i)
    if ((x >> i) & 1)
      r |= 1ull << (bits - 1 - i);
  return r;
}
unsigned refBytePerm(unsigned x, unsigned y, unsigned s) {
  unsigned char bytes[8];
  for (int k = 0; k < 4; ++k) {
    bytes[k] = static_cast<unsigned char>(x >> (8 * k));
    bytes[4 + k] = static_cast<unsigned char>(y >> (8 * k));
  }
  unsigned r = 0;
  for (int k = 0; k < 4; ++k)
    r |= unsigned(bytes[(s >> (4 * k)) & 7]) << (8 * k);
  return r;
}
// Funnel shift as bit moves: bit i of the 64-bit {hi:lo} value.
unsigned refFunnelLeft(unsigned lo, unsigned hi, unsigned n) {
  unsigned r = 0;
  for (unsigned i = 0; i < 32; ++i) {
    const unsigned src = 32 + i - n; // bit of {hi:lo} landing in result bit i
    const unsigned bit = src >= 32 ? (hi >> (src - 32)) & 1 : (lo >> src) & 1;
    r |= bit << i;
  }
  return r;
}
unsigned refFunnelRight(unsigned lo, unsigned hi, unsigned n) {
  unsigned r = 0;
  for (unsigned i = 0; i < 32; ++i) {
    const unsigned src = i + n;
    const unsigned bit = src >= 32 ? (hi >> (src - 32)) & 1 : (lo >> src) & 1;
    r |= bit << i;
  }
  return r;
}

template <class F> void onThreads(int threads, F f) {
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back(f, t);
  for (auto &th : pool)
    th.join();
}

} // namespace

TEST_CASE("device functions: bit counting and reversal match bit loops") {
  std::mt19937_64 rng(12345);
  std::vector<unsigned long long> values = {
      0, 1, 0x80000000u, 0xffffffffu, 0x8000000000000000ull, ~0ull};
  for (int i = 0; i < 2000; ++i)
    values.push_back(rng() >> (rng() % 64));
  for (unsigned long long v : values) {
    const unsigned v32 = static_cast<unsigned>(v);
    CHECK(__popc(v32) == refPopc(v32));
    CHECK(__popcll(v) == refPopc(v));
    CHECK(__ffs(static_cast<int>(v32)) == refFfs(v32, 32));
    CHECK(__ffsll(static_cast<long long>(v)) == refFfs(v, 64));
    CHECK(__clz(static_cast<int>(v32)) == refClz(v32, 32));
    CHECK(__clzll(static_cast<long long>(v)) == refClz(v, 64));
    CHECK(__brev(v32) == refBrev(v32, 32));
    CHECK(__brevll(v) == refBrev(v, 64));
  }
  CHECK(__clz(0) == 32);
  CHECK(__clzll(0) == 64);
  CHECK(__ffs(0) == 0);
  CHECK(__ffsll(0) == 0);
  CHECK(__brev(1u) == 0x80000000u);
}

TEST_CASE("device functions: __byte_perm and funnel shifts") {
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x3210) == 0x33221100u);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x7654) == 0x77665544u);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x0123) == 0x00112233u);
  // The selector's bit 3 and the bits above 15 are ignored.
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0xffff8888u) == 0x00000000u);
  std::mt19937 rng(7);
  for (int i = 0; i < 5000; ++i) {
    const unsigned x = rng(), y = rng(), s = rng();
    CHECK(__byte_perm(x, y, s) == refBytePerm(x, y, s));
  }
  for (unsigned n = 0; n < 70; ++n) {
    const unsigned lo = rng(), hi = rng();
    CHECK(__funnelshift_l(lo, hi, n) == refFunnelLeft(lo, hi, n & 31));
    CHECK(__funnelshift_r(lo, hi, n) == refFunnelRight(lo, hi, n & 31));
    const unsigned clamped = n < 32 ? n : 32;
    CHECK(__funnelshift_lc(lo, hi, n) == refFunnelLeft(lo, hi, clamped));
    CHECK(__funnelshift_rc(lo, hi, n) == refFunnelRight(lo, hi, clamped));
  }
}

TEST_CASE("device functions: multiplies, averages, sums of differences") {
  CHECK(__mul24(0x00800000, 2) == -(1 << 24)); // bit 23 is the sign
  CHECK(__mul24(0x7f000003, 5) == 15);         // high byte ignored
  CHECK(__umul24(0xff000003u, 5u) == 15u);
  CHECK(__umul24(0xffffffu, 0xffffffu) == 0xfe000001u); // low 32 bits
  CHECK(__mulhi(INT_MIN, INT_MIN) == 0x40000000);
  CHECK(__mulhi(-1, 1) == -1);
  CHECK(__umulhi(0xffffffffu, 0xffffffffu) == 0xfffffffeu);
  std::mt19937_64 rng(99);
  for (int i = 0; i < 1000; ++i) {
    const unsigned long long a = rng(), b = rng();
    // Schoolbook on 32-bit halves, independent of __int128.
    const unsigned long long al = a & 0xffffffffu, ah = a >> 32;
    const unsigned long long bl = b & 0xffffffffu, bh = b >> 32;
    const unsigned long long mid1 = ah * bl + ((al * bl) >> 32);
    const unsigned long long mid2 = al * bh + (mid1 & 0xffffffffu);
    const unsigned long long hi = ah * bh + (mid1 >> 32) + (mid2 >> 32);
    CHECK(__umul64hi(a, b) == hi);
  }
  CHECK(__mul64hi(-1, 1) == -1);
  CHECK(__mul64hi(LLONG_MIN, 2) == -1);
  CHECK(__sad(-5, 7, 3u) == 15u);
  CHECK(__sad(INT_MIN, INT_MAX, 0u) == 0xffffffffu);
  CHECK(__usad(3u, 10u, 1u) == 8u);
  CHECK(__hadd(INT_MAX, INT_MAX) == INT_MAX);
  CHECK(__hadd(-3, 0) == -2); // floor(-1.5)
  CHECK(__rhadd(-3, 0) == -1);
  CHECK(__rhadd(INT_MAX, INT_MAX) == INT_MAX);
  CHECK(__uhadd(0xffffffffu, 0xffffffffu) == 0xffffffffu);
  CHECK(__urhadd(0xffffffffu, 0u) == 0x80000000u);
}

TEST_CASE("device functions: global min/max coexist with std::min") {
  CHECK(min(3, -4) == -4);
  CHECK(max(3u, 4u) == 4u);
  CHECK(min(-1, 1u) == 1u); // -1 converts to 0xffffffff, as in CUDA
  CHECK(max(-1LL, 1ULL) == ~0ULL);
  CHECK(min(2.5f, 1.5f) == 1.5f);
  CHECK(max(1.0f, 2.0) == 2.0);
  CHECK(std::isnan(min(NAN, NAN)));
  CHECK(min(NAN, 1.0f) == 1.0f);
  CHECK(std::min(3, 4) == 3);
  using namespace std;
  CHECK(max(7, 9) == 9);
}

TEST_CASE("device functions: float to integer conversions round and "
          "saturate") {
  CHECK(__float2int_rn(2.5f) == 2);
  CHECK(__float2int_rn(3.5f) == 4);
  CHECK(__float2int_rn(-2.5f) == -2);
  CHECK(__float2int_rz(-2.7f) == -2);
  CHECK(__float2int_ru(2.1f) == 3);
  CHECK(__float2int_rd(-2.1f) == -3);
  CHECK(__float2int_rn(3e9f) == INT_MAX);
  CHECK(__float2int_rn(-3e9f) == INT_MIN);
  CHECK(__float2int_rn(NAN) == 0);
  CHECK(__float2uint_rn(-1.0f) == 0u);
  CHECK(__float2uint_rz(5e9f) == UINT_MAX);
  CHECK(__float2uint_rn(4294967040.0f) == 4294967040u);
  CHECK(__double2int_rn(-0.5) == 0);
  CHECK(__float2ll_rd(-0.5f) == -1);
  CHECK(__int2float_rn(16777217) == 16777216.0f);
  CHECK(__float_as_int(1.0f) == 0x3f800000);
  CHECK(__int_as_float(0x40490fdb) == 3.14159274f);
  CHECK(__float_as_uint(-0.0f) == 0x80000000u);
  CHECK(__double_as_longlong(1.0) == 0x3ff0000000000000LL);
  CHECK(__longlong_as_double(0x4000000000000000LL) == 2.0);
  CHECK(__hiloint2double(__double2hiint(3.25), __double2loint(3.25)) == 3.25);
}

TEST_CASE("device functions: directed-rounding arithmetic brackets the exact "
          "value") {
  std::mt19937 rng(2024);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  for (int i = 0; i < 3000; ++i) {
    const float a = dist(rng), b = dist(rng), c = dist(rng) * 1e-3f;
    // Exact in long double: a*b has 48 bits, the sum stays within 64.
    const long double exact = (long double)a * b + c;
    const float rd = __fmaf_rd(a, b, c), ru = __fmaf_ru(a, b, c);
    const float rz = __fmaf_rz(a, b, c), rn = __fmaf_rn(a, b, c);
    CHECK((long double)rd <= exact);
    CHECK((long double)std::nextafter(rd, INFINITY) > exact);
    CHECK((long double)ru >= exact);
    CHECK((long double)std::nextafter(ru, -INFINITY) < exact);
    CHECK(rz == (exact < 0 ? ru : rd));
    CHECK(std::fabs((long double)rn - exact) <=
          std::fabs((long double)rd - exact));
    CHECK(std::fabs((long double)rn - exact) <=
          std::fabs((long double)ru - exact));
  }
  CHECK(__fadd_rd(1.0f, 0x1p-30f) == 1.0f);
  CHECK(__fadd_ru(1.0f, 0x1p-30f) == std::nextafter(1.0f, 2.0f));
  CHECK(__fmul_rz(-3.0f, 0x1.000002p0f) == -0x1.800002p1f);
  CHECK(__fdiv_rd(1.0f, 3.0f) < __fdiv_ru(1.0f, 3.0f));
  CHECK(std::fegetround() == FE_TONEAREST); // the mode is restored
}

TEST_CASE("device functions: float intrinsics") {
  CHECK(__saturatef(-1.0f) == 0.0f);
  CHECK(__saturatef(2.0f) == 1.0f);
  CHECK(__saturatef(0.25f) == 0.25f);
  CHECK(__saturatef(NAN) == 0.0f);
  CHECK(rsqrtf(4.0f) == 0.5f);
  CHECK(rsqrt(16.0) == 0.25);
  CHECK(rcbrtf(8.0f) == 0.5f);
  CHECK(sinpif(1.0f) == 0.0f);
  CHECK(sinpif(0.5f) == 1.0f);
  CHECK(sinpif(-0.5f) == -1.0f);
  CHECK(sinpif(1.5f) == -1.0f);
  CHECK(cospif(0.5f) == 0.0f);
  CHECK(cospif(1.0f) == -1.0f);
  CHECK(sinpi(2.0) == 0.0);
  CHECK(__fdividef(1.0f, 4.0f) == 0.25f);
  float s = 0, c = 0;
  __sincosf(0.0f, &s, &c);
  CHECK(s == 0.0f);
  CHECK(c == 1.0f);
  CHECK(__expf(0.0f) == 1.0f);
  CHECK(__log2f(8.0f) == 3.0f);
  CHECK(__powf(2.0f, 10.0f) == 1024.0f);
  CHECK(norm3df(2.0f, 3.0f, 6.0f) == 7.0f);
  const long long t0 = clock64();
  CHECK(clock64() >= t0);
  int v = 41;
  CHECK(__ldg(&v) == 41);
}

TEST_CASE("device functions: atomics under 8 OS threads give exact totals") {
  constexpr int kThreads = 8, kIters = 20000;
  int i32 = 0;
  unsigned u32 = 0;
  unsigned long long u64 = 0;
  long long s64 = 0;
  float f32 = 0.0f;
  double f64 = 0.0;
  int casSum = 0;
  int maxSeen = INT_MIN, minSeen = INT_MAX;
  unsigned long long maxU64 = 0;
  unsigned orBits = 0, andBits = ~0u, xorBits = 0;
  unsigned wrapInc = 0, wrapDec = 0;
  int sub = kThreads * kIters;
  onThreads(kThreads, [&](int t) {
    for (int i = 0; i < kIters; ++i) {
      atomicAdd(&i32, 1);
      atomicAdd(&u32, 2u);
      atomicAdd(&u64, 1ull << 33);
      atomicAdd_system(&s64, -1LL);
      atomicAdd(&f32, 1.0f); // exact: totals stay below 2^24
      atomicAdd_block(&f64, 0.5);
      int seen = casSum, assumed;
      do {
        assumed = seen;
        seen = atomicCAS(&casSum, assumed, assumed + 3);
      } while (seen != assumed);
      const int value = t * kIters + i;
      atomicMax(&maxSeen, value);
      atomicMin(&minSeen, value - 5);
      atomicMax(&maxU64, static_cast<unsigned long long>(value) << 32);
      atomicSub(&sub, 1);
      atomicInc(&wrapInc, 9u);
      atomicDec(&wrapDec, 6u);
    }
    atomicOr(&orBits, 1u << t);
    atomicAnd(&andBits, ~(1u << (t + 8)));
    atomicXor(&xorBits, 0x10001u << t);
  });
  const long long n = static_cast<long long>(kThreads) * kIters;
  CHECK(i32 == n);
  CHECK(u32 == 2 * n);
  CHECK(u64 == static_cast<unsigned long long>(n) << 33);
  CHECK(s64 == -n);
  CHECK(f32 == static_cast<float>(n));
  CHECK(f64 == 0.5 * n);
  CHECK(casSum == 3 * n);
  CHECK(maxSeen == n - 1);
  CHECK(minSeen == -5);
  CHECK(maxU64 == static_cast<unsigned long long>(n - 1) << 32);
  CHECK(sub == 0);
  CHECK(wrapInc == n % 10);          // 0..9 cycle
  CHECK(wrapDec == (7 - n % 7) % 7); // 0 -> 6 -> 5 ... -> 0 cycle of 7
  CHECK(orBits == 0xffu);
  CHECK(andBits == ~0xff00u);
  CHECK(xorBits == 0xff00ffu);
}

TEST_CASE("device functions: atomic exchange, CAS and old values") {
  int x = 5;
  CHECK(atomicExch(&x, 9) == 5);
  CHECK(x == 9);
  float f = 1.5f;
  CHECK(atomicExch(&f, 2.5f) == 1.5f);
  CHECK(atomicCAS(&x, 1, 2) == 9); // no swap: returns what it found
  CHECK(x == 9);
  CHECK(atomicCAS(&x, 9, 2) == 9);
  CHECK(x == 2);
  unsigned short hs = 7;
  CHECK(atomicCAS(&hs, static_cast<unsigned short>(7),
                  static_cast<unsigned short>(8)) == 7);
  CHECK(hs == 8);
  unsigned wrap = 9;
  CHECK(atomicInc(&wrap, 9u) == 9u);
  CHECK(wrap == 0u);
  unsigned dec = 0;
  CHECK(atomicDec(&dec, 4u) == 0u);
  CHECK(dec == 4u);
  dec = 10;
  atomicDec(&dec, 4u); // above the limit: wraps to the limit
  CHECK(dec == 4u);
  double d = 1.0;
  CHECK(unsafeAtomicAdd(&d, 2.0) == 1.0);
  CHECK(d == 3.0);
  CHECK(atomicMax(&d, 2.0) == 3.0);
  CHECK(d == 3.0);
}
