// Forward progress as each vendor gives it (hwsim/lockstep.h). At 32 lanes
// (CUDA's rules) threads are scheduled independently: a thread that polls
// with an atomic lets the others run. At 64 lanes a loop is a region the
// lanes of a wavefront leave together, as on AMD: the per-thread spin lock
// that NVIDIA lets through never finishes, and the runtime says why.
#include "SimTestSupport.h"

#include "hwsim/device_functions.h"
#include "hwsim/lockstep.h"

#include <catch2/catch.hpp>

using namespace simtest;

namespace {

// What the CPU lowering puts around each loop statement (LoopLowering.h).
#define LOOP_REGION ::hwsim::LoopRegion region_(__LINE__, 5)

int lockWord = 0;
int counter = 0;

// The lock is released after the loop that takes it: on a lockstep
// wavefront the winner waits after the loop for the losers, who wait for it.
void spinLockAfterLoop() {
  {
    LOOP_REGION;
    while (atomicCAS(&lockWord, 0, 1) != 0) {
    }
  }
  counter += 1;
  __threadfence();
  atomicExch(&lockWord, 0);
}

// The SIMT-safe form: the holder releases inside the loop.
void spinLockInsideLoop() {
  bool done = false;
  {
    LOOP_REGION;
    while (!done) {
      if (atomicCAS(&lockWord, 0, 1) == 0) {
        counter += 1;
        __threadfence();
        atomicExch(&lockWord, 0);
        done = true;
      }
    }
  }
}

ChildResult runCounting(int width, const char *name, unsigned threads,
                        void (*body)()) {
  return runInChild([=] {
    lockWord = 0;
    counter = 0;
    hwsim::setWaveWidth(width);
    hwsim::launch(name, hwsim::LaunchConfig(dim3(2), dim3(threads)),
                  [=] { body(); });
    if (counter != static_cast<int>(2 * threads)) {
      std::fprintf(stderr, "counter %d\n", counter);
      _exit(1);
    }
  });
}

} // namespace

TEST_CASE("a per-thread spin lock works with independent thread scheduling "
          "and is a lockstep deadlock at 64 lanes",
          "[sim][lockstep]") {
  ChildResult nvidia = runCounting(32, "spin_lock", 64, spinLockAfterLoop);
  CHECK(nvidia.code == 0);
  CHECK(nvidia.err.empty());

  ChildResult amd = runCounting(64, "spin_lock", 64, spinLockAfterLoop);
  CHECK(amd.code == hwsim::kDiagnosedExit);
  CHECK(errorLines(amd.err) == 1);
  CHECK(contains(amd.err, "kernel 'spin_lock' block (0,0,0): lockstep "
                          "deadlock: warp 0 lanes 0 left the loop at "));
  CHECK(contains(amd.err, "wait there for lanes 1-63, which keep polling"));
  CHECK(contains(amd.err, "release a per-thread lock inside the loop"));
}

TEST_CASE("a spin lock released inside its loop works at both widths",
          "[sim][lockstep]") {
  int width = GENERATE(32, 64);
  ChildResult r = runCounting(width, "safe_lock", 128, spinLockInsideLoop);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
}

namespace {
int flag = 0;
int seen = 0;

// Lane 0 waits for a flag lane 1 sets only after lane 0 started waiting.
void waitForNeighbour() {
  if (threadIdx.x == 0) {
    LOOP_REGION;
    while (atomicAdd(&flag, 0) == 0) {
    }
    seen = 1;
  } else if (threadIdx.x == 1) {
    atomicExch(&flag, 1);
  }
}

void pollForever() {
  LOOP_REGION;
  while (atomicAdd(&flag, 0) == 0)
    __nanosleep(100);
}
} // namespace

TEST_CASE("a thread polling with atomics lets the thread it waits for run",
          "[sim][lockstep]") {
  ChildResult r = runInChild([] {
    flag = 0;
    seen = 0;
    hwsim::setWaveWidth(32);
    hwsim::launch("neighbour", hwsim::LaunchConfig(dim3(1), dim3(32)),
                  [] { waitForNeighbour(); });
    _exit(seen == 1 ? 0 : 1);
  });
  CHECK(r.code == 0);
  CHECK(r.err.empty());
}

TEST_CASE("polling that nothing can end is diagnosed as a livelock",
          "[sim][lockstep]") {
  int width = GENERATE(32, 64);
  ChildResult r = runInChild([=] {
    flag = 0;
    hwsim::setWaveWidth(width);
    hwsim::launch("no_producer", hwsim::LaunchConfig(dim3(1), dim3(32)),
                  [] { pollForever(); });
  });
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(errorLines(r.err) == 1);
  CHECK(contains(r.err, "kernel 'no_producer' block (0,0,0): livelock: warp "
                        "0: "));
  CHECK(contains(r.err, "only repeated the same polls"));
}

namespace {
int lanesOut[64];

// Lanes leave a loop after different trip counts; the shuffle after it sees
// every lane, at both widths.
void divergentTripsThenShuffle() {
  unsigned lane = threadIdx.x % static_cast<unsigned>(warpSize);
  int sum = 0;
  {
    LOOP_REGION;
    for (unsigned i = 0; i < lane % 5; ++i) {
      LOOP_REGION;
      for (unsigned j = 0; j <= i; ++j) {
        if (j == 3)
          break;
        sum += 1;
      }
    }
  }
  int other = __shfl_xor_sync(~0ull, sum, 1);
  lanesOut[threadIdx.x] = sum + other;
}

int expectedTrips(unsigned lane) {
  int sum = 0;
  for (unsigned i = 0; i < lane % 5; ++i)
    sum += static_cast<int>(i < 3 ? i + 1 : 3);
  return sum;
}
} // namespace

TEST_CASE("lanes leaving nested loops at different trips reconverge",
          "[sim][lockstep]") {
  int width = GENERATE(32, 64);
  hwsim::setWaveWidth(width);
  run("trips", dim3(1), dim3(64), [] { divergentTripsThenShuffle(); });
  for (unsigned t = 0; t < 64; ++t) {
    unsigned lane = t % static_cast<unsigned>(width);
    int want = expectedTrips(lane) + expectedTrips(lane ^ 1u);
    CHECK(lanesOut[t] == want);
  }
}
