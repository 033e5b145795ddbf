// inline-ptx.warp-intrinsic: shuffles and votes carry 32-lane masks and
// widths, so they are suggestions only.
#include <cuda_runtime.h>

__device__ float shuffleDown(float v, int delta) {
  float r;
  asm volatile("shfl.sync.down.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(r) : "f"(v), "r"(delta));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX shfl.sync.down -> __shfl_down_sync(mask, v, lane_or_delta, width) [inline-ptx.warp-intrinsic]
  return r;
}

__device__ int shuffleXor(int v, int m) {
  int r;
  asm volatile("shfl.bfly.b32 %0, %1, %2, 0x1f;" : "=r"(r) : "r"(v), "r"(m));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX shfl.bfly -> __shfl_xor(v, lane_or_delta, width) [inline-ptx.warp-intrinsic]
  return r;
}

__device__ unsigned ballot(int pred) {
  unsigned b;
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %1, 0;\n\t"
               "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t}"
               : "=r"(b) : "r"(pred));
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: inline PTX vote.ballot -> __ballot_sync(mask, pred) [inline-ptx.warp-intrinsic]
  return b;
}

__device__ int anyLane(int pred) {
  int r;
  asm volatile("{ .reg .pred p, q; setp.ne.s32 p, %1, 0; vote.any.pred q, p; selp.s32 %0, 1, 0, q; }"
               : "=r"(r) : "r"(pred));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: inline PTX vote.any -> __any(pred) [inline-ptx.warp-intrinsic]
  return r;
}

__device__ unsigned active() {
  unsigned m;
  asm volatile("activemask.b32 %0;" : "=r"(m));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX activemask -> __activemask() [inline-ptx.warp-intrinsic]
  return m;
}

__device__ unsigned peers(int key) {
  unsigned m;
  asm volatile("match.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(m) : "r"(key));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX match.sync -> __match_any_sync [inline-ptx.warp-intrinsic]
  return m;
}

__device__ unsigned warpSum(unsigned v) {
  unsigned s;
  asm volatile("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(s) : "r"(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX redux.sync -> __reduce_add_sync / __reduce_min_sync / __reduce_max_sync / __reduce_and_sync / __reduce_or_sync / __reduce_xor_sync [inline-ptx.warp-intrinsic]
  return s;
}

__device__ void warpSync() {
  asm volatile("bar.warp.sync 0xffffffff;");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: inline PTX bar.warp.sync -> __syncwarp(mask) [inline-ptx.warp-intrinsic]
}
