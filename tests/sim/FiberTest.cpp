// Fibers: each simulated thread keeps its own floating-point control state
// across switches, and stacks are pooled across blocks and launches.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <cfenv>
#include <cstdint>
#include <vector>

using namespace simtest;

TEST_CASE("rounding modes stay with the fiber that set them", "[sim][fiber]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned n = 64;
  std::vector<int> before(n), after(n);
  run("rounding", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    if (t == 0)
      std::fesetround(FE_DOWNWARD);
    before[t] = std::fegetround();
    __syncthreads(); // Every other fiber runs while thread 0 waits here.
    after[t] = std::fegetround();
    if (t == 0)
      std::fesetround(FE_TONEAREST);
  });
  CHECK(std::fegetround() == FE_TONEAREST);
  for (unsigned t = 0; t < n; ++t) {
    CHECK(before[t] == (t == 0 ? FE_DOWNWARD : FE_TONEAREST));
    CHECK(after[t] == before[t]);
  }
}

TEST_CASE("fiber stacks are reused by later blocks and launches",
          "[sim][fiber]") {
  hwsim::setWaveWidth(32);
  const unsigned n = 128, blocks = 4;
  std::vector<uintptr_t> first(blocks * n), second(blocks * n);
  auto kernel = [](std::vector<uintptr_t> &where) {
    volatile int local = 0;
    where[blockIdx.x * blockDim.x + threadIdx.x] =
        reinterpret_cast<uintptr_t>(&local) / 4096;
  };
  run("stacks", dim3(blocks), dim3(n), [&] { kernel(first); });
  run("stacks", dim3(blocks), dim3(n), [&] { kernel(second); });
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < n; ++t) {
      CHECK(first[b * n + t] == first[t]);
      CHECK(second[b * n + t] == first[t]);
      if (t)
        CHECK(first[t] != first[t - 1]);
    }
}

TEST_CASE("deep recursion within the stack budget works", "[sim][fiber]") {
  hwsim::setWaveWidth(64);
  std::vector<long> out(64);
  struct Deep {
    static long go(int d) {
      volatile char pad[512];
      pad[0] = 1;
      return d == 0 ? pad[0] : go(d - 1) + pad[0];
    }
  };
  run("deep_ok", dim3(1), dim3(64),
      [&] { out[threadIdx.x] = Deep::go(200); }); // ~110 KiB of 256 KiB.
  for (long v : out)
    CHECK(v == 201);
}
