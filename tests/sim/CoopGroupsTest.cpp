// cooperative_groups: thread_block, tiled_partition<N> tiles and reduce.
#include "SimTestSupport.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace simtest;
namespace cg = cooperative_groups;

namespace {

template <unsigned N>
void tileKernel(int *viaReduce, int *viaShfl, unsigned *rank, unsigned *meta,
                unsigned long long *ballot, int *maxv) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  unsigned t = block.thread_rank();
  int v = static_cast<int>(t % 13) + 1;
  viaReduce[t] = cg::reduce(tile, v, cg::plus<int>());
  maxv[t] = cg::reduce(tile, v, cg::greater<int>());
  int s = v;
  for (unsigned o = tile.size() / 2; o > 0; o /= 2)
    s += tile.shfl_down(s, o);
  viaShfl[t] = tile.shfl(s, 0);
  rank[t] = tile.thread_rank();
  meta[t] = tile.meta_group_rank() * 1000 + tile.meta_group_size();
  ballot[t] = tile.ballot(tile.thread_rank() % 2 == 1);
  tile.sync();
  block.sync();
}

template <unsigned N> void checkTiles(unsigned width) {
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = 256;
  std::vector<int> red(n), shfl(n), maxv(n);
  std::vector<unsigned> rank(n), meta(n);
  std::vector<unsigned long long> ballot(n);
  run("tiles", dim3(2), dim3(n), [&] {
    tileKernel<N>(red.data(), shfl.data(), rank.data(), meta.data(),
                  ballot.data(), maxv.data());
  });
  unsigned long long odd = 0;
  for (unsigned r = 1; r < N; r += 2)
    odd |= 1ull << r;
  for (unsigned t = 0; t < n; ++t) {
    unsigned start = t / N * N;
    int sum = 0, mx = 0;
    for (unsigned u = start; u < start + N; ++u) {
      sum += static_cast<int>(u % 13) + 1;
      mx = std::max(mx, static_cast<int>(u % 13) + 1);
    }
    INFO("N " << N << " width " << width << " t " << t);
    CHECK(red[t] == sum);
    CHECK(shfl[t] == sum);
    CHECK(maxv[t] == mx);
    CHECK(rank[t] == t % N);
    CHECK(meta[t] == (t / N) * 1000 + n / N);
    CHECK(ballot[t] == odd);
  }
}

} // namespace

TEST_CASE("tile reductions at both widths", "[sim][cg]") {
  unsigned width = GENERATE(32u, 64u);
  checkTiles<4>(width);
  checkTiles<16>(width);
  checkTiles<32>(width);
  if (width == 64)
    checkTiles<64>(width);
}

TEST_CASE("tile votes and xor shuffles stay inside the tile", "[sim][cg]") {
  unsigned width = GENERATE(32u, 64u);
  hwsim::setWaveWidth(static_cast<int>(width));
  const unsigned n = 128;
  std::vector<int> any(n), all(n), x(n), up(n);
  run("tilevote", dim3(1), dim3(n), [&] {
    auto tile = cg::tiled_partition<8>(cg::this_thread_block());
    unsigned t = linearTid();
    any[t] = tile.any(t == 13);
    all[t] = tile.all(t / 8 != 3);
    x[t] = tile.shfl_xor(static_cast<int>(t), 7);
    up[t] = tile.shfl_up(static_cast<int>(t), 3);
  });
  for (unsigned t = 0; t < n; ++t) {
    CHECK(any[t] == (t / 8 == 1));
    CHECK(all[t] == (t / 8 != 3));
    CHECK(x[t] == int(t ^ 7u));
    CHECK(up[t] == int(t % 8 >= 3 ? t - 3 : t));
  }
}

TEST_CASE("thread_block describes the block", "[sim][cg]") {
  hwsim::setWaveWidth(32);
  dim3 block(4, 3, 2);
  std::vector<unsigned> ranks(24), sizes(24);
  std::vector<uint3> idx(24), grp(24);
  run("tb", dim3(3, 2), block, [&] {
    cg::thread_block b = cg::this_thread_block();
    if (blockIdx.x != 2 || blockIdx.y != 1)
      return;
    unsigned r = b.thread_rank();
    ranks[r] = r;
    sizes[r] = b.size() * 100 + b.num_threads();
    idx[r] = b.thread_index();
    grp[r] = b.group_index();
    cg::sync(b);
  });
  for (unsigned r = 0; r < 24; ++r) {
    CHECK(ranks[r] == r);
    CHECK(sizes[r] == 2424);
    CHECK(idx[r].x == r % 4);
    CHECK(idx[r].y == r / 4 % 3);
    CHECK(idx[r].z == r / 12);
    CHECK(grp[r].x == 2);
    CHECK(grp[r].y == 1);
  }
}
