// Shuffles at both wave widths: every source-lane rule, segment widths below
// the wave, partial warps and value types up to 16 bytes. Expected values
// are derived here from the CUDA/HIP documentation's rules, not from the
// runtime.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace simtest;

namespace {

int input(unsigned t) { return static_cast<int>(t * 7 + 3); }

enum class Kind { Idx, Up, Down, Xor };

// The lane (within the warp) a shuffle reads; -1 means the caller's own.
int expectedSource(Kind kind, int lane, int arg, int w) {
  int segStart = lane / w * w;
  int offset = lane % w;
  switch (kind) {
  case Kind::Idx:
    return segStart + ((arg % w) + w) % w;
  case Kind::Up:
    return offset - arg >= 0 ? lane - arg : -1;
  case Kind::Down:
    return offset + arg < w ? lane + arg : -1;
  case Kind::Xor: {
    int s = lane ^ arg;
    return s < segStart + w ? s : -1; // Later segments are out of reach.
  }
  }
  return -1;
}

std::vector<int> expected(Kind kind, unsigned n, int width, int arg, int w) {
  std::vector<int> out(n);
  for (unsigned t = 0; t < n; ++t) {
    int lane = static_cast<int>(t) % width;
    unsigned base = t - static_cast<unsigned>(lane);
    int src = expectedSource(kind, lane, arg, w);
    bool exists = src >= 0 && base + static_cast<unsigned>(src) < n;
    out[t] = exists ? input(base + static_cast<unsigned>(src)) : input(t);
  }
  return out;
}

void shuffleKernel(Kind kind, int *out, int arg, int w, bool hip) {
  unsigned t = linearTid();
  int v = input(t);
  int r = 0;
  switch (kind) {
  case Kind::Idx:
    r = hip ? __shfl(v, arg, w) : __shfl_sync(~0ull, v, arg, w);
    break;
  case Kind::Up:
    r = hip ? __shfl_up(v, static_cast<unsigned>(arg), w)
            : __shfl_up_sync(~0ull, v, static_cast<unsigned>(arg), w);
    break;
  case Kind::Down:
    r = hip ? __shfl_down(v, static_cast<unsigned>(arg), w)
            : __shfl_down_sync(~0ull, v, static_cast<unsigned>(arg), w);
    break;
  case Kind::Xor:
    r = hip ? __shfl_xor(v, arg, w) : __shfl_xor_sync(~0ull, v, arg, w);
    break;
  }
  out[t] = r;
}

struct Case {
  Kind kind;
  int arg;
  int w; // 0: the wave width
};

} // namespace

TEST_CASE("shuffles follow the source-lane rules at both widths",
          "[sim][shfl]") {
  int width = GENERATE(32, 64);
  bool hip = GENERATE(false, true);
  hwsim::setWaveWidth(width);
  const Case cases[] = {
      {Kind::Idx, 0, 0},  {Kind::Idx, 5, 0},   {Kind::Idx, 37, 0},
      {Kind::Idx, -1, 0}, {Kind::Idx, 3, 16},  {Kind::Idx, 9, 8},
      {Kind::Up, 1, 0},   {Kind::Up, 16, 0},   {Kind::Up, 3, 16},
      {Kind::Up, 2, 4},   {Kind::Down, 1, 0},  {Kind::Down, 16, 0},
      {Kind::Down, 5, 8}, {Kind::Down, 31, 0}, {Kind::Xor, 1, 0},
      {Kind::Xor, 16, 0}, {Kind::Xor, 31, 0},  {Kind::Xor, 16, 16},
      {Kind::Xor, 8, 4},  {Kind::Xor, 32, 32},
  };
  for (const Case &c : cases) {
    int w = c.w ? c.w : width;
    const unsigned n = 256;
    std::vector<int> out(n, -12345);
    run("shuffle", dim3(1), dim3(n),
        [&] { shuffleKernel(c.kind, out.data(), c.arg, w, hip); });
    INFO("width " << width << " kind " << int(c.kind) << " arg " << c.arg
                  << " w " << w << " hip " << hip);
    CHECK(out == expected(c.kind, n, width, c.arg, w));
  }
}

TEST_CASE("shuffle width defaults to warpSize", "[sim][shfl]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned n = 128;
  std::vector<int> down(n), idx(n);
  run("defaults", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    down[t] = __shfl_down_sync(0xffffffffffffffffull, input(t), 1u);
    idx[t] = __shfl(input(t), 0);
  });
  CHECK(warpSize == width);
  CHECK(down == expected(Kind::Down, n, width, 1, width));
  CHECK(idx == expected(Kind::Idx, n, width, 0, width));
}

TEST_CASE("a partial last warp reads its own value past the end",
          "[sim][shfl]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned n = static_cast<unsigned>(width) + 20;
  std::vector<int> out(n);
  run("partial", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    out[t] = __shfl_down_sync(~0ull, input(t), 8u);
  });
  CHECK(out == expected(Kind::Down, n, width, 8, width));
}

namespace {
struct Quad {
  int a, b, c, d;
  bool operator==(const Quad &) const = default;
};
} // namespace

TEST_CASE("shuffles carry any trivially copyable value", "[sim][shfl]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned n = 2 * static_cast<unsigned>(width);
  std::vector<double> d(n);
  std::vector<long long> ll(n);
  std::vector<unsigned long long> ull(n);
  std::vector<float> f(n);
  std::vector<Quad> q(n);
  run("types", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    d[t] = __shfl_xor_sync(~0ull, t * 0.5, 3);
    ll[t] = __shfl_sync(~0ull, -(1ll << 40) - t, 7);
    ull[t] = __shfl_up_sync(~0ull, (1ull << 63) | t, 2u);
    f[t] = __shfl_down(t * 0.25f, 4u);
    q[t] = __shfl_xor_sync(~0ull, Quad{int(t), -int(t), 2 * int(t), 7}, 1);
  });
  for (unsigned t = 0; t < n; ++t) {
    unsigned lane = t % width, base = t - lane;
    CHECK(d[t] == (t ^ 3u) * 0.5);
    CHECK(ll[t] == -(1ll << 40) - (base + 7));
    CHECK(ull[t] == ((1ull << 63) | (lane >= 2 ? t - 2 : t)));
    CHECK(f[t] == (lane + 4 < unsigned(width) ? t + 4 : t) * 0.25f);
    unsigned s = t ^ 1u;
    CHECK(q[t] == Quad{int(s), -int(s), 2 * int(s), 7});
  }
}

TEST_CASE("__lane_id and warpSize agree with the linear thread id",
          "[sim][shfl]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  // A 3-D block: lanes follow x + y*Bx + z*Bx*By.
  dim3 block(8, 6, 3);
  unsigned n = 8 * 6 * 3;
  std::vector<unsigned> lanes(n), warpBase(n);
  run("multidim", dim3(1), block, [&] {
    unsigned t = threadIdx.x + threadIdx.y * 8 + threadIdx.z * 48;
    lanes[t] = __lane_id();
    warpBase[t] = __shfl_sync(~0ull, t, 0);
  });
  for (unsigned t = 0; t < n; ++t) {
    CHECK(lanes[t] == t % unsigned(width));
    CHECK(warpBase[t] == t / unsigned(width) * unsigned(width));
  }
}
