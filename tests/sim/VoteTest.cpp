// Votes, matches, reductions and __syncwarp at both widths, including masks
// narrower than the wave and lanes that diverge to different call sites.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using namespace simtest;

namespace {
bool pred(unsigned t) { return t % 3 == 0 || t % 7 == 1; }

// The bits of the lanes of t's warp whose predicate holds, restricted to
// lanes that exist in a block of n threads.
unsigned long long expectedBallot(unsigned t, unsigned n, unsigned width) {
  unsigned base = t / width * width;
  unsigned long long bits = 0;
  for (unsigned l = 0; l < width && base + l < n; ++l)
    if (pred(base + l))
      bits |= 1ull << l;
  return bits;
}
} // namespace

TEST_CASE("ballot, any, all in both spellings", "[sim][vote]") {
  unsigned width = GENERATE(32u, 64u);
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = 3 * width + 5; // A partial last warp.
  std::vector<unsigned long long> cuda(n), hip(n);
  std::vector<int> anyv(n), allv(n), allTrue(n), anyFalse(n), hipAny(n),
      hipAll(n);
  run("votes", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    cuda[t] = __ballot_sync(~0ull, pred(t));
    hip[t] = __ballot(pred(t));
    anyv[t] = __any_sync(~0ull, pred(t));
    allv[t] = __all_sync(~0ull, pred(t));
    allTrue[t] = __all_sync(~0ull, 1);
    anyFalse[t] = __any_sync(~0ull, 0);
    hipAny[t] = __any(t % width == 2);
    hipAll[t] = __all(t % width != 2);
  });
  for (unsigned t = 0; t < n; ++t) {
    unsigned long long e = expectedBallot(t, n, width);
    unsigned base = t / width * width;
    unsigned lanes = std::min(width, n - base);
    unsigned long long everyone = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
    CHECK(cuda[t] == e);
    CHECK(hip[t] == e);
    CHECK(anyv[t] == (e != 0));
    CHECK(allv[t] == (e == everyone));
    CHECK(allTrue[t] == 1);
    CHECK(anyFalse[t] == 0);
    CHECK(hipAny[t] == (lanes > 2));
    CHECK(hipAll[t] == (lanes <= 2));
  }
  if (width == 32) // The upper half of a 64-bit ballot is 0 at width 32.
    CHECK((cuda[0] >> 32) == 0);
}

TEST_CASE("a 32-bit mask on a 64-wide wave leaves lanes 32-63 out",
          "[sim][vote]") {
  hwsim::setWaveWidth(64);
  const unsigned n = 64;
  std::vector<unsigned long long> low(n, 0), hipAll(n, 0);
  std::vector<int> allLow(n, -1);
  run("mask32", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    if (t < 32) {
      low[t] = __ballot_sync(0xffffffffu, 1);
      allLow[t] = __all_sync(0xffffffffu, 1);
    }
    hipAll[t] = __ballot(1);
  });
  for (unsigned t = 0; t < 32; ++t) {
    CHECK(low[t] == 0xffffffffull);
    CHECK(allLow[t] == 1);
  }
  for (unsigned t = 0; t < n; ++t)
    CHECK(hipAll[t] == ~0ull);
}

TEST_CASE("a 32-bit mask passed by all 64 lanes restricts every result to "
          "lanes 0-31, as on AMD",
          "[sim][vote]") {
  hwsim::setWaveWidth(64);
  const unsigned n = 64;
  std::vector<unsigned long long> ballot(n, 0);
  std::vector<int> count(n, -1);
  run("mask32_everyone", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    // A ballot kept in 32 bits and counted with popcount: what a CUDA port
    // that did not widen its mask computes on a 64-lane wavefront.
    unsigned b = static_cast<unsigned>(__ballot_sync(0xffffffffu, 1));
    ballot[t] = __ballot_sync(0xffffffffu, t % 2);
    count[t] = __builtin_popcount(b);
  });
  for (unsigned t = 0; t < n; ++t) {
    CHECK(ballot[t] == 0xaaaaaaaaull);
    CHECK(count[t] == 32);
  }
}

TEST_CASE("__activemask names the lanes at the same call", "[sim][vote]") {
  unsigned width = GENERATE(32u, 64u);
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = 2 * width;
  std::vector<unsigned long long> mask(n);
  run("activemask", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    if (t % 2)
      mask[t] = __activemask();
    else if (t % 4 == 0)
      mask[t] = __activemask();
    else
      mask[t] = 0;
  });
  unsigned long long odd = 0, fourth = 0;
  for (unsigned l = 0; l < width; ++l) {
    if (l % 2)
      odd |= 1ull << l;
    else if (l % 4 == 0)
      fourth |= 1ull << l;
  }
  for (unsigned t = 0; t < n; ++t)
    CHECK(mask[t] == (t % 2 ? odd : t % 4 == 0 ? fourth : 0));
}

TEST_CASE("divergent halves run separate collectives", "[sim][vote]") {
  unsigned width = GENERATE(32u, 64u);
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = width;
  std::vector<int> out(n, -1);
  std::vector<unsigned long long> ballots(n);
  run("divergent", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    int v = static_cast<int>(t) * 10;
    if (t < 16) {
      out[t] = __shfl_xor_sync(0xffffull, v, 1);
      ballots[t] = __ballot_sync(0xffffull, t % 2);
    } else if (t < 32) {
      out[t] = __shfl_xor_sync(0xffff0000ull, v, 2);
      ballots[t] = __ballot_sync(0xffff0000ull, t >= 24);
    }
  });
  for (unsigned t = 0; t < 32; ++t) {
    CHECK(out[t] == int(t < 16 ? t ^ 1u : t ^ 2u) * 10);
    CHECK(ballots[t] == (t < 16 ? 0xaaaaull : 0xff000000ull));
  }
  for (unsigned t = 32; t < n; ++t)
    CHECK(out[t] == -1);
}

TEST_CASE("match_any and match_all group equal values", "[sim][vote]") {
  unsigned width = GENERATE(32u, 64u);
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = width;
  std::vector<unsigned long long> any(n), all(n), allSame(n);
  std::vector<int> p(n), pSame(n);
  run("match", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    any[t] = __match_any_sync(~0ull, t % 5);
    all[t] = __match_all_sync(~0ull, t % 5, &p[t]);
    allSame[t] = __match_all_sync(~0ull, 42.0, &pSame[t]);
  });
  unsigned long long everyone = width == 64 ? ~0ull : (1ull << width) - 1;
  for (unsigned t = 0; t < n; ++t) {
    unsigned long long e = 0;
    for (unsigned l = 0; l < width; ++l)
      if (l % 5 == t % 5)
        e |= 1ull << l;
    CHECK(any[t] == e);
    CHECK(all[t] == 0);
    CHECK(p[t] == 0);
    CHECK(allSame[t] == everyone);
    CHECK(pSame[t] == 1);
  }
}

TEST_CASE("__reduce_*_sync fold the masked lanes", "[sim][vote]") {
  unsigned width = GENERATE(32u, 64u);
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = 2 * width;
  std::vector<unsigned> add(n), band(n), bor(n), bxor(n), umax(n);
  std::vector<int> smin(n), smax(n), half(n, 0);
  auto val = [](unsigned t) { return t * 2654435761u; };
  auto sval = [](unsigned t) { return static_cast<int>(t % 11) - 5; };
  run("reduce", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    add[t] = __reduce_add_sync(~0ull, val(t));
    band[t] = __reduce_and_sync(~0ull, val(t) | 1u);
    bor[t] = __reduce_or_sync(~0ull, 1u << (t % 32));
    bxor[t] = __reduce_xor_sync(~0ull, val(t));
    umax[t] = __reduce_max_sync(~0ull, val(t));
    smin[t] = __reduce_min_sync(~0ull, sval(t));
    smax[t] = __reduce_max_sync(~0ull, sval(t));
    if (t % width < 8)
      half[t] = __reduce_add_sync(0xffull, sval(t));
  });
  for (unsigned t = 0; t < n; ++t) {
    unsigned base = t / width * width;
    unsigned eAdd = 0, eAnd = ~0u, eOr = 0, eXor = 0, eMax = 0;
    int eMin = 1000, eSMax = -1000, eHalf = 0;
    for (unsigned l = 0; l < width; ++l) {
      unsigned u = base + l;
      eAdd += val(u);
      eAnd &= val(u) | 1u;
      eOr |= 1u << (u % 32);
      eXor ^= val(u);
      eMax = std::max(eMax, val(u));
      eMin = std::min(eMin, sval(u));
      eSMax = std::max(eSMax, sval(u));
      if (l < 8)
        eHalf += sval(u);
    }
    CHECK(add[t] == eAdd);
    CHECK(band[t] == eAnd);
    CHECK(bor[t] == eOr);
    CHECK(bxor[t] == eXor);
    CHECK(umax[t] == eMax);
    CHECK(smin[t] == eMin);
    CHECK(smax[t] == eSMax);
    CHECK(half[t] == (t % width < 8 ? eHalf : 0));
  }
}

TEST_CASE("__syncwarp orders shared-memory exchanges in a warp",
          "[sim][vote]") {
  unsigned width = GENERATE(32u, 64u);
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = 2 * width;
  std::vector<unsigned> out(n);
  run("syncwarp", dim3(1), dim3(n), [&] {
    static thread_local unsigned scratch[128];
    unsigned t = linearTid();
    scratch[t] = t * 3;
    __syncwarp();
    unsigned base = t / unsigned(warpSize) * unsigned(warpSize);
    out[t] = scratch[base + (t + 1) % unsigned(warpSize)];
  });
  for (unsigned t = 0; t < n; ++t) {
    unsigned base = t / width * width;
    CHECK(out[t] == (base + (t + 1) % width) * 3);
  }
}
