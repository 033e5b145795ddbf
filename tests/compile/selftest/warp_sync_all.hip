// Self-test: every warp-synchronous intrinsic of ROCm 7's surface
// (amd_warp_sync_functions.h) instantiated with 64-bit masks, as a port
// should write them.
#include <hip/hip_runtime.h>

#include <cstdint>

__global__ void exercise(const int *in, unsigned long long *masks, int *ints,
                         float *floats) {
  const std::uint64_t all = 0xffffffffffffffffull;
  const unsigned long long active = __activemask();
  const int lane = threadIdx.x % warpSize;
  const int v = in[threadIdx.x];

  masks[0] = __ballot_sync(all, v > 0);
  ints[0] = __any_sync(active, v == 3);
  ints[1] = __all_sync(active, v >= 0);
  ints[2] = __shfl_sync(all, v, 0);
  ints[3] = __shfl_up_sync(all, v, 1);
  ints[4] = __shfl_down_sync(all, v, 1);
  ints[5] = __shfl_xor_sync(all, v, 1);
  floats[0] = __shfl_down_sync(all, static_cast<float>(v), 2, 16);
  floats[1] = static_cast<float>(__shfl_xor_sync(all, 1.0 * v, 4));
  masks[1] = __match_any_sync(all, v & 3);
  int pred = 0;
  masks[2] = __match_all_sync(all, v, &pred);
  ints[6] = pred;
  ints[7] = __reduce_add_sync(all, v);
  ints[8] = __reduce_min_sync(all, v);
  ints[9] = __reduce_max_sync(all, v);
  ints[10] = static_cast<int>(__reduce_and_sync(all, static_cast<unsigned>(v)));
  ints[11] = static_cast<int>(__reduce_or_sync(all, static_cast<unsigned>(v)));
  ints[12] = static_cast<int>(__reduce_xor_sync(all, static_cast<unsigned>(v)));
  // A partial mask: only the even lanes take part.
  const std::uint64_t even = 0x5555555555555555ull;
  if ((lane & 1) == 0)
    ints[13] = static_cast<int>(__reduce_add_sync(even, static_cast<unsigned>(v)));
  __syncwarp();
  __syncwarp(all);
}
