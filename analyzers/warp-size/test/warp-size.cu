// The warp-size rules together, on the example of issue 3: each 32-lane
// group owns one row of a 64-column matrix. Replacing the 32s by warpSize
// would skip rows and read into the next row; what is wrong on wave64 is
// only the broadcast from lane 0, and the fix-it (width 32 on both
// shuffles) keeps the groups intact on every target.
// HIPWRIGHT-COMPILE-FIXED

__global__ void normalizeRows(float *m, int rows) {
  int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'threadIdx.x % 32' numbers lanes within a 32-lane group{{.*}} [warp-size.lane-arithmetic]
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'blockDim.x / 32' counts the block's 32-lane groups, not its wavefronts{{.*}} [warp-size.lane-arithmetic]
  // CHECK-MESSAGES: :[[@LINE-2]]:46: warning: 'threadIdx.x / 32' counts 32-lane groups, not wavefronts{{.*}} [warp-size.lane-arithmetic]
  if (row >= rows)
    return;
  float v = m[row * 64 + lane] + m[row * 64 + lane + 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'row * 64 + lane + 32' offsets a lane numbered within a 32-lane group by 32, the group's width{{.*}} [warp-size.lane-arithmetic]
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: __shfl_down_sync works in 32 lanes{{.*}} [warp-size.shuffle-offset]
  // CHECK-FIXES: v += __shfl_down_sync(0xffffffffffffffffull, v, offset, 32);
  float total = __shfl_sync(0xffffffff, v, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: error: __shfl_sync reads lane 0 of the whole wavefront{{.*}} [warp-size.lane0-broadcast]
  // CHECK-FIXES: float total = __shfl_sync(0xffffffffffffffffull, v, 0, 32);
  m[row * 64 + lane] /= total;
  m[row * 64 + lane + 32] /= total;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'row * 64 + lane + 32' offsets a lane numbered within a 32-lane group by 32{{.*}} [warp-size.lane-arithmetic]
}

void launch(float *m, int rows) { normalizeRows<<<rows / 4, 128>>>(m, rows); }
