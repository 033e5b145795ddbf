// Misuse that would hang or be undefined on a GPU ends the run with one
// diagnostic line per problem and exit status 86. Each scenario runs in a
// forked child so the test binary survives it.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <string>

using namespace simtest;
namespace cg = cooperative_groups;

namespace {
ChildResult launchInChild(int width, const char *kernel, unsigned threads,
                          void (*body)()) {
  return runInChild([=] {
    hwsim::setWaveWidth(width);
    hwsim::launch(kernel, hwsim::LaunchConfig(dim3(2), dim3(threads)),
                  [=] { body(); });
  });
}

void divergentBarrier() {
  if (threadIdx.x < 16)
    __syncthreads();
  else
    __syncthreads();
}

void shuffleVersusBarrier() {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x == 0)
    v = __shfl_sync(~0ull, v, 1);
  __syncthreads();
  (void)v;
}

void laneNotInMask() {
  if (threadIdx.x < 2)
    (void)__shfl_sync(0x2ull, 1, 1);
}

void missingLaneExited() {
  if (threadIdx.x == 5)
    return;
  (void)__ballot_sync(~0ull, 1);
}

void fullMaskOnAllLanes() { (void)__ballot_sync(0xffffffffu, 1); }

void tooWideTile() {
  auto tile = cg::tiled_partition<64>(cg::this_thread_block());
  (void)tile;
}

int recurse(int depth) {
  volatile char frame[4096];
  frame[0] = static_cast<char>(depth);
  return depth > 1000000 ? frame[0] : recurse(depth + 1) + frame[0];
}
void overflowStack() {
  if (threadIdx.x == 3)
    (void)recurse(0);
}
} // namespace

TEST_CASE("a barrier not reached by every thread is diagnosed", "[sim][diag]") {
  int width = GENERATE(32, 64);
  ChildResult r = launchInChild(width, "split_barrier", 64, divergentBarrier);
  CHECK(r.exited);
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(errorLines(r.err) == 1);
  CHECK(contains(r.err, "hipwright-sim: error: kernel 'split_barrier' "
                        "block (0,0,0)"));
  CHECK(contains(r.err, "threads 0-15 wait at __syncthreads"));
  CHECK(contains(r.err, "threads 16-63 wait at __syncthreads"));
}

// At 32 lanes the runtime holds programs to CUDA's mask contract; at 64 it
// runs them as an AMD wavefront does (WarpCollectives.cpp): the same misuse
// is then a warning and the run goes on.
TEST_CASE("a lane waiting at a shuffle while the rest wait at a barrier is a "
          "deadlock at 32 lanes",
          "[sim][diag]") {
  ChildResult r =
      launchInChild(32, "shfl_vs_barrier", 64, shuffleVersusBarrier);
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(contains(r.err, "kernel 'shfl_vs_barrier' block (0,0,0)"));
  CHECK(contains(r.err, "deadlock"));
  CHECK(contains(r.err, "warp 0 lanes 0 at __shfl_sync"));
  CHECK(contains(r.err, "wait for lanes 1-31"));
  CHECK(contains(r.err, "lanes 1-31 wait at __syncthreads"));

  ChildResult amd =
      launchInChild(64, "shfl_vs_barrier", 64, shuffleVersusBarrier);
  CHECK(amd.code == 0);
  CHECK(errorLines(amd.err) == 0);
  CHECK(contains(amd.err, "hipwright-sim: warning: kernel 'shfl_vs_barrier'"));
  CHECK(contains(amd.err, "names lanes 1-63, which are not active here"));
}

TEST_CASE("a lane not in its own mask is diagnosed at 32 lanes",
          "[sim][diag]") {
  ChildResult r = launchInChild(32, "selfless", 32, laneNotInMask);
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(errorLines(r.err) == 1);
  CHECK(contains(r.err, "kernel 'selfless' block (0,0,0)"));
  CHECK(contains(r.err, "warp 0 lanes 0 at __shfl_sync"));
  CHECK(contains(r.err, "leaves out the calling lane"));

  ChildResult amd = launchInChild(64, "selfless", 32, laneNotInMask);
  CHECK(amd.code == 0);
  CHECK(contains(amd.err, "hipwright-sim: warning:"));
  CHECK(contains(amd.err, "leaves out the calling lanes"));
}

TEST_CASE("a mask lane that exited is diagnosed at 32 lanes", "[sim][diag]") {
  ChildResult r = launchInChild(32, "exited_lane", 64, missingLaneExited);
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(contains(r.err, "kernel 'exited_lane' block (0,0,0)"));
  CHECK(contains(r.err, "__ballot_sync"));
  CHECK(contains(r.err, "needs lanes 5, which exited"));

  ChildResult amd = launchInChild(64, "exited_lane", 64, missingLaneExited);
  CHECK(amd.code == 0);
  CHECK(contains(amd.err, "names lanes 5, which are not active here"));
}

TEST_CASE("a 32-bit mask from all 64 lanes runs as on AMD, with a warning",
          "[sim][diag]") {
  ChildResult r = launchInChild(64, "mask32_all", 64, fullMaskOnAllLanes);
  CHECK(r.code == 0);
  CHECK(errorLines(r.err) == 0);
  CHECK(contains(r.err, "lanes 32-63 at __ballot_sync"));
  CHECK(contains(r.err, "leaves out the calling lanes"));
  // The same program is silent at width 32.
  ChildResult ok = launchInChild(32, "mask32_all", 64, fullMaskOnAllLanes);
  CHECK(ok.code == 0);
  CHECK(ok.err.empty());
}

TEST_CASE("a tile wider than the wave is diagnosed", "[sim][diag][cg]") {
  ChildResult r = launchInChild(32, "wide_tile", 64, tooWideTile);
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(contains(r.err, "kernel 'wide_tile' block (0,0,0) thread (0,0,0)"));
  CHECK(contains(r.err, "tiled_partition<64>"));
  CHECK(contains(r.err, "wider than the wavefront (32 lanes)"));
  ChildResult ok = launchInChild(64, "wide_tile", 64, tooWideTile);
  CHECK(ok.code == 0);
}

TEST_CASE("a fiber stack overflow is diagnosed", "[sim][diag]") {
  ChildResult r = launchInChild(32, "deep", 32, overflowStack);
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(contains(r.err, "hipwright-sim: error: kernel 'deep' block (0,0,0) "
                        "thread (3,0,0): stack overflow"));
}

TEST_CASE("a collective outside a launch is diagnosed", "[sim][diag]") {
  ChildResult r = runInChild([] { __syncthreads(); });
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(contains(r.err, "__syncthreads called outside a kernel launch"));
}
