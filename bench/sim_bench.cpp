// Measures the CPU SIMT runtime on a block reduction: 4096 blocks of 256
// threads, each block doing two __syncthreads and a five-step shuffle-down
// reduction per warp, at wave widths 32 and 64. Compares each launch with a
// plain serial loop doing the same arithmetic, which is the floor any
// simulation of the kernel pays. At width 64 it also runs the kernel as the
// CPU lowering emits it, with its loop in a lockstep region
// (hwsim/lockstep.h), and prints that launch's ratio to the plain one.
#include "hwsim/core.h"
#include "hwsim/lockstep.h"
#include "hwsim/warp.h"

#include <chrono>
#include <cstdio>
#include <vector>

namespace {

constexpr unsigned kBlocks = 4096, kThreads = 256;

float input(unsigned i) { return static_cast<float>(i % 1000) * 0.001f; }

template <bool Region> void reduceKernel(float *out) {
  static thread_local float partial[kThreads];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  partial[t] = input(i);
  __syncthreads();
  float v = partial[t];
  if constexpr (Region) {
    ::hwsim::LoopRegion region(27, 3);
    for (unsigned offset = 16; offset > 0; offset /= 2)
      v += __shfl_down_sync(~0ull, v, offset);
  } else {
    for (unsigned offset = 16; offset > 0; offset /= 2)
      v += __shfl_down_sync(~0ull, v, offset);
  }
  __syncthreads();
  if (t % unsigned(warpSize) == 0)
    partial[t / unsigned(warpSize)] = v;
  if (t == 0) // Thread 0 runs last in its block's final round.
    out[blockIdx.x] = v;
}

// The same arithmetic without threads: per warp, five shuffle-down steps
// over a lane array.
void serialReduce(float *out, unsigned width) {
  std::vector<float> lanes(width), next(width);
  for (unsigned b = 0; b < kBlocks; ++b) {
    float first = 0;
    for (unsigned w = 0; w < kThreads / width; ++w) {
      for (unsigned l = 0; l < width; ++l)
        lanes[l] = input(b * kThreads + w * width + l);
      for (unsigned offset = 16; offset > 0; offset /= 2) {
        for (unsigned l = 0; l < width; ++l)
          next[l] =
              lanes[l] + (l + offset < width ? lanes[l + offset] : lanes[l]);
        lanes.swap(next);
      }
      if (w == 0)
        first = lanes[0];
    }
    out[b] = first;
  }
}

double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since)
      .count();
}

} // namespace

int main() {
  std::vector<float> simOut(kBlocks), serialOut(kBlocks);
  int status = 0;
  for (int width : {32, 64}) {
    hwsim::setWaveWidth(width);
    double best = 1e9, bestSerial = 1e9;
    for (int rep = 0; rep < 3; ++rep) {
      auto start = std::chrono::steady_clock::now();
      hwsim::launch("reduce",
                    hwsim::LaunchConfig(dim3(kBlocks), dim3(kThreads)),
                    [&] { reduceKernel<false>(simOut.data()); });
      best = std::min(best, seconds(start));
      start = std::chrono::steady_clock::now();
      serialReduce(serialOut.data(), static_cast<unsigned>(width));
      bestSerial = std::min(bestSerial, seconds(start));
    }
    bool same = simOut == serialOut;
    status |= !same;
    std::printf("width %d: launch %.3f s (%.1f ns per thread), serial loop "
                "%.4f s, ratio %.0fx%s\n",
                width, best, best * 1e9 / (kBlocks * kThreads), bestSerial,
                best / bestSerial, same ? "" : "  RESULTS DIFFER");
    if (width != 64)
      continue;
    double bestRegion = 1e9;
    std::vector<float> regionOut(kBlocks);
    for (int rep = 0; rep < 3; ++rep) {
      auto start = std::chrono::steady_clock::now();
      hwsim::launch("reduce_region",
                    hwsim::LaunchConfig(dim3(kBlocks), dim3(kThreads)),
                    [&] { reduceKernel<true>(regionOut.data()); });
      bestRegion = std::min(bestRegion, seconds(start));
    }
    bool sameRegion = regionOut == simOut;
    status |= !sameRegion;
    std::printf("width 64, loop in a lockstep region: launch %.3f s, ratio "
                "to the plain launch %.2fx%s\n",
                bestRegion, bestRegion / best,
                sameRegion ? "" : "  RESULTS DIFFER");
  }
  return status;
}
