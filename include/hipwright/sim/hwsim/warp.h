//===- hwsim/warp.h - warp intrinsics, CUDA and HIP spellings -------------===//
//
// Every intrinsic posts a request to the runtime and blocks the calling fiber
// until its warp resolves the instance (see core.h). Values travel as up to
// 16 raw bytes, so any trivially copyable type of that size can be shuffled.
// Masks are unsigned long long; bits above the wave width are ignored.
//
//===----------------------------------------------------------------------===//
#ifndef HIPWRIGHT_SIM_HWSIM_WARP_H
#define HIPWRIGHT_SIM_HWSIM_WARP_H

#include "core.h"

#include <cstring>
#include <source_location>
#include <type_traits>

namespace hwsim::detail {

enum class WarpOp : unsigned char {
  Shfl,
  ShflUp,
  ShflDown,
  ShflXor,
  Ballot,
  Any,
  All,
  ActiveMask,
  SyncWarp,
  MatchAny,
  MatchAll,
  ReduceAdd,
  ReduceMin,
  ReduceMax,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
};

struct WarpRequest {
  WarpOp op;
  bool masked = false;   // A `_sync` form: `mask` names the required lanes.
  bool isSigned = false; // For the integer reductions.
  unsigned char size = 0;
  const char *name = ""; // The spelling, for diagnostics.
  unsigned long long mask = ~0ull;
  long long param = 0; // Source lane, delta, lane mask or predicate.
  int width = 0;       // Shuffle segment width.
  alignas(16) unsigned char value[16] = {};
};

struct WarpResult {
  alignas(16) unsigned char value[16];
  unsigned long long bits;
  int pred;
};

WarpResult warpCollective(const WarpRequest &request,
                          const std::source_location &site);

/// The calling thread's lane in its warp.
inline unsigned laneId() {
  unsigned linear = threadIdx.x + threadIdx.y * blockDim.x +
                    threadIdx.z * blockDim.x * blockDim.y;
  return linear % static_cast<unsigned>(warpSize);
}

template <class T> void checkShuffleType() {
  static_assert(std::is_trivially_copyable_v<T>,
                "shuffled values must be trivially copyable");
  static_assert(sizeof(T) <= 16, "shuffled values are at most 16 bytes");
}

/// A request naming the operation, its spelling and its mask; the callers
/// below add what their operation carries.
inline WarpRequest request(WarpOp op, const char *name, bool masked,
                           unsigned long long mask) {
  WarpRequest req;
  req.op = op;
  req.masked = masked;
  req.name = name;
  req.mask = mask;
  return req;
}

/// Copies \p value into the request's payload.
template <class T> void carry(WarpRequest &req, const T &value) {
  checkShuffleType<T>();
  req.size = sizeof(T);
  std::memcpy(req.value, &value, sizeof(T));
}

/// The result's payload as a T.
template <class T> T payload(const WarpResult &res) {
  T out;
  std::memcpy(&out, res.value, sizeof(T));
  return out;
}

template <class T>
T shuffle(WarpOp op, const char *name, bool masked, unsigned long long mask,
          const T &var, long long param, int width,
          const std::source_location &site) {
  WarpRequest req = request(op, name, masked, mask);
  req.param = param;
  req.width = width;
  carry(req, var);
  return payload<T>(warpCollective(req, site));
}

inline WarpResult vote(WarpOp op, const char *name, bool masked,
                       unsigned long long mask, int predicate,
                       const std::source_location &site) {
  WarpRequest req = request(op, name, masked, mask);
  req.param = predicate != 0;
  return warpCollective(req, site);
}

template <class T>
WarpResult match(WarpOp op, const char *name, unsigned long long mask,
                 const T &value, const std::source_location &site) {
  WarpRequest req = request(op, name, /*masked=*/true, mask);
  carry(req, value);
  return warpCollective(req, site);
}

template <class T>
T reduce(WarpOp op, const char *name, unsigned long long mask, T value,
         const std::source_location &site) {
  WarpRequest req = request(op, name, /*masked=*/true, mask);
  req.isSigned = std::is_signed_v<T>;
  carry(req, value);
  return payload<T>(warpCollective(req, site));
}

} // namespace hwsim::detail

#define HWSIM_SITE std::source_location site = std::source_location::current()

// CUDA spellings.
template <class T>
T __shfl_sync(unsigned long long mask, T var, int srcLane, int width = warpSize,
              HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::Shfl, "__shfl_sync",
                                true, mask, var, srcLane, width, site);
}
template <class T>
T __shfl_up_sync(unsigned long long mask, T var, unsigned delta,
                 int width = warpSize, HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflUp, "__shfl_up_sync",
                                true, mask, var, delta, width, site);
}
template <class T>
T __shfl_down_sync(unsigned long long mask, T var, unsigned delta,
                   int width = warpSize, HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflDown,
                                "__shfl_down_sync", true, mask, var, delta,
                                width, site);
}
template <class T>
T __shfl_xor_sync(unsigned long long mask, T var, int laneMask,
                  int width = warpSize, HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflXor,
                                "__shfl_xor_sync", true, mask, var, laneMask,
                                width, site);
}
inline unsigned long long __ballot_sync(unsigned long long mask, int predicate,
                                        HWSIM_SITE) {
  return hwsim::detail::vote(hwsim::detail::WarpOp::Ballot, "__ballot_sync",
                             true, mask, predicate, site)
      .bits;
}
inline int __any_sync(unsigned long long mask, int predicate, HWSIM_SITE) {
  return hwsim::detail::vote(hwsim::detail::WarpOp::Any, "__any_sync", true,
                             mask, predicate, site)
      .pred;
}
inline int __all_sync(unsigned long long mask, int predicate, HWSIM_SITE) {
  return hwsim::detail::vote(hwsim::detail::WarpOp::All, "__all_sync", true,
                             mask, predicate, site)
      .pred;
}
inline unsigned long long __activemask(HWSIM_SITE) {
  return hwsim::detail::vote(hwsim::detail::WarpOp::ActiveMask, "__activemask",
                             false, ~0ull, 0, site)
      .bits;
}
inline void __syncwarp(unsigned long long mask = ~0ull, HWSIM_SITE) {
  hwsim::detail::vote(hwsim::detail::WarpOp::SyncWarp, "__syncwarp", true, mask,
                      0, site);
}
template <class T>
unsigned long long __match_any_sync(unsigned long long mask, T value,
                                    HWSIM_SITE) {
  return hwsim::detail::match(hwsim::detail::WarpOp::MatchAny,
                              "__match_any_sync", mask, value, site)
      .bits;
}
template <class T>
unsigned long long __match_all_sync(unsigned long long mask, T value, int *pred,
                                    HWSIM_SITE) {
  hwsim::detail::WarpResult res = hwsim::detail::match(
      hwsim::detail::WarpOp::MatchAll, "__match_all_sync", mask, value, site);
  if (pred)
    *pred = res.pred;
  return res.bits;
}

#define HWSIM_REDUCE_SYNC(NAME, OP)                                            \
  inline unsigned NAME(unsigned long long mask, unsigned value, HWSIM_SITE) {  \
    return hwsim::detail::reduce(hwsim::detail::WarpOp::OP, #NAME, mask,       \
                                 value, site);                                 \
  }                                                                            \
  inline int NAME(unsigned long long mask, int value, HWSIM_SITE) {            \
    return hwsim::detail::reduce(hwsim::detail::WarpOp::OP, #NAME, mask,       \
                                 value, site);                                 \
  }
HWSIM_REDUCE_SYNC(__reduce_add_sync, ReduceAdd)
HWSIM_REDUCE_SYNC(__reduce_min_sync, ReduceMin)
HWSIM_REDUCE_SYNC(__reduce_max_sync, ReduceMax)
HWSIM_REDUCE_SYNC(__reduce_and_sync, ReduceAnd)
HWSIM_REDUCE_SYNC(__reduce_or_sync, ReduceOr)
HWSIM_REDUCE_SYNC(__reduce_xor_sync, ReduceXor)
#undef HWSIM_REDUCE_SYNC

// HIP spellings: no mask, the instance's lanes take part.
template <class T>
T __shfl(T var, int srcLane, int width = warpSize, HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::Shfl, "__shfl", false,
                                ~0ull, var, srcLane, width, site);
}
template <class T>
T __shfl_up(T var, unsigned delta, int width = warpSize, HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflUp, "__shfl_up",
                                false, ~0ull, var, delta, width, site);
}
template <class T>
T __shfl_down(T var, unsigned delta, int width = warpSize, HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflDown, "__shfl_down",
                                false, ~0ull, var, delta, width, site);
}
template <class T>
T __shfl_xor(T var, int laneMask, int width = warpSize, HWSIM_SITE) {
  return hwsim::detail::shuffle(hwsim::detail::WarpOp::ShflXor, "__shfl_xor",
                                false, ~0ull, var, laneMask, width, site);
}
inline unsigned long long __ballot(int predicate, HWSIM_SITE) {
  return hwsim::detail::vote(hwsim::detail::WarpOp::Ballot, "__ballot", false,
                             ~0ull, predicate, site)
      .bits;
}
inline int __any(int predicate, HWSIM_SITE) {
  return hwsim::detail::vote(hwsim::detail::WarpOp::Any, "__any", false, ~0ull,
                             predicate, site)
      .pred;
}
inline int __all(int predicate, HWSIM_SITE) {
  return hwsim::detail::vote(hwsim::detail::WarpOp::All, "__all", false, ~0ull,
                             predicate, site)
      .pred;
}
inline unsigned __lane_id() { return hwsim::detail::laneId(); }

#undef HWSIM_SITE

#endif // HIPWRIGHT_SIM_HWSIM_WARP_H
