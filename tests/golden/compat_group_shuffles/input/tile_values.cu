// Group shuffles of values that are not numbers: CUDA's cooperative groups
// shuffle any trivially copyable value, HIP's numbers only.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

struct Quad {
  uint4 lo, hi;
};

struct Sample {
  int index;
  float weight;
};

__global__ void exchange(const uint4 *in, uint4 *out, const float2 *pts,
                         float2 *moved, Sample *samples) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned i = block.thread_rank();

  // A vector type inside a struct, swapped between lane pairs.
  Quad q{in[i], in[i + 1]};
  q.lo = tile.shfl_xor(q.lo, 1);
  q.hi = tile.shfl_xor(q.hi, 2);
  out[i] = q.lo;
  out[i + 1] = q.hi;

  // A float2 from the lane above, a user struct from rank 0.
  float2 p = tile.shfl_down(pts[i], 1);
  moved[i] = p;
  Sample s = tile.shfl(samples[i], 0);
  samples[i] = s;

  // Numbers are HIP's own: left as they are.
  int up = tile.shfl_up(static_cast<int>(i), 1);
  float w = tile.shfl(s.weight, 3);

  // A coalesced group takes the same calls.
  if (i % 2 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    Sample first = active.shfl(s, 0);
    samples[i].index = first.index + up + static_cast<int>(w);
  }
}
