// cooperative_groups::thread_group: a block or a tile passed as the generic
// group keeps its kind, and tiled_partition(g, n) makes run-time tiles.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace simtest;
namespace cg = cooperative_groups;

namespace {

/// A tree sum over \p g through the workspace \p x (g.size() ints), with
/// g.sync() between steps: the shape of a generic-group reduction.
int groupSum(cg::thread_group g, int *x, int val) {
  unsigned r = g.thread_rank();
  for (unsigned i = g.size() / 2; i > 0; i /= 2) {
    x[r] = val;
    g.sync();
    if (r < i)
      val += x[r + i];
    g.sync();
  }
  return val;
}

struct Seen {
  std::vector<int> blockSum, tileSum, dynSum;
  std::vector<unsigned> dynRank, dynSize;
  explicit Seen(unsigned n)
      : blockSum(n), tileSum(n), dynSum(n), dynRank(n), dynSize(n) {}
};

void runGroups(unsigned width, unsigned n, unsigned dynTile, Seen &s) {
  hwsim::setWaveWidth(static_cast<int>(width));
  std::vector<int> ws(3 * n);
  run("groups", dim3(1), dim3(n), [&] {
    cg::thread_block block = cg::this_thread_block();
    unsigned t = block.thread_rank();
    s.blockSum[t] = groupSum(block, ws.data(), static_cast<int>(t));
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    s.tileSum[t] = groupSum(tile, ws.data() + n + t - tile.thread_rank(),
                            static_cast<int>(tile.thread_rank()));
    cg::thread_group dyn = cg::tiled_partition(block, dynTile);
    s.dynRank[t] = dyn.thread_rank();
    s.dynSize[t] = dyn.size();
    s.dynSum[t] = groupSum(dyn, ws.data() + 2 * n + t - dyn.thread_rank(), 1);
  });
}

} // namespace

TEST_CASE("thread_group: blocks and tiles reduce as their own kind",
          "[sim][cg]") {
  unsigned width = GENERATE(32u, 64u);
  const unsigned n = 128;
  unsigned dynTile = GENERATE(4u, 32u);
  Seen s(n);
  runGroups(width, n, dynTile, s);
  INFO("width " << width << " dynamic tile " << dynTile);
  // Rank 0 of each group holds the full sum.
  CHECK(s.blockSum[0] == static_cast<int>(n * (n - 1) / 2));
  for (unsigned t = 0; t < n; t += 16)
    CHECK(s.tileSum[t] == 15 * 16 / 2);
  for (unsigned t = 0; t < n; ++t) {
    CHECK(s.dynRank[t] == t % dynTile);
    CHECK(s.dynSize[t] == dynTile);
    if (t % dynTile == 0)
      CHECK(s.dynSum[t] == static_cast<int>(dynTile));
  }
}

TEST_CASE("thread_group: a run-time tile wider than the wave is diagnosed",
          "[sim][cg]") {
  ChildResult r = runInChild([] {
    hwsim::setWaveWidth(32);
    run("widetile", dim3(1), dim3(64), [] {
      cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 64);
      g.sync();
    });
  });
  CHECK(r.exited);
  CHECK(r.code == hwsim::kDiagnosedExit);
  CHECK(r.err.find("hipwright-sim: error:") != std::string::npos);
  CHECK(r.err.find("wider than the wavefront") != std::string::npos);
}
