// Expectations for warp-size.shuffle-width; see tests/analyzers/check_analyzer.sh.
// An explicit width of 32 keeps a shuffle inside 32-lane groups, which is
// correct on 64-lane wavefronts: a note, never a warning (it is what the
// other rules' fix-it writes).
#define GROUP_WIDTH 32

__device__ float sum32(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(__activemask(), v, o, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: note: width 32 keeps __shfl_down_sync inside 32-lane groups: correct on gfx942, gfx950 (wave64), where each wavefront holds two such groups [warp-size.shuffle-width]
  return v;
}

__device__ int fromLeader(int v) {
  return __shfl_sync(__activemask(), v, 0, GROUP_WIDTH);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: note: width 32 keeps __shfl_sync inside 32-lane groups{{.*}} [warp-size.shuffle-width]
}

// Sub-group widths and warpSize are width-agnostic: silent.
__device__ int quad(int v) {
  v += __shfl_xor_sync(__activemask(), v, 1, 4);
  v += __shfl_xor_sync(__activemask(), v, 2, 4);
  return __shfl_sync(__activemask(), v, 0, warpSize);
}
