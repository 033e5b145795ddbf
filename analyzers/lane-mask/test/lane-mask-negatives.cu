// Look-alikes the lane-mask rules must leave alone: 0xffffffff as data,
// bit manipulation on 32-bit words, __popc on data, and masks that are
// already 64-bit. No expectations: any finding fails the test.
#include <cuda_runtime.h>
#include <cstdint>

#define INVALID_INDEX 0xffffffffu

// Sentinels.
__device__ unsigned smallestKey(const unsigned *keys, int n) {
  unsigned best = 0xffffffff;
  for (int i = 0; i < n; ++i)
    if (keys[i] < best)
      best = keys[i];
  return best == 0xffffffff ? INVALID_INDEX : best;
}

// Hash constants and bit mixing.
__device__ uint32_t mix(uint32_t h) {
  h ^= 0xffffffffu;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h << 13;
  return h & 0xffffffff;
}

// Bit manipulation on 32-bit words: bitsets, field masks, counts of data.
__device__ int countBits(const uint32_t *words, int n, int field) {
  int total = 0;
  for (int i = 0; i < n; ++i) {
    uint32_t w = words[i] & ((1u << field) - 1);
    w |= 1u << (field & 7);
    total += __popc(w) + __ffs(words[i]) + __clz(words[i] | 1u);
    total += __popc(words[i] & (0xffffffff >> (32 - field)));
  }
  return total + (int)__brev(words[0]);
}

// Masks already 64-bit, and 64-bit counts.
__device__ int wideCounts(bool p, int v) {
  unsigned long long active = __activemask();
  uint64_t votes = __ballot_sync(active, p);
  v += __shfl_xor_sync(active, v, 1);
  unsigned long long all = 0xffffffffffffffffull;
  v += __shfl_down_sync(all, v, 1);
  return v + __popcll(votes) + __ffsll(active) + __popcll(__activemask());
}

// Full literal masks passed directly: the translator widens them.
__device__ int direct(int v, bool p) {
  v += __shfl_down_sync(0xffffffff, v, 1);
  v += __shfl_xor_sync(~0u, v, 1);
  __syncwarp();
  return v + __all_sync(INVALID_INDEX, p);
}

// A vote used as a truth value or selected on purpose.
__device__ bool anyVoted(bool p) {
  bool any = __ballot_sync(0xffffffff, p);
  unsigned long long b = __ballot_sync(0xffffffff, p);
  unsigned upper = (unsigned)(b >> 32);
  return any && __ballot_sync(0xffffffff, p) != 0 && upper != 0xffffffff;
}

// Host code with the same constants.
unsigned hostMask(int n) { return n > 0 ? (1u << n) - 1 : 0xffffffffu; }
