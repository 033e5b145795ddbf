//===- hwsim/coop_groups.h - cooperative_groups basics --------------------===//
//
// this_thread_block(), tiled_partition<N>() and thread_block_tile<N>, the
// generic thread_group both convert to (and tiled_partition(g, n) returns),
// plus cooperative_groups::reduce. A tile is a contiguous, aligned group of N
// lanes within one warp, so its collectives are warp collectives restricted
// to the tile's lanes with a shuffle width of N. A tile wider than the wave
// is diagnosed when it is created.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_COOP_GROUPS_H
#define HIPWRIGHT_SIM_HWSIM_COOP_GROUPS_H

#include "core.h"
#include "warp.h"

#include <source_location>
#include <type_traits>

#define HWSIM_SITE std::source_location site = std::source_location::current()

namespace hwsim::detail {
/// Ends the process with a diagnostic when a tile of \p tileSize lanes does
/// not fit in the wave.
void checkTileWidth(unsigned tileSize, const std::source_location &site);

inline unsigned linearThreadRank() {
  return threadIdx.x + threadIdx.y * blockDim.x +
         threadIdx.z * blockDim.x * blockDim.y;
}

/// The warp lanes of the aligned tile of \p n lanes (a power of two) that
/// the calling lane belongs to.
inline unsigned long long tileLaneMask(unsigned n) {
  if (n >= 64)
    return ~0ull;
  return ((1ull << n) - 1) << (laneId() & ~(n - 1));
}
} // namespace hwsim::detail

namespace cooperative_groups {

/// Any group, decided at run time: a whole block, or a tile of a warp. A
/// thread_block or thread_block_tile<N> passed where a thread_group is
/// expected keeps its kind (as in CUDA, where both derive from it).
class thread_group {
public:
  void sync(HWSIM_SITE) const {
    if (tileSize == 0)
      hwsim::detail::blockBarrier(hwsim::detail::BarrierOp::Sync, 0, site);
    else
      hwsim::detail::vote(hwsim::detail::WarpOp::SyncWarp, "thread_group::sync",
                          true, hwsim::detail::tileLaneMask(tileSize), 0, site);
  }
  unsigned thread_rank() const {
    return tileSize == 0 ? hwsim::detail::linearThreadRank()
                         : hwsim::detail::laneId() & (tileSize - 1);
  }
  unsigned size() const {
    return tileSize == 0 ? blockDim.x * blockDim.y * blockDim.z : tileSize;
  }
  unsigned num_threads() const { return size(); }

  /// The runtime's own constructor (CUDA has none): \p tileSize lanes per
  /// tile, or 0 for the whole block.
  explicit thread_group(unsigned tileSize) : tileSize(tileSize) {}

private:
  unsigned tileSize;
};

class thread_block : public thread_group {
public:
  thread_block() : thread_group(0) {}
  void sync(HWSIM_SITE) const {
    hwsim::detail::blockBarrier(hwsim::detail::BarrierOp::Sync, 0, site);
  }
  unsigned thread_rank() const { return hwsim::detail::linearThreadRank(); }
  unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  unsigned num_threads() const { return size(); }
  dim3 group_index() const { return blockIdx; }
  dim3 thread_index() const { return threadIdx; }
  dim3 dim_threads() const { return blockDim; }
  dim3 group_dim() const { return blockDim; }
};

inline thread_block this_thread_block() { return thread_block(); }

template <unsigned N> class thread_block_tile : public thread_group {
  static_assert(N > 0 && (N & (N - 1)) == 0 && N <= 64,
                "tile sizes are powers of two up to 64");

public:
  thread_block_tile() : thread_group(N) {}
  // The tile's lanes as a warp mask.
  unsigned long long laneMask() const { return hwsim::detail::tileLaneMask(N); }
  void sync(HWSIM_SITE) const {
    hwsim::detail::vote(hwsim::detail::WarpOp::SyncWarp,
                        "thread_block_tile::sync", true, laneMask(), 0, site);
  }
  unsigned thread_rank() const { return hwsim::detail::laneId() & (N - 1); }
  static constexpr unsigned size() { return N; }
  static constexpr unsigned num_threads() { return N; }
  unsigned meta_group_rank() const {
    return hwsim::detail::linearThreadRank() / N;
  }
  unsigned meta_group_size() const {
    return (blockDim.x * blockDim.y * blockDim.z + N - 1) / N;
  }

  template <class T> T shfl(T var, int srcRank, HWSIM_SITE) const {
    return hwsim::detail::shuffle(hwsim::detail::WarpOp::Shfl,
                                  "thread_block_tile::shfl", true, laneMask(),
                                  var, srcRank, N, site);
  }
  template <class T> T shfl_up(T var, unsigned delta, HWSIM_SITE) const {
    return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflUp,
                                  "thread_block_tile::shfl_up", true,
                                  laneMask(), var, delta, N, site);
  }
  template <class T> T shfl_down(T var, unsigned delta, HWSIM_SITE) const {
    return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflDown,
                                  "thread_block_tile::shfl_down", true,
                                  laneMask(), var, delta, N, site);
  }
  template <class T> T shfl_xor(T var, int laneMaskArg, HWSIM_SITE) const {
    return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflXor,
                                  "thread_block_tile::shfl_xor", true,
                                  laneMask(), var, laneMaskArg, N, site);
  }
  int any(int predicate, HWSIM_SITE) const {
    return hwsim::detail::vote(hwsim::detail::WarpOp::Any,
                               "thread_block_tile::any", true, laneMask(),
                               predicate, site)
        .pred;
  }
  int all(int predicate, HWSIM_SITE) const {
    return hwsim::detail::vote(hwsim::detail::WarpOp::All,
                               "thread_block_tile::all", true, laneMask(),
                               predicate, site)
        .pred;
  }
  /// One bit per tile rank.
  std::conditional_t<(N > 32), unsigned long long, unsigned>
  ballot(int predicate, HWSIM_SITE) const {
    unsigned long long bits =
        hwsim::detail::vote(hwsim::detail::WarpOp::Ballot,
                            "thread_block_tile::ballot", true, laneMask(),
                            predicate, site)
            .bits;
    if constexpr (N == 64)
      return bits;
    else
      return static_cast<unsigned>(
          (bits >> (hwsim::detail::laneId() & ~(N - 1))) & ((1ull << N) - 1));
  }
};

template <unsigned N, class Parent>
thread_block_tile<N> tiled_partition(const Parent &, HWSIM_SITE) {
  hwsim::detail::checkTileWidth(N, site);
  return thread_block_tile<N>();
}

/// Tiles of \p tileSize threads (a power of two, at most the wave) chosen at
/// run time; CUDA returns them as a plain thread_group.
template <class Parent>
thread_group tiled_partition(const Parent &, unsigned tileSize, HWSIM_SITE) {
  hwsim::detail::checkTileWidth(tileSize, site);
  return thread_group(tileSize);
}

template <class Group> void sync(const Group &group, HWSIM_SITE) {
  group.sync(site);
}

template <class T> struct plus {
  T operator()(const T &a, const T &b) const { return a + b; }
};
/// As a reduction operator: the smaller value.
template <class T> struct less {
  T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
/// As a reduction operator: the larger value.
template <class T> struct greater {
  T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
  T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
  T operator()(const T &a, const T &b) const { return a ^ b; }
};

/// Every lane of the tile gets op folded over the tile's values (a butterfly
/// over shfl_xor, so all lanes finish with the same result).
template <unsigned N, class T, class Op>
T reduce(const thread_block_tile<N> &tile, T value, Op op, HWSIM_SITE) {
  for (unsigned offset = N / 2; offset > 0; offset /= 2)
    value = op(value, tile.shfl_xor(value, static_cast<int>(offset), site));
  return value;
}

} // namespace cooperative_groups

#undef HWSIM_SITE

#endif // HIPWRIGHT_SIM_HWSIM_COOP_GROUPS_H
