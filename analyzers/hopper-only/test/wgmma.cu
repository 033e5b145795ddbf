// Expectations for hopper-only.wgmma. See tests/analyzers/check_analyzer.sh.
#include <cstdint>

__device__ void wgmma_tile(float (&d)[4], uint64_t desc_a, uint64_t desc_b) {
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: device function 'wgmma_tile': PTX wgmma.fence.sync.aligned (warpgroup MMA (wgmma)) has no AMD equivalent [hopper-only.wgmma]
// CHECK-MESSAGES: :[[@LINE-2]]:3: note: redesign the tile loop as MFMA per wave: each 64-wide wave issues __builtin_amdgcn_mfma_*
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, 1, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
      "{%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n"
      "}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "l"(desc_a), "l"(desc_b));
// CHECK-MESSAGES: :[[@LINE-9]]:3: error: device function 'wgmma_tile': PTX wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 (warpgroup MMA (wgmma)) has no AMD equivalent [hopper-only.wgmma]
  asm volatile("wgmma.commit_group.sync.aligned;\n"
               "wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
// CHECK-MESSAGES: :[[@LINE-2]]:3: error: device function 'wgmma_tile': PTX wgmma.commit_group.sync.aligned (warpgroup MMA (wgmma)) has no AMD equivalent [hopper-only.wgmma]
}

// Typical of CUTLASS-style code: the PTX sits in an sm_90 branch that the
// host-side parse skips.
__device__ void guarded(uint64_t desc) {
#ifdef __CUDA_ARCH__
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: code the host-side parse skips (#if branch): PTX wgmma.fence.sync.aligned (warpgroup MMA (wgmma)) has no AMD equivalent [hopper-only.wgmma]
#endif
}
