// Block barriers, static and dynamic shared memory, grids of many blocks and
// launch validation.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

using namespace simtest;

namespace {

void countKernel(int *count, int *all, int *any, int *none) {
  unsigned t = linearTid();
  count[t] = __syncthreads_count(t % 3 == 0);
  all[t] = __syncthreads_and(t < 1000);
  any[t] = __syncthreads_or(t == 77);
  none[t] = __syncthreads_or(0);
}

// Static shared memory as the lowering writes it: a function-local
// `static thread_local`.
void reverseKernel(const int *in, int *out) {
  static thread_local int tile[256];
  unsigned t = threadIdx.x;
  unsigned block = blockIdx.x * blockDim.x;
  tile[t] = in[block + t];
  __syncthreads();
  out[block + t] = tile[blockDim.x - 1 - t];
}

hwsim::DynamicShared<int> nsShared; // `extern __shared__ int nsShared[];`

} // namespace

TEST_CASE("__syncthreads_count/and/or see every thread", "[sim][barrier]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned n = 200;
  std::vector<int> count(n), all(n), any(n), none(n);
  run("count", dim3(1), dim3(n),
      [&] { countKernel(count.data(), all.data(), any.data(), none.data()); });
  int expectCount = 0;
  for (unsigned t = 0; t < n; ++t)
    expectCount += t % 3 == 0;
  for (unsigned t = 0; t < n; ++t) {
    CHECK(count[t] == expectCount);
    CHECK(all[t] == 1);
    CHECK(any[t] == 1);
    CHECK(none[t] == 0);
  }
}

TEST_CASE("threads that exited count as arrived", "[sim][barrier]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned n = 160;
  std::vector<int> count(n, -1);
  run("early_exit", dim3(1), dim3(n), [&] {
    unsigned t = linearTid();
    if (t >= 50)
      return;
    count[t] = __syncthreads_count(1);
    __syncthreads();
  });
  for (unsigned t = 0; t < n; ++t)
    CHECK(count[t] == (t < 50 ? 50 : -1));
}

TEST_CASE("static shared memory is per block", "[sim][shared]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned blocks = 37, n = 256;
  std::vector<int> in(blocks * n), out(blocks * n);
  std::iota(in.begin(), in.end(), 1000);
  run("reverse", dim3(blocks), dim3(n),
      [&] { reverseKernel(in.data(), out.data()); });
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < n; ++t)
      CHECK(out[b * n + t] == in[b * n + (n - 1 - t)]);
}

TEST_CASE("dynamic shared memory in both lowered forms", "[sim][shared]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  const unsigned blocks = 9, n = 96;
  std::vector<float> out(blocks * n);
  std::vector<int> sums(blocks);
  std::vector<uintptr_t> addr(blocks * n);
  run(
      "dyn", dim3(blocks), dim3(n),
      [&] {
        float *const buf = hwsim::dynamicShared<float>();
        unsigned t = threadIdx.x;
        addr[blockIdx.x * n + t] = reinterpret_cast<uintptr_t>(buf);
        buf[t] = static_cast<float>(blockIdx.x * 1000 + t);
        nsShared[n + t] = static_cast<int>(t);
        __syncthreads();
        out[blockIdx.x * n + t] = buf[(t + 5) % n];
        if (t == 0) {
          int *p = nsShared;
          sums[blockIdx.x] = std::accumulate(p + n, p + 2 * n, 0);
        }
      },
      2 * n * sizeof(float));
  for (unsigned b = 0; b < blocks; ++b) {
    CHECK(sums[b] == int(n * (n - 1) / 2));
    for (unsigned t = 0; t < n; ++t) {
      CHECK(out[b * n + t] == float(b * 1000 + (t + 5) % n));
      CHECK(addr[b * n + t] % 16 == 0);
    }
  }
}

TEST_CASE("a grid of many multi-dimensional blocks", "[sim][grid]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  dim3 grid(16, 4, 2), block(16, 4, 2);
  unsigned blocks = 16 * 4 * 2, n = 16 * 4 * 2;
  std::vector<long long> sums(blocks, 0);
  std::vector<unsigned> seen(blocks * n, 0);
  run("grid", grid, block, [&] {
    static thread_local long long partial[32];
    unsigned t = linearTid();
    unsigned b = blockIdx.x + blockIdx.y * gridDim.x +
                 blockIdx.z * gridDim.x * gridDim.y;
    seen[b * n + t] += 1;
    long long v = b * 1000 + t;
    for (int o = warpSize / 2; o > 0; o /= 2)
      v += __shfl_down_sync(~0ull, v, static_cast<unsigned>(o));
    if (t % unsigned(warpSize) == 0)
      partial[t / unsigned(warpSize)] = v;
    __syncthreads();
    if (t == 0) {
      long long s = 0;
      for (unsigned w = 0; w < n / unsigned(warpSize); ++w)
        s += partial[w];
      sums[b] = s;
    }
  });
  for (unsigned b = 0; b < blocks; ++b) {
    long long e = 0;
    for (unsigned t = 0; t < n; ++t) {
      e += b * 1000 + t;
      CHECK(seen[b * n + t] == 1);
    }
    CHECK(sums[b] == e);
  }
}

TEST_CASE("invalid launch configurations do not run", "[sim][launch]") {
  hwsim::LaunchError why{};
  CHECK(hwsim::validateLaunch(hwsim::LaunchConfig(dim3(1), dim3(1024)), why));
  CHECK(hwsim::validateLaunch(
      hwsim::LaunchConfig(dim3(1), dim3(1, 1, 64), 160 * 1024), why));
  const hwsim::LaunchConfig invalid[] = {
      {dim3(1), dim3(1025)},       {dim3(1), dim3(32, 33)},
      {dim3(1), dim3(1, 1, 65)},   {dim3(0), dim3(32)},
      {dim3(1, 0), dim3(32)},      {dim3(1), dim3(0)},
      {dim3(1), dim3(1, 2048, 1)},
  };
  for (const hwsim::LaunchConfig &c : invalid) {
    CHECK_FALSE(hwsim::validateLaunch(c, why));
    CHECK(why == hwsim::LaunchError::InvalidConfiguration);
    bool ran = false;
    hwsim::launch("invalid", c, [&] { ran = true; });
    CHECK_FALSE(ran);
  }
  hwsim::LaunchConfig big(dim3(1), dim3(32), 160 * 1024 + 1);
  CHECK_FALSE(hwsim::validateLaunch(big, why));
  CHECK(why == hwsim::LaunchError::TooMuchSharedMemory);
  bool ran = false;
  hwsim::launch("big", big, [&] { ran = true; });
  CHECK_FALSE(ran);
}
